#!/bin/sh
# `cmake --install` into a fresh prefix, then every installed program as a user starts it from
# there: the engine and both bots speak UMI, the arena's bench finds the installed random bot
# beside it, solve proves a small board, and the docs and the Python bot are where README says.
# Usage: install_test.sh <cmake> <build dir> <scratch dir> <python3>
set -u
cmake=$1 build=$2 scratch=$3 python=$4
fail() { echo "FAIL: $*"; exit 1; }
prefix=$scratch/prefix
rm -rf "$prefix" && mkdir -p "$scratch" || fail "cannot make $scratch"
"$cmake" --install "$build" --prefix "$prefix" > "$scratch/install.log" 2>&1 || fail "cmake --install: $(cat "$scratch/install.log")"
bin=$prefix/bin doc=$prefix/share/doc/mancala

for program in mancala-engine mancala-arena mancala-random-bot mancala-greedy-bot mancala-solve; do
  [ -x "$bin/$program" ] || fail "$bin/$program is not installed"
done
[ "$(ls "$bin" | wc -l)" -eq 5 ] || fail "bin/ holds more than the five programs: $(ls "$bin")"

out=$(printf 'umi\nisready\nquit\n' | "$bin/mancala-engine") || fail "mancala-engine exited $?"
echo "$out" | grep -q '^umiok$' || fail "the installed engine gave no umiok: $out"
echo "$out" | grep -q '^readyok$' || fail "the installed engine gave no readyok: $out"
for bot in "$bin/mancala-random-bot" "$bin/mancala-greedy-bot" "$python $doc/bots/python/minimal_bot.py"; do
  # shellcheck disable=SC2086 # (the Python bot is two words)
  out=$(printf 'isready\nquit\n' | $bot) || fail "$bot exited $?"
  [ "$out" = readyok ] || fail "$bot did not answer isready: $out"
done

# Run from elsewhere, so that nothing is found through the build tree or the working folder.
out=$(cd "$scratch" && "$bin/mancala-arena" bench --games 2 -j 1 2>&1) || fail "mancala-arena bench exited $?: $out"
echo "$out" | grep -q "bot $bin/mancala-random-bot\$" || fail "the bench did not use the installed random bot: $out"
out=$("$bin/mancala-solve" 'kalah(3,3)' 16 2>&1) || fail "mancala-solve exited $?: $out"
echo "$out" | tail -1 | grep -q 'score 2.00 (proven)' || fail "mancala-solve did not prove kalah(3,3): $out"

for file in README.md PROTOCOL.md RULES.md BENCHMARKS.md arena/README.md bots/README.md; do
  [ -f "$doc/$file" ] || fail "$doc/$file is not installed"
done
cmp -s "$doc/PROTOCOL.md" "$(dirname "$0")/../../PROTOCOL.md" || fail "the installed PROTOCOL.md differs from the source"
echo "ok: installed under $prefix"
