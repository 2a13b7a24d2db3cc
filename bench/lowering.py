"""Import + lowering to linalg-on-tensors: ours against upstream torch-mlir
20261001, side by side in one run.

Each side runs in its own venv (both packages are `torch_mlir`), with the same
pinned torch: ours from the wheels built here, upstream's from the wheel on
PyPI (fetched once into ~/.cache/torch-mlir/bench). Prints:

  - per model of test/fx/models.py: export + import + lowering time, the best
    of --repeats, for each side and their ratio (or the first line of the
    error when a side cannot lower it);
  - how many of the e2e cases (test/e2e) each side lowers;
  - how many of our lowered e2e modules upstream's own contract check
    (`torch-mlir-opt --torch-verify-linalg-on-tensors-backend-contract`) accepts.

Usage: python3 -m bench.lowering [--repeats N] [--wheel OURS.whl ...]
Needs the wheels built (./bazelw build //python:torch_mlir_core_wheel
//python:torch_mlir_wheel) and pip's access to the package index once.
"""

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.common import CACHE, UPSTREAM, built_wheel, run_worker, upstream_opt, upstream_wheel
from utils.bazel.bootstrap.bootstrap import default_distdir

DISTDIR = default_distdir()

# Runs inside a venv: times the models, tries every e2e case, writes JSON.
WORKER = r'''
import glob, importlib, json, os, sys, time, traceback, warnings
warnings.filterwarnings("ignore")
import torch
sys.path[:0] = [os.path.join(REPO, "test/fx"), os.path.join(REPO, "test/e2e")]
from torch_mlir import fx
import models
for path in sorted(glob.glob(os.path.join(REPO, "test/e2e/cases_*.py"))):
    importlib.import_module(os.path.basename(path)[:-3])
import framework

import inspect
# Programs that write buffers or inputs: ours returns the new values as
# results (what the contract holds); upstream has no such option.
OPTIONS = ({"mutations": "results"}
           if "mutations" in inspect.signature(fx.export_and_import).parameters else {})

def lower(make, args, dynamic_shapes):
    torch.manual_seed(0)
    module = make()
    kwargs = dict(OPTIONS, dynamic_shapes=dynamic_shapes) if dynamic_shapes else dict(OPTIONS)
    return fx.export_and_import(module, *args, output_type="linalg-on-tensors", **kwargs)

def first_line(error):
    for line in str(error).splitlines():
        if line.strip():
            return f"{type(error).__name__}: {line.strip()}"[:160]
    return type(error).__name__

result = {"models": {}, "cases": {}}
for name, (make, make_args, kwargs) in models.CASES.items():
    args = make_args()
    best, error = None, None
    for _ in range(REPEATS):
        start = time.perf_counter()
        try:
            lower(make, args, kwargs.get("dynamic_shapes"))
        except Exception as e:
            error = first_line(e)
            break
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    result["models"][name] = {"seconds": best, "error": error}
for name, c in sorted(framework.CASES.items()):
    try:
        module = lower(c.make_module, c.make_inputs(), c.dynamic_shapes)
        if OUT:
            with open(os.path.join(OUT, name + ".mlir"), "w") as f:
                f.write(str(module))
        result["cases"][name] = None
    except Exception as e:
        result["cases"][name] = first_line(e)
json.dump(result, open(RESULT, "w"))
'''


def venv(name, packages):
    """A venv under the bench cache with the pinned torch and `packages`."""
    path = CACHE / name
    python = path / "bin" / "python"
    stamp = path / "packages.txt"
    # Paths with their contents' digests: a rebuilt wheel at the same path
    # makes a new venv.
    wanted = "\n".join(f"{p} {hashlib.sha256(Path(p).read_bytes()).hexdigest()}"
                       for p in packages)
    if stamp.exists() and stamp.read_text() == wanted:
        return python
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(path)], check=True)
    pip = [str(python), "-m", "pip", "install", "-q", "--no-index", "--find-links", str(DISTDIR)]
    # packaging: upstream's torch_mlir.fx imports it.
    subprocess.run(pip + ["torch==2.13.0+cpu", "numpy==2.2.6", "packaging"], check=True)
    subprocess.run(pip + ["--no-deps", "--force-reinstall"] + [str(p) for p in packages], check=True)
    stamp.write_text(wanted)
    return python


def run_side(python, repeats, out_dir):
    return run_worker(python, WORKER, "bench/lowering.py", REPEATS=repeats,
                      OUT=str(out_dir) if out_dir else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--wheel", action="append",
                        help="our wheels (default: the core wheel for this Python and the "
                             "torch wheel last built in bazel-bin/python)")
    args = parser.parse_args()
    ours_wheels = args.wheel or [str(built_wheel("torch_mlir_core")), str(built_wheel("torch_mlir"))]
    ours = venv("venv-ours", ours_wheels)
    theirs = venv("venv-upstream", [upstream_wheel()])

    lowered = Path(tempfile.mkdtemp(prefix="lowered_"))
    result_ours = run_side(ours, args.repeats, lowered)
    result_theirs = run_side(theirs, args.repeats, None)

    print(f"import + lower to linalg-on-tensors, best of {args.repeats} (s), {UPSTREAM}")
    print(f"{'model':20} {'ours':>8} {'upstream':>9} {'ours/up':>8}")
    for name, mine in result_ours["models"].items():
        up = result_theirs["models"][name]
        cell = lambda r: f"{r['seconds']:.3f}" if r["seconds"] is not None else "fails"
        ratio = (f"{mine['seconds'] / up['seconds']:.2f}x"
                 if mine["seconds"] is not None and up["seconds"] is not None else "-")
        print(f"{name:20} {cell(mine):>8} {cell(up):>9} {ratio:>8}")
        for side, r in (("ours", mine), ("upstream", up)):
            if r["error"]:
                print(f"  {side}: {r['error']}")

    total = len(result_ours["cases"])
    ok_ours = sum(v is None for v in result_ours["cases"].values())
    ok_up = sum(v is None for v in result_theirs["cases"].values())
    print(f"\ne2e cases lowered to linalg-on-tensors: ours {ok_ours} of {total}, "
          f"upstream {ok_up} of {total}")

    opt = upstream_opt()
    accepted, rejected = 0, []
    for path in sorted(lowered.glob("*.mlir")):
        proc = subprocess.run([str(opt), str(path), "--torch-verify-linalg-on-tensors-backend-contract",
                               "-o", os.devnull], capture_output=True, text=True)
        if proc.returncode == 0:
            accepted += 1
        else:
            rejected.append((path.stem, (proc.stderr.strip().splitlines() or ["?"])[0][:140]))
    print(f"upstream's contract check accepts {accepted} of our {accepted + len(rejected)} "
          f"lowered e2e modules")
    for name, why in rejected[:10]:
        print(f"  rejected {name}: {why}")


if __name__ == "__main__":
    main()
