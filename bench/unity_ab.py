#!/usr/bin/env python3
"""What the unity build saves on the libraries it batches, measured by building them.

For the libraries utils/bazel/unity/libraries.bzl batches in one package (llvm
or mlir), or the ones --only names, builds them twice, alternating: batched as
libraries.bzl says, and with a batch size of 1 (every source its own compile,
as the overlay has it).
Each build recompiles exactly those libraries' sources: a per-file copt that
names them (a new value each build) changes only their compile actions, and
the disk cache is off. Everything they depend on comes from this workspace's
output base, so build it once first. For the unbatched builds, a line that
sets their batch size to 1 is appended to libraries.bzl; it is restored
afterwards.

Prints, per build, the compiles that ran, their action time and the build's
wall time, then the batched builds' figures as ratios of the unbatched ones.

Usage: bench/unity_ab.py [--package mlir] [--only NAME ...] [--rounds 1]
"""

import argparse
import gzip
import json
import re
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "utils" / "bazel" / "unity"))
from find_alone import LIBRARIES, PREFIXES, load_libraries  # noqa: E402


def unity_labels(package, only):
    """The package's batched labels, or those of them `only` names."""
    prefix = PREFIXES["_" + package.upper()]
    batched = sorted(label for label in load_libraries()["UNITY_LIBRARIES"]
                     if label.startswith(prefix))
    if not only:
        return batched
    unknown = sorted(set(prefix + name for name in only) - set(batched))
    if unknown:
        sys.exit("libraries.bzl does not batch " + ", ".join(unknown))
    return [prefix + name for name in sorted(only)]


def bazel(*args, **kwargs):
    return subprocess.run([str(REPO / "bazelw"), *args], cwd=REPO, check=True, **kwargs)


def sources_regex(labels, package):
    """A per_file_copt regex naming every .cpp of the libraries, batched or not."""
    expression = " + ".join(f"labels(srcs, {label}) + labels(srcs, {label}_unity)"
                            for label in labels)
    found = bazel("query", "--keep_going", expression, capture_output=True, text=True)
    files = [line.split(":", 1)[1] for line in found.stdout.split()
             if line.endswith(".cpp")]
    names = [label.split(":")[1] for label in labels]
    return ("|".join(re.escape(f"external/llvm-project/{package}/{f}") for f in files)
            + "|.*/{}/({})_unity/.*".format(package, "|".join(names)))


def compile_runs(profile):
    """Seconds of each compile action that ran a process (not a cache hit)."""
    events = json.load(gzip.open(profile))["traceEvents"]
    runs = {}
    for e in events:
        if e.get("name") == "subprocess.run" and e.get("ph") == "X":
            runs.setdefault(e["tid"], []).append(e["ts"])
    seconds = []
    for e in events:
        if e.get("cat") == "action processing" and e["name"].startswith("Compiling"):
            start, end = e["ts"], e["ts"] + e["dur"]
            if any(start <= t <= end for t in runs.get(e["tid"], [])):
                seconds.append(e["dur"] / 1e6)
    return seconds


def build(labels, regex, scratch):
    profile = scratch / f"{uuid.uuid4().hex}.profile.gz"
    start = time.monotonic()
    bazel("build", "--disk_cache=", f"--profile={profile}",
          f"--per_file_copt={regex}@-DTORCH_MLIR_UNITY_AB={uuid.uuid4().hex}", *labels,
          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.monotonic() - start
    runs = compile_runs(profile)
    return len(runs), sum(runs), wall


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", default="mlir", choices=["llvm", "mlir"])
    parser.add_argument("--only", nargs="+", metavar="NAME",
                        help="these of the package's batched libraries (names, not labels)")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    labels = unity_labels(args.package, args.only)
    if not labels:
        sys.exit(f"libraries.bzl batches no library of {args.package}")
    bazel("build", *labels, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    regex = sources_regex(labels, args.package)
    original = LIBRARIES.read_text()
    unbatched = original + "\nUNITY_LIBRARIES.update({{label: 1 for label in {}}})\n".format(
        json.dumps(labels))
    totals = {"batched": [0, 0.0, 0.0], "unbatched": [0, 0.0, 0.0]}
    with tempfile.TemporaryDirectory() as scratch:
        try:
            for round_ in range(args.rounds):
                order = ["batched", "unbatched"] if round_ % 2 == 0 else ["unbatched", "batched"]
                for mode in order:
                    LIBRARIES.write_text(unbatched if mode == "unbatched" else original)
                    count, seconds, wall = build(labels, regex, Path(scratch))
                    print(f"round {round_ + 1} {mode:9}: {count:4d} compiles, "
                          f"{seconds:7.1f} s of action time, {wall:6.1f} s wall", flush=True)
                    for i, value in enumerate((count, seconds, wall)):
                        totals[mode][i] += value
        finally:
            LIBRARIES.write_text(original)
    b, u = totals["batched"], totals["unbatched"]
    print(f"{len(labels)} {args.package} libraries, batched / unbatched: "
          f"compiles {b[0]}/{u[0]}, action time {b[1] / u[1]:.2f}x "
          f"({b[1]:.0f} s against {u[1]:.0f} s), wall time {b[2] / u[2]:.2f}x "
          f"({b[2]:.0f} s against {u[2]:.0f} s)")


if __name__ == "__main__":
    main()
