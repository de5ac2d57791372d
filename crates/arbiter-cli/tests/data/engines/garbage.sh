#!/bin/sh
# A UCI engine that greets properly, then answers `go` with noise and a move that is
# not a move at all.
while read -r line; do
  case "$line" in
    uci) echo "id name garbage"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "hello, referee"; echo "%%%% ~~~~"; echo "bestmove 走马" ;;
    quit) exit 0 ;;
  esac
done
