"""Every external repository torch-mlir's build uses, in one place.

A WORKSPACE (ours or a consumer's) calls, in this order:

    load("@torch_mlir//utils/bazel:deps.bzl", "torch_mlir_dependencies")
    torch_mlir_dependencies()
    load("@torch_mlir//utils/bazel:llvm_configure.bzl", "torch_mlir_llvm_configure")
    torch_mlir_llvm_configure()

The second step is separate only because it loads a .bzl file from @llvm-raw,
which must exist first. Nothing here downloads: pinned inputs come from the
distdir that ./bazelw fills and verifies; Bazel's own rule sets come from
Debian's packages (/usr/share/bazel) and the shims in utils/bazel/shims/.
"""

load("//utils/bazel/repositories:local_python.bzl", "local_python")
load("//utils/bazel/repositories:pinned.bzl", "pinned_archive", "pinned_wheel")
load("//utils/bazel/repositories:shim_repository.bzl", "shim_repository")
load("//utils/bazel/repositories:torch_mlir_cc.bzl", "torch_mlir_cc")
load("//utils/bazel/repositories:zig_sdk.bzl", "zig_sdk")

PYTHON_VERSION = "3.11"

# PyTorch 2.13.0 (CPU) and what `import torch` needs. Torch-linked: only
# targets tagged so may reach it (//test/closure enforces this).
TORCH_WHEELS = [
    "torch",
    "filelock",
    "fsspec",
    "jinja2",
    "markupsafe",
    "mpmath",
    "networkx",
    "setuptools",
    "sympy",
    "typing_extensions",
]

# PyTorch 2.14.1, the newest release the torch-mlir wheel claims
# (python/version.bzl), for the tests that run on both ends of that range
# (//utils/bazel/rules:torch_versions.bzl). PyPI has no CPU build of it for
# x86_64: this is the CUDA 13 build, whose libtorch_cuda.so needs these CUDA
# libraries to load at all (torch finds them on sys.path and preloads them);
# nothing here runs on a GPU. Beside 2.13.0's other dependencies: 2.7 GB of
# wheels, 4.4 GB unpacked, each in its own repository so Bazel unpacks them
# side by side.
TORCH_2_14_WHEELS = [
    "torch_2_14",
    "nvidia_cublas",
    "nvidia_cuda_cupti",
    "nvidia_cuda_nvrtc",
    "nvidia_cuda_runtime",
    "nvidia_cudnn_cu13",
    "nvidia_cufft",
    "nvidia_cufile",
    "nvidia_curand",
    "nvidia_cusolver",
    "nvidia_cusparse",
    "nvidia_cusparselt_cu13",
    "nvidia_nccl_cu13",
    "nvidia_nvjitlink",
    "nvidia_nvshmem_cu13",
]

# What @llvm-raw extracts of LLVM's source tarball: what the overlay builds
# from (LLVM, MLIR, the overlay itself, the license), without LLVM's and
# MLIR's tests and docs and the other projects: 12,300 of its 146,000 files,
# 183 MB of 1.6 GB. Every output base extracts them, and deletes them on
# `clean --expunge`: 20 s for both instead of 109 s, syncing to disk.
LLVM_SOURCE_MEMBERS = ["LICENSE.TXT", "cmake", "llvm", "mlir", "third-party", "utils"]
LLVM_SOURCE_EXCLUDE = [
    "llvm/docs",
    "llvm/test",
    "llvm/unittests",
    "mlir/docs",
    "mlir/test",
    "mlir/unittests",
]

# The real-model corpus (//test/onnx:exported_models_*): onnxruntime is the
# reference, onnxscript the dynamo exporter's ONNX builder, transformers and
# torchvision the models' code (torchvision's C++ ops are not used: its wheel
# is built against another torch), with what each of them imports.
CORPUS_WHEELS = [
    "onnxruntime",
    "flatbuffers",
    "onnxscript",
    "onnx_ir",
    "torchvision",
    "pillow",
    "transformers",
    "huggingface_hub",
    "kernels",
    "tokenizers",
    "safetensors",
    "regex",
    "pyyaml",
    "tqdm",
    "typer",
    "click",
    "shellingham",
    "annotated_doc",
    "hf_xet",
    "httpx2",
    "httpcore2",
    "h11",
    "anyio",
    "truststore",
    "tomlkit",
    "pydantic",
    "pydantic_core",
    "annotated_types",
    "typing_inspection",
    # torchvision for torch 2.14.1 (its 2.13.0 one requires that torch), for the
    # corpus's tests on the newest torch the wheel claims.
    "torchvision_2_14",
]

# Wheels pinned in deps.lock; each becomes @pypi_<name>//:pkg (and :whl).
PINNED_WHEELS = [
    "auditwheel",
    "iniconfig",
    "lit",
    "numpy",
    "numpy_cp310",
    "numpy_cp312",
    "numpy_cp313",
    "packaging",
    "pluggy",
    "pyelftools",
    "pytest",
    "wheel",
] + TORCH_WHEELS + TORCH_2_14_WHEELS + [
    # tools/release: twine publishes (without keyring: credentials come from
    # TWINE_USERNAME/TWINE_PASSWORD or ~/.pypirc) ...
    "certifi",
    "charset_normalizer",
    "docutils",
    "id",
    "idna",
    "markdown_it_py",
    "mdurl",
    "nh3",
    "pygments",
    "readme_renderer",
    "requests",
    "requests_toolbelt",
    "rfc3986",
    "rich",
    "twine",
    "urllib3",
    # ... and its tests publish to pypiserver on 127.0.0.1.
    "defusedxml",
    "importlib_resources",
    "passlib",
    "pypiserver",
    # tools/format and its test: clang-format of the pinned LLVM's release.
    "clang_format",
    # torch_mlir.onnx's tests (the core wheel's `onnx` extra).
    "ml_dtypes",
    "onnx",
    "protobuf",
    # //test/interop: upstream torch-mlir's own wheel, the peer whose
    # torch-mlir-opt must read what our importer writes (never imported
    # beside ours: both packages are torch_mlir).
    "upstream_torch_mlir",
] + CORPUS_WHEELS

# numpy for each CPython the core wheel is built for: the core wheel requires
# numpy, and its venv tests install it from these files, offline.
NUMPY_WHEELS = ["numpy_cp310", "numpy", "numpy_cp312", "numpy_cp313"]

_DEBIAN_BAZEL = "/usr/share/bazel"

def _bazel4_only(patches):
    """`patches` on Bazel 4 (what ./bazelw runs), nothing on other versions.

    Debian's bazel-bootstrap 4.2.3 reports no version at all ("no_version").
    """
    version = native.bazel_version
    return patches if version.startswith("4.") or version in ("", "no_version") else []

def _maybe(rule, name, **kwargs):
    if not native.existing_rule(name):
        rule(name = name, **kwargs)

def torch_mlir_dependencies():
    """Defines every repository the build needs except @llvm-project itself."""

    # Bazel's own rule sets, offline.
    _maybe(
        native.local_repository,
        name = "rules_java",
        path = _DEBIAN_BAZEL + "/rules/java",
    )
    _maybe(
        shim_repository,
        name = "rules_cc",
        files = {
            Label("//utils/bazel/shims:rules_cc/defs.bzl"): "cc/defs.bzl",
            Label("//utils/bazel/shims:rules_cc/BUILD.shim"): "cc/BUILD.bazel",
        },
    )
    _maybe(
        shim_repository,
        name = "remote_coverage_tools",
        files = {
            Label("//utils/bazel/shims:remote_coverage_tools/BUILD.shim"): "BUILD.bazel",
            Label("//utils/bazel/shims:remote_coverage_tools/coverage_unsupported.sh"): "coverage_unsupported.sh",
        },
    )
    _maybe(
        shim_repository,
        name = "bazel_skylib",
        files = {
            Label("//utils/bazel/shims:bazel_skylib/expand_template.bzl"): "rules/expand_template.bzl",
        },
        host_dirs = {
            "": _DEBIAN_BAZEL + "/tools/skylib",
            "rules": _DEBIAN_BAZEL + "/tools/skylib/rules",
        },
    )

    # skylib's analysistest runs its checks through this toolchain.
    native.register_toolchains("@bazel_skylib//toolchains/unittest:bash_toolchain")

    # Our own C++ libraries, compiled under one repository name in every
    # workspace, so that one workspace's cache serves the next (rules/cc.bzl).
    # The label names this repository's root whatever the caller calls it.
    _maybe(torch_mlir_cc, name = "torch_mlir_cc", workspace_file = Label("//:WORKSPACE"))

    # The pinned CPython: headers for extension modules, interpreter for py_* rules.
    _maybe(local_python, name = "torch_mlir_python", version = PYTHON_VERSION)
    native.register_toolchains("@torch_mlir_python//:toolchain")

    # Names LLVM's overlay asks for.
    for lib in ["zlib", "zstd"]:
        _maybe(
            shim_repository,
            name = "llvm_" + lib,
            files = {Label("//utils/bazel/shims:llvm_%s/BUILD.shim" % lib): "BUILD.bazel"},
        )
    _maybe(
        shim_repository,
        name = "rules_python",
        files = {
            Label("//utils/bazel/shims:rules_python/cc_BUILD.shim"): "python/cc/BUILD.bazel",
        },
    )

    # The pinned C/C++ toolchain's files (//utils/bazel/toolchain wraps them).
    _maybe(zig_sdk, name = "zig_sdk")

    # Pinned sources.
    _maybe(
        pinned_archive,
        name = "llvm-raw",
        input = "llvm-project",
        members = LLVM_SOURCE_MEMBERS,
        exclude = LLVM_SOURCE_EXCLUDE,
        overlay = "utils/bazel/llvm-project-overlay",
        build_file = Label("//utils/bazel/repositories:llvm-raw.BUILD"),
        patches = [
            Label("//utils/bazel/patches:llvm-config-linux-condition.patch"),
            Label("//utils/bazel/patches:mlir-execution-engine-translations.patch"),
            Label("//utils/bazel/patches:mlir-execution-engine-codegen-opt-level.patch"),
            Label("//utils/bazel/patches:llvm-profiledata-without-memprof-reader.patch"),
            Label("//utils/bazel/patches:llvm-x86-without-globalisel.patch"),
            Label("//utils/bazel/patches:mlir-llvmir-transforms-without-nvvm.patch"),
            Label("//utils/bazel/patches:llvm-jit-without-pass-builder.patch"),
            Label("//utils/bazel/patches:mlir-debug-without-capi-ir.patch"),
            Label("//utils/bazel/patches:llvm-unity-build.patch"),
            Label("//utils/bazel/patches:mlir-torch-mlir-subsets.patch"),
            Label("//utils/bazel/patches:mlir-parser-nesting-limit.patch"),
        ] + _bazel4_only([
            Label("//utils/bazel/patches:tblgen-host-configuration.patch"),
        ]),
    )
    _maybe(
        pinned_archive,
        name = "pybind11",
        input = "pybind11",
        # LLVM's overlay ships the BUILD file for pybind11; use it rather than our own.
        build_file = Label("@llvm-raw//utils/bazel/third_party_build:pybind.BUILD"),
        exports = ["LICENSE"],  # the core wheel carries it
    )
    for wheel in PINNED_WHEELS:
        _maybe(pinned_wheel, name = "pypi_" + wheel, input = wheel)
