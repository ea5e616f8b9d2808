#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs every test in a Release build,
# then once more in a build with AddressSanitizer + UndefinedBehaviorSanitizer and once more
# under ThreadSanitizer, and checks that the profile-guided build searches exactly as the plain
# one.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
jobs=$(nproc)

echo "== Release build and tests"
scripts/build.sh build -DMANCALA_WERROR=ON
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
scripts/build.sh build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMANCALA_SANITIZE=ON -DMANCALA_WERROR=ON
scripts/sanitized-ctest.sh build-sanitize

echo "== ThreadSanitizer build and tests"
scripts/tsan.sh

echo "== Profile-guided build: it must search exactly as the plain build"
scripts/pgo-build.sh build-pgo
