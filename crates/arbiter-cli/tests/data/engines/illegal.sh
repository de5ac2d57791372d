#!/bin/sh
# A UCI engine that greets properly, then plays a move the rules forbid: the red
# chariot on a0 through its own soldier on a3 (and, as Black, a piece it does not have).
while read -r line; do
  case "$line" in
    uci) echo "id name illegal"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "bestmove a0a5" ;;
    quit) exit 0 ;;
  esac
done
