"""py_wheel: a wheel from files placed by hand, made by utils/bazel/wheelmaker.

    wheel_version(name = "version", build_setting_default = "0.1.0")

    py_wheel(
        name = "torch_mlir_core_wheel",
        distribution = "torch-mlir-core",
        version = ":version",
        python_tag = "cp311", abi_tag = "cp311", platform = "manylinux_2_35_x86_64",
        files = {
            ":_mlir.so": "torch_mlir/_mlir_libs/_mlir.cpython-311-x86_64-linux-gnu.so",
            "@llvm-project//mlir/python:IRPyFiles": "torch_mlir/",
        },
    )

`files` maps a target to a path in the wheel: a path ending in `/` is a
directory that receives each of the target's files by base name; any other
path renames the target's single file.

The version comes from a `wheel_version` flag, so a release stamps it on the
command line (`--//python:version=0.1.0.dev20261130`) without editing the
tree, and only the wheel actions see it: no compile action's key changes.
`{version}` in `requires_dist` becomes that version (the torch wheel pins
the core wheel with it).

Packaging metadata: `license_files` map a file to its name under
`.dist-info/licenses/`; `description` is a Markdown file, METADATA's body.
"""

load("@bazel_tools//tools/cpp:toolchain_utils.bzl", "find_cpp_toolchain")

WheelVersionInfo = provider(fields = ["version"])

def _wheel_version_impl(ctx):
    version = ctx.build_setting_value
    if not version or " " in version or "-" in version or "/" in version:
        fail("%s: %r is not a version a wheel file name can carry (PEP 440, e.g. 0.1.0 or 0.1.0.dev20261130)" %
             (ctx.label, version))
    return WheelVersionInfo(version = version)

wheel_version = rule(
    implementation = _wheel_version_impl,
    build_setting = config.string(flag = True),
    doc = "The version wheels carry; set it with --//<package>:<name>=VERSION.",
)

WheelInfo = provider(fields = ["wheel", "distribution", "version", "requires_dist"])

def _escape(name):
    return name.replace("-", "_")

def _py_wheel_impl(ctx):
    tag = "%s-%s-%s" % (ctx.attr.python_tag, ctx.attr.abi_tag, ctx.attr.platform)
    version = ctx.attr.version[WheelVersionInfo].version
    requires_dist = [r.replace("{version}", version) for r in ctx.attr.requires_dist]
    wheel = ctx.actions.declare_file("%s-%s-%s.whl" % (_escape(ctx.attr.distribution), version, tag))
    args = ctx.actions.args()
    args.add("--out", wheel)
    args.add("--name", ctx.attr.distribution)
    args.add("--version", version)
    args.add("--tag", tag)
    args.add("--summary", ctx.attr.summary)
    if ctx.attr.requires_python:
        args.add("--requires-python", ctx.attr.requires_python)
    args.add_all(requires_dist, before_each = "--requires-dist")
    args.add_all(ctx.attr.entry_points, before_each = "--entry-point")
    args.add_all(ctx.attr.classifiers, before_each = "--classifier")
    args.add_all(ctx.attr.project_urls, before_each = "--project-url")
    inputs = []
    for target, name in ctx.attr.license_files.items():
        files = target.files.to_list()
        if len(files) != 1:
            fail("%s: license %s has %d files, not one" % (ctx.label, target.label, len(files)))
        args.add("--license-file", "%s=%s" % (files[0].path, name))
        inputs.append(files[0])
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
    # ELF files are stripped with the C++ toolchain's own strip, not the host's.
    cc_toolchain = find_cpp_toolchain(ctx)
    args.add("--strip", cc_toolchain.strip_executable)
    ctx.actions.run(
        executable = ctx.executable._wheelmaker,
        arguments = [args],
        inputs = depset(inputs, transitive = [cc_toolchain.all_files]),
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
            version = version,
            requires_dist = requires_dist,
        ),
    ]

py_wheel = rule(
    implementation = _py_wheel_impl,
    attrs = {
        "distribution": attr.string(mandatory = True),
        "version": attr.label(mandatory = True, providers = [WheelVersionInfo], doc = "A wheel_version target."),
        "python_tag": attr.string(default = "py3"),
        "abi_tag": attr.string(default = "none"),
        "platform": attr.string(default = "any"),
        "summary": attr.string(default = ""),
        "description": attr.label(allow_single_file = True, doc = "Markdown, for METADATA's body."),
        "classifiers": attr.string_list(),
        "project_urls": attr.string_list(doc = "'Label, URL' pairs."),
        "license_files": attr.label_keyed_string_dict(allow_files = True, doc = "file -> name under .dist-info/licenses/"),
        "requires_python": attr.string(),
        "requires_dist": attr.string_list(),
        "entry_points": attr.string_list(doc = "console_scripts as 'name=module:function'; another group's as 'group:name=module:object'"),
        "files": attr.label_keyed_string_dict(allow_files = True, mandatory = True),
        "_cc_toolchain": attr.label(default = Label("@bazel_tools//tools/cpp:current_cc_toolchain")),
        "_wheelmaker": attr.label(
            default = Label("//utils/bazel/wheelmaker"),
            executable = True,
            cfg = "exec",
        ),
    },
)
