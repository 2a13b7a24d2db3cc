"""Unity builds for the overlay's largest LLVM and MLIR libraries.

A cold build spends most of each LLVM compile parsing the same headers. A
unity build compiles a batch of one library's sources as one translation unit,
so each batch parses its headers once: batches of 8 compiled in 0.40x the
time of their sources one by one, and batches of 16 in about 0.84x the time
of two of 8 (docs/build_performance.md).

utils/bazel/patches/llvm-unity-build.patch makes the overlay's llvm/BUILD.bazel
and mlir/BUILD.bazel load `unity_cc_library` from here as their `cc_library`.
For a library named in libraries.bzl it:
  - takes the files of a filegroup of the same package, named in srcs, as
    sources (MLIR's Python bindings list theirs in one);
  - groups the library's .cpp sources by directory, sorted, in runs of the
    library's batch size (a run keeps its place when a source leaves it, so
    the other batches stay the same);
  - writes each run into one file, by an action: each source follows a #line
    directive naming it (so diagnostics and __FILE__ name the real source) and
    is followed by `#undef DEBUG_TYPE` (many sources define their own);
  - compiles those files instead of the sources. A source's #include
    "Sibling.h" looked in its own directory; the batch file is elsewhere, so
    the library compiles with `-iquote` for each directory of its sources
    (only its own compiles: copts do not reach its dependents, and neither do
    the sources, which are inputs of the batching actions alone). Two private
    headers of one name in two of those directories would be ambiguous, so
    that fails the build's loading;
  - compiles the sources libraries.bzl keeps alone (they clash with another
    source of their run: the same static name, option or anonymous class),
    and runs left with one source, as before.
Every other library is the overlay's own, unchanged. Our own libraries load
unity_cc_library too (through utils/bazel/rules/cc.bzl); libraries.bzl names
the five with many sources.

`--config=no-unity` (the flag //utils/bazel/unity:enabled=false, with
batch_ours=false) compiles every library source by source, as the overlay
would: the batches are then never built. `--config=no-unity-ours` (batch_ours
alone) does so for our libraries only, for the edit loop. With it on (the default) the actions are the same as before the
switch existed, so it costs the cache nothing.
"""

load(":libraries.bzl", "COMPILED_ALONE", "UNITY_LIBRARIES")

def _unity_sources_impl(ctx):
    root = ctx.label.workspace_root + "/" + ctx.label.package + "/"
    by_path = {f.path[len(root):]: f for f in ctx.files.srcs}
    outputs = []
    for batch, sources in sorted(ctx.attr.batches.items()):
        inputs = []
        for source in sources:
            if source not in by_path:
                fail("batch {} names {}, which is not in srcs".format(batch, source))
            inputs.append(by_path[source])
        output = ctx.actions.declare_file("{}/{}.cpp".format(ctx.label.name, batch))
        ctx.actions.run_shell(
            inputs = inputs,
            outputs = [output],
            arguments = [output.path] + [f.path for f in inputs],
            command = """out=$1; shift
for source; do
  printf '#line 1 "%s"\\n' "$source"
  cat "$source"
  printf '\\n#undef DEBUG_TYPE\\n'
done > "$out"
""",
            mnemonic = "UnityBatch",
            progress_message = "Batching {} sources of {} into {}".format(
                len(inputs),
                ctx.attr.library,
                output.short_path,
            ),
        )
        outputs.append(output)
    return [DefaultInfo(files = depset(outputs))]

unity_sources = rule(
    implementation = _unity_sources_impl,
    attrs = {
        # batch name -> its sources, relative to the package
        "batches": attr.string_list_dict(mandatory = True),
        "library": attr.string(mandatory = True),
        "srcs": attr.label_list(allow_files = [".cpp"]),
    },
    doc = "One .cpp file per batch, made of the batch's sources.",
)

def unity_batches(sources, size, alone):
    """(batches, compiled one by one): batch name -> sources, and sources.

    `sources` are package-relative .cpp paths; `alone` the ones never batched.
    """
    by_directory = {}
    for source in sorted(sources):
        by_directory.setdefault(source.rpartition("/")[0], []).append(source)
    batches = {}
    single = []
    for directory, files in sorted(by_directory.items()):
        for start in range(0, len(files), size):
            run = [f for f in files[start:start + size] if f not in alone]
            single += [f for f in files[start:start + size] if f in alone]
            if len(run) == 1:
                single += run
            elif run:
                batches["{}_{}".format(directory.replace("/", "_"), start // size)] = run
    return batches, single

def _sibling_include_copts(label, srcs, batched):
    """-iquote for each directory of the batched sources, checked unambiguous."""
    directories = sorted({s.rpartition("/")[0]: None for s in batched}.keys())
    headers = {}
    for header in srcs:
        directory, _, base = header.rpartition("/")
        if directory in directories and not header.endswith(".cpp"):
            if base in headers:
                fail("{}: {} and {} have one name; a unity build cannot tell them apart".format(
                    label,
                    headers[base],
                    header,
                ))
            headers[base] = header
    prefix = "external/{}/{}/".format(native.repository_name().lstrip("@"), native.package_name())
    return ["-iquote" + prefix + d for d in directories]

def _expand_filegroups(srcs):
    """srcs, with each filegroup of this package defined above replaced by its files.

    MLIR's Python bindings take their sources from one.
    """
    expanded = []
    for src in srcs:
        rule = native.existing_rule(src[1:]) if src.startswith(":") else None
        if rule and rule["kind"] == "filegroup":
            expanded += [f.rpartition(":")[2] for f in rule["srcs"]]
        else:
            expanded.append(src)
    return expanded

# By the repository's name: the overlay's BUILD files call this macro, and a
# key without one would name a package of theirs (Bazel 4's select takes no
# Label keys). Our own libraries (in @torch_mlir_cc) have a switch of their
# own, so the edit loop can compile them one by one with LLVM still batched.
_DISABLED = "@torch_mlir//utils/bazel/unity:disabled"
_OURS_DISABLED = "@torch_mlir//utils/bazel/unity:ours_one_by_one"

def unity_cc_library(name, srcs = [], copts = [], platform_srcs = [], **kwargs):
    """native.cc_library, compiled in unity batches if libraries.bzl names it.

    platform_srcs: more sources, chosen by platform (a select), never batched.
    The patch moves LLVM Support's there, so the rest of its srcs is a list.
    """
    label = "{}//{}:{}".format(native.repository_name(), native.package_name(), name)
    size = UNITY_LIBRARIES.get(label)
    batches = {}
    if size and type(srcs) == "list":
        srcs = _expand_filegroups(srcs)
        alone = COMPILED_ALONE.get(label, [])
        for source in alone:
            if source not in srcs:
                fail("libraries.bzl keeps {} alone, but {} has no such source".format(source, label))
        sources = [s for s in srcs if s.endswith(".cpp")]
        batches, single = unity_batches(sources, size, alone)
    if not batches:
        # Not named, sources chosen by a select, or nothing left to batch (a
        # batch size of 1, or every source alone): the overlay's own library.
        native.cc_library(name = name, srcs = srcs + platform_srcs, copts = copts, **kwargs)
        return
    batched = [s for s in sources if s not in single]
    disabled = _OURS_DISABLED if native.repository_name() == "@torch_mlir_cc" else _DISABLED
    unity_sources(
        name = name + "_unity",
        srcs = batched,
        batches = batches,
        library = label,
    )
    native.cc_library(
        name = name,
        srcs = select({
            disabled: srcs,
            "//conditions:default": [s for s in srcs if s not in batched] + [":" + name + "_unity"],
        }) + platform_srcs,
        copts = select({
            disabled: copts,
            "//conditions:default": copts + _sibling_include_copts(label, srcs, batched),
        }),
        **kwargs
    )
