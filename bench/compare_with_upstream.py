#!/usr/bin/env python3
"""Our torch-mlir-opt against upstream's, side by side, on the same IR.

Upstream's binary comes from the torch-mlir 20261001 wheel on PyPI (fetched
with pip into ~/.cache/torch-mlir/bench once). For each input, both tools
parse and print it, then each parses the other's output. Prints one row per
input and totals: identical output, each tool accepts the other's output.
SSA value names may differ (they are not part of the IR); the comparison
renumbers them before diffing.

Usage: bench/compare_with_upstream.py [--ours PATH] [--upstream PATH] [FILES...]
Default files: the lit inputs that must round-trip (not invalid*.mlir).
"""

import argparse
import difflib
import glob
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
UPSTREAM_WHEEL = "torch-mlir==20261001"
CACHE = Path.home() / ".cache" / "torch-mlir" / "bench"


def upstream_opt():
    target = CACHE / "upstream" / "torch-mlir-opt"
    if target.exists():
        return target
    CACHE.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(CACHE),
                    UPSTREAM_WHEEL], check=True)
    wheel = next(CACHE.glob("torch_mlir-20261001-*.whl"))
    target.parent.mkdir(exist_ok=True)
    with zipfile.ZipFile(wheel) as zf:
        target.write_bytes(zf.read("torch_mlir/_mlir_libs/torch-mlir-opt"))
    target.chmod(0o755)
    return target


def run(tool, text):
    proc = subprocess.run([str(tool), "-", "--split-input-file"], input=text,
                          capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def normalized(ir):
    """Renames SSA values %name to %v<N> in order of appearance, per function."""
    out = []
    names = {}

    def rename(m):
        return names.setdefault(m.group(0), f"%v{len(names)}")
    for line in ir.splitlines(True):
        if "func.func" in line:
            names = {}
        out.append(re.sub(r"%[A-Za-z_$.\-0-9]+", rename, line))
    return "".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ours", default=str(REPO / "bazel-bin/tools/torch-mlir-opt/torch-mlir-opt"))
    parser.add_argument("--upstream", default=None)
    parser.add_argument("--show-diffs", action="store_true")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = args.files or sorted(f for f in glob.glob(str(REPO / "test/Dialect/**/*.mlir"), recursive=True)
                                 if not Path(f).name.startswith("invalid"))
    ours, theirs = Path(args.ours), Path(args.upstream) if args.upstream else upstream_opt()

    totals = {"identical": 0, "upstream parses ours": 0, "ours parses upstream": 0}
    print(f"{'input':40} {'identical':>9} {'up<-ours':>9} {'ours<-up':>9}")
    for path in files:
        text = Path(path).read_text()
        rc_o, out_o, err_o = run(ours, text)
        rc_u, out_u, err_u = run(theirs, text)
        same = rc_o == 0 and rc_u == 0 and normalized(out_o) == normalized(out_u)
        up_takes_ours = rc_o == 0 and run(theirs, out_o)[0] == 0
        ours_takes_up = rc_u == 0 and run(ours, out_u)[0] == 0
        for key, ok in zip(totals, (same, up_takes_ours, ours_takes_up)):
            totals[key] += ok
        rel = str(Path(path).relative_to(REPO)) if path.startswith(str(REPO)) else path
        print(f"{rel:40} {'yes' if same else 'NO':>9} {'yes' if up_takes_ours else 'NO':>9} "
              f"{'yes' if ours_takes_up else 'NO':>9}")
        if args.show_diffs and not same:
            if rc_u != 0:
                print("  upstream rejected it:", err_u.strip().splitlines()[0] if err_u.strip() else rc_u)
            sys.stdout.writelines("  " + l for l in difflib.unified_diff(
                normalized(out_u).splitlines(True), normalized(out_o).splitlines(True),
                "upstream", "ours", n=0))
    n = len(files)
    print(f"totals over {n} inputs: " + ", ".join(f"{k} {v}/{n} ({v / n:.0%})" for k, v in totals.items()))


if __name__ == "__main__":
    main()
