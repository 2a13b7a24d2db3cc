"""lit_test: one Bazel test per lit file, run by the pinned lit from deps.lock."""

# Tools every lit test may call by name (on PATH inside the test).
DEFAULT_LIT_TOOLS = [
    "@llvm-project//llvm:FileCheck",
    "@llvm-project//llvm:not",
]

def lit_test(name, src, tools = [], data = [], cfg = "//test:lit_cfg", size = "small", **kwargs):
    """A py_test running `lit -v <src>` with `tools` on PATH.

    Args:
      name: test name, conventionally the file name.
      src: the lit file (.mlir, .py, .test ...).
      tools: executables the RUN lines call by name.
      data: other files the RUN lines read.
      cfg: filegroup with the lit.cfg.py governing `src`.
      **kwargs: passed to py_test (size, tags, ...).
    """
    all_tools = DEFAULT_LIT_TOOLS + [t for t in tools if t not in DEFAULT_LIT_TOOLS]
    args = ["--tool=$(rootpath %s)" % t for t in all_tools]
    native.py_test(
        name = name,
        # Label(): this repository's runner, also when a consumer calls the macro.
        srcs = [Label("//utils/bazel/rules:lit_runner.py")],
        main = Label("//utils/bazel/rules:lit_runner.py"),
        args = args + ["$(rootpath %s)" % src],
        data = [src, cfg] + all_tools + data,
        deps = ["@pypi_lit//:pkg"],
        python_version = "PY3",
        size = size,
        **kwargs
    )

def lit_tests(srcs, **kwargs):
    """One lit_test per file in `srcs`, named `<file>.test` (e.g. ops.mlir.test)."""
    for src in srcs:
        lit_test(name = src + ".test", src = src, **kwargs)
