#!/bin/sh
# A Hub engine that declares no `variant` parameter, as an engine that plays the
# international rules only does: it greets and initialises, and answers nothing else.
while read -r line; do
  case "$line" in
    hub) echo "id name=plain"; echo "param name=book value=true type=bool"; echo "wait" ;;
    init) echo "ready" ;;
    quit) exit 0 ;;
  esac
done
