#!/bin/sh
# A UCI engine that greets properly, then never answers `go`: it sleeps past its time.
while read -r line; do
  case "$line" in
    uci) echo "id name sleeper"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
  esac
done
