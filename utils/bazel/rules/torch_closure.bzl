"""The torch-free closure, enforced at analysis time.

`torch_free_test(name, targets)` walks everything `targets` need to build and
ship (deps, data, srcs, files, tools, transitively) with an aspect. If any of
it is torch-linked (the pinned torch repository, or a target tagged
"torch-linked"), analysis fails with the dependency path to it:

    torch-linked code is reachable from a torch-free target:
      //python:torch_mlir_core_wheel -> //python/core:x -> //python/torch:fx (tagged torch-linked)

The test itself then has nothing left to check at run time; it lists what it
covered. test/closure/ proves the check fires.
"""

load("//utils/bazel:deps.bzl", "TORCH_2_14_WHEELS")

TORCH_LINKED_TAG = "torch-linked"

# External repositories that are PyTorch (the pinned wheels, issue 5), with
# the CUDA libraries torch 2.14.1's wheel loads.
TORCH_REPOSITORIES = ["pypi_torch"] + ["pypi_" + name for name in TORCH_2_14_WHEELS]

_DEPENDENCY_ATTRS = ["deps", "data", "srcs", "files", "tools", "shared_libs", "actual"]

# Paths kept per target, so a badly broken graph still reports readably.
_MAX_PATHS = 5

TorchClosureInfo = provider(
    doc = "Dependency paths from this target to torch-linked targets.",
    fields = {"paths": "list of strings 'A -> B -> C (why C is torch-linked)'"},
)

def _children(ctx):
    children = []
    for name in _DEPENDENCY_ATTRS:
        value = getattr(ctx.rule.attr, name, None)
        if value == None:
            continue
        if type(value) == "list":
            children.extend(value)
        elif type(value) == "dict":
            children.extend(value.keys())
        elif type(value) == "Target":
            children.append(value)
    return children

def _torch_closure_aspect_impl(target, ctx):
    label = str(target.label)
    if target.label.workspace_name in TORCH_REPOSITORIES:
        return [TorchClosureInfo(paths = [label + " (PyTorch itself)"])]
    if TORCH_LINKED_TAG in getattr(ctx.rule.attr, "tags", []):
        return [TorchClosureInfo(paths = [label + " (tagged %s)" % TORCH_LINKED_TAG])]
    paths = []
    for child in _children(ctx):
        if TorchClosureInfo in child:
            for path in child[TorchClosureInfo].paths:
                if len(paths) < _MAX_PATHS:
                    paths.append(label + " -> " + path)
    return [TorchClosureInfo(paths = paths)]

torch_closure_aspect = aspect(
    implementation = _torch_closure_aspect_impl,
    attr_aspects = _DEPENDENCY_ATTRS,
)

def _torch_free_test_impl(ctx):
    paths = []
    for target in ctx.attr.targets:
        paths.extend(target[TorchClosureInfo].paths)
    if paths:
        fail("torch-linked code is reachable from a torch-free target:\n  " + "\n  ".join(paths))
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.write(
        output = script,
        content = "#!/bin/sh\necho 'torch-free closure checked at analysis time for:'\n" +
                  "".join(["echo '  %s'\n" % t.label for t in ctx.attr.targets]),
        is_executable = True,
    )
    return [DefaultInfo(executable = script)]

torch_free_test = rule(
    implementation = _torch_free_test_impl,
    attrs = {"targets": attr.label_list(aspects = [torch_closure_aspect], mandatory = True)},
    test = True,
)
