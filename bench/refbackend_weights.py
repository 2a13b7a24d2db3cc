"""RefBackend.compile on modules with large weights: how it copies the module
(cloning its ops, which share the weights) against the text round trip it
used before (printing every weight as hex and parsing it back), side by side
in one run.

A linalg-on-tensors module adds a float32 weight of --sizes-mb megabytes (a
dense_resource blob) to its argument. Each measurement runs in its own fresh
process with the built core wheel, no torch: the copy alone both ways, then
the whole RefBackend.compile, and compile, load and a first call (the JIT
compiles on it, and LLVM takes its own copy of the weights; the argument and
the result are two more arrays of the weights' size). Per size: the median wall time of --reps
processes and the peak resident memory above the process's baseline with the
module built. Ratios are clone / text (< 1.0: cloning is cheaper).

Usage: python3 -m bench.refbackend_weights [--sizes-mb 32,128] [--reps 3]
Build first: ./bazelw build //python:torch_mlir_core_wheel
"""

import argparse
import json
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from bench.common import built_wheel, make_venv, pip_install
from utils.bazel.bootstrap.bootstrap import default_distdir

WORKER = r"""
import json, resource, sys, time
import numpy as np
from torch_mlir import ir
from torch_mlir.refbackend import RefBackend, copy_module
what, megabytes = sys.argv[1], float(sys.argv[2])
n = int(megabytes * 2**20 / 4)
text = f'''
#map = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{
  %w = arith.constant dense_resource<w> : tensor<{n}xf32>
  %e = tensor.empty() : tensor<{n}xf32>
  %r = linalg.generic {{indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}}
      ins(%x, %w : tensor<{n}xf32>, tensor<{n}xf32>) outs(%e : tensor<{n}xf32>) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }} -> tensor<{n}xf32>
  return %r : tensor<{n}xf32>
}}
'''
weights = np.random.default_rng(0).standard_normal(n).astype(np.float32)
with ir.Context(), ir.Location.unknown():
    module = ir.Module.parse(text)
    constant = module.body.operations[0].regions[0].blocks[0].operations[0]
    constant.attributes["value"] = ir.DenseResourceElementsAttr.get_from_buffer(
        memoryview(weights), "w", ir.RankedTensorType.get([n], ir.F32Type.get()))
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    if what == "text":
        copy = ir.Module.parse(module.operation.get_asm(enable_debug_info=True))
    elif what == "clone":
        copy = copy_module(module)
    elif what == "compile":
        RefBackend().compile(module)
    else:  # compile, load, and the first call (the JIT compiles on it,
        # and LLVM takes its own copy of the weights)
        backend = RefBackend()
        backend.load(backend.compile(module)).main(np.ones(n, np.float32))
    seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"seconds": seconds, "peak_mb": (peak - base) / 1024}))
"""


def run(python, what, megabytes):
    out = subprocess.run([str(python), "-c", WORKER, what, str(megabytes)], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes-mb", default="32,128")
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    core = built_wheel("torch_mlir_core")
    if core is None:
        raise SystemExit("build the core wheel first: ./bazelw build //python:torch_mlir_core_wheel")
    work = Path(tempfile.mkdtemp(prefix="refbackend_weights_bench_"))
    try:
        python = make_venv(work / "venv")
        pip_install(python, [core], no_deps=True)
        pip_install(python, ["numpy"], find_links=default_distdir())
        print(f"{'weights':>8} {'text s':>8} {'clone s':>8} {'ratio':>6} {'text MB':>8} "
              f"{'clone MB':>8} {'ratio':>6} {'compile s':>9} {'compile MB':>10} "
              f"{'+run s':>8} {'+run MB':>8}")
        for mb in [int(s) for s in args.sizes_mb.split(",")]:
            results = {"text": [], "clone": [], "compile": [], "jit": []}
            for _ in range(args.reps):  # alternate, so each sees the same noise
                for what in results:
                    results[what].append(run(python, what, mb))
            t = {w: statistics.median(r["seconds"] for r in rs) for w, rs in results.items()}
            m = {w: statistics.median(r["peak_mb"] for r in rs) for w, rs in results.items()}
            print(f"{mb:>5} MB {t['text']:8.3f} {t['clone']:8.3f} "
                  f"{t['clone'] / t['text']:6.3f} {m['text']:8.0f} {m['clone']:8.0f} "
                  f"{m['clone'] / max(m['text'], 1):6.3f} {t['compile']:9.2f} "
                  f"{m['compile']:10.0f} {t['jit']:8.2f} {m['jit']:8.0f}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
