"""Fails when a shipped binary's closure holds an overlay library we replaced.

Reads the output of the genquery next to this file: the replaced overlay
libraries (utils/bazel/mlir_subsets/replaced.bzl) found among the deps of the
core wheel and torch-mlir-opt. It must be empty.
"""

import sys
from pathlib import Path


def offenders(query_output):
    return [line.strip() for line in query_output.splitlines() if line.strip()]


def main(path):
    # The check itself must be able to fail: a line of query output is an offender.
    assert offenders("@llvm-project//mlir:SCFTransforms\n") == ["@llvm-project//mlir:SCFTransforms"]
    found = offenders(Path(path).read_text())
    if found:
        print("These overlay libraries are linked next to the subsets of "
              "//utils/bazel/mlir_subsets that replace them (the same symbols twice):")
        for label in found:
            print(f"  {label}")
        print("Depend on the subset instead, or add what is missing to it.")
        return 1
    print("no replaced overlay library is linked")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
