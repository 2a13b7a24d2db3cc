"""Fails when a shipped binary's closure holds an overlay library it must not.

Reads the outputs of the two genqueries next to this file, over the deps of the
core wheel and torch-mlir-opt (the lists are in
utils/bazel/mlir_subsets/replaced.bzl):
- the overlay libraries a target of ours replaces (linking one would define
  the same symbols twice);
- the LLVM libraries the build leaves out (depending on one compiles LLVM's
  pass builder and its optimizers again).
Both must be empty.
"""

import sys
from pathlib import Path


def offenders(query_output):
    return [line.strip() for line in query_output.splitlines() if line.strip()]


def report(found, what, fix):
    if not found:
        return 0
    print(what)
    for label in found:
        print(f"  {label}")
    print(fix)
    return 1


def main(replaced_path, left_out_path):
    # The check itself must be able to fail: a line of query output is an offender.
    assert offenders("@llvm-project//mlir:SCFTransforms\n") == ["@llvm-project//mlir:SCFTransforms"]
    failures = report(
        offenders(Path(replaced_path).read_text()),
        "These overlay libraries are linked next to the targets of ours that "
        "replace them (the same symbols twice):",
        "Depend on the replacement instead (utils/bazel/mlir_subsets/replaced.bzl), "
        "or add what is missing to it.")
    failures += report(
        offenders(Path(left_out_path).read_text()),
        "These LLVM libraries are left out of the build "
        "(utils/bazel/patches/llvm-jit-without-pass-builder.patch), but something "
        "we ship depends on them:",
        "Find the path with `./bazelw query 'somepath(//python:torch_mlir_core_wheel, "
        "<library>)'` and cut it.")
    if failures:
        return 1
    print("no replaced overlay library is linked, no left-out LLVM library is built")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
