#!/usr/bin/env python3
"""The dependency direction of the sources, checked from their #include lines.

The include paths cannot enforce it: every engine library shares the root engine/, so a rules
header could include a search header and still compile. Each folder is a layer and may include
only the layers listed for it; a quoted include must name a file of the project, reached by one
include root only; the rules and the search do no input or output of their own.
Usage: include_layers.py <source dir>
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

# Layer -> the layers its files may include (each may include itself). Engine: rules ->
# search -> protocol -> executables, text beside them. Arena: its folders in the order they are
# built on, the rules and text from the engine, never the engine's search or protocol.
ALLOWED = {
    "engine/rules": set(),
    "engine/text": set(),
    "engine/search": {"engine/rules"},
    "engine/protocol": {"engine/rules", "engine/search", "engine/text"},
    "engine/tools": {"engine/rules", "engine/search", "engine/text"},
    "engine/main.cpp": {"engine/rules", "engine/search", "engine/text", "engine/protocol"},
    "bots/common": {"engine/rules", "engine/text", "engine/protocol"},
    "bots": {"engine/rules", "engine/text", "engine/protocol", "bots/common"},
    "arena/process": set(),
    "arena/stats": set(),
    "arena/protocol": {"engine/rules", "engine/text"},
    "arena/config": {"engine/rules", "engine/text", "arena/stats"},
    "arena/check": {"engine/rules", "engine/text", "arena/process", "arena/protocol"},
    "arena/engine": {"engine/text", "arena/process", "arena/protocol", "arena/config"},
    "arena/match": {"engine/rules", "arena/protocol", "arena/config", "arena/engine"},
    "arena/openings": {"engine/rules", "arena/config", "arena/match"},
    "arena/output": {"engine/rules", "engine/text", "arena/stats", "arena/config", "arena/match"},
    "arena/tournament": {"engine/rules", "engine/text", "arena/process", "arena/config", "arena/engine",
                         "arena/match", "arena/openings", "arena/output"},
    "arena/cli": {"engine/rules", "engine/text", "arena/process", "arena/protocol", "arena/stats",
                  "arena/config", "arena/check", "arena/engine", "arena/match", "arena/openings",
                  "arena/output", "arena/tournament"},
    "arena/main.cpp": {"engine/text", "arena/process", "arena/cli"},
}
# Where a quoted include is looked for after the including file's own folder, as the CMake
# targets of each program set their include directories.
ROOTS = {
    "engine": ["engine"],
    "bots": ["bots", "engine"],
    "arena": ["arena", "engine"],
}
# The protocol files the bots share (the mancala_umi library): they do not link the search, so of
# it they may include only its plain Limits value.
UMI_SHARED = {f"engine/protocol/{name}{ext}" for name in ("commands", "helper_commands", "line_io", "options")
              for ext in (".h", ".cpp")}
UMI_SEARCH_HEADERS = {"engine/search/limits.h"}
NO_IO = ("engine/rules", "engine/search")  # the core knows nothing of streams or files
IO_HEADERS = {"iostream", "istream", "ostream", "fstream", "sstream", "cstdio", "stdio.h", "print", "filesystem"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]')


def layer_of(path: str) -> str | None:
    """The longest layer name that is the path or a folder holding it."""
    best = None
    for layer in ALLOWED:
        if (path == layer or path.startswith(layer + "/")) and (best is None or len(layer) > len(best)):
            best = layer
    return best


def main() -> int:
    source = Path(sys.argv[1]).resolve()
    problems = []
    files = sorted(p for top in ("engine", "arena", "bots") for p in (source / top).rglob("*")
                   if p.suffix in (".h", ".cpp"))
    if len(files) < 50:
        problems.append(f"only {len(files)} sources found under {source}: the wrong folder?")
    edges = 0
    for file in files:
        rel = file.relative_to(source).as_posix()
        layer = layer_of(rel)
        if layer is None:
            problems.append(f"{rel}: in no layer (add its folder to ALLOWED in {Path(__file__).name})")
            continue
        roots = ROOTS[rel.split("/")[0]]
        for number, line in enumerate(file.read_text().splitlines(), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            kind, name = match.groups()
            where = f"{rel}:{number}"
            if kind == "<":
                if layer in NO_IO and name in IO_HEADERS:
                    problems.append(f"{where}: <{name}> in {layer}, which does no input or output")
                continue
            beside = (file.parent / name).resolve()
            if beside.is_file():
                targets = [beside]
            else:
                targets = [t for t in ((source / root / name).resolve() for root in roots) if t.is_file()]
            if not targets:
                problems.append(f'{where}: "{name}" is no file of the project')
                continue
            if len(targets) > 1:
                problems.append(f'{where}: "{name}" names {len(targets)} files: '
                                + ", ".join(t.relative_to(source).as_posix() for t in targets))
                continue
            if not targets[0].is_relative_to(source):
                problems.append(f'{where}: "{name}" is {targets[0]}, outside the project')
                continue
            target = targets[0].relative_to(source).as_posix()
            target_layer = layer_of(target)
            edges += 1
            if target_layer is None:
                problems.append(f'{where}: {layer} includes "{name}", which is {target}, in no layer '
                                f"(outside engine/, arena/ and bots/)")
            elif target_layer != layer and target_layer not in ALLOWED[layer]:
                problems.append(f'{where}: {layer} includes "{name}" of {target_layer}, '
                                f"which is not below it")
            elif rel in UMI_SHARED and target_layer == "engine/search" and target not in UMI_SEARCH_HEADERS:
                problems.append(f'{where}: includes "{name}", but the bots share this file (mancala_umi) '
                                f"without the search: only {', '.join(sorted(UMI_SEARCH_HEADERS))}")
    for problem in problems:
        print("FAIL:", problem)
    if not problems:
        print(f"ok: {len(files)} sources, {edges} project includes, all pointing down the layers")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
