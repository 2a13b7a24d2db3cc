"""CI's check of the one release command, end to end, against a real index on 127.0.0.1.

    ./bazelw run //ci:release_check -- [--bazel-flag=--config=ci]

1. Starts pypiserver on 127.0.0.1 (uploads need a password).
2. `./bazelw run //tools/release -- nightly --date D --repository-url URL`: a
   core wheel for each CPython checked (--python; all four, cp310-cp313, by
   default) and the torch wheel, stamped, built, tested, in dist/ with
   SHA256SUMS, published.
3. The index lists exactly those files, byte for byte dist/'s.
4. Fresh venvs install from the index, two at a time: torch-mlir-core on
   each CPython checked runs the smoketest; torch-mlir on 3.11 pulls the core
   of its own version (torch from the pinned files) and compiles and runs a
   model.
5. The same night again: every wheel is identical, nothing is uploaded.
6. A release whose gate test fails (//test/release:failing_gate) stops with
   exit 1 at the first CPython, names the test, and publishes nothing.
7. Stops the server.

Per-change CI (.ci/run) checks CPython 3.11 only, the one the test suite
already built: each other CPython costs a build of MLIR's Python bindings and
our extension modules (about 3 min cold each on 2 cores). The nightly itself
builds and tests all four (docs/releasing.md).

Prints each step's time. Exit 0 when every check holds, 1 otherwise.
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ci.bazel import BAZEL_RUN_VARIABLES, stream
from ci.digest import sha256_file
from ci.failures import CheckFailed
from ci.local_index import LocalIndex
from fresh_venv import FreshVenv

DATE = "20261130"  # any fixed night: the version is <base>.dev<DATE>
FAIL_DATE = "20261201"
PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
TORCH_PYTHON = "3.11"  # the CPython the torch wheel is built and installed with
SMOKETEST_OUTPUT = "module {\n  %none = torch.constant.none\n}\n"
MODEL = """\
import torch
from torch_mlir import fx
net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
x = torch.randn(3, 4)
compiled = fx.compile(net, x)
assert torch.allclose(compiled(x), net(x), rtol=1e-5, atol=1e-6)
print("compiled matches eager")
"""


def release(workspace, index, args, bazel_flags, indent=""):
    env = {k: v for k, v in os.environ.items() if k not in BAZEL_RUN_VARIABLES}
    env.update(index.credentials())  # the inner `bazel run` sets its own runfiles
    command = [str(workspace / "bazelw"), "run", "//tools/release", "--"] + args
    command += [f"--bazel-flag={f}" for f in bazel_flags]
    # The nightly's own tier (the tests tagged "nightly") is not what this
    # checks, and would put back in per-change CI what its budget left out.
    command += ["--no-nightly-tier"]
    # Streamed to our output as it comes (CI shows progress), and kept for the checks.
    status, output = stream(command, workspace, env=env, indent=indent)
    return subprocess.CompletedProcess(command, status, output, None)


# Our wheels' distribution names, as their file names spell them.
OUR_PROJECTS = {"torch_mlir", "torch_mlir_core"}


def pip_install_from_index(venv, index, links, package, where=""):
    """`package` from the index into the venv (the pinned files in `links` for the rest)."""
    proc = venv.python(["-m", "pip", "install", "--index-url", index.index_url,
                        "--find-links", str(links), package])
    if proc.returncode != 0:
        raise CheckFailed(f"pip install {package}{where}:\n{proc.stdout}{proc.stderr}")


def install_core_wheel(python, index, links, version, smoketest):
    """torch-mlir-core from the index into a fresh venv of `python`; it runs the smoketest."""
    venv = FreshVenv(find_python(python))
    try:
        pip_install_from_index(venv, index, links, "torch-mlir-core", f" on {python}")
        proc = venv.python([str(smoketest)])
        if proc.stdout != SMOKETEST_OUTPUT:
            raise CheckFailed(f"smoketest on {python}:\n{proc.stdout}{proc.stderr}")
    finally:
        venv.remove()
    return f"CPython {python}: torch-mlir-core {version} from the index, smoketest ok"


def install_torch_wheel(index, links, version):
    """torch-mlir from the index on 3.11: it pulls the core of its own version and runs a model."""
    venv = FreshVenv(find_python(TORCH_PYTHON))
    try:
        pip_install_from_index(venv, index, links, "torch-mlir")
        proc = venv.python(["-c", "import importlib.metadata as m; "
                                  "print(m.version('torch-mlir'), m.version('torch-mlir-core'))"])
        if proc.stdout.split() != [version, version]:
            raise CheckFailed(f"installed versions: {proc.stdout}{proc.stderr}")
        proc = venv.python(["-c", MODEL])
        if proc.returncode != 0 or "compiled matches eager" not in proc.stdout:
            raise CheckFailed(f"the installed torch-mlir did not run a model:\n{proc.stdout}{proc.stderr}")
    finally:
        venv.remove()
    return (f"torch-mlir {version} from the index pulled torch-mlir-core {version}; "
            "a compiled model matches eager")


def find_python(version):
    for candidate in (f"/usr/bin/python{version}", f"/usr/local/bin/python{version}",
                      os.path.expanduser(f"~/.pyenv/versions/{version}/bin/python{version}")):
        if os.path.exists(candidate):
            return candidate
    found = sorted(Path(os.path.expanduser("~/.pyenv/versions")).glob(f"{version}.*/bin/python{version}"))
    if found:
        return str(found[-1])
    raise CheckFailed(f"no CPython {version} on this machine")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bazel-flag", action="append", default=[],
                        help="for every bazel command of the release, e.g. --config=ci")
    parser.add_argument("--python", action="append", choices=PYTHONS,
                        help="a CPython whose core wheel the nightly builds, publishes and "
                             "installs (repeat; default all four; 3.11, the torch wheel's, "
                             "always)")
    parser.add_argument("--gate", action="append", default=[],
                        help="more tests the nightly runs for each CPython (its --test)")
    parser.add_argument("--smoketest", required=True)
    parser.add_argument("--distdir", default=os.environ.get(
        "TORCH_MLIR_DISTDIR", os.path.expanduser("~/.cache/torch-mlir/distdir")))
    args = parser.parse_args()
    # The torch wheel's CPython always: its install pulls that core wheel.
    pythons = sorted(set(args.python or PYTHONS) | {TORCH_PYTHON}, key=PYTHONS.index)
    python_flags = [f"--python={p}" for p in pythons]
    want_tags = sorted(["cp" + p.replace(".", "") for p in pythons] + ["py3"])
    smoketest = Path(args.smoketest).resolve()
    workspace = Path(os.environ["BUILD_WORKSPACE_DIRECTORY"])
    times = []

    def step(name, t0):
        times.append((name, time.monotonic() - t0))
        print(f"--- {name}: {times[-1][1]:.0f} s", flush=True)

    index = LocalIndex()
    try:
        t0 = time.monotonic()
        index.start()
        step(f"pypiserver on {index.repository_url}", t0)

        t0 = time.monotonic()
        with tempfile.TemporaryDirectory() as tmp:
            dist = Path(tmp) / "dist"
            gates = [f"--test={g}" for g in args.gate]
            proc = release(workspace, index, ["nightly", "--date", DATE, "--repository-url",
                                              index.repository_url, "--dist-dir", str(dist)]
                           + python_flags + gates, args.bazel_flag)
            if proc.returncode != 0:
                raise CheckFailed(f"the nightly failed (exit {proc.returncode})")
            step("nightly: stamp, build, test, publish", t0)

            t0 = time.monotonic()
            wheels = sorted(p.name for p in dist.glob("*.whl"))
            tags = sorted(w.split("-")[2] for w in wheels)
            if tags != want_tags:
                raise CheckFailed(f"dist/ holds {wheels}, want a core wheel for each of CPython "
                                  f"{', '.join(pythons)} and the torch wheel")
            version = wheels[0].split("-")[1]
            if not version.endswith(f".dev{DATE}"):
                raise CheckFailed(f"version {version} is not the nightly of {DATE}")
            if index.files() != wheels:
                raise CheckFailed(f"the index holds {index.files()}, dist/ {wheels}")
            for name in wheels:
                if sha256_file(index.packages / name) != sha256_file(dist / name):
                    raise CheckFailed(f"{name} on the index differs from dist/")

            links = Path(tmp) / "links"
            links.mkdir()
            for wheel in Path(args.distdir).glob("*.whl"):
                # Only the dependencies: our own projects come from the index.
                # (The distdir pins upstream's torch-mlir too, for
                # //test/interop; pip would take its higher version.)
                if wheel.name.split("-")[0] in OUR_PROJECTS:
                    continue
                (links / wheel.name).symlink_to(wheel)
            # Two installs at a time, on the 2 cores: each is mostly one pip
            # unpacking wheels. torch-mlir (with torch, the longest) goes first.
            with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
                installs = [pool.submit(install_torch_wheel, index, links, version)]
                installs += [pool.submit(install_core_wheel, python, index, links, version,
                                         smoketest)
                             for python in pythons]
                for install in installs:
                    print(install.result(), flush=True)
            step("fresh venvs install from the index", t0)

            t0 = time.monotonic()
            mtimes = {p.name: p.stat().st_mtime_ns for p in index.packages.iterdir()}
            # Test results may come from the cache now: the wheels are the same bytes.
            proc = release(workspace, index, ["nightly", "--date", DATE, "--repository-url",
                                              index.repository_url, "--dist-dir", str(dist)]
                           + python_flags + gates,
                           args.bazel_flag + ["--cache_test_results=auto"])
            if proc.returncode != 0 or "nothing to upload" not in proc.stdout:
                raise CheckFailed("re-running the same night was not a no-op")
            if {p.name: p.stat().st_mtime_ns for p in index.packages.iterdir()} != mtimes:
                raise CheckFailed("re-running the same night touched the index")
            step("the same night again: nothing uploaded", t0)

            t0 = time.monotonic()
            # The gate fails with the first CPython: the release stops there.
            proc = release(workspace, index, ["nightly", "--date", FAIL_DATE,
                                              "--test", "//ci:failing_gate",
                                              "--repository-url", index.repository_url,
                                              "--dist-dir", str(Path(tmp) / "dist-fail")]
                           + python_flags,
                           # Indented: CI's tally of test results must not count
                           # this deliberate failure. Bazel stops at the first
                           # failing test (the gate's, which needs no wheel):
                           # the wheel tests it would otherwise run to the end
                           # prove nothing here that the nightly above did not.
                           args.bazel_flag + ["--notest_keep_going"], indent="  | ")
            if proc.returncode != 1 or "//ci:failing_gate" not in proc.stdout.split("error:")[-1]:
                raise CheckFailed(f"a failing gate test gave exit {proc.returncode} without naming it")
            if index.files() != wheels:
                raise CheckFailed(f"a failed release changed the index: {index.files()}")
            step("a failing wheel test stops the release", t0)
    except CheckFailed as e:
        print(f"release check: FAILED: {e}", flush=True)
        return 1
    finally:
        index.remove()
    for name, seconds in times:
        print(f"{seconds:6.0f} s  {name}")
    print("release check: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
