#!/usr/bin/env python3
"""Keeps the source's shape: the limits a change may not quietly undo.

usage: shape.py [SRC]   (default: src)

Fails (exit 1, each breach named) when
- two of a folder's modules import each other, directly or round a longer
  circle (every folder: game/'s rooms, and the files inside each room),
- a source file is longer than MAX_FILE lines,
- a function is longer than MAX_FN lines, or more than MAX_LONG functions are
  longer than LONG_FN lines (counted from the `fn` line to its closing brace;
  the language tables, one exhaustive match per language, aside).
Prints the counts either way.
"""

import collections
import os
import re
import sys

MAX_FILE = 400
MAX_FN = 120
LONG_FN = 80
MAX_LONG = 10
# One `match` per language over every message key: long by design.
TABLES = {os.path.join("lang", "ja.rs"), os.path.join("lang", "en.rs")}

USE_GROUP = re.compile(r"use\s+(crate|super(?:::super)*)::\{([^;]*?)\};", re.S)
PATH = re.compile(r"\b(crate|super(?:::super)*)((?:::\w+)+)")
FN = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?fn\s+(\w+)")
TESTS = re.compile(r"(?s)#\[cfg\(test\)\]\s*mod tests\s*\{.*")


def module_of(src, path):
    """The module path of a file: src/game/duel/mod.rs is game::duel."""
    parts = os.path.relpath(path, src)[:-3].split(os.sep)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def sources(src):
    """The library's modules by path (main.rs is the binary, a crate of its
    own, and no module of the library), and every source file."""
    files, paths = {}, []
    for root, _, names in os.walk(src):
        for name in names:
            if name.endswith(".rs"):
                path = os.path.join(root, name)
                paths.append(path)
                if os.path.relpath(path, src) != "main.rs":
                    files[module_of(src, path)] = path
    return files, sorted(paths)


def imports(files, module, path):
    """The modules a file names by `crate::` or `super::` paths (tests aside)."""
    text = TESTS.sub("", open(path, encoding="utf-8").read())
    # Comments (doc links among them) are not imports.
    text = re.sub(r"//[^\n]*", "", text)
    is_mod = os.path.basename(path) in ("mod.rs", "lib.rs", "main.rs")
    base = list(module) if is_mod else list(module[:-1])

    def resolve(head, rest):
        if head == "crate":
            full = rest
        else:
            ups = head.count("super")
            full = base[: len(base) - (ups - 1)] + rest if ups > 1 else base + rest
        for k in range(len(full), 0, -1):
            if tuple(full[:k]) in files:
                return tuple(full[:k])
        return None

    found = set()
    for group in USE_GROUP.finditer(text):
        for item in re.split(r",(?![^{]*\})", group.group(2)):
            words = re.findall(r"\w+", item.split("{")[0])
            if words and words[0] != "self":
                found.add(resolve(group.group(1), words))
    for path_ in PATH.finditer(text):
        found.add(resolve(path_.group(1), path_.group(2).strip(":").split("::")))
    found.discard(None)
    found.discard(module)
    return found


def circles(nodes, edges):
    """Strongly connected groups of more than one node (Tarjan)."""
    index, low, stack, on, out, count = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = count[0]
        count[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            out.append(sorted(group))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return [g for g in out if len(g) > 1]


def folder_circles(files):
    """For each folder, the circles among the modules directly in it."""
    arrows = {m: imports(files, m, p) for m, p in files.items()}
    folders = {m[:-1] for m in files if m}
    found = []
    for folder in sorted(folders):
        depth = len(folder)

        def child(m):
            if m[:depth] == folder and len(m) > depth:
                return m[depth]
            return None

        nodes = {child(m) for m in files} - {None}
        edges = collections.defaultdict(set)
        for m, targets in arrows.items():
            a = child(m)
            if a is None:
                continue
            for t in targets:
                b = child(t)
                if b is not None and b != a:
                    edges[a].add(b)
        for group in circles(nodes, edges):
            found.append(("::".join(folder) or "crate", group))
    return found


def functions(path):
    """(lines, name, first line) of every function with a body in a file."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    for i, line in enumerate(lines):
        m = FN.match(line)
        if not m:
            continue
        depth, started = 0, False
        for j in range(i, len(lines)):
            code = re.sub(r'"(\\.|[^"\\])*"', '""', lines[j])
            code = re.sub(r"'(\\.|[^'\\])'", "''", code).split("//")[0]
            if not started and ";" in code and "{" not in code:
                break
            for c in code:
                if c == "{":
                    depth, started = depth + 1, True
                elif c == "}":
                    depth -= 1
            if started and depth == 0:
                out.append((j - i + 1, m.group(1), i + 1))
                break
    return out


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "src"
    files, paths = sources(src)
    breaches = []
    found = folder_circles(files)
    for folder, group in found:
        breaches.append(f"import circle in {folder}: {' '.join(group)}")
    long_fns, lengths = [], 0
    for path in paths:
        count = sum(1 for _ in open(path, encoding="utf-8"))
        lengths = max(lengths, count)
        if count > MAX_FILE:
            breaches.append(f"{path}: {count} lines (at most {MAX_FILE})")
        if os.path.relpath(path, src) in TABLES:
            continue
        for size, name, at in functions(path):
            if size > MAX_FN:
                breaches.append(f"{path}:{at}: fn {name} is {size} lines (at most {MAX_FN})")
            if size > LONG_FN:
                long_fns.append((size, f"{path}:{at} {name}"))
    if len(long_fns) > MAX_LONG:
        listed = ", ".join(f"{where} ({size})" for size, where in sorted(long_fns, reverse=True))
        breaches.append(f"{len(long_fns)} functions over {LONG_FN} lines (at most {MAX_LONG}): {listed}")
    print(f"shape: {len(paths)} files, longest {lengths} lines; import circles {len(found)}; "
          f"functions over {LONG_FN} lines {len(long_fns)}, over {MAX_FN} "
          f"{sum(1 for s, _ in long_fns if s > MAX_FN)}")
    for breach in breaches:
        print(breach, file=sys.stderr)
    sys.exit(1 if breaches else 0)


if __name__ == "__main__":
    main()
