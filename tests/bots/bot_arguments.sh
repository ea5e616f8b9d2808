#!/bin/sh
# Every bundled bot, as a user starts it: --help says what it is, names the protocol and exits 0
# without reading input; with no arguments, or a tag argument, it runs the protocol.
# Usage: bot_arguments.sh <bot executable> | bot_arguments.sh <python3> <minimal_bot.py>
set -u
fail() { echo "FAIL: $*"; exit 1; }
out=$(printf 'isready\nquit\n' | "$@" --help) || fail "$* --help exited $?"
echo "$out" | grep -q '^Usage: ' || fail "--help prints no usage line: $out"
echo "$out" | grep -q 'speaks UMI' || fail "--help does not name the protocol: $out"
echo "$out" | grep -q 'readyok' && fail "--help went on to read commands: $out"
for args in "" "--tag=bot-arguments"; do
  # shellcheck disable=SC2086 # (no words, or one)
  out=$(printf 'isready\nquit\n' | "$@" $args) || fail "'$args' exited $?"
  [ "$out" = readyok ] || fail "'$args' did not run the protocol: $out"
done
echo "ok: $*"
