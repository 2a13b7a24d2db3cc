"""Build-size and build-time figures, measured side by side in one run.

Actions (always; analysis only, about a minute): `bazel aquery` of the targets,
counted by mnemonic and by output configuration (target, host, exec), once with
our .bazelrc (one configuration for host tools) and once with
--distinct_host_configuration (Bazel 4's default, what we had before), plus the
C/C++ compile actions each wheel needs.

Times, each build in a fresh `git clone` of HEAD with its own output base:
  cold         (--cold) an empty scratch disk cache, with our .bazelrc
  cold, host   (--cold) the same with --distinct_host_configuration
  fresh clone  a filled disk cache (the cold one, else the shared one), as CI sees it
  no-op        the same command again in the same clone
and the ./bazelw overhead (the bootstrap fast path, every input present).

Upstream's CMake route is not rebuilt here; its figures are the constants below.
Needs a bootstrapped machine (run ./bazelw once).

Usage: python3 -m bench.build_times [--cold] [--targets T ...] [--keep]
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# Upstream's CMake route, measured once on this kind of machine (2 cores):
# llvm-toolchain-19 19.1.7, -DLLVM_ENABLE_PROJECTS=mlir -DLLVM_TARGETS_TO_BUILD=X86
# -DMLIR_ENABLE_BINDINGS_PYTHON=ON, Release, `ninja -j2 MLIRPythonModules`: the
# MLIR Python package alone, before any torch-mlir code.
CMAKE_COMPILES = 2494
CMAKE_COLD_S = 97.5 * 60

DEFAULT_TARGETS = ["//test/...", "//python:torch_mlir_core_wheel"]
WHEELS = {"core": "//python:torch_mlir_core_wheel", "torch": "//python:torch_mlir_wheel"}
BEFORE_FLAG = "--distinct_host_configuration"


# --- action counts ---------------------------------------------------------------

def configuration_kind(output_dir):
    """'host', 'exec' or 'target' for a bazel-out/<dir> name."""
    if output_dir == "host":
        return "host"
    if "-exec-" in output_dir:
        return "exec"
    return "target"


def count_actions(aquery_json):
    """Counter of (mnemonic, configuration kind) over an aquery jsonproto document."""
    fragments = {f["id"]: f for f in aquery_json.get("pathFragments", [])}
    artifacts = {a["id"]: a["pathFragmentId"] for a in aquery_json.get("artifacts", [])}

    def path(fragment_id):
        parts = []
        while fragment_id:
            fragment = fragments[fragment_id]
            parts.append(fragment["label"])
            fragment_id = fragment.get("parentId")
        return parts[::-1]

    counts = Counter()
    for action in aquery_json.get("actions", []):
        parts = path(artifacts[action["outputIds"][0]])
        kind = configuration_kind(parts[1]) if parts[0] == "bazel-out" else "source"
        counts[(action["mnemonic"], kind)] += 1
    return counts


def aquery(targets, flags=()):
    expr = "deps(" + " + ".join(targets) + ")"
    proc = subprocess.run(["./bazelw", "aquery", "--config=ci", *flags, expr,
                           "--output=jsonproto"], cwd=REPO, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr[-4000:])
        raise SystemExit(f"bench: aquery {expr} failed")
    return count_actions(json.loads(proc.stdout))


def compiles(counts, kind=None):
    return sum(n for (m, k), n in counts.items() if m == "CppCompile" and kind in (None, k))


def print_action_table(targets, before, after):
    print(f"actions of {' + '.join(targets)} (bazel aquery)")
    kinds = ("target", "host", "exec")
    mnemonics = ["CppCompile", "CppLink", "TdGenerate"]
    print(f"{'mnemonic':14} {'configuration':14} {'before':>8} {'after':>8}")
    for mnemonic in mnemonics:
        for kind in kinds:
            b, a = before[(mnemonic, kind)], after[(mnemonic, kind)]
            if a or b:
                print(f"{mnemonic:14} {kind:14} {b:8d} {a:8d}")
    b = sum(n for (m, _), n in before.items() if m not in mnemonics)
    a = sum(n for (m, _), n in after.items() if m not in mnemonics)
    print(f"{'other':14} {'(all)':14} {b:8d} {a:8d}")
    b, a = sum(before.values()), sum(after.values())
    print(f"{'all actions':14} {'':14} {b:8d} {a:8d}   ratio after/before {a / b:.3f}")
    b, a = compiles(before), compiles(after)
    print(f"{'C/C++ compiles':14} {'':14} {b:8d} {a:8d}   ratio after/before {a / b:.3f}")
    print(f"  before: {BEFORE_FLAG} (Bazel 4's default); after: our .bazelrc")


def print_wheel_compiles():
    print(f"C/C++ compile actions per wheel (our .bazelrc), "
          f"vs upstream CMake's MLIR Python package ({CMAKE_COMPILES})")
    for name, label in WHEELS.items():
        counts = aquery([label])
        n = compiles(counts)
        print(f"  {name:6} {label:36} {n:5d}  (target {compiles(counts, 'target')}, "
              f"exec {compiles(counts, 'exec')})  ratio to CMake {n / CMAKE_COMPILES:.3f}")


# --- timed builds ----------------------------------------------------------------

def run_bazel(checkout, args, extra=()):
    start = time.monotonic()
    proc = subprocess.run(["./bazelw", *args, *extra], cwd=checkout, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    wall = time.monotonic() - start
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-4000:])
        raise SystemExit(f"bench: `bazel {' '.join(args)}` failed in {checkout}")
    found = re.findall(r"INFO: (\d+) process(?:es)?(?:: (.*?))?\.?\n", proc.stdout)
    processes = found[-1] if found else ("?", "")
    return wall, f"{processes[0]} processes" + (f" ({processes[1]})" if processes[1] else "")


def clone(into):
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(REPO), str(into)],
                   check=True)
    return into


def bootstrap_overhead(checkout, repeats=20):
    python = os.environ.get("TORCH_MLIR_PYTHON") or shutil.which("python3.11")
    cmd = [python, "utils/bazel/bootstrap/bootstrap.py", "ensure"]
    best = float("inf")
    for _ in range(repeats):
        start = time.monotonic()
        subprocess.run(cmd, cwd=checkout, check=True)
        best = min(best, time.monotonic() - start)
    return best


def cold_build(scratch, name, build, flags):
    """(wall, processes, disk cache it filled) of a build from nothing."""
    checkout = clone(scratch / name)
    cache = scratch / f"disk_cache_{name}"
    wall, procs = run_bazel(checkout, build, [f"--disk_cache={cache}", *flags])
    run_bazel(checkout, ["clean", "--expunge"])
    return wall, procs, cache


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", action="store_true",
                        help="also build twice from nothing, with and without "
                             f"{BEFORE_FLAG} (about 40 min on 2 cores)")
    parser.add_argument("--targets", nargs="+", default=DEFAULT_TARGETS)
    parser.add_argument("--keep", action="store_true",
                        help="keep the scratch clones and disk caches")
    args = parser.parse_args()

    before = aquery(args.targets, [BEFORE_FLAG])
    after = aquery(args.targets)
    print_action_table(args.targets, before, after)
    print_wheel_compiles()
    print(flush=True)

    build = ["build", "--config=ci", *args.targets]
    scratch = Path(tempfile.mkdtemp(prefix="torch-mlir-bench-", dir=Path.home() / ".cache"))
    rows = []
    # Without --cold, the fresh clone reads the shared disk cache (as CI does);
    # with it, the cache the cold build just filled from the same tree.
    cache_flags = []
    try:
        if args.cold:
            wall, procs, cache = cold_build(scratch, "cold", build, [])
            rows.append(("cold, one configuration (ours)", wall, procs))
            cache_flags = [f"--disk_cache={cache}"]
            wall, procs, _ = cold_build(scratch, "cold_host", build, [BEFORE_FLAG])
            rows.append((f"cold, {BEFORE_FLAG}", wall, procs))
        fresh = clone(scratch / "clone")
        rows.append(("fresh clone, filled disk cache", *run_bazel(fresh, build, cache_flags)))
        rows.append(("no-op rebuild", *run_bazel(fresh, build, cache_flags)))
        overhead = bootstrap_overhead(fresh)
        run_bazel(fresh, ["clean", "--expunge"])
    finally:
        if args.keep:
            print(f"kept {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)

    print(f"targets: {' '.join(args.targets)}   machine: {os.cpu_count()} cores")
    print(f"{'phase':40} {'wall':>10}  bazel")
    for name, wall, procs in rows:
        print(f"{name:40} {wall:9.1f}s  {procs}")
    print(f"{'bazelw bootstrap (best of 20)':40} {overhead * 1000:8.1f}ms")
    times = {name: wall for name, wall, _ in rows}
    fresh_s = times["fresh clone, filled disk cache"]
    print(f"ratio no-op / fresh clone: {times['no-op rebuild'] / fresh_s:.3f}")
    if args.cold:
        ours, host = times["cold, one configuration (ours)"], times[f"cold, {BEFORE_FLAG}"]
        print(f"ratio cold ours / cold {BEFORE_FLAG}: {ours / host:.3f}")
        print(f"ratio fresh clone / cold: {fresh_s / ours:.3f}")
        print(f"ratio cold ours / upstream CMake cold (97.5 min, measured once, "
              f"not in this run): {ours / CMAKE_COLD_S:.3f}")


if __name__ == "__main__":
    main()
