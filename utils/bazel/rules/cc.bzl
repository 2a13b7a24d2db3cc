"""C++ libraries of torch-mlir that compile once for every workspace.

Our BUILD files under lib/ load torch_mlir_cc_library (and
torch_mlir_c_api_library, the overlay's C API macro) from here. Loaded in @torch_mlir_cc (utils/bazel/repositories/torch_mlir_cc.bzl),
they define the library; loaded anywhere else (torch-mlir's own workspace,
or @torch_mlir in a monorepo's), an alias of the same name to that one. So
every workspace compiles our sources under `external/torch_mlir_cc/`, with
the same command lines, and the disk or remote cache serves one to the other:
examples/consumer compiles none of them after torch-mlir's test suite.
"""

load("@llvm-project//mlir:build_defs.bzl", _mlir_c_api_cc_library = "mlir_c_api_cc_library")
load("//utils/bazel/unity:unity.bzl", "unity_cc_library")

CC_REPOSITORY = "torch_mlir_cc"

def _compiled_here():
    return native.repository_name() == "@" + CC_REPOSITORY

def _visible_to_alias(visibility):
    """`visibility`, and the package of the aliases, in whatever workspace.

    In a monorepo the aliases are in @torch_mlir; in torch-mlir's own
    workspace too, as Bazel maps its own name to it. A library with no
    visibility of its own is visible to its alias (and its package) alone:
    other packages of lib/ that use it must be named, as everywhere else.
    """
    if visibility and "//visibility:public" in visibility:
        return visibility
    return [v for v in visibility or [] if v != "//visibility:private"] + [
        "@torch_mlir//{}:__pkg__".format(native.package_name()),
    ]

def _alias(name, visibility, kwargs):
    native.alias(
        name = name,
        actual = "@{}//{}:{}".format(CC_REPOSITORY, native.package_name(), name),
        visibility = visibility,
        tags = kwargs.get("tags"),
        testonly = kwargs.get("testonly"),
    )

def torch_mlir_cc_library(name, visibility = None, **kwargs):
    """A C++ library in @torch_mlir_cc (batched if unity's libraries.bzl names it); an alias elsewhere."""
    if _compiled_here():
        unity_cc_library(name = name, visibility = _visible_to_alias(visibility), **kwargs)
    else:
        _alias(name, visibility, kwargs)

def torch_mlir_c_api_library(name, visibility = None, **kwargs):
    """The overlay's C API library (name, nameHeaders, nameObjects) in @torch_mlir_cc; aliases elsewhere."""
    if _compiled_here():
        _mlir_c_api_cc_library(name = name, visibility = _visible_to_alias(visibility), **kwargs)
    else:
        for suffix in ["", "Headers", "Objects"]:
            _alias(name + suffix, visibility, kwargs)
