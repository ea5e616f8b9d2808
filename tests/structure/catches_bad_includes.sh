#!/usr/bin/env bash
# The layer check must fail where it should: a copy of the sources with an upward include, an
# include of a file in no layer and one outside the project, a stream header in the rules, and
# the search in a protocol file the bots share.
# Usage: catches_bad_includes.sh <python3> <include_layers.py> <source dir>
set -euo pipefail
python=$1 check=$2 source=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tree/tests"
cp -r "$source/engine" "$source/arena" "$source/bots" "$work/tree/"
echo '#pragma once' > "$work/tree/tests/helper.h"
echo '#pragma once' > "$work/outside.h"
{
  echo '#include "search/search.h"'
  echo '#include "../../tests/helper.h"'
  echo '#include "../../../outside.h"'
  echo '#include <iostream>'
} >> "$work/tree/engine/rules/move.h"
echo '#include "search/search.h"' >> "$work/tree/engine/protocol/options.h"
if "$python" "$check" "$work/tree" > "$work/out.txt"; then
  echo "the check passed a tree with bad includes:"; cat "$work/out.txt"; exit 1
fi
for expected in 'engine/rules includes "search/search.h" of engine/search, which is not below it' \
                 'which is tests/helper.h, in no layer' \
                 'outside.h, outside the project' \
                 '<iostream> in engine/rules, which does no input or output' \
                 'includes "search/search.h", but the bots share this file (mancala_umi)'; do
  grep -qF "$expected" "$work/out.txt" || { echo "missing: $expected"; cat "$work/out.txt"; exit 1; }
done
echo "ok: the check names all five bad includes"
