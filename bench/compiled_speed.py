"""Compiled-code speed: the reference backend against eager PyTorch and
onnxruntime, side by side in one run.

Installs the built wheels (core + torch-linked) and the pinned torch, onnx,
onnxruntime, onnxscript and torchvision (the files deps.lock pins, from
./bazelw's distdir, offline) into a fresh venv. Per model, the runtimes:
  - eager: the model called under torch.no_grad() (eval mode, float32);
  - ort: onnxruntime (CPUExecutionProvider) on the model written to a
    temporary file by torch.onnx.export(model, args, path, dynamo=True,
    verbose=False), torch's default exporter (the TorchScript one, opset 17,
    only where that fails; the notes say so);
  - ours: torch_mlir.fx.compile(model, *args);
  - onnx (--onnx): ours through torch_mlir.onnx.compile on the file ort runs;
  - naive (--naive): ours without vectorization, fx.compile(...,
    vectorize=False), where fx.compile offers that parameter (else a note).
Each runtime is called 3 times to warm up (the first call's output checked
against eager's: allclose rtol 1e-3, atol 1e-4, max abs error shown, a
mismatch flagged in the table and left out of the means), then --runs times,
the runtimes taking turns call by call (eager, ort, ours, eager, ...) so
that all see the same noise. Figures are medians in ms; a model one runtime
of which takes over 1 s a call gets 5 runs (the notes say so). Compile time
(ours) and onnxruntime's session creation are in s. Batch norms' statistics
come from a few random batches first (their defaults shrink activations
towards denormals, which would measure nothing real).

Thread settings, each in its own process: 1 thread (torch.set_num_threads(1),
onnxruntime intra_op_num_threads=1), then every CPU this process may run on
(os.sched_getaffinity); onnxruntime's inter_op_num_threads is 1 throughout.
Ours gets threads=N if fx.compile takes a `threads` parameter; otherwise the
output says that ours ignores the setting. With both settings, a last table
gives each runtime's speedup from 1 thread to all. Those figures mix in the
peers' idle threads, which spin on the same cores; --scaling measures ours
alone instead, compiled at 1 thread and at every CPU in one process, the two
programs alternating call by call.

Models: mlp (512-1024-1024-10, batch 64), resnet_small_b1 / resnet_small_b8
(a small residual CNN on 3x64x64), encoder_layer (nn.TransformerEncoderLayer,
d_model 256, 4 heads, on 4x128x256), matmul (512x512 @ 512x512), tanh_fma
(tanh(x*y+z) on 1024x1024), softmax (last dim of 4096x1024), resnet18
(torchvision, random weights, 1x3x224x224), bert4 (token and position
embeddings, 4 transformer layers of width 256, 128 tokens). A model or
runtime that fails (export, compile, run) is listed with a one-line reason.

Usage: python3 -m bench.compiled_speed [--runs 21] [--models NAME ...]
       [--threads 1|all|both] [--onnx] [--naive]
Build first: ./bazelw build //python:torch_mlir_core_wheel //python:torch_mlir_wheel
"""

import argparse
import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path

from bench.common import built_wheel, make_venv, pip_install
from utils.bazel.bootstrap.bootstrap import DEFAULT_LOCK, default_distdir, read_lock

# Table order; INNER's MODELS builds each under the same name.
MODELS = ("mlp", "resnet_small_b1", "resnet_small_b8", "encoder_layer", "matmul", "tanh_fma",
          "softmax", "resnet18", "bert4")
RTOL, ATOL = 1e-3, 1e-4  # float32 outputs against eager's
# Ours and its optional columns, in table order, with how each is made.
VARIANTS = {
    "ours": "ours: torch_mlir.fx.compile(model, *args)",
    "onnx": "onnx: ours through torch_mlir.onnx.compile, on the file onnxruntime runs",
    "naive": "naive: ours without vectorization, torch_mlir.fx.compile(..., vectorize=False)",
}
RUNTIMES = ("eager", "ort", *VARIANTS)
WIDTH = 11  # of each numeric column

INNER = r'''
import functools, gc, inspect, json, math, statistics, sys, tempfile, time, warnings
from importlib.metadata import version
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn

warnings.filterwarnings("ignore")  # the exporters' deprecation and tracing chatter

CONFIG = json.loads(sys.argv[1])
THREADS, RUNS, RTOL, ATOL = CONFIG["threads"], CONFIG["runs"], CONFIG["rtol"], CONFIG["atol"]
WARMUP = 3
SLOW_S, CAPPED_RUNS = 1.0, 5  # a runtime slower than SLOW_S a call: CAPPED_RUNS runs

torch.set_num_threads(THREADS)

import onnxruntime
from torch_mlir import fx
from torch_mlir.refbackend import RefBackend


def takes(function, name):
    """Whether `function` has a keyword parameter `name` of its own
    (fx.compile's other keywords are the model's inputs, not options)."""
    parameter = inspect.signature(function).parameters.get(name)
    return parameter is not None and parameter.kind in (parameter.POSITIONAL_OR_KEYWORD,
                                                        parameter.KEYWORD_ONLY)


NOTES = []
OURS_OPTIONS = {"threads": THREADS} if takes(fx.compile, "threads") else {}
if not OURS_OPTIONS:
    NOTES.append("ours ignores the thread setting: fx.compile has no `threads` parameter")
NAIVE_OPTIONS = None  # fx.compile's keywords for the naive column, where it has one
if CONFIG["naive"]:
    if takes(fx.compile, "vectorize"):
        NAIVE_OPTIONS = {**OURS_OPTIONS, "vectorize": False}
    elif takes(RefBackend, "vectorize"):
        NOTES.append("naive column unavailable: RefBackend takes `vectorize`, but "
                     "fx.compile does not pass it on")
    else:
        NOTES.append("naive column unavailable: RefBackend has no `vectorize` parameter")
ONNX_OPTIONS = {}
if CONFIG["onnx"]:
    from torch_mlir import onnx as tm_onnx
    if takes(tm_onnx.compile, "threads"):
        ONNX_OPTIONS = {"threads": THREADS}
    else:
        NOTES.append("onnx ignores the thread setting: torch_mlir.onnx.compile has no "
                     "`threads` parameter")


# --- the models ---------------------------------------------------------------

class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(512, 1024), nn.ReLU(), nn.Linear(1024, 1024),
                                 nn.ReLU(), nn.Linear(1024, 10))

    def forward(self, x):
        return self.net(x)


class BasicBlock(nn.Module):
    """Two 3x3 convolutions with batch norms, and the input added back
    (through a strided 1x1 convolution where the shape changes)."""

    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.shortcut = nn.Identity()
        if stride != 1 or cin != cout:
            self.shortcut = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False),
                                          nn.BatchNorm2d(cout))

    def forward(self, x):
        y = torch.relu(self.bn1(self.conv1(x)))
        return torch.relu(self.bn2(self.conv2(y)) + self.shortcut(x))


class SmallResNet(nn.Module):
    """A strided stem (64x64 -> 32x32), four blocks (two of them halving the
    size: 16x16, then 8x8), global average pooling, a linear head."""

    def __init__(self, classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 32, 3, 2, 1, bias=False), nn.BatchNorm2d(32),
                                  nn.ReLU())
        self.blocks = nn.Sequential(BasicBlock(32, 32), BasicBlock(32, 64, 2),
                                    BasicBlock(64, 64), BasicBlock(64, 128, 2))
        self.head = nn.Linear(128, classes)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)).mean((2, 3)))


class EncoderLayer(nn.Module):
    """nn.TransformerEncoderLayer inside a parent module: torch 2.13's
    TorchScript ONNX exporter (the fallback) fails on the layer alone."""

    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(d_model=256, nhead=4, batch_first=True)

    def forward(self, x):
        return self.layer(x)


class MatMul(nn.Module):
    def forward(self, x, y):
        return x @ y


class TanhFMA(nn.Module):
    def forward(self, x, y, z):
        return torch.tanh(x * y + z)


class Softmax(nn.Module):
    def forward(self, x):
        return torch.softmax(x, dim=-1)


class Bert4(nn.Module):
    """A BERT-like encoder from torch.nn alone: token and position
    embeddings, a layer norm, four post-norm transformer layers."""

    def __init__(self, vocab=1000, width=256, length=128):
        super().__init__()
        self.tokens = nn.Embedding(vocab, width)
        self.positions = nn.Embedding(length, width)
        self.norm = nn.LayerNorm(width)
        layer = nn.TransformerEncoderLayer(width, 4, 1024, batch_first=True)
        self.layers = nn.TransformerEncoder(layer, 4, enable_nested_tensor=False)

    def forward(self, ids):
        positions = torch.arange(ids.shape[1])
        return self.layers(self.norm(self.tokens(ids) + self.positions(positions)))


_TORCHVISION_OPS = []


def resnet18():
    # torchvision's wheel carries C++ ops built against another torch build,
    # which fail to load beside the pinned one. resnet18 uses none of them,
    # but importing torchvision registers fakes for two, whose schemas must
    # be declared first (the library object keeps them alive).
    if not _TORCHVISION_OPS:
        library = torch.library.Library("torchvision", "DEF")
        for op in ("nms", "qnms"):
            library.define(f"{op}(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
        _TORCHVISION_OPS.append(library)
    import torchvision

    return torchvision.models.resnet18(weights=None)


def images(batch, size):
    return lambda: (torch.randn(batch, 3, size, size),)


# name -> (the model, its inputs)
MODELS = {
    "mlp": (MLP, lambda: (torch.randn(64, 512),)),
    "resnet_small_b1": (SmallResNet, images(1, 64)),
    "resnet_small_b8": (SmallResNet, images(8, 64)),
    "encoder_layer": (EncoderLayer, lambda: (torch.randn(4, 128, 256),)),
    "matmul": (MatMul, lambda: (torch.randn(512, 512), torch.randn(512, 512))),
    "tanh_fma": (TanhFMA, lambda: tuple(torch.randn(1024, 1024) for _ in range(3))),
    "softmax": (Softmax, lambda: (torch.randn(4096, 1024),)),
    "resnet18": (resnet18, images(1, 224)),
    "bert4": (Bert4, lambda: (torch.randint(0, 1000, (1, 128)),)),
}


def calibrated(model, make_inputs):
    """`model` in eval mode, its batch norms' running statistics taken from a
    few random batches first: with their defaults (mean 0, variance 1),
    random weights shrink or blow up activations through a deep CNN."""
    if any(isinstance(m, nn.modules.batchnorm._BatchNorm) for m in model.modules()):
        model.train()
        with torch.no_grad():
            for _ in range(4):
                model(*make_inputs())
    return model.eval()


# --- the runtimes -------------------------------------------------------------

def export_onnx(model, args, path):
    """Writes `model` to `path` (weights above a size threshold into a .data
    file beside it) with torch's default, torch.export-based exporter, or the
    TorchScript one where that fails. Returns None, or a note saying so."""
    try:
        torch.onnx.export(model, args, str(path), dynamo=True, verbose=False)
        return None
    except Exception as error:
        dynamo_failure = first_line(error)
    try:
        torch.onnx.export(model, args, str(path), dynamo=False, opset_version=17)
    except Exception as error:
        raise RuntimeError(f"dynamo=True: {dynamo_failure}; dynamo=False: "
                           f"{first_line(error)}") from None
    return f"exported by the TorchScript exporter (opset 17): dynamo=True failed: {dynamo_failure}"


def ort_call(path, arrays):
    """An onnxruntime session on the model at `path` with this run's threads,
    as a call on `arrays` taking nothing."""
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = THREADS
    options.inter_op_num_threads = 1
    session = onnxruntime.InferenceSession(str(path), options,
                                           providers=["CPUExecutionProvider"])
    feed = {i.name: array for i, array in zip(session.get_inputs(), arrays)}
    return functools.partial(session.run, None, feed)


def first_line(error):
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0] if lines else ''}"[:200]


def attempt(row, runtimes, stage, action):
    """(action(), its seconds), or None after recording `stage: reason` as
    the failure of each of `runtimes`."""
    start = time.perf_counter()
    try:
        value = action()
    except Exception as error:
        for runtime in runtimes:
            row["failed"][runtime] = f"{stage}: {first_line(error)}"
        return None
    return value, time.perf_counter() - start


def first_array(output):
    """The first tensor of a runtime's output (a tensor or array, or a list,
    tuple or dict of them) as a numpy array."""
    while isinstance(output, (list, tuple, dict)):
        output = next(iter(output.values())) if isinstance(output, dict) else output[0]
    if isinstance(output, torch.Tensor):
        return output.detach().numpy()
    return np.asarray(output)


def compare(got, want):
    """(max abs error, whether allclose) of `got` against eager's `want`."""
    if got.shape != want.shape:
        return math.inf, False
    if got.size == 0:
        return 0.0, True
    error = float(np.max(np.abs(got.astype(np.float64) - want.astype(np.float64))))
    return error, bool(np.allclose(got, want, rtol=RTOL, atol=ATOL))


def warm_up(row, calls):
    """Calls each runtime WARMUP times. Returns each one's first output and
    the seconds of its last call; a runtime whose call raises is dropped
    from `calls`, its reason recorded."""
    outputs, seconds = {}, {}
    for runtime, call in list(calls.items()):
        try:
            for i in range(WARMUP):
                start = time.perf_counter()
                output = call()
                seconds[runtime] = time.perf_counter() - start
                if i == 0:
                    outputs[runtime] = first_array(output)
        except Exception as error:
            row["failed"][runtime] = f"run: {first_line(error)}"
            del calls[runtime]
            outputs.pop(runtime, None)
            seconds.pop(runtime, None)
    return outputs, seconds


def alternate(calls, runs):
    """Median seconds of each call, the calls taking turns (a, b, c, a, b,
    c, ...), the garbage collector off meanwhile so that its pauses land on
    no one."""
    times = {runtime: [] for runtime in calls}
    gc.collect()
    gc.disable()
    try:
        for _ in range(runs):
            for runtime, call in calls.items():
                start = time.perf_counter()
                call()
                times[runtime].append(time.perf_counter() - start)
    finally:
        gc.enable()
    return {runtime: statistics.median(t) for runtime, t in times.items()}


def bench_model(name, tmp):
    """One model's row: medians (ms), setup times (s), errors against eager,
    failures and notes."""
    row = {"ms": {}, "setup_s": {}, "err": {}, "ok": {}, "failed": {}, "notes": []}
    make, make_inputs = MODELS[name]
    torch.manual_seed(0)
    built = attempt(row, ["eager"], "model", lambda: calibrated(make(), make_inputs))
    if built is None:
        return row
    model, args = built[0], make_inputs()
    arrays = [a.numpy() for a in args]
    calls = {"eager": functools.partial(model, *args)}

    def add(runtime, stage, make_call):
        made = attempt(row, [runtime], stage, make_call)
        if made is not None:
            calls[runtime], row["setup_s"][runtime] = made

    # Exports and compiles run with autograd on: under no_grad,
    # nn.TransformerEncoderLayer takes its inference fast path
    # (torch._transformer_encoder_layer_fwd), which eager should have but
    # an exported graph should not.
    path = tmp / "model.onnx"
    exported = attempt(row, ["ort", "onnx"] if CONFIG["onnx"] else ["ort"], "ONNX export",
                       lambda: export_onnx(model, args, path))
    if exported is not None:
        if exported[0]:
            row["notes"].append(exported[0])
        add("ort", "onnxruntime session", lambda: ort_call(path, arrays))
    add("ours", "fx.compile",
        lambda: functools.partial(fx.compile(model, *args, **OURS_OPTIONS), *args))
    if CONFIG["onnx"] and exported is not None:
        add("onnx", "torch_mlir.onnx.compile",
            lambda: functools.partial(tm_onnx.compile(path, **ONNX_OPTIONS), *arrays))
    if NAIVE_OPTIONS is not None:
        add("naive", "fx.compile(vectorize=False)",
            lambda: functools.partial(fx.compile(model, *args, **NAIVE_OPTIONS), *args))

    with torch.no_grad():
        outputs, seconds = warm_up(row, calls)
        if "eager" not in outputs:
            return row
        reference = outputs["eager"]
        for runtime, output in outputs.items():
            if runtime != "eager":
                row["err"][runtime], row["ok"][runtime] = compare(output, reference)
                if output.shape != reference.shape:
                    row["notes"].append(f"{runtime}'s output has shape {output.shape}, "
                                        f"eager's {reference.shape}")
        if reference.size and np.abs(reference).max() < 1e-3:
            row["notes"].append("eager's output is close to 0: the comparison says little")
        slow = {runtime: s for runtime, s in seconds.items() if s > SLOW_S}
        row["runs"] = CAPPED_RUNS if slow and RUNS > CAPPED_RUNS else RUNS
        if row["runs"] != RUNS:
            row["notes"].append(f"{row['runs']} runs, not {RUNS}: " + ", ".join(
                f"{runtime} takes {s:.1f} s a call" for runtime, s in slow.items()))
        medians = alternate(calls, row["runs"])
    row["ms"] = {runtime: s * 1e3 for runtime, s in medians.items()}
    return row


def pay_one_time_costs():
    """Compiles, exports and runs a tiny model once, untimed: a process's
    first fx.compile, export and session also pay for imports and LLVM's
    initialisation, which are no model's compile time."""
    model, x = nn.Linear(4, 4).eval(), torch.randn(2, 4)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "tiny.onnx"
        try:
            fx.compile(model, x, **OURS_OPTIONS)(x)
            export_onnx(model, (x,), path)
            ort_call(path, [x.numpy()])()
            if CONFIG["onnx"]:
                tm_onnx.compile(path, **ONNX_OPTIONS)(x.numpy())
        except Exception:
            pass  # what fails fails again on the models, where its reason is reported


def scaling_row(name):
    """Ours alone at each thread count of CONFIG["scaling"], the compiled
    programs taking turns: ms by thread count, or the reason it failed."""
    make, make_inputs = MODELS[name]
    torch.manual_seed(0)
    row = {"ms": {}, "setup_s": {}, "err": {}, "ok": {}, "failed": {}, "notes": []}
    try:
        model, args = calibrated(make(), make_inputs), make_inputs()
        calls = {str(n): functools.partial(fx.compile(model, *args, threads=n), *args)
                 for n in CONFIG["scaling"]}
    except Exception as error:
        return {"failed": first_line(error)}
    with torch.no_grad():
        warm_up(row, calls)
        if row["failed"]:
            return {"failed": "; ".join(row["failed"].values())}
        medians = alternate(calls, RUNS)
    return {"ms": {n: s * 1e3 for n, s in medians.items()}}


def main():
    if CONFIG.get("scaling"):
        fx.compile(nn.Linear(4, 4).eval(), torch.randn(2, 4))(torch.randn(2, 4))
        results = {"scaling": {}}
        for name in CONFIG["models"]:
            print(f"[ours alone, threads {CONFIG['scaling']}] {name}", flush=True)
            results["scaling"][name] = scaling_row(name)
        Path(sys.argv[2]).write_text(json.dumps(results))
        return
    pay_one_time_costs()
    results = {"threads": THREADS, "runs": RUNS, "notes": NOTES,
               "ours_threads": bool(OURS_OPTIONS), "models": {},
               "versions": {name: version(name) for name in
                            ("torch", "onnxruntime", "onnx", "onnxscript")}}
    for name in CONFIG["models"]:
        print(f"[{THREADS} thread(s)] {name}", flush=True)
        with tempfile.TemporaryDirectory() as tmp:
            row = bench_model(name, Path(tmp))
        results["models"][name] = row
        done = [f"{runtime} {ms:.3f} ms" for runtime, ms in row["ms"].items()]
        done += [f"{runtime} failed" for runtime in row["failed"]]
        print(f"    {', '.join(done)}", flush=True)
    Path(sys.argv[2]).write_text(json.dumps(results))


main()
'''


def pinned_wheels(*names):
    """The distdir's files of the wheels deps.lock pins under `names` (./bazelw
    fetched them and checked their sha256)."""
    distdir = default_distdir()
    files = {item.name: distdir / item.file for item in read_lock(DEFAULT_LOCK)}
    missing = [name for name in names if not files[name].exists()]
    if missing:
        raise SystemExit(f"bench: {', '.join(missing)} missing from {distdir}: run ./bazelw "
                         "(any command) to fetch the pinned inputs")
    return [files[name] for name in names]


def bench_venv(path, wheels):
    """A fresh venv with `wheels` and the peers, from the distdir only."""
    distdir = default_distdir()
    python = pip_install(make_venv(path), [*wheels, *pinned_wheels(
        "torch", "onnx", "onnxruntime", "onnxscript", "pillow")], find_links=distdir)
    # torchvision's wheel requires the torch it was built with; without its
    # dependencies it goes in beside the pinned CPU torch (its C++ ops are
    # never loaded: see resnet18 in INNER).
    return pip_install(python, pinned_wheels("torchvision"), no_deps=True)


def thread_counts(choice):
    everything = len(os.sched_getaffinity(0))
    counts = {"1": [1], "all": [everything], "both": [1, everything]}[choice]
    if choice == "both" and everything == 1:
        print("one CPU available: one table, at 1 thread")
    return sorted(set(counts))


def run_setting(python, script, tmp, threads, args):
    """INNER's results at `threads` threads, from a process of its own."""
    out = tmp / f"results-{threads}.json"
    config = {"threads": threads, "runs": args.runs, "models": args.models, "onnx": args.onnx,
              "naive": args.naive, "rtol": RTOL, "atol": ATOL}
    print(f"\n-- {threads} thread(s): {len(args.models)} model(s)", flush=True)
    done = subprocess.run([str(python), str(script), json.dumps(config), str(out)], cwd=tmp)
    if done.returncode:
        raise SystemExit(f"bench: the {threads}-thread run failed (its output is above)")
    return json.loads(out.read_text())


# --- the report ---------------------------------------------------------------

def column(text):
    return f" {text:>{WIDTH}}"


def ms_cell(row, runtime):
    if runtime in row["ms"]:
        return column(f"{row['ms'][runtime]:.3f}")
    return column("failed" if runtime in row["failed"] else "-")


def seconds_cell(row, runtime):
    seconds = row["setup_s"].get(runtime)
    return column("-" if seconds is None else f"{seconds:.2f}")


def report(result):
    threads, rows = result["threads"], result["models"]
    print(f"\n== {threads} thread(s): torch.set_num_threads({threads}); onnxruntime "
          f"intra_op_num_threads={threads}, inter_op_num_threads=1")
    for note in result["notes"]:
        print(f"note: {note}")
    for variant in VARIANTS:
        if any(variant in row["ms"] or variant in row["failed"] for row in rows.values()):
            variant_table(variant, rows, result["runs"])
    problems(rows)


def variant_table(variant, rows, runs):
    """Eager, ort and `variant` side by side, with `variant`'s ratios to each
    peer (ours too, for the optional columns), and their geometric means over
    the models where `variant` matches eager."""
    peers = ["ort", "eager"] + (["ours"] if variant != "ours" else [])
    print(f"\n{VARIANTS[variant]}\nmedian ms of {runs} calls (runtimes alternating); "
          f"{variant}/X below 1: {variant} is faster; compile s: {variant}'s; session s: "
          f"onnxruntime's session creation; max err: {variant}'s, against eager")
    print(f"{'model':16}" + "".join(column(h) for h in (
        "eager ms", "ort ms", f"{variant} ms", *(f"{variant}/{p}" for p in peers),
        "compile s", "session s")) + "  max err")
    ratios = {peer: [] for peer in peers}
    for name, row in rows.items():
        ms = row["ms"]
        line = f"{name:16}" + "".join(ms_cell(row, r) for r in ("eager", "ort", variant))
        for peer in peers:
            if variant in ms and peer in ms:
                line += column(f"{ms[variant] / ms[peer]:.2f}")
                if row["ok"].get(variant):
                    ratios[peer].append(ms[variant] / ms[peer])
            else:
                line += column("-")
        line += seconds_cell(row, variant) + seconds_cell(row, "ort")
        if variant in row["err"]:
            line += f"  {row['err'][variant]:.1e}" + ("" if row["ok"][variant] else "  MISMATCH")
        print(line)
    mismatched = [name for name, row in rows.items() if row["ok"].get(variant) is False]
    for peer in peers:
        if ratios[peer]:
            print(f"geometric mean of {variant}/{peer}: "
                  f"{statistics.geometric_mean(ratios[peer]):.2f} over {len(ratios[peer])} "
                  f"model(s)" + (f" (left out, a mismatch: {', '.join(mismatched)})"
                                 if mismatched else ""))


def problems(rows):
    failures, notes = [], []
    for name, row in rows.items():
        failures += [f"  {name}, {runtime}: {reason}" for runtime, reason in row["failed"].items()]
        failures += [f"  {name}, {runtime}: MISMATCH against eager, max abs error "
                     f"{row['err'][runtime]:.3g} (allclose rtol {RTOL}, atol {ATOL})"
                     for runtime, ok in row["ok"].items() if not ok]
        notes += [f"  {name}: {note}" for note in row["notes"]]
    if failures:
        print(f"\n{len(failures)} failure(s) and mismatch(es):")
        print("\n".join(failures))
    if notes:
        print("\nnotes:")
        print("\n".join(notes))


def report_scaling(one, many):
    """Each runtime's speedup from 1 thread to `many`'s."""
    n = many["threads"]
    runtimes = [r for r in RUNTIMES if any(r in row["ms"] for row in one["models"].values())]
    print(f"\n== speedup from 1 thread to {n} (ms at 1 thread / ms at {n}; above 1: faster "
          "with more threads)")
    if not many["ours_threads"]:
        print("note: ours ignores the thread setting: its figures show noise only")
    print(f"{'model':16}" + "".join(column(r) for r in runtimes))
    speedups = {runtime: [] for runtime in runtimes}
    for name, row in one["models"].items():
        other = many["models"].get(name, {}).get("ms", {})
        line = f"{name:16}"
        for runtime in runtimes:
            if runtime in row["ms"] and runtime in other:
                speedups[runtime].append(row["ms"][runtime] / other[runtime])
                line += column(f"{speedups[runtime][-1]:.2f}")
            else:
                line += column("-")
        print(line)
    print(f"{'geometric mean':16}" + "".join(
        column(f"{statistics.geometric_mean(s):.2f}" if s else "-") for s in speedups.values()))


def run_scaling(python, script, tmp, args):
    """Ours alone at 1 thread and at every CPU, alternating in one process
    (no peer's threads share the cores): the speedup."""
    everything = len(os.sched_getaffinity(0))
    out = tmp / "scaling.json"
    config = {"threads": 1, "runs": args.runs, "models": args.models, "onnx": False,
              "naive": False, "rtol": RTOL, "atol": ATOL, "scaling": [1, everything]}
    print(f"\n-- ours alone, 1 thread against {everything}", flush=True)
    done = subprocess.run([str(python), str(script), json.dumps(config), str(out)], cwd=tmp)
    if done.returncode:
        raise SystemExit("bench: the scaling run failed (its output is above)")
    rows = json.loads(out.read_text())["scaling"]
    print(f"\n== ours alone: ms at 1 thread and at {everything}, alternating call by call; "
          f"speedup = ms at 1 / ms at {everything}")
    print(f"{'model':16}" + column("1 thread") + column(f"{everything} threads") + column("speedup"))
    speedups = []
    for name, row in rows.items():
        if "failed" in row:
            print(f"{name:16} failed: {row['failed']}")
            continue
        one, many = row["ms"]["1"], row["ms"][str(everything)]
        speedups.append(one / many)
        print(f"{name:16}" + column(f"{one:.3f}") + column(f"{many:.3f}") + column(f"{one / many:.2f}"))
    if speedups:
        print(f"{'geometric mean':16}" + column("") + column("") +
              column(f"{statistics.geometric_mean(speedups):.2f}"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21,
                        help="timed calls per runtime and model (at least 5)")
    parser.add_argument("--models", nargs="+", choices=MODELS, default=list(MODELS),
                        metavar="NAME", help=f"some of: {', '.join(MODELS)} (default: all)")
    parser.add_argument("--threads", choices=["1", "all", "both"], default="both")
    parser.add_argument("--onnx", action="store_true",
                        help="also ours through torch_mlir.onnx.compile on the ONNX file")
    parser.add_argument("--naive", action="store_true",
                        help="also ours without vectorization (vectorize=False)")
    parser.add_argument("--scaling", action="store_true",
                        help="only ours, at 1 thread against every CPU, alternating in one "
                             "process (no peers: their idle threads spin on the same cores)")
    args = parser.parse_args()
    if args.runs < 5:
        parser.error("--runs must be at least 5 (medians of fewer runs are noise)")
    args.models = list(dict.fromkeys(args.models))  # each once, in the order given
    core, torch_wheel = built_wheel("torch_mlir_core"), built_wheel("torch_mlir")
    if not core or not torch_wheel:
        raise SystemExit("bench: build the wheels first: ./bazelw build "
                         "//python:torch_mlir_core_wheel //python:torch_mlir_wheel")
    print(f"wheels: {core.name}, {torch_wheel.name}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        python = bench_venv(tmp / "venv", [core, torch_wheel])
        script = tmp / "inner.py"
        script.write_text(INNER)
        if args.scaling:
            run_scaling(python, script, tmp, args)
            return
        results = []
        for threads in thread_counts(args.threads):
            results.append(run_setting(python, script, tmp, threads, args))
            if len(results) == 1:
                print("versions: " + ", ".join(f"{name} {v}" for name, v in
                                               results[0]["versions"].items()))
            report(results[-1])
    if len(results) == 2:
        report_scaling(*results)


if __name__ == "__main__":
    main()
