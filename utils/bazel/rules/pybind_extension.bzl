"""pybind_extension: a Python extension module linked against a shared C API library.

The module is built with MLIR's pybind11 flags and our package prefix, exports
only its PyInit_ function, and finds its shared libraries next to itself
(rpath $ORIGIN), which is where the wheel puts them.
"""

load("@rules_cc//cc:defs.bzl", "cc_binary")

PYBIND11_COPTS = [
    "-fexceptions",
    "-frtti",
    "-DMLIR_PYTHON_PACKAGE_PREFIX=torch_mlir.",
]

def pybind_extension(name, srcs, shared_libs, deps = [], **kwargs):
    """`name` (e.g. "_torchMlir.so") from `srcs`, linked against `shared_libs`."""
    cc_binary(
        name = name,
        srcs = srcs + shared_libs,
        additional_linker_inputs = [Label("//utils/bazel/rules:extension_exports.lds")],
        copts = PYBIND11_COPTS,
        features = ["-use_header_modules"],
        linkopts = [
            "-Wl,-rpath,$$ORIGIN",
            "-Wl,--version-script=$(location %s)" % Label("//utils/bazel/rules:extension_exports.lds"),
        ],
        linkshared = 1,
        deps = deps,
        **kwargs
    )
