#!/usr/bin/env python3
"""What extracting LLVM's source costs each Bazel output base: all of it, or what we build from.

Every output base (a clone, the consumer workspace, the checks' second
checkouts) extracts @llvm-raw from the pinned tarball, and `clean --expunge`
deletes it again. This extracts the tarball into a scratch directory the way
the repository rule does, whole and with the members and exclusions of
utils/bazel/deps.bzl (LLVM_SOURCE_*), the two alternating so they share the
machine's noise, then deletes each tree. Prints the median seconds of each
step, the files and bytes, and the subset's ratios to the whole.

Usage: bench/llvm_extract.py [--runs 3] [--scratch DIR]
       (the scratch directory must be on the disk the output bases are on;
       default: under ~/.cache)
"""

import argparse
import ast
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "utils" / "bazel" / "bootstrap"))
import bootstrap  # noqa: E402  (the lock and the distdir)


def source_lists():
    """LLVM_SOURCE_MEMBERS and LLVM_SOURCE_EXCLUDE, read from deps.bzl (plain literals)."""
    tree = ast.parse((REPO / "utils/bazel/deps.bzl").read_text())
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            name = getattr(node.targets[0], "id", "")
            if name.startswith("LLVM_SOURCE_"):
                found[name] = ast.literal_eval(node.value)
    return found["LLVM_SOURCE_MEMBERS"], found["LLVM_SOURCE_EXCLUDE"]


def tarball():
    entry = next(i for i in bootstrap.read_lock(REPO / "deps.lock") if i.name == "llvm-project")
    path = bootstrap.default_distdir() / entry.file
    if not path.exists():
        raise SystemExit(f"{path} is missing: run ./bazelw once so that it fetches the inputs")
    return path, entry.strip_prefix


def extract_command(path, prefix, members=(), exclude=()):
    """The tar command of utils/bazel/repositories/pinned.bzl."""
    cmd = ["tar", "-xf", str(path), "--no-same-owner", "--anchored"]
    cmd += [f"--exclude={prefix}/{excluded}" for excluded in exclude]
    cmd.append(f"--strip-components={prefix.count('/') + 1}")
    cmd += [f"{prefix}/{member}" for member in members] or [f"{prefix}/"]
    return cmd


def tree_size(root):
    files = size = 0
    for dirpath, _, names in os.walk(root):
        for name in names:
            files += 1
            size += os.lstat(os.path.join(dirpath, name)).st_size
    return files, size


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scratch", type=Path, default=Path.home() / ".cache")
    args = parser.parse_args()
    path, prefix = tarball()
    members, exclude = source_lists()
    ways = {"whole tarball": extract_command(path, prefix),
            "what we build from": extract_command(path, prefix, members, exclude)}
    times = {way: {"extract": [], "delete": []} for way in ways}
    sizes = {}
    args.scratch.mkdir(parents=True, exist_ok=True)
    for run in range(args.runs):
        for way, cmd in ways.items():
            tree = Path(tempfile.mkdtemp(prefix="llvm-extract.", dir=args.scratch))
            try:
                start = time.perf_counter()
                subprocess.run(cmd, cwd=tree, check=True)
                os.sync()
                times[way]["extract"].append(time.perf_counter() - start)
                sizes[way] = tree_size(tree)
            finally:
                start = time.perf_counter()
                shutil.rmtree(tree)
                os.sync()
                times[way]["delete"].append(time.perf_counter() - start)
            print(f"  run {run + 1}, {way}: extract {times[way]['extract'][-1]:.1f} s, "
                  f"delete {times[way]['delete'][-1]:.1f} s", flush=True)
    base = next(iter(ways))
    print(f"\n{path.name}, median of {args.runs} runs, alternating")
    print(f"{'':20} {'files':>8} {'MB':>7} {'extract s':>10} {'delete s':>9} "
          f"{'extract':>8} {'delete':>7}")
    for way in ways:
        files, size = sizes[way]
        extract = statistics.median(times[way]["extract"])
        delete = statistics.median(times[way]["delete"])
        ratio_e = extract / statistics.median(times[base]["extract"])
        ratio_d = delete / statistics.median(times[base]["delete"])
        print(f"{way:20} {files:8d} {size / 1e6:7.0f} {extract:10.1f} {delete:9.1f} "
              f"{ratio_e:7.2f}x {ratio_d:6.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
