"""py_wheel: a wheel from files placed by hand, made by utils/bazel/wheelmaker.

    py_wheel(
        name = "torch_mlir_core_wheel",
        distribution = "torch-mlir-core",
        version = "0.1.0",
        python_tag = "cp311", abi_tag = "cp311", platform = "manylinux_2_35_x86_64",
        files = {
            ":_mlir.so": "torch_mlir/_mlir_libs/_mlir.cpython-311-x86_64-linux-gnu.so",
            "@llvm-project//mlir/python:IRPyFiles": "torch_mlir/",
        },
    )

`files` maps a target to a path in the wheel: a path ending in `/` is a
directory that receives each of the target's files by base name; any other
path renames the target's single file.
"""

WheelInfo = provider(fields = ["wheel", "distribution", "version", "requires_dist"])

def _escape(name):
    return name.replace("-", "_")

def _py_wheel_impl(ctx):
    tag = "%s-%s-%s" % (ctx.attr.python_tag, ctx.attr.abi_tag, ctx.attr.platform)
    wheel = ctx.actions.declare_file("%s-%s-%s.whl" % (_escape(ctx.attr.distribution), ctx.attr.version, tag))
    args = ctx.actions.args()
    args.add("--out", wheel)
    args.add("--name", ctx.attr.distribution)
    args.add("--version", ctx.attr.version)
    args.add("--tag", tag)
    args.add("--summary", ctx.attr.summary)
    if ctx.attr.requires_python:
        args.add("--requires-python", ctx.attr.requires_python)
    args.add_all(ctx.attr.requires_dist, before_each = "--requires-dist")
    args.add_all(ctx.attr.entry_points, before_each = "--entry-point")
    inputs = []
    seen = {}
    for target, dest in ctx.attr.files.items():
        target_files = target.files.to_list()
        if not dest.endswith("/") and len(target_files) != 1:
            fail("%s: %s has %d files; map it to a directory (ending in /)" % (ctx.label, target.label, len(target_files)))
        for f in target_files:
            path = dest + f.basename if dest.endswith("/") else dest
            if path in seen:
                fail("%s: %s and %s both go to %s" % (ctx.label, seen[path], f.short_path, path))
            seen[path] = f.short_path
            args.add("--file", "%s=%s" % (f.path, path))
            inputs.append(f)
    if ctx.file.description:
        args.add("--description", ctx.file.description)
        inputs.append(ctx.file.description)
    ctx.actions.run(
        executable = ctx.executable._wheelmaker,
        arguments = [args],
        inputs = inputs,
        outputs = [wheel],
        mnemonic = "PyWheel",
        progress_message = "Making wheel %s" % wheel.short_path,
        env = {"SOURCE_DATE_EPOCH": "315532800"},
    )
    return [
        DefaultInfo(files = depset([wheel]), runfiles = ctx.runfiles(files = [wheel])),
        WheelInfo(
            wheel = wheel,
            distribution = ctx.attr.distribution,
            version = ctx.attr.version,
            requires_dist = ctx.attr.requires_dist,
        ),
    ]

py_wheel = rule(
    implementation = _py_wheel_impl,
    attrs = {
        "distribution": attr.string(mandatory = True),
        "version": attr.string(mandatory = True),
        "python_tag": attr.string(default = "py3"),
        "abi_tag": attr.string(default = "none"),
        "platform": attr.string(default = "any"),
        "summary": attr.string(default = ""),
        "description": attr.label(allow_single_file = True),
        "requires_python": attr.string(),
        "requires_dist": attr.string_list(),
        "entry_points": attr.string_list(doc = "console_scripts, as 'name=module:function'"),
        "files": attr.label_keyed_string_dict(allow_files = True, mandatory = True),
        "_wheelmaker": attr.label(
            default = Label("//utils/bazel/wheelmaker"),
            executable = True,
            cfg = "exec",
        ),
    },
)
