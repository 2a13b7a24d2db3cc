"""Our compiler built two ways (say clang -O1 against -O2), side by side.

What a build's optimization level costs users is the time the compiler
spends in C++: importing and lowering a program (MLIR's passes and ours) and
the JIT (LLVM's optimizer and code generator). For every --step-th e2e case,
exported and decomposed once per worker (PyTorch's time, not counted), this
times fx.compile's last steps: import and lowering to linalg-on-tensors, the
reference backend's JIT, and the first call. The two wheel sets take turns,
A B A B ..., and each stage's summed seconds are printed as medians over the
rounds with the ratio A/B.

Usage: python3 -m bench.build_levels --a DIR --b DIR [--rounds 3] [--step 6]
(DIR holds a set's two wheels, torch_mlir_core-*.whl and torch_mlir-*.whl;
pip's access to the package index once, for the pinned torch.)
"""

import argparse
import statistics
from pathlib import Path

from bench.common import run_worker
from bench.lowering import venv

# Runs inside a venv: times the stages over the chosen cases, writes JSON.
WORKER = r'''
import copy, glob, importlib, json, os, sys, time, warnings
warnings.filterwarnings("ignore")
import torch
sys.path[:0] = [os.path.join(REPO, "test/fx"), os.path.join(REPO, "test/e2e")]
from torch_mlir import decompose, fx
from torch_mlir.compiled import CompiledProgram
from torch_mlir.compiler_utils import OutputType
for path in sorted(glob.glob(os.path.join(REPO, "test/e2e/cases_*.py"))):
    importlib.import_module(os.path.basename(path)[:-3])
import framework

seconds = {"import and lowering": 0.0, "JIT": 0.0, "first call": 0.0}
done = 0
for name in sorted(framework.CASES)[::STEP]:
    c = framework.CASES[name]
    try:
        torch.manual_seed(0)
        module, inputs = c.make_module(), c.make_inputs()
        program = fx._exported(copy.deepcopy(module), tuple(inputs), {}, c.dynamic_shapes,
                               strict=None)
        program = decompose.run_decompositions(program, fx._table(None))
    except Exception:
        continue  # not exported: nothing of ours to time
    try:
        start = time.perf_counter()
        lowered = fx._import(program, OutputType.LINALG_ON_TENSORS, mutations="results")
        lowered_at = time.perf_counter()
        compiled = CompiledProgram(program, lowered, state=module)
        compiled_at = time.perf_counter()
        with torch.no_grad():
            compiled(*inputs)
        called_at = time.perf_counter()
    except Exception:
        continue
    seconds["import and lowering"] += lowered_at - start
    seconds["JIT"] += compiled_at - lowered_at
    seconds["first call"] += called_at - compiled_at
    done += 1
json.dump({"cases": done, "seconds": seconds}, open(RESULT, "w"))
'''


def run_side(python, step):
    return run_worker(python, WORKER, "bench/build_levels.py", STEP=step)


def wheels(directory):
    found = sorted(Path(directory).glob("torch_mlir*.whl"))
    names = {w.name.split("-")[0] for w in found}
    if names != {"torch_mlir", "torch_mlir_core"} or len(found) != 2:
        raise SystemExit(f"bench/build_levels.py: {directory} must hold one torch_mlir and "
                         f"one torch_mlir_core wheel, not {[w.name for w in found]}")
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", required=True, help="the wheels to measure")
    parser.add_argument("--b", required=True, help="the wheels to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--step", type=int, default=6)
    args = parser.parse_args()

    sides = {"A": venv("build-levels-a", wheels(args.a)),
             "B": venv("build-levels-b", wheels(args.b))}
    figures = {"A": [], "B": []}
    for _ in range(args.rounds):
        for side, python in sides.items():
            figures[side].append(run_side(python, args.step))
    cases = {side: {r["cases"] for r in runs} for side, runs in figures.items()}
    if len(cases["A"] | cases["B"]) != 1:
        raise SystemExit(f"bench/build_levels.py: the sides timed different cases: {cases}")
    print(f"A: {args.a}\nB: {args.b}\n{cases['A'].pop()} e2e cases (every {args.step}th), "
          f"{args.rounds} rounds, A and B in turn; medians of each stage's sum")
    print(f"{'stage':22s} {'A s':>8s} {'B s':>8s} {'A/B':>6s}")
    for stage in figures["A"][0]["seconds"]:
        a = statistics.median(r["seconds"][stage] for r in figures["A"])
        b = statistics.median(r["seconds"][stage] for r in figures["B"])
        print(f"{stage:22s} {a:8.2f} {b:8.2f} {a / b:6.2f}")


if __name__ == "__main__":
    main()
