#!/bin/sh
# Every bundled bot, as a user starts it: --help says what it is, names the protocol and exits 0
# without reading input; --version prints one line, "<name> <the project's version>", and exits
# 0 the same way; with no arguments, or a tag argument, it runs the protocol.
# Usage: bot_arguments.sh <version> <bot executable>
#        bot_arguments.sh <version> <python3> <minimal_bot.py>
set -u
fail() { echo "FAIL: $*"; exit 1; }
version=$1
shift
out=$(printf 'isready\nquit\n' | "$@" --version) || fail "$* --version exited $?"
case "$out" in
  *" $version") ;;
  *) fail "--version does not end in the project's version $version: $out" ;;
esac
[ "$(echo "$out" | wc -l)" = 1 ] || fail "--version printed more than one line: $out"
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
