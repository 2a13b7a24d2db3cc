"""The version both wheels carry; the torch wheel pins the core wheel to it.

This is the next release. Nightlies are its pre-releases: `tools/release`
stamps `<TORCH_MLIR_VERSION>.dev<YYYYMMDD>` through the //python:version flag.
After releasing it, raise it here.

Epoch 1 (`1!`): `torch-mlir` is also upstream's name on PyPI, versioned by
date (20261001), and every epoch-1 version sorts above every one of those, so
pip never mixes upstream's wheel (which ships its own torch_mlir/ir.py and
_mlir_libs, the files of our torch-mlir-core) into an environment that asked
for ours. docs/releasing.md says what `pip install` then picks.
"""

TORCH_MLIR_VERSION = "1!0.1.0"

# The torch releases the torch-mlir wheel claims: those its tests run against
# (deps.lock pins 2.13.0 and 2.14.1, the range's ends; the torch-linked tests
# named in utils/bazel/rules/torch_versions.bzl run on both), not older ones
# nobody tested. Widen it only with tests on the new bound.
TORCH_REQUIREMENT = "torch>=2.13,<2.15"

# What an index page shows about both wheels (METADATA).
CLASSIFIERS = [
    "Development Status :: 3 - Alpha",
    "Intended Audience :: Developers",
    "Intended Audience :: Science/Research",
    "Operating System :: POSIX :: Linux",
    "Programming Language :: C++",
    "Programming Language :: Python :: 3",
    "Programming Language :: Python :: 3 :: Only",
    "Programming Language :: Python :: 3.10",
    "Programming Language :: Python :: 3.11",
    "Programming Language :: Python :: 3.12",
    "Programming Language :: Python :: 3.13",
    "Topic :: Scientific/Engineering :: Artificial Intelligence",
    "Topic :: Software Development :: Compilers",
]

PROJECT_URLS = [
    "Upstream, https://github.com/llvm/torch-mlir",
    "MLIR, https://mlir.llvm.org",
]
