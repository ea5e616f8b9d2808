#!/bin/sh
# The benchmark tools (solve, perft-bench, memory-latency) refuse a bad number with exit 2 and
# one line naming it (they read "abc" as 0 and "16MB" as 16 before), and solve without a time
# limit searches until the value is proven (it used to stop at once and print a guess).
# Usage: tool_arguments.sh <solve> <perft-bench> <memory-latency>
set -u
solve=$1 perft=$2 latency=$3
failed=0

# expect_refusal <text the error line must hold> <command...>
expect_refusal() {
  want=$1
  shift
  err=$("$@" 2>&1 >/dev/null)
  status=$?
  if [ "$status" -ne 2 ] || ! printf '%s' "$err" | grep -qF -- "$want"; then
    echo "FAIL: $* -> exit $status, stderr: $err (expected exit 2 and: $want)"
    failed=1
  fi
}

expect_refusal "hash_mb '-1' is not a whole number from 1 to 65536" "$solve" "kalah(2,1)" -1
expect_refusal "hash_mb '16MB' is not a whole number" "$solve" "kalah(2,1)" 16MB
expect_refusal "seconds 'abc' is not a whole number from 0 to" "$solve" "kalah(2,1)" 16 abc
expect_refusal "usage: solve" "$solve" "kalah(2,1)" 16 10 fancy
expect_refusal "depth '3x' is not a whole number from 1 to 64" "$perft" "kalah(2,1)" 3x
expect_refusal "depth '4294967297' is not a whole number" "$perft" "kalah(2,1)" 4294967297
expect_refusal "--runs 'abc' is not a whole number from 1 to 1000" "$perft" --runs abc
expect_refusal "MB '1.9' is not a whole number from 1 to 65536" "$latency" 1.9
expect_refusal "MB '0' is not a whole number" "$latency" 0

for tool in "$solve" "$perft" "$latency"; do
  if ! "$tool" --help | grep -q '^usage: '; then
    echo "FAIL: $tool --help does not print its usage with exit 0"
    failed=1
  fi
done

# No seconds given: until proven (Kalah(4,3) is first player +6, a few thousand nodes).
last=$("$solve" "kalah(4,3)" 16 | tail -n 1)
case $last in
  *"score 6.00 (proven)"*) ;;
  *) echo "FAIL: solve kalah(4,3) 16 without seconds: $last"; failed=1 ;;
esac

[ "$failed" -eq 0 ] && echo "ok: the tools' arguments"
exit "$failed"
