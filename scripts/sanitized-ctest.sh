#!/usr/bin/env bash
# Runs the tests of a sanitized build (AddressSanitizer + UndefinedBehaviorSanitizer, or
# ThreadSanitizer) and fails on any sanitizer report, also one from a process whose exit status
# nothing checks: an engine that a test or the arena quits ends with the sanitizer's exit code
# after the test has its answers, so every report also goes to <build-dir>/sanitizer-report.<pid>.
#   scripts/sanitized-ctest.sh <build-dir> [ctest arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: scripts/sanitized-ctest.sh <build-dir> [ctest arguments...]}
shift
reports=$PWD/$dir/sanitizer-report
rm -f "$reports".*
# MANCALA_SANITIZED gives the tests that time the engine or the arena the slack a sanitized build needs.
export MANCALA_SANITIZED=1
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:log_path=$reports
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:log_path=$reports
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:log_path=$reports
# g++ 12's ThreadSanitizer cannot map its shadow memory when the kernel randomizes addresses
# with more than 28 bits (vm.mmap_rnd_bits, raised by newer kernels): run without address
# randomization where the system allows it.
no_aslr=()
if setarch "$(uname -m)" -R true 2>/dev/null; then no_aslr=(setarch "$(uname -m)" -R); fi
status=0
"${no_aslr[@]}" ctest --test-dir "$dir" --output-on-failure -j "$(nproc)" "$@" || status=$?
# LeakSanitizer writes "Unable to get registers from thread N" when a thread of the process it
# stops for its leak check at exit is already gone (an engine killed while it exits, seen on a
# slow machine): a thread it could not scan, not a finding. A report of nothing else is dropped.
for report in "$reports".*; do
  [[ -e $report ]] || continue
  if ! grep -q -v -E '^==[0-9]+==Unable to get registers from thread [0-9]+\.$' "$report"; then
    echo "sanitized-ctest: $(basename "$report"): LeakSanitizer could not scan a thread that was gone; no finding" >&2
    rm -f "$report"
  fi
done
if compgen -G "$reports.*" >/dev/null; then
  cat "$reports".*
  echo "sanitized-ctest: a sanitizer reported the above (files $reports.*)" >&2
  status=1
fi
exit "$status"
