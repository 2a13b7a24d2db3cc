"""Importing ONNX models: torch_mlir.onnx.import_model (ours, the core wheel)
against upstream's torch-mlir 20261001 importer (torch_mlir.extras.onnx_importer),
side by side in one run.

Models are generated (a chain of MatMul + Add + Relu layers, float32 weights
as initializers) at growing total weight sizes, and one of them again with its
weights in an external data file. Each import runs in its own fresh process,
from the model's path to an `ir.Module`, the way each side's command does it:
  - ours: import_model(path) (the checker, shape inference, folding, then
    the import; weights are memory-mapped, each read once);
  - upstream: onnx.load(path) (external data read into memory), shape
    inference, then ModelInfo / NodeImporter.import_all().
Per model and side: the median wall time of --reps processes and the peak
resident memory (ru_maxrss) above the process's baseline after its imports.
Ratios are ours / upstream's (< 1.0: we use less).

A model over 2 GB (--large-mb 2200) can only have external data, and ONNX's
shape inference refuses a ModelProto that large, so upstream's side infers
shapes on the model without its weights and reads them in afterwards.

Usage: python3 -m bench.onnx_import [--sizes-mb 1,32,128,512] [--reps 3]
       [--external-mb 128] [--large-mb 2200] [--keep-venvs]
"""

import argparse
import json
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from bench.common import built_wheel, make_venv, pip_install, upstream_wheel
from utils.bazel.bootstrap.bootstrap import default_distdir

WORKER = r"""
import json, resource, sys, time
side, path, large = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
import onnx
from torch_mlir import ir
if side == "ours":
    from torch_mlir import onnx as tm_onnx
else:
    from torch_mlir.dialects import torch as torch_d
    from torch_mlir.extras import onnx_importer
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
if side == "ours":
    module = tm_onnx.import_model(path)
elif large:
    # Over 2 GB a ModelProto cannot be shape-inferred whole: infer without
    # the weights, then read them in.
    import os
    model = onnx.load(path, load_external_data=False)
    model = onnx.shape_inference.infer_shapes(model, data_prop=True)
    onnx.external_data_helper.load_external_data_for_model(model, os.path.dirname(path))
else:
    model = onnx.load(path)
    model = onnx.shape_inference.infer_shapes(model, data_prop=True)
    context = ir.Context()
    torch_d.register_dialect(context)
    info = onnx_importer.ModelInfo(model)
    module = info.create_module(context=context).operation
    importer = onnx_importer.NodeImporter.define_function(info.main_graph, module)
    importer.import_all()
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"seconds": seconds, "peak_mb": (peak - base) / 1024}))
"""


MAKER = r"""
import sys
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
path, megabytes, external = sys.argv[1], float(sys.argv[2]), sys.argv[3] == "1"
# Layers of 1024x1024 float32 weights (4 MB each) adding up to about
# `megabytes`; one smaller layer below 4 MB.
width = 1024 if megabytes >= 4 else max(8, int((megabytes * 2 ** 20 / 4) ** 0.5))
layers = max(1, round(megabytes * 2 ** 20 / (width * width * 4)))
rng = np.random.default_rng(0)
nodes, inits, x = [], [], "x"
for i in range(layers):
    w = rng.standard_normal((width, width), dtype=np.float32)
    inits += [numpy_helper.from_array(w, f"w{i}"),
              numpy_helper.from_array(np.zeros(width, np.float32), f"b{i}")]
    nodes += [helper.make_node("MatMul", [x, f"w{i}"], [f"m{i}"]),
              helper.make_node("Add", [f"m{i}", f"b{i}"], [f"a{i}"]),
              helper.make_node("Relu", [f"a{i}"], [f"y{i}"])]
    x = f"y{i}"
graph = helper.make_graph(
    nodes, "bench", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, width])],
    [helper.make_tensor_value_info(x, TensorProto.FLOAT, [1, width])], inits)
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])
if external:
    onnx.save(model, path, save_as_external_data=True, all_tensors_to_one_file=True,
              location=path.rsplit("/", 1)[-1] + ".data", size_threshold=1024)
else:
    onnx.save(model, path)
print(layers, width)
"""


def make_model(python, path, megabytes, external):
    """Writes the model (with `python`, which has onnx); (layers, width)."""
    out = subprocess.run([str(python), "-c", MAKER, str(path), str(megabytes),
                          "1" if external else "0"], check=True, capture_output=True,
                         text=True).stdout.split()
    return int(out[0]), int(out[1])


def run(python, side, path, large=False):
    out = subprocess.run([str(python), "-c", WORKER, side, str(path), "1" if large else "0"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes-mb", default="1,32,128,512")
    parser.add_argument("--external-mb", type=int, default=128,
                        help="the size also written with external data")
    parser.add_argument("--large-mb", type=int, default=0,
                        help="also a model over 2 GB (external data) of this size; 0: none")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--keep-venvs", action="store_true")
    args = parser.parse_args()
    core = built_wheel("torch_mlir_core")
    if core is None:
        raise SystemExit("build the core wheel first: ./bazelw build //python:torch_mlir_core_wheel")
    distdir = default_distdir()
    deps = ["numpy", "onnx", "protobuf", "ml_dtypes"]
    work = Path(tempfile.mkdtemp(prefix="onnx_import_bench_"))
    try:
        ours = make_venv(work / "ours")
        pip_install(ours, [core], no_deps=True)
        pip_install(ours, deps, find_links=distdir)
        upstream = make_venv(work / "upstream")
        pip_install(upstream, [upstream_wheel()], no_deps=True)
        pip_install(upstream, deps + ["packaging"], find_links=distdir)
        sizes = [int(s) for s in args.sizes_mb.split(",")]
        cases = [(mb, False) for mb in sizes] + [(args.external_mb, True)]
        if args.large_mb:
            cases.append((args.large_mb, True))
        print(f"{'model':>22} {'ours s':>8} {'up s':>8} {'ratio':>6} "
              f"{'ours MB':>8} {'up MB':>8} {'ratio':>6}")
        for mb, external in cases:
            path = work / f"m{mb}{'_ext' if external else ''}.onnx"
            layers, width = make_model(ours, path, mb, external)
            results = {"ours": [], "upstream": []}
            for _ in range(args.reps):  # alternate, so both see the same noise
                large = mb * 2**20 >= 2**31
                results["ours"].append(run(ours, "ours", path, large))
                results["upstream"].append(run(upstream, "upstream", path, large))
            t = {s: statistics.median(r["seconds"] for r in rs) for s, rs in results.items()}
            m = {s: statistics.median(r["peak_mb"] for r in rs) for s, rs in results.items()}
            name = f"{mb} MB{' external' if external else ''} ({layers}x{width}²)"
            print(f"{name:>22} {t['ours']:8.2f} {t['upstream']:8.2f} "
                  f"{t['ours'] / t['upstream']:6.2f} {m['ours']:8.0f} {m['upstream']:8.0f} "
                  f"{m['ours'] / max(m['upstream'], 1):6.2f}", flush=True)
            for f in work.glob(path.name + "*"):
                f.unlink()
    finally:
        if args.keep_venvs:
            print(f"venvs kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
