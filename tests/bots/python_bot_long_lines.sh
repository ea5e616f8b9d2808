#!/bin/sh
# The Python template bot (bots/python/minimal_bot.py) against PROTOCOL.md section 1: a line over
# 65536 bytes is discarded with one error line (also one of form feeds, which once crashed it), a
# line of blanks is ignored however long, and a discarded `position` leaves no position (so the
# `go` after it is answered `bestmove none`).
# Usage: python_bot_long_lines.sh <python3> <minimal_bot.py>
set -u
ones=$("$1" -c 'print(" 1" * 40000, end="")')
blanks=$("$1" -c 'print(" " * 70000, end="")')
feeds=$("$1" -c 'print("\f" * 70000, end="")')  # not blanks to UMI (only spaces and tabs are)
out=$(printf '%s\n' 'position startpos kalah' "$blanks" isready "$feeds" isready "position startpos kalah moves$ones" 'go depth 1' quit |
  "$1" "$2" | tr '\n' '|')
long='info string error: line longer than 65536 bytes discarded'
want="readyok|$long|readyok|$long|info string error: go: no position (send position first)|bestmove none|"
if [ "$out" != "$want" ]; then
  echo "expected: $want"
  echo "got:      $out"
  exit 1
fi
echo "ok: $out"
