#!/bin/sh
# The Python template bot (bots/python/minimal_bot.py) against PROTOCOL.md section 1: a line over
# 65536 bytes is discarded with one error line, a line of blanks is ignored however long, and a
# discarded `position` leaves no position (so the `go` after it is answered `bestmove none`).
# Usage: python_bot_long_lines.sh <python3> <minimal_bot.py>
set -u
ones=$("$1" -c 'print(" 1" * 40000, end="")')
blanks=$("$1" -c 'print(" " * 70000, end="")')
out=$(printf '%s\n' 'position startpos kalah' "$blanks" isready "position startpos kalah moves$ones" 'go depth 1' quit |
  "$1" "$2" | tr '\n' '|')
want='readyok|info string error: line longer than 65536 bytes discarded|info string error: go: no position (send position first)|bestmove none|'
if [ "$out" != "$want" ]; then
  echo "expected: $want"
  echo "got:      $out"
  exit 1
fi
echo "ok: $out"
