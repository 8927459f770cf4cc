#!/usr/bin/env python3
"""Runs every command the README and the pages in docs/ quote and checks its output
against the quote.

A quoted session is a ```text block whose first line starts with "$ dice-poker".
Each "$ " line runs in bash, in one scratch folder per block, with `dice-poker`
being the binary given on the command line. The lines quoted after a command
must be its output, in order; a line "..." stands for any number of lines, and
"..." inside a line for any text.
Timing lines (throughput) are not compared: they measure the machine.

With `--write` after the binary, a quote with no "..." that differs is
replaced by the output (the rest is only reported): for refreshing figures
after a change that moves them, then reading the diff.
"""

import os
import re
import subprocess
import sys
import tempfile

TIMING = re.compile(r"^throughput: ")


def sessions(readme):
    """Yields (line number, [lines]) for each quoted session."""
    lines = readme.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```text" and i + 1 < len(lines) and lines[i + 1].startswith("$ dice-poker"):
            start = i + 1
            j = start
            while lines[j].strip() != "```":
                j += 1
            yield start + 1, lines[start:j]
            i = j
        i += 1


def same(quoted, actual):
    """A quoted line matches an output line; "..." inside a line stands for any text."""
    if "..." not in quoted:
        return quoted == actual
    pattern = ".*".join(re.escape(part) for part in quoted.split("..."))
    return re.fullmatch(pattern, actual) is not None


def matches(quoted, actual):
    """True when `actual` lines show `quoted` in order, a "..." line skipping any lines."""
    quoted = [q for q in quoted if not TIMING.match(q)]
    actual = [a for a in actual if not TIMING.match(a)]
    a = 0
    skipping = False
    for q in quoted:
        if q == "...":
            skipping = True
            continue
        if skipping:
            while a < len(actual) and not same(q, actual[a]):
                a += 1
        if a >= len(actual) or not same(q, actual[a]):
            return False
        a += 1
        skipping = False
    return skipping or a == len(actual)


def main():
    binary = os.path.abspath(sys.argv[1])
    write = "--write" in sys.argv[2:]
    root = os.path.join(os.path.dirname(__file__), "..")
    docs = os.path.join(root, "docs")
    pages = [os.path.join(root, "README.md")] + sorted(
        os.path.join(docs, name) for name in os.listdir(docs) if name.endswith(".md"))
    bindir = tempfile.mkdtemp()
    os.symlink(binary, os.path.join(bindir, "dice-poker"))
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"])
    env.pop("DISPLAY", None)
    failures = 0
    checked = 0
    rewritten = 0
    for path in pages:
        name = os.path.relpath(path, root)
        text = open(path, encoding="utf-8").read()
        rewrites = []
        for line_no, block in sessions(text):
            scratch = tempfile.mkdtemp()
            commands = []
            for line in block:
                if line.startswith("$ "):
                    commands.append((line[2:], []))
                else:
                    commands[-1][1].append(line)
            for command, quoted in commands:
                run = subprocess.run(["bash", "-c", command], cwd=scratch, env=env,
                                     capture_output=True, text=True)
                actual = run.stdout.rstrip("\n").split("\n") if run.stdout else []
                checked += 1
                if run.returncode != 0 or not matches(quoted, actual):
                    if write and run.returncode == 0 and not any("..." in q for q in quoted):
                        rewrites.append(("\n".join(["$ " + command] + quoted),
                                         "\n".join(["$ " + command] + actual)))
                        continue
                    failures += 1
                    print(f"{name} line {line_no}: `{command}` (status {run.returncode}) printed:")
                    print("\n".join(actual))
                    print(run.stderr[-2000:], file=sys.stderr)
        for old, new in rewrites:
            text = text.replace(old, new, 1)
        if rewrites:
            open(path, "w", encoding="utf-8").write(text)
            rewritten += len(rewrites)
    if rewritten:
        print(f"{rewritten} quotes rewritten")
    print(f"README and docs/: {checked} quoted commands, {failures} differ")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
