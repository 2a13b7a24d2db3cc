"""@torch_mlir_cc: torch-mlir's own C++ libraries, one copy for every workspace.

Bazel names a source by its repository: lib/X.cpp is `lib/X.cpp` in
torch-mlir's workspace and `external/torch_mlir/lib/X.cpp` in a workspace that
depends on it, so the two compile it with different command lines and share
no cache entry. This repository is a second view of the same tree (its lib/,
tools/ and utils/ are symlinks to torch-mlir's), and its libraries are the
real ones: in every workspace they compile under `external/torch_mlir_cc/`,
so a monorepo (or examples/consumer) takes them from the cache torch-mlir's
own build filled. Everywhere else, each of those libraries is an alias of its
@torch_mlir_cc twin (utils/bazel/rules/cc.bzl), so there is one copy of each.
"""

# What the libraries' BUILD files reach: lib/ itself, the tools its genrules
# run (tools/torch_ods_gen) and the .bzl files they load (utils/).
_DIRECTORIES = ["lib", "tools", "utils"]

def _torch_mlir_cc_impl(rctx):
    root = rctx.path(rctx.attr.workspace_file).dirname
    for name in _DIRECTORIES:
        rctx.symlink(root.get_child(name), name)
    rctx.file("BUILD.bazel", "# Packages under lib/ are torch-mlir's; see utils/bazel/rules/cc.bzl.\n")
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)

torch_mlir_cc = repository_rule(
    implementation = _torch_mlir_cc_impl,
    attrs = {
        "workspace_file": attr.label(
            mandatory = True,
            allow_single_file = True,
            doc = "torch-mlir's WORKSPACE file, as the calling workspace names it.",
        ),
    },
    local = True,
    doc = "torch-mlir's tree again, as the repository its C++ compiles in.",
)
