"""The version both wheels carry; the torch wheel pins the core wheel to it.

This is the next release. Nightlies are its pre-releases: `tools/release`
stamps `<TORCH_MLIR_VERSION>.dev<YYYYMMDD>` through the //python:version flag.
After releasing it, raise it here.
"""

TORCH_MLIR_VERSION = "0.1.0"

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
