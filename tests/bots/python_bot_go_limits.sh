#!/bin/sh
# The Python template bot (bots/python/minimal_bot.py) against PROTOCOL.md section 3: `go` with
# only sinc/ninc/movestogo has no limit and waits for `stop`, like `go infinite`; `go depth 1`
# answers at once. The bot reads its input in order, so the order of its answers shows which
# `go` waited: a `bestmove` before the `readyok` that follows its `go` means it did not wait.
# Usage: python_bot_go_limits.sh <python3> <minimal_bot.py>
set -u
out=$(printf '%s\n' 'position startpos kalah' \
  'go sinc 1000' isready stop \
  'go movestogo 5' isready stop \
  'go sinc 500 ninc 500 movestogo 3' isready stop \
  'go depth 1' isready quit | "$1" "$2" | grep -E '^(readyok|bestmove)' | sed 's/^bestmove .*/bestmove/' | tr '\n' ' ')
want='readyok bestmove readyok bestmove readyok bestmove bestmove readyok '
if [ "$out" != "$want" ]; then
  echo "expected: $want"
  echo "got:      $out"
  exit 1
fi
echo "ok: $out"
