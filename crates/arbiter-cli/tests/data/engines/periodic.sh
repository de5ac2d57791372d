#!/bin/sh
# A UCI engine that thinks 0.6 s a move and shuffles a horse (h0g2 g2h0 as Red, h9g7
# g7h9 as Black) until the position repeats: for clocks with periods, it uses 1.2 s of
# each two-move period of 1.5 s, and runs out at its third move without the period.
moves=0
while read -r line; do
  case "$line" in
    uci) echo "id name periodic"; echo "uciok" ;;
    isready) echo "readyok" ;;
    position*)
      # position fen <six fields> [moves m1 m2 ...]
      set -- $line
      if [ $# -gt 8 ]; then moves=$(($# - 9)); else moves=0; fi ;;
    go*)
      sleep 0.6
      case $((moves % 4)) in
        0) echo "bestmove h0g2" ;;
        1) echo "bestmove h9g7" ;;
        2) echo "bestmove g2h0" ;;
        *) echo "bestmove g7h9" ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
