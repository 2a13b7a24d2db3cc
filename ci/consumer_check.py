"""The consumer workspace's tests, and which C++ its build compiled.

Runs `bazelw test --config=ci //...` in examples/consumer with Bazel's
execution log, then counts the C++ compiles that ran rather than came from a
cache, by whose sources they are: torch-mlir's (they compile in
@torch_mlir_cc, see utils/bazel/rules/cc.bzl), LLVM's and MLIR's
(@llvm-project), anything else under external/ (for instance @torch_mlir,
which would be our C++ compiled a second time, under another name), and the
consumer's own.

With --require-cached, only the consumer's own may compile: run after
torch-mlir's test suite has filled the disk cache (as .ci/run does), every
other compile the consumer needs is in it, so one that ran means an action
that differs between the two workspaces.

Exit: Bazel's status when the build or a test fails; otherwise 1 when
--require-cached finds another compile that ran, 0 when not.

Usage: python3 -m ci.consumer_check [--require-cached] [BAZEL TEST FLAG ...]
"""

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from ci.bazel import ROOT
from ci.execution_log import execution_log_flags, ran_and_hits, read_execution_log

CONSUMER = ROOT / "examples" / "consumer"

OURS = "torch-mlir's (@torch_mlir_cc)"
LLVM = "LLVM's and MLIR's (@llvm-project)"
OWN = "the consumer's own"


def owner(source):
    """Whose source a compile's input is, from its exec path."""
    parts = source.split("/")
    if parts[0] == "bazel-out":
        # A generated source (a unity batch): bazel-out/<config>/bin/<path>.
        parts = parts[3:]
    if parts[0] != "external":
        return OWN
    return {"torch_mlir_cc": OURS, "llvm-project": LLVM}.get(parts[1], "@" + parts[1])


def compiled_source(spawn):
    """The file a CppCompile spawn compiles (the argument after -c)."""
    args = spawn.get("commandArgs", [])
    return args[args.index("-c") + 1] if "-c" in args[:-1] else "?"


def compiles_that_ran(spawns):
    """({owner: sources of the compiles that ran}, count of compiles from a cache)."""
    ran, cached = ran_and_hits([s for s in spawns if s.get("mnemonic") == "CppCompile"])
    sources = {}
    for spawn in ran:
        source = compiled_source(spawn)
        sources.setdefault(owner(source), []).append(source)
    return sources, cached


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--require-cached", action="store_true",
                        help="fail if anything but the consumer's own sources compiled")
    args, bazel_flags = parser.parse_known_args(argv)
    with tempfile.TemporaryDirectory(prefix="consumer-check-") as tmp:
        exec_log = Path(tmp) / "exec.json"
        status = subprocess.run(
            [str(ROOT / "bazelw"), "test", "--config=ci", *execution_log_flags(exec_log),
             *bazel_flags, "//..."], cwd=CONSUMER).returncode
        if status != 0:
            print(f"consumer: bazel test exited {status}", flush=True)
            return status
        sources, cached = compiles_that_ran(read_execution_log(exec_log))
    owners = [OWN, OURS, LLVM] + sorted(set(sources) - {OWN, OURS, LLVM})
    counts = "; ".join(f"{who} {len(sources.get(who, []))}" for who in owners)
    print(f"consumer: C++ compiles that ran: {counts} ({cached} from the cache)", flush=True)
    others = {who: s for who, s in sources.items() if who != OWN}
    if args.require_cached and others:
        for who, srcs in sorted(others.items()):
            shown = ", ".join(sorted(srcs)[:5]) + (" ..." if len(srcs) > 5 else "")
            print(f"error: {len(srcs)} compiles of {who} sources ran, which torch-mlir's own "
                  f"build should have put in the cache: {shown}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
