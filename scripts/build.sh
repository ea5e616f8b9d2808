#!/usr/bin/env bash
# Configures and builds into build/ (Release), or into the folder and with the CMake flags given:
#   scripts/build.sh [build-dir] [cmake flags...]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}
shift || true
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$dir" -j "$(nproc)"
