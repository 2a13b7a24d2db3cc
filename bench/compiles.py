"""The build's C/C++ compiles, run by hand outside Bazel, for the benches that price them.

compile_actions() takes the command lines from `bazel aquery`, execution_root()
is where they run, and run_compile() times one of them with its output in a
scratch directory, so nothing in the build changes. The execroot must hold the
generated headers: build the targets' deps first.
"""

import json
import subprocess
import time
from pathlib import Path

from build_profile import REPO


def execution_root():
    out = subprocess.run([str(REPO / "bazelw"), "info", "execution_root"], cwd=REPO,
                         capture_output=True, text=True, check=True)
    return Path(out.stdout.strip())


def compile_actions(targets):
    """[(target label, source, argument list)] of the targets' own compiles."""
    out = subprocess.run([str(REPO / "bazelw"), "aquery", "--config=ci",
                          f'mnemonic("CppCompile", {" + ".join(targets)})', "--output=jsonproto"],
                         cwd=REPO, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"bench: aquery failed:\n{out.stderr[-2000:]}")
    data = json.loads(out.stdout or "{}")
    labels = {t["id"]: t["label"] for t in data.get("targets", [])}
    actions = []
    for action in data.get("actions", []):
        args = action["arguments"]
        actions.append((labels.get(action["targetId"], "?"), args[args.index("-c") + 1], args))
    return actions


def run_compile(execroot, args, level, scratch, source=None):
    """Seconds one compile took, with `level` in place of -O2 and the output in
    scratch; `source`, if given, is compiled in place of the command's own.
    A failed compile raises CalledProcessError with the compiler's stderr."""
    args = list(args)
    at = args.index("-O2")
    args[at:at + 1] = level
    if source is not None:
        args[args.index("-c") + 1] = str(source)
    out = args.index("-o")
    args[out + 1] = str(scratch / "out.o")
    args[args.index("-MF") + 1] = str(scratch / "out.d")
    start = time.perf_counter()
    subprocess.run(args, cwd=execroot, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.PIPE, text=True)
    return time.perf_counter() - start
