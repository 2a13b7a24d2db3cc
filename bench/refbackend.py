"""The reference backend's compile and run times, against eager, in one run.

Installs the built wheels (core + torch-linked) and the pinned torch into a
fresh venv, then prints:
  - per e2e case (test/e2e): fx.compile time, and the run time of the compiled
    program and of eager PyTorch on the same inputs (median of N calls, the two
    alternating so both see the same noise), with the ratio compiled / eager;
    cases that do not compile are listed with the reason (--cases picks some;
    the models of test/fx/models.py are the e2e cases named model_*);
  - torch-free: hand-written linalg-on-tensors programs (matmul, convolution)
    through RefBackend against numpy on the same arrays;
  - the core wheel's size.

Usage: python3 -m bench.refbackend [--runs 21] [--cases NAME ...]
Build first: ./bazelw build //python:torch_mlir_core_wheel //python:torch_mlir_wheel
"""

import argparse
import subprocess
import tempfile
from pathlib import Path

from bench.common import REPO, built_wheel, make_venv, pip_install
from utils.bazel.bootstrap.bootstrap import default_distdir

INNER = r'''
import statistics, sys, time, warnings
import numpy as np

warnings.filterwarnings("ignore")  # torch.export's deprecation chatter

RUNS = int(sys.argv[1])
WANTED = sys.argv[2:]


def alternate(a, b, runs=RUNS):
    """Median seconds of a() and b(), called alternately."""
    ta, tb = [], []
    for _ in range(runs):
        s = time.perf_counter(); a(); ta.append(time.perf_counter() - s)
        s = time.perf_counter(); b(); tb.append(time.perf_counter() - s)
    return statistics.median(ta), statistics.median(tb)


def torch_free():
    import torch_mlir.ir as ir
    from torch_mlir.refbackend import RefBackend
    sys.path.insert(0, "TEST_PYTHON")
    import refbackend_test as programs
    rng = np.random.default_rng(0)
    rows = []
    a = rng.standard_normal((256, 256), dtype=np.float32)
    b = rng.standard_normal((256, 256), dtype=np.float32)
    x = rng.standard_normal((2, 3, 9, 11), dtype=np.float32)
    w = rng.standard_normal((4, 3, 3, 3), dtype=np.float32)
    for name, source, args, reference in [
        ("matmul 256x256 f32", programs.MATMUL, (a, b), lambda: a @ b),
        ("conv2d 2x3x9x11 * 4x3x3x3, stride 2", programs.CONV2D, (x, w),
         lambda: programs.conv2d_reference(x, w, 2)),
    ]:
        with ir.Context():
            start = time.perf_counter()
            backend = RefBackend()
            invoker = backend.load(backend.compile(ir.Module.parse(source)))
            compile_s = time.perf_counter() - start
        ours, numpy_s = alternate(lambda: invoker.main(*args), reference)
        rows.append((name, compile_s, ours, numpy_s))
    print("\ntorch-free programs: RefBackend vs numpy (median of %d calls, alternating)" % RUNS)
    print(f"{'program':40} {'compile s':>10} {'ours ms':>10} {'numpy ms':>10} {'ours/numpy':>10}")
    for name, c, o, n in rows:
        print(f"{name:40} {c:10.3f} {o * 1e3:10.3f} {n * 1e3:10.3f} {o / n:10.2f}")


def e2e():
    import torch
    import glob, importlib, os
    sys.path[:0] = ["TEST_E2E", "TEST_FX"]
    for path in sorted(glob.glob(os.path.join("TEST_E2E", "cases_*.py"))):
        importlib.import_module(os.path.basename(path)[:-3])  # registers the cases
    from framework import CASES, first_line
    from torch_mlir import fx
    print("\ne2e cases: fx.compile + RefBackend vs eager PyTorch (median of %d calls, alternating)" % RUNS)
    print(f"{'case':36} {'compile s':>10} {'ours ms':>10} {'eager ms':>10} {'ours/eager':>10}")
    missing = []
    for name in WANTED or sorted(CASES):
        case = CASES[name]
        torch.manual_seed(0)
        model, args = case.make_module(), case.make_inputs()
        try:
            start = time.perf_counter()
            compiled = fx.compile(model, *args, dynamic_shapes=case.dynamic_shapes)
            compile_s = time.perf_counter() - start
        except Exception as error:
            missing.append((name, first_line(error)[:150]))
            continue
        with torch.no_grad():
            ours, eager = alternate(lambda: compiled(*args), lambda: model(*args))
        print(f"{name:36} {compile_s:10.3f} {ours * 1e3:10.3f} {eager * 1e3:10.3f} {ours / eager:10.2f}")
    print(f"\n{len(missing)} case(s) do not compile yet (no figures):")
    for name, reason in missing:
        print(f"  {name}: {reason}")


torch_free()
e2e()
'''


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--cases", nargs="*", default=[])
    args = parser.parse_args()
    core, torch_wheel = built_wheel("torch_mlir_core"), built_wheel("torch_mlir")
    if not core or not torch_wheel:
        raise SystemExit("bench: build the wheels first: ./bazelw build "
                         "//python:torch_mlir_core_wheel //python:torch_mlir_wheel")
    print(f"core wheel: {core.name}, {core.stat().st_size / 2**20:.1f} MiB "
          "(8.2 MiB before the JIT and the lowering passes)")
    inner = (INNER.replace("TEST_PYTHON", str(REPO / "test" / "python"))
             .replace("TEST_E2E", str(REPO / "test" / "e2e"))
             .replace("TEST_FX", str(REPO / "test" / "fx")))
    with tempfile.TemporaryDirectory() as tmp:
        python = pip_install(make_venv(Path(tmp) / "venv"), [core, torch_wheel], find_links=default_distdir())
        script = Path(tmp) / "inner.py"
        script.write_text(inner)
        subprocess.run([str(python), str(script), str(args.runs), *args.cases], check=True)


if __name__ == "__main__":
    main()
