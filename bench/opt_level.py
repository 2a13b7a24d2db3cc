#!/usr/bin/env python3
"""What the optimization level of LLVM's and MLIR's compiles costs, per part of the tree.

Takes the core wheel's compile commands (`bazel aquery`) and a cold build's
profile (the per-file action times), picks a sample of files from each part
of the tree (evenly spaced through that part's files sorted by their cold
time, so long and short compiles are both in it), and compiles each file in
this workspace's execroot once per level, the levels alternating so they
share the machine's noise. Prints each part's compile time per level as a
ratio to the first level, and what the ratios would save over the whole
profile (action seconds; on 2 cores the wall time saved is about half).

Run it after a build of the wheel in this workspace (the execroot must hold
the generated headers). The objects go to a scratch directory.

Usage: bench/opt_level.py PROFILE [--per-part 6] [--level=-O1 ...]
       (each --level is a space-separated list of flags put in place of -O2,
       which is always the first level and the baseline; default: -O1)
"""

import argparse
import collections
import shlex
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_profile import load_actions, part_of  # noqa: E402
from compiles import compile_actions, execution_root, run_compile  # noqa: E402

WHEEL = "//python:torch_mlir_core_wheel"
PARTS = ("LLVM code generator, JIT, optimizer", "LLVM Support, IR, TableGen, utils",
         "MLIR dialects", "MLIR, the rest")


def compile_commands():
    """{source path relative to its repository: argument list} for the wheel's compiles."""
    return {source.removeprefix("external/llvm-project/"): args
            for _, source, args in compile_actions([f"deps({WHEEL})"])}


def sample(profile, commands, per_part):
    """{part: [(source, cold seconds)]}, per_part files evenly spaced by cold time."""
    actions, _ = load_actions(profile)
    timed = collections.defaultdict(list)
    for e in actions:
        name = e.get("name", "")
        part, _ = part_of(name)
        if part in PARTS and name.startswith("Compiling "):
            source = name.split(" ")[1]
            if source in commands:
                timed[part].append((source, e["dur"] / 1e6))
    picked, totals = {}, {}
    for part in PARTS:
        files = sorted(timed[part], key=lambda f: f[1])
        totals[part] = sum(seconds for _, seconds in files)
        n = min(per_part, len(files))
        picked[part] = [files[round(i * (len(files) - 1) / max(n - 1, 1))] for i in range(n)]
    return picked, totals


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profile", type=Path, help="a cold build's command.profile.gz")
    parser.add_argument("--per-part", type=int, default=6)
    parser.add_argument("--level", action="append", metavar="FLAGS",
                        help="flags in place of -O2 (write --level=-O1); repeatable")
    args = parser.parse_args()
    levels = [["-O2"]] + [shlex.split(level) for level in args.level or ["-O1"]]
    execroot = execution_root()
    commands = compile_commands()
    picked, totals = sample(args.profile, commands, args.per_part)
    seconds = collections.defaultdict(lambda: [0.0] * len(levels))
    with tempfile.TemporaryDirectory() as scratch:
        for part, files in picked.items():
            for source, cold in files:
                times = [run_compile(execroot, commands[source], level, Path(scratch))
                         for level in levels]
                for i, t in enumerate(times):
                    seconds[part][i] += t
                print(f"  {source}: cold {cold:.1f} s; " +
                      ", ".join(f"{' '.join(lv)} {t:.1f} s" for lv, t in zip(levels, times)),
                      flush=True)
    print(f"\n{'part':38} {'profile s':>9} {'files':>5}  " +
          "  ".join(f"{' '.join(lv):>14}" for lv in levels))
    saved = [0.0] * len(levels)
    for part in PARTS:
        base = seconds[part][0]
        ratios = [s / base for s in seconds[part]]
        for i, r in enumerate(ratios):
            saved[i] += totals[part] * (1 - r)
        print(f"{part:38} {totals[part]:9.0f} {len(picked[part]):5d}  " +
              "  ".join(f"{r:14.2f}" for r in ratios))
    print(f"{'action seconds saved over the profile':54} " +
          "  ".join(f"{s:14.0f}" for s in saved))
    return 0


if __name__ == "__main__":
    sys.exit(main())
