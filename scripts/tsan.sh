#!/usr/bin/env bash
# The whole test suite under ThreadSanitizer, in build-tsan/ (scripts/test.sh runs it after the
# AddressSanitizer pass): the engine's search thread, pondering, stop and isready, and the
# arena's games in parallel. Any report fails the run, also one from an engine that a test or the
# arena started and whose exit status nothing checks. Extra arguments go to ctest (-R UmiSearch,
# say).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMANCALA_TSAN=ON -DMANCALA_WERROR=ON
# g++ 12's ThreadSanitizer cannot map its shadow memory when the kernel randomizes addresses
# with more than 28 bits (vm.mmap_rnd_bits, raised by newer kernels): run without address
# randomization where the system allows it.
no_aslr=()
if setarch "$(uname -m)" -R true 2>/dev/null; then no_aslr=(setarch "$(uname -m)" -R); fi
# Every report goes to a file: halt_on_error ends the process that raced, but an engine that
# races as it exits (end of input, quit) is ended by then, and the test passes.
reports=$PWD/build-tsan/tsan-report
rm -f "$reports".*
# MANCALA_SANITIZED gives the tests that time the engine or the arena the slack a sanitized build needs.
status=0
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:log_path=$reports MANCALA_SANITIZED=1 \
  "${no_aslr[@]}" ctest --test-dir build-tsan --output-on-failure -j "$(nproc)" "$@" || status=$?
if compgen -G "$reports.*" >/dev/null; then
  cat "$reports".*
  echo "tsan: ThreadSanitizer reported the above (files $reports.*)" >&2
  status=1
fi
exit "$status"
