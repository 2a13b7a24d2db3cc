"""The JIT's time and the compiled code's speed at each `opt_level`, in one run.

RefBackend(opt_level=N) sets both our LLVM IR pipeline (none at 0) and the
code generator's level (0: FastISel and the fast register allocator; 2: the
default). For a few of test/python/refbackend_test.py's programs, lowered
once, this prints per level:
  - JIT ms: ExecutionEngine creation plus the first lookup, which generates
    the code (median of --runs; the levels take turns within each round);
  - run us: one call of the compiled function (median of --runs calls);
  - each as a ratio to opt_level=2, the default.
Only the core wheel is installed (no PyTorch).

Usage: python3 -m bench.jit_levels [--runs 21]
Build first: ./bazelw build //python:torch_mlir_core_wheel
"""

import argparse
import subprocess
import tempfile
from pathlib import Path

from bench.common import REPO, built_wheel, make_venv, pip_install
from utils.bazel.bootstrap.bootstrap import default_distdir

INNER = r'''
import statistics, sys, time
import numpy as np

RUNS = int(sys.argv[1])
sys.path.insert(0, sys.argv[2])
import refbackend_test as programs
from torch_mlir import ir
from torch_mlir.refbackend import RefBackend

LEVELS = (0, 1, 2, 3)
rng = np.random.default_rng(0)
CASES = [
    ("matmul 256x256 f32", programs.MATMUL,
     [rng.standard_normal((256, 256), dtype=np.float32) for _ in range(2)]),
    ("conv2d 2x3x9x11 * 4x3x3x3", programs.CONV2D,
     [rng.standard_normal((2, 3, 9, 11), dtype=np.float32),
      rng.standard_normal((4, 3, 3, 3), dtype=np.float32)]),
    ("row sum 512x512 f64", programs.ROW_SUM, [rng.standard_normal((512, 512))]),
    ("tanh(x + bias) 4096x4", programs.BROADCAST,
     [rng.standard_normal((4096, 4), dtype=np.float32), rng.standard_normal(4, dtype=np.float32)]),
]


def timed(f):
    start = time.perf_counter()
    result = f()
    return time.perf_counter() - start, result


print(f"{'program':28} {'level':>5} {'JIT ms':>8} {'/ level 2':>9} {'run us':>9} {'/ level 2':>9}")
for name, source, args in CASES:
    with ir.Context():
        compiled = RefBackend().compile(ir.Module.parse(source))
        jit = {level: [] for level in LEVELS}
        invokers = {}
        for round_ in range(RUNS):
            for level in LEVELS[round_ % 4:] + LEVELS[:round_ % 4]:
                def load():
                    invoker = RefBackend(opt_level=level).load(compiled)
                    invoker._engine.lookup("main")
                    return invoker
                seconds, invokers[level] = timed(load)
                jit[level].append(seconds)
        expected = invokers[0].main(*args)
        run = {level: [] for level in LEVELS}
        for _ in range(RUNS):
            for level in LEVELS:
                seconds, result = timed(lambda: invokers[level].main(*args))
                run[level].append(seconds)
                np.testing.assert_allclose(result, expected, rtol=1e-5, atol=1e-5)
        jit_ms = {level: statistics.median(jit[level]) * 1e3 for level in LEVELS}
        run_us = {level: statistics.median(run[level]) * 1e6 for level in LEVELS}
        for level in LEVELS:
            print(f"{name if level == 0 else '':28} {level:>5} {jit_ms[level]:>8.2f} "
                  f"{jit_ms[level] / jit_ms[2]:>9.2f} {run_us[level]:>9.1f} "
                  f"{run_us[level] / run_us[2]:>9.2f}")
'''


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    core = built_wheel("torch_mlir_core")
    if not core:
        raise SystemExit("bench: build the core wheel first: ./bazelw build //python:torch_mlir_core_wheel")
    with tempfile.TemporaryDirectory() as tmp:
        python = pip_install(make_venv(Path(tmp) / "venv"), [core], find_links=default_distdir())
        script = Path(tmp) / "inner.py"
        script.write_text(INNER)
        subprocess.run([str(python), str(script), str(args.runs), str(REPO / "test" / "python")],
                       check=True)


if __name__ == "__main__":
    main()
