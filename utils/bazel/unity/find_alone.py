#!/usr/bin/env python3
"""Find the sources a unity build must compile alone, by building.

Builds the libraries libraries.bzl batches (--keep_going). For each batch that
fails, the source of its first error clashes with an earlier source of the
batch (the same static name, option or anonymous class, or a name made
ambiguous by another source's `using`); it is added to COMPILED_ALONE in
libraries.bzl. Repeats until every batch compiles or `--rounds` is spent.
A batch keeps its place when a source leaves it, so each round compiles only
the batches that failed. Run it again after the pinned LLVM changes.

Usage: utils/bazel/unity/find_alone.py [--rounds 6]
"""

import argparse
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
LIBRARIES = HERE / "libraries.bzl"

# "Compiling external/llvm-project/llvm/CodeGen_unity/lib_CodeGen_3.cpp failed":
# the package (llvm or mlir) and the library
FAILED = re.compile(r"Compiling external/llvm-project/(llvm|mlir)/(\w+)_unity/\w+\.cpp failed")
# the first error of that compile, in one of the batch's sources (the batch
# file names them by #line): "external/llvm-project/llvm/lib/X/Foo.cpp:12:3: error: ..."
FIRST_ERROR = re.compile(r"external/llvm-project/(?:llvm|mlir)/(\S+?\.cpp):\d+:\d+: error:")
# how libraries.bzl spells each package's labels
PREFIXES = {"_LLVM": "@llvm-project//llvm:", "_MLIR": "@llvm-project//mlir:"}


def load_libraries():
    """libraries.bzl's globals. It is Starlark that is also Python."""
    scope = {}
    exec(LIBRARIES.read_text(), scope)
    return scope


def write_alone(alone):
    """Rewrites libraries.bzl's COMPILED_ALONE: {label: [source, ...]}."""
    text = LIBRARIES.read_text()
    lines = ["COMPILED_ALONE = {"]
    for label in sorted(alone):
        prefix = next(name for name, value in PREFIXES.items() if label.startswith(value))
        lines.append('    {} + "{}": ['.format(prefix, label.split(":")[1]))
        lines += ['        "{}",'.format(s) for s in sorted(alone[label])]
        lines.append("    ],")
    lines.append("}")
    LIBRARIES.write_text(text[:text.index("COMPILED_ALONE = ")] + "\n".join(lines) + "\n")


def failing_sources(log):
    """(library label, source) for each failed batch, from a build's output.

    A list, not a dict: one library can have several failed batches in a round.
    """
    found = []
    current = None
    for line in log.splitlines():
        failed = FAILED.search(line)
        if failed:
            current = "@llvm-project//{}:{}".format(*failed.groups())
            continue
        error = FIRST_ERROR.search(line)
        if current and error:
            found.append((current, error.group(1)))
            current = None
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    libraries = load_libraries()
    for round_ in range(1, args.rounds + 1):
        build = subprocess.run(
            [str(REPO / "bazelw"), "build", "--keep_going"]
            + sorted(libraries["UNITY_LIBRARIES"]),
            cwd=REPO, capture_output=True, text=True)
        log = build.stdout + build.stderr
        if build.returncode == 0:
            print(f"round {round_}: every batch compiles")
            return 0
        clashes = failing_sources(log)
        if not clashes:
            sys.stderr.write(log[-4000:])
            print(f"round {round_}: the build failed, but not in a batch's source", file=sys.stderr)
            return 1
        alone = {k: list(v) for k, v in load_libraries()["COMPILED_ALONE"].items()}
        for label, source in clashes:
            alone.setdefault(label, []).append(source)
            print(f"round {round_}: {label} compiles {source} alone")
        write_alone(alone)
    print(f"still failing after {args.rounds} rounds", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
