#!/usr/bin/env python3
"""What some Bazel targets' own compiles cost: the price of a cut, before or after it.

Compiles every C/C++ source of the given targets (not of their deps) once, in
this workspace's execroot with the build's own command lines, two at a time as
a 2-core build runs them, and prints each target's files and compile seconds,
the total, and the wall time that makes on 2 cores. The objects go to a
scratch directory; nothing in the build changes.

The targets need not be built, nor linked by anything we ship (a library the
build left out is priced this way), but their deps must have been built: the
execroot must hold the generated headers they include. A compile that fails
is reported and left out of the sums.

Usage: bench/compile_cost.py TARGET ... [--jobs 2]
"""

import argparse
import collections
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compiles import compile_actions, execution_root, run_compile  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="+")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    execroot = execution_root()
    actions = compile_actions(args.targets)
    if not actions:
        raise SystemExit("bench: those targets have no compiles")
    seconds = collections.defaultdict(float)
    files = collections.Counter()
    failed = []
    with tempfile.TemporaryDirectory() as scratch:
        def one(index_action):
            index, (label, source, argv) = index_action
            slot = Path(scratch) / str(index)
            slot.mkdir()
            try:
                return label, source, run_compile(execroot, argv, ["-O2"], slot)
            except subprocess.CalledProcessError:
                return label, source, None

        with ThreadPoolExecutor(args.jobs) as pool:
            for label, source, took in pool.map(one, enumerate(actions)):
                if took is None:
                    failed.append(source)
                    continue
                seconds[label] += took
                files[label] += 1
    print(f"{'target':50} {'files':>5} {'compile s':>10}")
    for label in sorted(seconds, key=seconds.get, reverse=True):
        print(f"{label:50} {files[label]:5d} {seconds[label]:10.1f}")
    total = sum(seconds.values())
    print(f"{'total':50} {sum(files.values()):5d} {total:10.1f}")
    print(f"about {total / 2 / 60:.1f} min of a cold build's wall time on 2 cores "
          f"(compiled {args.jobs} at a time)")
    if failed:
        print(f"{len(failed)} compile(s) failed and are not counted (a dep not built?):")
        for source in failed:
            print(f"  {source}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
