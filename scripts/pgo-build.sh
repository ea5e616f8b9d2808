#!/usr/bin/env bash
# Builds the engine and the benchmark tools with profile-guided optimisation into build-pgo/
# (or the folder given): an instrumented build, a training run (the bench positions of every
# variant and two small Kalah(6,4) proofs, one per capture rule), then the optimised build.
# The optimised engine must search exactly as the plain one: its bench node count is checked
# against the count pinned in the tests.
#   scripts/pgo-build.sh [build-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build-pgo}
mkdir -p "$dir"
profile="$(cd "$dir" && pwd)/pgo-profile"  # absolute, whether the folder was given relative or not
targets=(mancala-engine solve perft-bench)
jobs=$(nproc)

rm -rf "$profile"
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DMANCALA_TESTS=OFF -DMANCALA_PGO=generate \
  "-DMANCALA_PGO_DIR=$profile" >/dev/null
cmake --build "$dir" -j "$jobs" --target "${targets[@]}"

echo "== training run"
"$dir/engine/mancala-engine" bench >/dev/null
for rule in "kalah(6,4,empty)" "kalah(6,4)"; do
  "$dir/engine/tools/solve" "$rule 4,3,4,3,3,3:4 3,3,3,4,3,4:4 n" 64 120 | tail -n 1
done
"$dir/engine/tools/perft-bench" --runs 1 >/dev/null

echo "== optimised build"
cmake -S . -B "$dir" -DMANCALA_PGO=use >/dev/null
cmake --build "$dir" -j "$jobs" --target "${targets[@]}"

pinned=$(grep -o 'EXPECT_EQ(result.nodes, [0-9]*u)' tests/search/search_test.cpp | grep -o '[0-9][0-9]*' || true)
if [[ -z "$pinned" ]]; then
  echo "pgo-build: no pinned bench count (EXPECT_EQ(result.nodes, ...u)) in tests/search/search_test.cpp" >&2
  exit 1
fi
got=$("$dir/engine/mancala-engine" bench | tail -n 1 | cut -d' ' -f1)
if [[ "$got" != "$pinned" ]]; then
  echo "pgo-build: the optimised engine's bench searched $got nodes, the pinned count is $pinned" >&2
  exit 1
fi
echo "== $dir/engine/mancala-engine: bench $got nodes, as pinned"
