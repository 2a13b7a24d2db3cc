"""`python -m torch_mlir.tools.opt` and the `torch-mlir-opt` command: run the
torch-mlir-opt binary shipped in this package with the given arguments."""

import os
import sys
from pathlib import Path

BINARY = Path(__file__).resolve().parents[2] / "_mlir_libs" / "torch-mlir-opt"


def main():
    if not os.access(BINARY, os.X_OK):
        sys.exit(f"torch-mlir-opt: {BINARY} is missing or not executable; reinstall torch-mlir-core")
    os.execv(BINARY, [str(BINARY)] + sys.argv[1:])


if __name__ == "__main__":
    main()
