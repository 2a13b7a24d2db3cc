"""passes_inc_gen: a package's Passes.td and the Passes.h.inc mlir-tblgen makes of it."""

load("@llvm-project//mlir:tblgen.bzl", "gentbl_cc_library", "td_library")

def passes_inc_gen(name, group, td_file = "Passes.td"):
    """`<name>_td_files` (td_library) and `<name>` (the generated Passes.h.inc).

    Args:
      name: the gentbl target; cc_library targets depend on it.
      group: the pass group (`-name=` of -gen-pass-decls): it names the
        generated register<group>Passes() function.
      td_file: the pass definitions.
    """
    td_library(
        name = name + "_td_files",
        srcs = [td_file],
        includes = ["/lib"],
        deps = ["@llvm-project//mlir:PassBaseTdFiles"],
    )
    gentbl_cc_library(
        name = name,
        strip_include_prefix = "/lib",
        tbl_outs = [(["-gen-pass-decls", "-name=" + group], td_file.replace(".td", ".h.inc"))],
        tblgen = "@llvm-project//mlir:mlir-tblgen",
        td_file = td_file,
        deps = [":" + name + "_td_files"],
    )
