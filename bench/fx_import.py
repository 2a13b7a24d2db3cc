"""export_and_import with our two wheels against upstream's torch-mlir 20261001.

Two fresh venvs, each with the pinned torch 2.13.0 (from ./bazelw's cache):
ours (torch-mlir-core + torch-mlir, built by Bazel) and upstream's wheel
(torch_mlir.fx, installed with --no-deps, plus its numpy and packaging). Each runs the models of
test/fx/models.py and times, per model, median of --reps runs:
  - export:  torch.export.export (the same torch on both sides);
  - decomp:  ExportedProgram.run_decompositions({}) (functionalization only);
  - import:  the importer alone on that same decomposed program (ours:
             FxImporter.import_program(decompose=False); upstream's:
             FxImporter.import_frozen_program), parameters as literals;
  - e2e:     fx.export_and_import(model, *args) with each side's defaults
             (upstream's runs its own, larger decomposition table).
The sides alternate in --rounds separate processes so both see the same noise;
each timed call starts after a full garbage collection, with the collector off.
Ratios are ours / upstream's (< 1.0: we are faster).

Usage: python3 -m bench.fx_import [--reps 5] [--rounds 2] [--keep-venvs]
"""

import argparse
import json
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from bench.common import REPO, built_wheel, make_venv, pip_install, upstream_wheel
from utils.bazel.bootstrap.bootstrap import default_distdir

WORKER = r"""
import gc, json, sys, time, warnings
warnings.filterwarnings("ignore")
sys.path.insert(0, sys.argv[1])
side, reps = sys.argv[2], int(sys.argv[3])
import torch
from models import CASES
from torch_mlir import fx, ir
if side == "ours":
    from torch_mlir.extras.fx_importer import FxImporter
    def import_only(program):
        FxImporter().import_program(program, decompose=False)
else:
    from torch_mlir.dialects import torch as torch_d
    from torch_mlir.extras.fx_importer import FxImporter
    def import_only(program):
        context = ir.Context()
        torch_d.register_dialect(context)
        FxImporter(context=context).import_frozen_program(program)

def timed(fn):
    # A full collection first and none during: Python's cyclic GC otherwise
    # lands ~160 ms pauses on random cells (torch makes many cyclic objects).
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        value = fn()
        return time.perf_counter() - start, value
    finally:
        gc.enable()

results = {}
for name, (make, args_of, kwargs) in CASES.items():
    model, args = make(), args_of()
    dyn = kwargs.get("dynamic_shapes")
    row = {}
    try:
        # One untimed round first: the first export of a model pays one-time costs.
        for rep in range(reps + 1):
            t_export, program = timed(lambda: torch.export.export(model, args, dynamic_shapes=dyn))
            t_decomp, program = timed(lambda: program.run_decompositions({}))
            t_import, _ = timed(lambda: import_only(program))
            t_e2e, _ = timed(lambda: fx.export_and_import(model, *args, **kwargs))
            if rep:
                for key, t in (("export", t_export), ("decomp", t_decomp),
                               ("import", t_import), ("e2e", t_e2e)):
                    row.setdefault(key, []).append(t)
    except Exception as e:
        row = {"error": f"{type(e).__name__}: {str(e).splitlines()[0][:120]}"}
    results[name] = row
print(json.dumps(results))
"""


def built_wheels():
    """Builds both wheels for the running Python and returns their paths."""
    subprocess.run([str(REPO / "bazelw"), "build", "//python:torch_mlir_core_wheel",
                    "//python:torch_mlir_wheel"], cwd=REPO, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return [built_wheel("torch_mlir_core"), built_wheel("torch_mlir")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--keep-venvs", action="store_true")
    args = parser.parse_args()
    if args.reps < 5:
        parser.error("--reps must be at least 5 (medians of fewer runs are noise)")

    links = default_distdir()
    tmp = Path(tempfile.mkdtemp(prefix="torch-mlir-bench-fx."))
    try:
        ours = pip_install(make_venv(tmp / "ours"), ["torch==2.13.0", *built_wheels()],
                           find_links=links)
        # Upstream's own requirements (numpy, packaging) from the same cache.
        upstream = pip_install(make_venv(tmp / "upstream"), ["torch==2.13.0", "numpy", "packaging"],
                               find_links=links)
        pythons = {"ours": ours,
                   "upstream": pip_install(upstream, [upstream_wheel()], no_deps=True)}
        samples = {"ours": {}, "upstream": {}}
        for _ in range(args.rounds):
            for side, python in pythons.items():
                proc = subprocess.run([str(python), "-c", WORKER, str(REPO / "test" / "fx"), side,
                                       str(args.reps)], capture_output=True, text=True, cwd=tmp)
                if proc.returncode != 0:
                    raise SystemExit(f"{side} worker failed:\n{proc.stderr[-3000:]}")
                for model, row in json.loads(proc.stdout.splitlines()[-1]).items():
                    into = samples[side].setdefault(model, {})
                    if "error" in row:
                        into["error"] = row["error"]
                    for key, times in row.items():
                        if key != "error":
                            into.setdefault(key, []).extend(times)
        report(samples, args)
    finally:
        if args.keep_venvs:
            print(f"venvs kept in {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def report(samples, args):
    n = args.reps * args.rounds
    print(f"export_and_import, ours vs upstream torch-mlir 20261001, torch 2.13.0; "
          f"median of {n} runs per cell, ms")
    header = (f"{'model':18} {'export':>8} {'decomp':>8} | {'import ours':>11} {'upstream':>9} "
              f"{'ratio':>6} | {'e2e ours':>9} {'upstream':>9} {'ratio':>6}")
    print(header)
    print("-" * len(header))
    ratios = []
    for model in samples["ours"]:
        ours, theirs = samples["ours"][model], samples["upstream"].get(model, {})
        if "error" in ours:
            print(f"{model:18} ours FAILED: {ours['error']}")
            continue
        med = {k: statistics.median(v) * 1000 for k, v in ours.items()}
        line = f"{model:18} {med['export']:8.1f} {med['decomp']:8.1f} | {med['import']:11.2f} "
        if "error" in theirs:
            line += f"{'n/a':>9} {'':>6} | {med['e2e']:9.1f} {'n/a':>9}   upstream: {theirs['error']}"
        else:
            up = {k: statistics.median(v) * 1000 for k, v in theirs.items()}
            ratio = med["import"] / up["import"]
            ratios.append(ratio)
            line += (f"{up['import']:9.2f} {ratio:6.2f} | {med['e2e']:9.1f} {up['e2e']:9.1f} "
                     f"{med['e2e'] / up['e2e']:6.2f}")
        print(line)
    if ratios:
        geo = statistics.geometric_mean(ratios)
        print(f"import time, ours / upstream: geometric mean {geo:.2f}x over {len(ratios)} models "
              f"both import (max {max(ratios):.2f}x)")


if __name__ == "__main__":
    main()
