#!/bin/sh
# Plays as arbiter's own engine (the program given as $1) for two moves, then dies in
# the middle of the game with a word on its standard error: its input and output close.
n=0
while read -r line; do
  case "$line" in
    go*) n=$((n + 1)); if [ "$n" -ge 3 ]; then echo "assertion failed: the board is broken" >&2; exit 3; fi ;;
  esac
  printf '%s\n' "$line"
done | "$1" engine xiangqi --protocol uci --depth 1
