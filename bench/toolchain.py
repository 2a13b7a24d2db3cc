#!/usr/bin/env python3
"""The pinned toolchain (zig's clang 19, libc++, glibc 2.28) against the host's gcc 12.

Cold builds, one after the other on this machine: the same targets, each in a
fresh `git clone` of HEAD with its own output base and an empty scratch disk
cache, with our .bazelrc (the pinned toolchain), with --config=host-gcc, and
with the pinned toolchain's sandboxes on disk instead of /dev/shm (--setups
picks others). Prints wall time, the processes Bazel ran, and each row's
ratio to the first.

Sizes: the core wheel, and each binary in it (unpacked), built by both
toolchains in this checkout (from the shared disk cache where it has them).

zig builds libc++, the glibc stubs and compiler_rt once per machine and keeps
them in /tmp/torch-mlir-zig-cache-<uid> (about 35 s of one core); the cold
figure includes that only when the cache is empty, which the output says.

Usage: bench/toolchain.py [--targets T ...] [--setups S ...] [--no-cold] [--no-sizes] [--keep]
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_times import REPO, cold_build  # noqa: E402

# LLVM Support and TableGen: about 260 compiles, C, C++ and assembly,
# static libraries and a linked tool; about 5 minutes a toolchain on 2 cores.
DEFAULT_TARGETS = ["@llvm-project//llvm:llvm-tblgen"]
WHEEL = "//python:torch_mlir_core_wheel"
# The cold setups (--setups picks them; the first is the baseline of the
# ratios): both toolchains as .bazelrc configures them (sandboxes on
# /dev/shm); the pinned one with its sandboxes on disk, Bazel's default; and
# gcc as the builds before the pinned toolchain ran (sandboxes on disk, and
# Debian's --sandbox_debug, which never deletes them).
SETUPS = {
    "pinned": ("pinned (zig clang 19)", []),
    "gcc": ("host gcc 12", ["--config=host-gcc"]),
    "pinned-disk": ("pinned, sandboxes on disk", ["--sandbox_base="]),
    "pinned-all-files": ("pinned, compiles see all 4,100 files",
                         ["--define=zig_compile_inputs=all"]),
    "pinned-local": ("pinned, compiles unsandboxed", ["--strategy=CppCompile=local"]),
    "gcc-before": ("gcc 12, sandboxes as before", ["--config=host-gcc", "--sandbox_base=",
                                                    "--sandbox_debug"]),
}
DEFAULT_SETUPS = ["pinned", "gcc", "pinned-disk"]
# The sizes compare the two toolchains as .bazelrc configures them.
TOOLCHAINS = dict(SETUPS[setup] for setup in ("pinned", "gcc"))
ZIG_CACHE = Path(f"/tmp/torch-mlir-zig-cache-{os.getuid()}")


def built_core_wheel(flags):
    subprocess.run(["./bazelw", "build", "--config=ci", *flags, WHEEL], cwd=REPO, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wheels = sorted((REPO / "bazel-bin" / "python").glob("torch_mlir_core-*-cp311-cp311-*.whl"),
                    key=lambda p: p.stat().st_mtime)
    return wheels[-1]


def wheel_sizes(flags):
    """(wheel name, wheel bytes, {binary in the wheel: unpacked bytes})."""
    wheel = built_core_wheel(flags)
    with zipfile.ZipFile(wheel) as zf:
        binaries = {Path(i.filename).name: i.file_size for i in zf.infolist()
                    if i.filename.endswith(".so") or i.filename.endswith("torch-mlir-opt")}
    return wheel.name, wheel.stat().st_size, binaries


def print_sizes():
    sizes = {name: wheel_sizes(flags) for name, flags in TOOLCHAINS.items()}
    (pinned, (p_name, p_size, p_bins)), (host, (h_name, h_size, h_bins)) = sizes.items()
    print(f"core wheel: {p_name} vs {h_name}")
    width = max(len(name) for name in set(p_bins) | set(h_bins)) + 1
    print(f"{'file':{width}} {'pinned MB':>10} {'gcc MB':>10} {'pinned/gcc':>11}")
    print(f"{'(the wheel, compressed)':{width}} {p_size / 1e6:10.2f} {h_size / 1e6:10.2f} "
          f"{p_size / h_size:11.3f}")
    for name in sorted(set(p_bins) | set(h_bins)):
        p, h = p_bins.get(name, 0), h_bins.get(name, 0)
        ratio = f"{p / h:11.3f}" if p and h else f"{'-':>11}"
        print(f"{name:{width}} {p / 1e6:10.2f} {h / 1e6:10.2f} {ratio}")


def print_cold(targets, setups, keep):
    zig_cache_warm = ZIG_CACHE.exists() and any(ZIG_CACHE.iterdir())
    build = ["build", "--config=ci", *targets]
    scratch = Path(tempfile.mkdtemp(prefix="torch-mlir-bench-", dir=Path.home() / ".cache"))
    rows = []
    try:
        for i, setup in enumerate(setups):
            name, flags = SETUPS[setup]
            wall, procs, _ = cold_build(scratch, f"cold{i}", build, flags)
            rows.append((name, wall, procs))
    finally:
        if keep:
            print(f"kept {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    print(f"cold build of {' '.join(targets)}, one after the other "
          f"({os.cpu_count()} cores; zig's runtime cache "
          f"{'already filled' if zig_cache_warm else 'empty: the pinned row includes building it'})")
    print(f"{'setup':28} {'wall':>9} {'/ first':>8}  bazel")
    for name, wall, procs in rows:
        print(f"{name:28} {wall:8.1f}s {wall / rows[0][1]:8.3f}  {procs}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--targets", nargs="+", default=DEFAULT_TARGETS)
    parser.add_argument("--setups", nargs="+", choices=SETUPS, default=DEFAULT_SETUPS,
                        help="the cold builds, in this order (default: %(default)s)")
    parser.add_argument("--no-cold", action="store_true", help="skip the cold builds")
    parser.add_argument("--no-sizes", action="store_true", help="skip the wheel sizes")
    parser.add_argument("--keep", action="store_true", help="keep the scratch clones")
    args = parser.parse_args()
    if not args.no_sizes:
        print_sizes()
        print(flush=True)
    if not args.no_cold:
        print_cold(args.targets, args.setups, args.keep)


if __name__ == "__main__":
    main()
