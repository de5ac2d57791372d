#!/bin/sh
# A Gomocup engine that always plays the centre, h8 (7,7), whatever the board: in the
# test's Renju opening that point is a double three, forbidden to Black.
while read -r line; do
  case "$line" in
    START*|RESTART*) echo "OK" ;;
    ABOUT*) echo 'name="forbidden", version="1"' ;;
    BEGIN*|TURN*|DONE*) echo "7,7" ;;
    END*) exit 0 ;;
  esac
done
