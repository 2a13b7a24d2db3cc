#!/usr/bin/env python3
"""The JIT's LLVM IR optimizer against another core wheel's, on the same programs.

The core wheel's JIT optimizes LLVM IR with lib/RefBackend/JITOptimizer.cpp (a
function pipeline of scalar passes, no LLVM pass builder). --baseline names
another core wheel to compare with, e.g. one built at 2447da6, whose JIT ran
LLVM's -O2 pipeline from the pass builder (MLIR's own makeOptimizingTransformer).

Each wheel gets a venv with numpy (no torch). The two run the same
hand-written linalg-on-tensors programs of test/python/refbackend_test.py in
turn, one fresh process each per round: the compile time (parse, lower, JIT)
and the median of --runs calls. Results are checked against numpy in every
round. Prints, per program, the median over rounds of both wheels and the
ratio ours / baseline.

Usage: bench/jit_optimizer.py --baseline WHEEL [--rounds 5] [--runs 21]
Build first: ./bazelw build //python:torch_mlir_core_wheel
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from python_package import built_wheel, make_venv, pip_install  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "utils" / "bazel" / "bootstrap"))
from bootstrap import default_distdir  # noqa: E402  (numpy's pinned wheel)

INNER = r'''
import json, statistics, sys, textwrap, time
import numpy as np
sys.path.insert(0, sys.argv[2])
import refbackend_test as p
import torch_mlir.ir as ir
from torch_mlir.refbackend import RefBackend

RUNS = int(sys.argv[1])
rng = np.random.default_rng(0)
a = rng.standard_normal((256, 256), dtype=np.float32)
b = rng.standard_normal((256, 256), dtype=np.float32)
x = rng.standard_normal((2, 3, 9, 11), dtype=np.float32)
w = rng.standard_normal((4, 3, 3, 3), dtype=np.float32)
rows = rng.standard_normal((512, 512))
wide = rng.standard_normal((65536, 4), dtype=np.float32)
bias = rng.standard_normal(4, dtype=np.float32)
ints = rng.integers(-1000, 1000, 100000)
PROGRAMS = [
    ("matmul 256x256 f32", p.MATMUL, (a, b), lambda: a @ b, 1e-4),
    ("conv2d 2x3x9x11 * 4x3x3x3", p.CONV2D, (x, w), lambda: p.conv2d_reference(x, w, 2), 1e-4),
    ("row sum 512x512 f64", p.ROW_SUM, (rows,), lambda: rows.sum(axis=1), 1e-9),
    ("tanh(x + bias) 65536x4 f32", p.BROADCAST, (wide, bias), lambda: np.tanh(wide + bias), 1e-5),
    ("16 doublings of 100000 i64", p.LOOP, (ints, np.int64(16)), lambda: ints * 2**16, 0),
]
out = {}
for name, source, args, reference, rtol in PROGRAMS:
    with ir.Context():
        start = time.perf_counter()
        backend = RefBackend()
        invoker = backend.load(backend.compile(ir.Module.parse(textwrap.dedent(source))))
        compile_s = time.perf_counter() - start
    got = invoker.main(*args)
    np.testing.assert_allclose(got, reference(), rtol=rtol, atol=rtol)
    times = []
    for _ in range(RUNS):
        s = time.perf_counter(); invoker.main(*args); times.append(time.perf_counter() - s)
    out[name] = [compile_s, statistics.median(times)]
print(json.dumps(out))
'''


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", type=Path, required=True,
                        help="the other core wheel (same CPython as ours)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    ours = built_wheel("torch_mlir_core")
    if not ours:
        raise SystemExit("bench: build the wheel first: ./bazelw build //python:torch_mlir_core_wheel")
    if not args.baseline.is_file():
        raise SystemExit(f"bench: no such wheel: {args.baseline}")
    wheels = {"ours": ours, "baseline": args.baseline.resolve()}
    for label, wheel in wheels.items():
        print(f"{label:9} {wheel}")
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "inner.py"
        script.write_text(INNER)
        pythons = {label: pip_install(make_venv(Path(tmp) / label), [str(wheel)],
                                          find_links=default_distdir())
                   for label, wheel in wheels.items()}
        results = {label: [] for label in wheels}
        for _ in range(args.rounds):
            for label, python in pythons.items():
                done = subprocess.run([str(python), str(script), str(args.runs),
                                       str(REPO / "test" / "python")],
                                      check=True, capture_output=True, text=True)
                results[label].append(json.loads(done.stdout.splitlines()[-1]))
    print(f"\nmedian of {args.rounds} rounds, each the median of {args.runs} calls "
          "(rounds alternate the two wheels)")
    print(f"{'program':30} {'compile s':>10} {'baseline':>10} {'ratio':>6}   "
          f"{'run ms':>9} {'baseline':>9} {'ratio':>6}")
    for name in results["ours"][0]:
        med = {label: [statistics.median(r[name][i] for r in results[label]) for i in (0, 1)]
               for label in wheels}
        (oc, orun), (bc, brun) = med["ours"], med["baseline"]
        print(f"{name:30} {oc:10.3f} {bc:10.3f} {oc / bc:6.2f}   "
              f"{orun * 1e3:9.3f} {brun * 1e3:9.3f} {orun / brun:6.2f}")


if __name__ == "__main__":
    main()
