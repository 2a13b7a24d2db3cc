"""A repository assembled from files checked in under utils/bazel/shims/.

Used for the small stand-ins Bazel 4.2.3 needs offline; see shims/README.md.
"""

def _shim_repository_impl(rctx):
    for src, dest in rctx.attr.files.items():
        rctx.symlink(src, dest)
    for dest, src in rctx.attr.host_dirs.items():
        _symlink_tree(rctx, rctx.path(src), dest)
    if not rctx.path("BUILD.bazel").exists and not rctx.path("BUILD").exists:
        rctx.file("BUILD.bazel", "")
    if not rctx.path("WORKSPACE").exists:
        rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)

def _symlink_tree(rctx, src, dest):
    """Symlinks each entry of a host directory, one level deep, unless overridden."""
    if not src.exists:
        fail("%s: %s does not exist; run ./bazelw to install Debian's Bazel packages." % (rctx.name, src))
    for child in src.readdir():
        target = dest + "/" + child.basename if dest else child.basename
        if not rctx.path(target).exists:
            rctx.symlink(child, target)

shim_repository = repository_rule(
    implementation = _shim_repository_impl,
    attrs = {
        "files": attr.label_keyed_string_dict(
            allow_files = True,
            doc = "Checked-in file -> its path in the repository. Wins over host_dirs.",
        ),
        "host_dirs": attr.string_dict(
            doc = "Path in the repository ('' for the root) -> host directory to mirror.",
        ),
    },
)
