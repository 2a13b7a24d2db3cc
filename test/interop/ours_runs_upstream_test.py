"""Our pipelines lower and run what upstream torch-mlir's importer writes.

Upstream's wheel (pinned in deps.lock as upstream_torch_mlir) imports the
models of test/fx/models.py with its own FX importer, in a process of its own
(both packages are torch_mlir), twice: raw (output_type="raw": only PyTorch's
decompositions applied) and at upstream's Torch backend contract
(output_type="torch"). Each module is then parsed by our wheels, lowered by our
FX pipeline to linalg-on-tensors, run on the reference backend, and compared
with eager PyTorch on the same inputs (the same seed makes the same weights
and inputs in both processes).

A model upstream's importer itself cannot take is reported and expected in
UPSTREAM_CANNOT_IMPORT, each with its reason; an unexpected import fails.
"""

import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Models upstream's own importer refuses (not ours to lower), and why.
UPSTREAM_CANNOT_IMPORT = {
    "cond": "upstream's FxImporter has no torch.cond (higher-order op 'cond' not implemented)",
}

FORMS = ("raw", "torch")

# Runs with upstream's torch_mlir first on sys.path: imports each model and
# writes <name>.<form>.mlir, or records why it could not.
UPSTREAM_IMPORT = r"""
import json, sys, torch
import models
from torch_mlir import fx
out = sys.argv[1]
report = {}
for name, (make, args, kwargs) in models.CASES.items():
    for form in ("raw", "torch"):
        try:
            torch.manual_seed(0)
            module = fx.export_and_import(make(), *args(), output_type=form, **kwargs)
            with open(f"{out}/{name}.{form}.mlir", "w") as f:
                f.write(str(module))
            report[f"{name}.{form}"] = ""
        except Exception as error:
            report[f"{name}.{form}"] = f"{type(error).__name__}: {str(error).splitlines()[0][:200]}"
print(json.dumps(report))
"""


def upstream_imports(wheel, out):
    site = Path(tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR")))
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
    # Upstream's package, then models.py, then torch and the rest of ours.
    path = [str(site), str(HERE.parent / "fx")] + [p for p in sys.path if p]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(path))
    done = subprocess.run([sys.executable, "-c", UPSTREAM_IMPORT, str(out)], env=env,
                          capture_output=True, text=True, cwd=site)
    if done.returncode != 0:
        raise SystemExit(f"upstream's importer process failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def flat_tensors(value):
    import torch
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in flat_tensors(v)]
    return []


def flat_values(values):
    out = []
    for v in values:
        out += flat_values(v) if isinstance(v, (list, tuple)) else [v]
    return out


def run_ours(path, name):
    """Parses, lowers and runs upstream's module; returns a problem or ''."""
    import numpy as np
    import torch
    import models
    from torch_mlir import ir
    from torch_mlir.compiler_utils import OutputType, lower_to
    from torch_mlir.dialects import torch as torch_dialect
    from torch_mlir.refbackend import RefBackend

    context = ir.Context()
    torch_dialect.register_dialect(context)
    with context:
        module = ir.Module.parse(path.read_text())
    lower_to(module, "fx", OutputType.LINALG_ON_TENSORS)
    backend = RefBackend()
    invoker = backend.load(backend.compile(module))
    make, args, kwargs = models.CASES[name]
    torch.manual_seed(0)
    model = make()
    inputs = args()
    # The results the program returns, in its export signature's order:
    # buffers it writes (their values after the eager call) and the outputs.
    # (Functionalized, as importers take it, so that writes are outputs.)
    program = torch.export.export(copy.deepcopy(model), tuple(inputs),
                                  **kwargs).run_decompositions({})
    outputs = iter(flat_tensors(model(*inputs)))
    buffers = dict(model.named_buffers())
    expected = []
    for spec in program.graph_signature.output_specs:
        if spec.kind == torch.export.graph_signature.OutputKind.BUFFER_MUTATION:
            expected.append(buffers[spec.target])
        else:
            expected.append(next(outputs))
    # main takes the tensors and, flattened, the Python numbers.
    call_args = [a.numpy() if isinstance(a, torch.Tensor) else a for a in flat_values(inputs)]
    got = invoker.main(*call_args)
    got = list(got) if isinstance(got, (list, tuple)) else [got]
    if len(got) != len(expected):
        return f"{len(got)} results, eager gives {len(expected)}"
    for i, (g, e) in enumerate(zip(got, expected)):
        e = e.detach().numpy()
        g = np.asarray(g)
        if g.shape != e.shape or not np.allclose(g, e, rtol=1e-4, atol=1e-5):
            return f"result {i} differs from eager (shape {g.shape} vs {e.shape})"
    return ""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", action="append", required=True)
    parser.add_argument("--upstream-wheel", required=True)
    args = parser.parse_args()

    sys.path.insert(0, str(HERE.parent / "fx"))
    import unpacked_wheels

    out = Path(tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR")))
    report = upstream_imports(args.upstream_wheel, out)
    unpacked_wheels.use(args.wheel)

    problems, ran, matched = [], 0, 0
    for key, why in sorted(report.items()):
        name, form = key.rsplit(".", 1)
        if why:
            if name in UPSTREAM_CANNOT_IMPORT:
                print(f"upstream cannot import {key} (expected: {UPSTREAM_CANNOT_IMPORT[name]})")
            else:
                problems.append(f"upstream's importer failed on {key}: {why}")
            continue
        if name in UPSTREAM_CANNOT_IMPORT:
            problems.append(f"upstream imports {key} now: take it out of UPSTREAM_CANNOT_IMPORT")
        try:
            problem = run_ours(out / f"{key}.mlir", name)
        except Exception as error:  # noqa: BLE001 - reported
            problem = f"{type(error).__name__}: {str(error).splitlines()[0][:300]}"
        ran += 1
        print(f"{key}: {'ok' if not problem else problem}")
        if problem:
            problems.append(f"{key}: {problem}")
        else:
            matched += 1
    print(f"{matched} of {ran} modules from upstream's importer lower, run and match eager")
    for problem in problems:
        print("FAIL: " + problem)
    return 1 if problems or ran == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
