#!/usr/bin/env python3
"""A change to how a library compiles, measured by building it at two commits.

Checks out --base and this checkout's HEAD as two git worktrees (each its own
Bazel output base), builds the target in each once to fill it (from the disk
cache where it can), then builds it again in each, alternating, --rounds times.
Each measured build recompiles exactly the sources --sources matches (a
per-file copt with a new value every build, the disk cache off); everything
else comes from that worktree's output base.

Prints, per build, the compiles that ran, their action time and the build's
wall time, then HEAD's figures as ratios of the base's. The longest compile
says what the build's wall time cannot go below.

Usage: bench/commit_ab.py --base REV --target LABEL --sources REGEX [--rounds 2]
  e.g. bench/commit_ab.py --base 59ccaa8 --target //lib/Dialect/Torch/IR \\
         --sources '.*lib/Dialect/Torch/IR/.*'
"""

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))
from unity_ab import compile_runs  # noqa: E402


def bazel(worktree, *args):
    subprocess.run([str(worktree / "bazelw"), *args], cwd=worktree, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def build(worktree, target, sources, scratch):
    profile = scratch / f"{uuid.uuid4().hex}.profile.gz"
    start = time.monotonic()
    bazel(worktree, "build", "--disk_cache=", f"--profile={profile}",
          f"--per_file_copt={sources}@-DTORCH_MLIR_COMMIT_AB={uuid.uuid4().hex}", target)
    wall = time.monotonic() - start
    runs = compile_runs(profile)
    return len(runs), sum(runs), max(runs, default=0.0), wall


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the commit to compare HEAD with")
    parser.add_argument("--target", required=True)
    parser.add_argument("--sources", required=True,
                        help="regex of the source paths to recompile (Bazel's --per_file_copt)")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, check=True,
                          capture_output=True, text=True).stdout.strip()
    scratch = Path(tempfile.mkdtemp(prefix="torch-mlir-commit-ab."))
    trees = {"base": scratch / "base", "head": scratch / "head"}
    totals = {name: [0, 0.0, 0.0, 0.0] for name in trees}
    try:
        for name, rev in (("base", args.base), ("head", head)):
            subprocess.run(["git", "worktree", "add", "--detach", str(trees[name]), rev],
                           cwd=REPO, check=True, capture_output=True)
            bazel(trees[name], "build", args.target)
        for round_ in range(args.rounds):
            for name in (["base", "head"] if round_ % 2 == 0 else ["head", "base"]):
                count, seconds, longest, wall = build(trees[name], args.target, args.sources,
                                                      scratch)
                print(f"round {round_ + 1} {name}: {count:3d} compiles, {seconds:6.1f} s of "
                      f"action time (longest {longest:5.1f} s), {wall:6.1f} s wall", flush=True)
                for i, value in enumerate((count, seconds, longest, wall)):
                    totals[name][i] += value
    finally:
        for tree in trees.values():
            if tree.exists():
                subprocess.run([str(tree / "bazelw"), "clean", "--expunge"], cwd=tree,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=REPO)
        shutil.rmtree(scratch, ignore_errors=True)
    b, h = totals["base"], totals["head"]
    print(f"{args.target}, HEAD / {args.base}: compiles {h[0]}/{b[0]}, action time "
          f"{h[1] / b[1]:.2f}x ({h[1]:.0f} s against {b[1]:.0f} s), longest compile "
          f"{h[2] / b[2]:.2f}x, wall time {h[3] / b[3]:.2f}x ({h[3]:.0f} s against {b[3]:.0f} s)")


if __name__ == "__main__":
    main()
