"""Our torch-mlir-core wheel against upstream's torch-mlir 20261001, side by side.

Each wheel goes into its own fresh venv (upstream's from PyPI via `pip
download torch-mlir==20261001 --no-deps`, installed with --no-deps). Prints:
  - wheel size and installed size;
  - `import torch_mlir.ir; from torch_mlir.dialects import torch`: wall time and
    peak RSS, median of N runs, the two alternating so both see the same noise;
  - parse + print throughput on a generated Torch IR file of >= 10 MB.
Ratios are ours / upstream's (< 1.0 is better for time, size and RSS).

Usage: python3 -m bench.python_package [--ours WHEEL] [--runs 7]
"""

import argparse
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from bench.common import built_wheel, make_venv, pip_install, upstream_wheel

IMPORT = "import torch_mlir.ir; from torch_mlir.dialects import torch"

PARSE_PRINT = """
import sys, time
import torch_mlir.ir as ir
from torch_mlir.dialects import torch as torch_d
text = open(sys.argv[1]).read()
with ir.Context() as ctx:
    torch_d.register_dialect(ctx)
    start = time.perf_counter()
    module = ir.Module.parse(text)
    printed = str(module)
    elapsed = time.perf_counter() - start
print(elapsed, len(printed))
"""


def installed_size(python):
    site = subprocess.run([str(python), "-c", "import torch_mlir.ir, os; print(os.path.dirname(torch_mlir.ir.__file__))"],
                          capture_output=True, text=True, check=True).stdout.strip()
    return sum(f.stat().st_size for f in Path(site).rglob("*") if f.is_file())


def import_stats(python):
    probe = ("import resource, subprocess, sys, time\n"
             "s = time.perf_counter()\n"
             f"subprocess.run([sys.executable, '-c', {IMPORT!r}], check=True)\n"
             "w = time.perf_counter() - s\n"
             "print(w, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)\n")
    proc = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, check=True)
    wall, rss = proc.stdout.split()
    return float(wall), float(rss)


def generate_ir(path, target_mb=10.0):
    """A long straight-line function of ATen ops on static shapes, >= target_mb."""
    vt = "!torch.vtensor<[64,128],f32>"
    lines = [f"func.func @big(%arg0: {vt}, %arg1: {vt}) -> {vt} {{",
             "  %int1 = torch.constant.int 1", f"  %v0 = torch.aten.add.Tensor %arg0, %arg1, %int1 : {vt}, {vt}, !torch.int -> {vt}"]
    size, i = sum(len(l) for l in lines), 0
    while size < target_mb * 1e6:
        i += 1
        for line in (f"  %m{i} = torch.aten.mul.Tensor %v{i - 1}, %arg1 : {vt}, {vt} -> {vt}",
                     f"  %r{i} = torch.aten.relu %m{i} : {vt} -> {vt}",
                     f"  %v{i} = torch.aten.sub.Tensor %r{i}, %arg0, %int1 : {vt}, {vt}, !torch.int -> {vt}"):
            lines.append(line)
            size += len(line) + 1
    lines += [f"  return %v{i} : {vt}", "}"]
    path.write_text("\n".join(lines) + "\n")
    return path.stat().st_size


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ours", type=Path, default=built_wheel("torch_mlir_core"))
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    if not args.ours or not args.ours.exists():
        raise SystemExit("bench: build the wheel first: ./bazelw build //python:torch_mlir_core_wheel")
    theirs = upstream_wheel()
    work = Path(tempfile.mkdtemp(prefix="torch-mlir-bench-"))
    try:
        pythons = {"ours": pip_install(make_venv(work / "ours"), [args.ours]),
                   "upstream": pip_install(make_venv(work / "upstream"), [theirs], no_deps=True)}
        wheels = {"ours": args.ours, "upstream": theirs}
        print(f"ours:     {args.ours.name}\nupstream: {theirs.name}\n")
        print(f"{'':34} {'ours':>12} {'upstream':>12} {'ratio':>7}")

        def row(label, ours, up, unit, fmt="{:.1f}"):
            print(f"{label:34} {fmt.format(ours) + unit:>12} {fmt.format(up) + unit:>12} {ours / up:7.3f}")

        row("wheel size", wheels["ours"].stat().st_size / 1e6, wheels["upstream"].stat().st_size / 1e6, " MB")
        row("installed size", installed_size(pythons["ours"]) / 1e6, installed_size(pythons["upstream"]) / 1e6, " MB")

        samples = {k: [] for k in pythons}
        for _ in range(args.runs):
            for key, python in pythons.items():
                samples[key].append(import_stats(python))
        med = {k: (statistics.median(w for w, _ in v), statistics.median(r for _, r in v)) for k, v in samples.items()}
        row(f"import wall (median of {args.runs})", med["ours"][0] * 1000, med["upstream"][0] * 1000, " ms")
        row(f"import peak RSS (median of {args.runs})", med["ours"][1], med["upstream"][1], " MB")

        ir_file = work / "big.mlir"
        size = generate_ir(ir_file)
        script = work / "parse_print.py"
        script.write_text(PARSE_PRINT)
        rates = {k: [] for k in pythons}
        for _ in range(3):
            for key, python in pythons.items():
                out = subprocess.run([str(python), str(script), str(ir_file)], capture_output=True,
                                     text=True, check=True).stdout.split()
                rates[key].append(size / 1e6 / float(out[0]))
        thr = {k: statistics.median(v) for k, v in rates.items()}
        row(f"parse+print {size / 1e6:.1f} MB (median of 3)", thr["ours"], thr["upstream"], " MB/s")
        print("\n(ratio for throughput: > 1.0 means ours is faster)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
