#!/usr/bin/env python3
"""What compiling LLVM's and MLIR's sources in unity batches would save.

Most of a compile of LLVM or MLIR is spent parsing the same headers
(bench/opt_level.py: -O1 saves 4%). A unity build compiles a batch of one
library's sources as one translation unit, so each batch parses its headers
once. utils/bazel/unity batches LLVM's and MLIR's largest libraries (what that
saves: bench/unity_ab.py); their sources are compiled from generated batch
files, so this bench no longer picks them. It measures what batching would
save for the libraries compiled source by source: from the core wheel's
libraries with the most such sources, it takes batches of consecutive sources
(sorted by path, as a unity build groups them) and compiles each batch twice,
in this workspace's execroot with the library's own command line: its files
one by one, and as one file that #includes them (with DEBUG_TYPE undefined
after each, since every LLVM source defines its own). The two alternate which goes first, to share the machine's
noise. One compile at a time.

A batch whose sources define the same static function, option or anonymous
class does not compile as one file; it is reported with the compiler's first
error and left out of the ratio. A real unity build would have to split or
patch those. It would also make fewer, longer actions (less to spread over 2
cores at a build's tail) and re-compile a whole batch when one file changes.

Run it after a build of the wheel in this workspace (the execroot must hold the
generated headers). With a cold build's profile, it also prices the ratio over
every LLVM and MLIR compile in it.

Usage: bench/unity_build.py [--libraries 6] [--batch 8] [--batches 1] [--profile P]
"""

import argparse
import collections
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_profile import load_actions  # noqa: E402
from compiles import compile_actions, execution_root, run_compile  # noqa: E402
from opt_level import WHEEL  # noqa: E402

UPSTREAM = "external/llvm-project/"


def batches(sources, size, count):
    """`count` runs of `size` consecutive sources, spread evenly through the list."""
    if len(sources) < size:
        return []
    last = len(sources) - size
    starts = [last // 2] if count == 1 else sorted({round(i * last / (count - 1))
                                                    for i in range(count)})
    return [sources[s:s + size] for s in starts]


def unity_file(execroot, sources, path):
    lines = ["// One translation unit made of these sources, by bench/unity_build.py."]
    for source in sources:
        lines += [f'#include "{execroot / source}"', "#undef DEBUG_TYPE"]
    path.write_text("\n".join(lines) + "\n")
    return path


def first_error(stderr):
    for line in stderr.splitlines():
        if "error" in line:
            return line.strip()[:200]
    return (stderr.strip().splitlines() or ["(no message)"])[-1][:200]


def measure(execroot, argv, sources, scratch, unity_first):
    """(seconds one by one, seconds as one file or None, error or None)."""
    unity = unity_file(execroot, sources, scratch / "unity.cpp")

    def one_by_one():
        return sum(run_compile(execroot, argv, ["-O2"], scratch, source) for source in sources)

    def as_one():
        try:
            return run_compile(execroot, argv, ["-O2"], scratch, unity), None
        except subprocess.CalledProcessError as e:
            return None, first_error(e.stderr or "")

    if unity_first:
        together, error = as_one()
        apart = one_by_one()
    else:
        apart = one_by_one()
        together, error = as_one()
    return apart, together, error


def profile_seconds(profile):
    """Action seconds of a cold build's LLVM and MLIR compiles."""
    actions, _ = load_actions(profile)
    return sum(e["dur"] / 1e6 for e in actions
               if e.get("name", "").startswith(("Compiling llvm/", "Compiling mlir/")))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--libraries", type=int, default=6,
                        help="how many libraries, those with the most sources first")
    parser.add_argument("--batch", type=int, default=8, help="sources per unity file")
    parser.add_argument("--batches", type=int, default=1, help="batches per library")
    parser.add_argument("--profile", type=Path, help="a cold build's command.profile.gz")
    args = parser.parse_args()
    if args.batch < 2:
        parser.error("--batch must be at least 2")
    execroot = execution_root()
    by_library = collections.defaultdict(dict)
    for label, source, argv in compile_actions([f"deps({WHEEL})"]):
        if source.startswith(UPSTREAM) and source.endswith(".cpp"):
            by_library[label][source] = argv
    largest = sorted(by_library, key=lambda lib: len(by_library[lib]), reverse=True)
    print(f"{'library':34} {'files':>5} {'one by one s':>12} {'as one s':>9} {'ratio':>6}")
    apart_total = together_total = 0.0
    tried = failed = 0
    with tempfile.TemporaryDirectory() as scratch:
        for library in largest[:args.libraries]:
            commands = by_library[library]
            for batch in batches(sorted(commands), args.batch, args.batches):
                apart, together, error = measure(execroot, commands[batch[0]], batch,
                                                 Path(scratch), unity_first=tried % 2 == 1)
                tried += 1
                if together is None:
                    failed += 1
                    print(f"{library:34} {len(batch):5d} {apart:12.1f} {'failed':>9}        "
                          f"{error}", flush=True)
                    continue
                apart_total += apart
                together_total += together
                print(f"{library:34} {len(batch):5d} {apart:12.1f} {together:9.1f} "
                      f"{together / apart:6.2f}", flush=True)
    print(f"\n{tried - failed} of {tried} batches compiled as one file", end="")
    if not apart_total:
        print("; nothing to compare.")
        return 1
    ratio = together_total / apart_total
    print(f": {together_total:.1f} s against {apart_total:.1f} s one by one, "
          f"{ratio:.2f}x.")
    if args.profile:
        seconds = profile_seconds(args.profile)
        saved = seconds * (1 - ratio)
        print(f"Over the profile's LLVM and MLIR compiles ({seconds:.0f} action seconds), that "
              f"ratio would save {saved:.0f} s, about {saved / 2 / 60:.0f} min of wall time "
              f"on 2 cores, if every batch compiled.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
