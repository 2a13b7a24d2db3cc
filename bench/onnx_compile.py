"""torch_mlir.onnx.compile, two builds side by side: how long compiling takes
(import, the pipelines, the JIT) and how fast the compiled model runs, for
the core wheel just built (after) against another (before: --before WHEEL, a
core wheel of an earlier commit).

Models: ONNX's node suite (the cases the pinned onnx generates,
onnx.backend.test.case.node.collect_testcases, by name; every --stride-th,
those both builds compile), and the real models of the corpus zip if given (--corpus,
//test/onnx:corpus_dynamo's output: resnet18, bert, ...). Each side runs in
its own venv and process; the sides take turns, rep by rep, so that both see
the same noise. Per model: compile seconds (median of --reps) and, for the
corpus models, the median time of a call (--calls of them). Ratios are
after / before (< 1.0: the new build is faster).

Usage: python3 -m bench.onnx_compile --before OLD.whl [--corpus corpus.zip]
       [--stride 10] [--reps 3] [--calls 11]
Build first: ./bazelw build //python:torch_mlir_core_wheel
"""

import argparse
import io
import json
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from bench.common import built_wheel, make_venv, pip_install
from utils.bazel.bootstrap.bootstrap import default_distdir

WORKER = r"""
import json, sys, time, warnings
import numpy as np
import onnx
from onnx.backend.test.case.node import collect_testcases
from torch_mlir import onnx as tm_onnx
warnings.filterwarnings("ignore")
config = json.loads(sys.argv[1])
models = {}
cases = sorted(collect_testcases(), key=lambda c: c.name)
for case in cases[::config["stride"]]:
    models[case.name] = case.model
for path in config["corpus"]:
    models[path] = path
out = {}
for name, model in models.items():
    try:
        start = time.perf_counter()
        compiled = tm_onnx.compile(model, threads=1)
        seconds = time.perf_counter() - start
    except Exception as error:  # a model this build does not take
        out[name] = {"error": str(error).splitlines()[0][:200] if str(error) else type(error).__name__}
        continue
    entry = {"compile_s": seconds}
    inputs = config["inputs"].get(name)
    if inputs is not None:
        with np.load(inputs) as data:
            args = {n: data[n] for n in compiled.input_names if n in data}
        calls = []
        for _ in range(config["calls"] + 2):
            start = time.perf_counter()
            compiled(**args)
            calls.append(time.perf_counter() - start)
        entry["call_s"] = sorted(calls[2:])[len(calls[2:]) // 2]
    out[name] = entry
print(json.dumps(out))
"""


def corpus_models(corpus, work):
    """(model.onnx, inputs .npz) of each static export the corpus zip holds:
    the inputs at the export's own size (meta.json's first)."""
    import numpy as np
    import zipfile
    found = []
    with zipfile.ZipFile(corpus) as z:
        for name in z.namelist():
            if not name.endswith("/static/model.onnx"):
                continue
            base = name[: -len("model.onnx")]
            z.extract(name, work / "corpus")
            meta = json.loads(z.read(base + "meta.json"))
            with np.load(io.BytesIO(z.read(base + "data.npz"))) as data:
                b, t = meta["sizes"][0]
                inputs = {n: data[f"{b}x{t}.{n}"] for n in meta["names"]}
            path = work / "corpus" / base / "inputs.npz"
            np.savez(path, **inputs)
            found.append((work / "corpus" / name, path))
    return found


def run(python, stride, corpus, inputs, calls):
    config = json.dumps({"stride": stride, "corpus": [str(p) for p in corpus],
                         "inputs": {str(k): str(v) for k, v in inputs.items()}, "calls": calls})
    out = subprocess.run([str(python), "-c", WORKER, config], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="the core wheel to compare against")
    parser.add_argument("--corpus", help="a corpus zip (//test/onnx:corpus_dynamo)")
    parser.add_argument("--stride", type=int, default=10)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--calls", type=int, default=11)
    parser.add_argument("--keep-venvs", action="store_true")
    args = parser.parse_args()
    after = built_wheel("torch_mlir_core")
    if after is None:
        raise SystemExit("build the core wheel first: ./bazelw build //python:torch_mlir_core_wheel")
    deps = ["numpy", "onnx", "protobuf", "ml_dtypes"]
    work = Path(tempfile.mkdtemp(prefix="onnx_compile_bench_"))
    try:
        sides = {}
        for side, wheel in (("before", Path(args.before)), ("after", after)):
            python = make_venv(work / side)
            pip_install(python, [wheel], no_deps=True)
            pip_install(python, deps, find_links=default_distdir())
            sides[side] = python
        corpus = corpus_models(Path(args.corpus), work) if args.corpus else []
        inputs = dict(corpus)
        models = [model for model, _ in corpus]
        results = {side: [] for side in sides}
        for _ in range(args.reps):  # alternate, so both see the same noise
            for side, python in sides.items():
                results[side].append(run(python, args.stride, models, inputs, args.calls))

        def median(side, name, key):
            values = [r.get(str(name), {}).get(key) for r in results[side]]
            return statistics.median(values) if None not in values else None

        corpus_names = {str(m) for m in models}
        nodes = [n for n in results["after"][0] if n not in corpus_names]
        both = [n for n in nodes if all(median(s, n, "compile_s") for s in sides)]
        only = {s: [n for n in nodes if median(s, n, "compile_s") and n not in both] for s in sides}
        total = {s: sum(median(s, n, "compile_s") for n in both) for s in sides}
        print(f"node suite: {len(nodes)} cases (every {args.stride}th), {len(both)} compiled "
              f"by both; compile time summed: before {total['before']:.2f} s, after "
              f"{total['after']:.2f} s, ratio {total['after'] / max(total['before'], 1e-9):.3f}")
        for side, names in only.items():
            if names:
                print(f"  compiled by {side} only: {', '.join(names)}")
        if corpus:
            print(f"{'corpus model':>24} {'compile before':>15} {'after':>7} {'ratio':>6} "
                  f"{'call ms before':>15} {'after':>8} {'ratio':>6}")
        for model, _ in corpus:
            name = model.parent.parent.name
            c = {s: median(s, model, "compile_s") for s in sides}
            r = {s: median(s, model, "call_s") for s in sides}
            if None in c.values():
                errors = {s: results[s][0][str(model)].get("error") for s in sides}
                print(f"{name:>24} failed: {errors}")
                continue
            print(f"{name:>24} {c['before']:15.2f} {c['after']:7.2f} {c['after'] / c['before']:6.2f} "
                  f"{1e3 * r['before']:15.2f} {1e3 * r['after']:8.2f} {r['after'] / r['before']:6.2f}")
    finally:
        if args.keep_venvs:
            print(f"venvs kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
