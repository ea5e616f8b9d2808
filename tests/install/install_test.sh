#!/bin/sh
# `cmake --install` into a fresh prefix, then every installed program as a user starts it from
# there: each answers the handshake under its own name and names itself so in its usage line
# (the arena and the bots in their `--version` line too), the arena's bench finds the installed
# random bot beside it, solve proves a small board, and the prefix holds exactly the programs and
# docs README.md lists, the docs as in the checkout with their links between them intact.
# `--strip` strips every program.
# Usage: install_test.sh <cmake> <build dir> <build config> <scratch dir> <python3>
set -u
cmake=$1 build=$2 config=$3 scratch=$4 python=$5
source_dir=$(cd "$(dirname "$0")/../.." && pwd -P)
fail() { echo "FAIL: $*"; exit 1; }
prefix=$scratch/prefix
rm -rf "$prefix" && mkdir -p "$prefix" || fail "cannot make $prefix"
prefix=$(cd "$prefix" && pwd -P)  # as /proc/self/exe will show it
DESTDIR='' "$cmake" --install "$build" --config "$config" --prefix "$prefix" > "$scratch/install.log" 2>&1 ||
  fail "cmake --install: $(cat "$scratch/install.log")"
bin=$prefix/bin doc=$prefix/share/doc/mancala

# Exactly these files, nothing more (no static library, header or test program).
expected="bin/mancala-arena
bin/mancala-engine
bin/mancala-greedy-bot
bin/mancala-random-bot
bin/mancala-solve
share/doc/mancala/BENCHMARKS-eval.md
share/doc/mancala/BENCHMARKS.md
share/doc/mancala/PROTOCOL.md
share/doc/mancala/README.md
share/doc/mancala/RULES.md
share/doc/mancala/arena/README.md
share/doc/mancala/bots/README.md
share/doc/mancala/bots/python/minimal_bot.py"
found=$(cd "$prefix" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)
[ "$found" = "$expected" ] || fail "the prefix holds:
$found
expected:
$expected"
for program in "$bin"/* "$doc/bots/python/minimal_bot.py"; do
  [ -x "$program" ] || fail "$program is not executable"
done
for file in $(cd "$doc" && find . -type f | sed 's|^\./||'); do
  cmp -s "$doc/$file" "$source_dir/$file" || fail "the installed $file differs from the source's"
done
# Every relative link between the docs still leads to a file.
for file in $(cd "$doc" && find . -name '*.md' | sed 's|^\./||'); do
  for target in $(grep -o '](\([^)#:]*\)\(#[^)]*\)\{0,1\})' "$doc/$file" | sed 's|^](||; s|[#)].*||' | grep -v '^$'); do
    [ -f "$(dirname "$doc/$file")/$target" ] || fail "$file links to $target, which is not installed"
  done
done

# Each program answers under its own name.
for pair in "mancala-engine:mancala-engine" "mancala-random-bot:random-bot" "mancala-greedy-bot:greedy-bot"; do
  program=${pair%%:*} id=${pair#*:}
  out=$(printf 'umi\nisready\nquit\n' | "$bin/$program") || fail "$program exited $?"
  echo "$out" | grep -Eq "^id name $id( |\$)" || fail "$program does not say 'id name $id': $out"
  echo "$out" | grep -q '^umiok$' || fail "$program gave no umiok: $out"
  echo "$out" | grep -q '^readyok$' || fail "$program gave no readyok: $out"
done
out=$(printf 'isready\nquit\n' | "$python" "$doc/bots/python/minimal_bot.py") || fail "the Python bot exited $?"
[ "$out" = readyok ] || fail "the installed Python bot did not answer isready: $out"
for program in mancala-random-bot mancala-greedy-bot mancala-solve; do
  out=$("$bin/$program" --help) || fail "$program --help exited $?"
  echo "$out" | head -1 | grep -qi "^usage: $program " || fail "$program --help does not name it as started: $out"
done
for program in mancala-arena mancala-random-bot mancala-greedy-bot; do
  out=$("$bin/$program" --version) || fail "$program --version exited $?"
  echo "$out" | grep -Eqx "$program [0-9]+\.[0-9]+\.[0-9]+" || fail "$program --version does not name it as started: $out"
done

# Run from elsewhere, so that nothing is found through the build tree or the working folder.
out=$(cd "$scratch" && "$bin/mancala-arena" bench --games 2 -j 1 2>&1) || fail "mancala-arena bench exited $?: $out"
echo "$out" | grep -q "bot $bin/mancala-random-bot\$" || fail "the bench did not use the installed random bot: $out"
out=$("$bin/mancala-solve" 'kalah(3,3)' 16 2>&1) || fail "mancala-solve exited $?: $out"
echo "$out" | tail -1 | grep -q 'score 2.00 (proven)' || fail "mancala-solve did not prove kalah(3,3): $out"

# `--strip` strips every program, the renamed ones too, and they still run.
stripped=$scratch/stripped
rm -rf "$stripped" && mkdir -p "$stripped" || fail "cannot make $stripped"
DESTDIR='' "$cmake" --install "$build" --config "$config" --prefix "$stripped" --strip > "$scratch/install-strip.log" 2>&1 ||
  fail "cmake --install --strip: $(cat "$scratch/install-strip.log")"
for program in "$stripped"/bin/*; do
  [ "$(readelf -S -W "$program" | grep -c '\.symtab')" = 0 ] || fail "--strip left the symbol table in $program"
done
[ "$(readelf -S -W "$bin/mancala-arena" | grep -c '\.symtab')" = 1 ] || fail "the plain install is stripped already: this test checks nothing"
for program in mancala-engine mancala-random-bot mancala-greedy-bot; do
  printf 'umi\nquit\n' | "$stripped/bin/$program" | grep -q '^umiok$' || fail "the stripped $program gave no umiok"
done
"$stripped/bin/mancala-arena" --version > /dev/null || fail "the stripped mancala-arena --version exited $?"
"$stripped/bin/mancala-solve" 'kalah(3,3)' 16 > /dev/null 2>&1 || fail "the stripped mancala-solve exited $?"
echo "ok: installed under $prefix"
