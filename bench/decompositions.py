"""What fx.compile spends before import: PyTorch's run_decompositions against
torch_mlir.decompose.run_decompositions (the same program, fewer ops
registered), side by side in one process.

Per model of test/fx/models.py (its small real models: an MLP, a CNN, an
encoder block, a GRU, torch.cond, ...) and of a few users bring (a
torchvision resnet18 when torchvision is importable), the exported program
is decomposed with fx's default table (or, with --table empty, the empty
table FxImporter's decompose=True and the e2e no-decompositions run use,
which keeps every CIA op whole) by each in turn, --reps times
alternating (each call after a full garbage collection, with the collector
off during it). Printed: median ms of torch.export.export, of each
decomposition, their ratio, and the median of a whole fx.compile (export,
decompositions, import, lowering, JIT) for scale. The two results are
compared too (graph code and signature); a difference is flagged.

Usage: PYTHONPATH=<unpacked wheels>:. python3 -m bench.decompositions [--reps 7] [--table empty]
(the torch_mlir of the two wheels importable, with the pinned torch).
"""

import argparse
import gc
import statistics
import sys
import time
import warnings
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def timed(fn):
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        value = fn()
        return time.perf_counter() - start, value
    finally:
        gc.enable()


def models():
    sys.path.insert(0, str(REPO / "test" / "fx"))
    from models import CASES
    found = {name: (make(), make_args(), kwargs) for name, (make, make_args, kwargs)
             in CASES.items()}
    try:
        import torch
        import torchvision
        found["resnet18"] = (torchvision.models.resnet18().eval(),
                             (torch.randn(1, 3, 224, 224),), {})
    except ImportError:
        pass
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--table", choices=("fx", "empty"), default="fx")
    args = parser.parse_args()
    warnings.filterwarnings("ignore")
    import torch
    from torch_mlir import decompose, decompositions, fx

    table = decompositions.table if args.table == "fx" else dict
    print(f"torch {torch.__version__}; {args.table} table; medians of {args.reps} in ms")
    print("| model | export | PyTorch's run_decompositions | ours | PyTorch's / ours "
          "| fx.compile | same program |")
    print("|---|---|---|---|---|---|---|")
    ratios = []
    for name, (model, example, kwargs) in models().items():
        dynamic = kwargs.get("dynamic_shapes")
        export = lambda: fx._exported(model, example, {}, dynamic, None)  # noqa: E731
        program = export()
        exports, theirs, ours, compiles = [], [], [], []  # the first export warms up
        same = True
        for _ in range(args.reps):
            t, a = timed(lambda: program.run_decompositions(table()))
            theirs.append(t)
            t, b = timed(lambda: decompose.run_decompositions(program, table()))
            ours.append(t)
            same &= (a.graph_module.code == b.graph_module.code
                     and str(a.graph_signature) == str(b.graph_signature))
        for _ in range(max(1, args.reps // 3)):
            exports.append(timed(export)[0])
            try:
                compiles.append(timed(lambda: fx.compile(model, *example,
                                                         dynamic_shapes=dynamic))[0])
            except Exception:  # noqa: BLE001 - a model ours cannot compile: no figure
                pass
        med = {k: 1e3 * statistics.median(v) if v else float("nan")
               for k, v in [("export", exports), ("theirs", theirs), ("ours", ours),
                            ("compile", compiles)]}
        ratio = med["theirs"] / med["ours"]
        ratios.append(ratio)
        print(f"| {name} | {med['export']:.1f} | {med['theirs']:.1f} | {med['ours']:.1f} "
              f"| {ratio:.2f} | {med['compile']:.1f} | {'yes' if same else 'NO'} |")
    geomean = statistics.geometric_mean(ratios)
    print(f"geometric mean of PyTorch's / ours: {geomean:.2f}")


if __name__ == "__main__":
    main()
