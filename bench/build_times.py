#!/usr/bin/env python3
"""Build-time figures for the test targets (//test/...), measured in one run.

Phases, each in a fresh `git clone` of HEAD with its own Bazel output base:
  cold    (--cold only) an empty scratch disk cache: everything compiles
  clone   the shared disk cache, as CI's fresh clone sees it
  no-op   the same command again in the same clone
Also the ./bazelw overhead: the bootstrap fast path alone, with every input present.

Prints wall times, Bazel's process counts (what ran vs. came from the cache)
and ratios between phases. Needs a bootstrapped machine (run ./bazelw once).

Usage: bench/build_times.py [--cold] [--targets //test/...] [--keep]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# The reference the team measured for upstream's CMake route (BAZEL_OFFLINE.md):
# LLVM+MLIR with Python bindings, Release, ninja -j2, 2 cores, cold.
CMAKE_COLD_REFERENCE_S = 97.5 * 60


def run_bazel(clone, args, extra=()):
    start = time.monotonic()
    proc = subprocess.run(["./bazelw", *args, *extra], cwd=clone, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    wall = time.monotonic() - start
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-4000:])
        raise SystemExit(f"bench: `bazel {' '.join(args)}` failed in {clone}")
    found = re.findall(r"INFO: (\d+) process(?:es)?(?:: (.*?))?\.?\n", proc.stdout)
    processes = found[-1] if found else ("?", "")
    return wall, f"{processes[0]} processes" + (f" ({processes[1]})" if processes[1] else "")


def clone(into):
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(REPO), str(into)], check=True)
    return into


def bootstrap_overhead(clone_dir, repeats=20):
    python = os.environ.get("TORCH_MLIR_PYTHON") or shutil.which("python3.11")
    cmd = [python, "utils/bazel/bootstrap/bootstrap.py", "ensure"]
    best = float("inf")
    for _ in range(repeats):
        start = time.monotonic()
        subprocess.run(cmd, cwd=clone_dir, check=True)
        best = min(best, time.monotonic() - start)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", action="store_true",
                        help="also build with an empty scratch disk cache (~35 min on 2 cores)")
    parser.add_argument("--targets", nargs="+", default=["//test/..."])
    parser.add_argument("--keep", action="store_true", help="keep the scratch clones")
    args = parser.parse_args()

    build = ["build", "--config=ci", *args.targets]
    scratch = Path(tempfile.mkdtemp(prefix="torch-mlir-bench-", dir=Path.home() / ".cache"))
    rows = []
    try:
        if args.cold:
            cold_clone = clone(scratch / "cold")
            wall, procs = run_bazel(cold_clone, build, [f"--disk_cache={scratch / 'disk_cache'}"])
            rows.append(("cold (empty disk cache)", wall, procs))
            run_bazel(cold_clone, ["clean", "--expunge"])
        fresh = clone(scratch / "clone")
        wall, procs = run_bazel(fresh, build)
        rows.append(("fresh clone, shared disk cache", wall, procs))
        wall, procs = run_bazel(fresh, build)
        rows.append(("no-op rebuild", wall, procs))
        overhead = bootstrap_overhead(fresh)
        run_bazel(fresh, ["clean", "--expunge"])
    finally:
        if not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)

    print(f"targets: {' '.join(args.targets)}   machine: {os.cpu_count()} cores")
    print(f"{'phase':34} {'wall':>10}  bazel")
    for name, wall, procs in rows:
        print(f"{name:34} {wall:9.1f}s  {procs}")
    print(f"{'bazelw bootstrap (best of 20)':34} {overhead * 1000:8.1f}ms")
    times = {name: wall for name, wall, _ in rows}
    fresh_s = times["fresh clone, shared disk cache"]
    print(f"ratio no-op / fresh clone: {times['no-op rebuild'] / fresh_s:.3f}")
    if "cold (empty disk cache)" in times:
        cold_s = times["cold (empty disk cache)"]
        print(f"ratio fresh clone / cold: {fresh_s / cold_s:.3f}")
        print(f"ratio cold / upstream CMake cold reference (97.5 min, not measured here): "
              f"{cold_s / CMAKE_COLD_REFERENCE_S:.3f}")


if __name__ == "__main__":
    main()
