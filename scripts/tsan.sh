#!/usr/bin/env bash
# The whole test suite under ThreadSanitizer, in build-tsan/ (scripts/test.sh runs it after the
# AddressSanitizer pass): the engine's search thread, pondering, stop and isready, and the
# arena's games in parallel. Any report fails the run (scripts/sanitized-ctest.sh). Extra
# arguments go to ctest (-R UmiSearch, say).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMANCALA_TSAN=ON -DMANCALA_WERROR=ON
scripts/sanitized-ctest.sh build-tsan "$@"
