"""The C/C++ toolchain configuration over the pinned zig SDK.

Flags every compile and link gets, by compilation mode. The rest (include
paths, defines, -fPIC, dependency files, libraries to link, param files) are
Bazel's legacy features, which apply because this config declares none of
them.
"""

load("@bazel_tools//tools/build_defs/cc:action_names.bzl", "ACTION_NAMES")
load(
    "@bazel_tools//tools/cpp:cc_toolchain_config_lib.bzl",
    "feature",
    "flag_group",
    "flag_set",
    "tool_path",
)

_COMPILE_ACTIONS = [
    ACTION_NAMES.assemble,
    ACTION_NAMES.preprocess_assemble,
    ACTION_NAMES.c_compile,
    ACTION_NAMES.cpp_compile,
    ACTION_NAMES.cpp_header_parsing,
    ACTION_NAMES.cpp_module_compile,
    ACTION_NAMES.linkstamp_compile,
]

_CXX_ACTIONS = [
    ACTION_NAMES.cpp_compile,
    ACTION_NAMES.cpp_header_parsing,
    ACTION_NAMES.cpp_module_compile,
    ACTION_NAMES.linkstamp_compile,
]

_LINK_ACTIONS = [
    ACTION_NAMES.cpp_link_executable,
    ACTION_NAMES.cpp_link_dynamic_library,
    ACTION_NAMES.cpp_link_nodeps_dynamic_library,
]

def _flags(actions, flags):
    return flag_set(actions = actions, flag_groups = [flag_group(flags = flags)])

def _impl(ctx):
    target = "x86_64-linux-gnu." + ctx.attr.glibc
    features = [
        feature(name = "supports_pic", enabled = True),
        feature(name = "supports_dynamic_linker", enabled = True),
        feature(name = "supports_start_end_lib", enabled = False),
        feature(
            name = "default_compile_flags",
            enabled = True,
            flag_sets = [
                _flags(_COMPILE_ACTIONS, [
                    "-target",
                    target,
                    # zig cc turns on UBSan traps in unoptimized builds; the
                    # toolchain behaves like a plain clang instead.
                    "-fno-sanitize=all",
                    "-Wall",
                    # Outputs must not depend on when or where they were built.
                    "-Wno-builtin-macro-redefined",
                    "-D__DATE__=\"redacted\"",
                    "-D__TIMESTAMP__=\"redacted\"",
                    "-D__TIME__=\"redacted\"",
                ]),
            ],
        ),
        feature(
            name = "default_link_flags",
            enabled = True,
            flag_sets = [_flags(_LINK_ACTIONS, ["-target", target])],
        ),
        feature(name = "dbg", flag_sets = [_flags(_COMPILE_ACTIONS, ["-O0", "-g"])]),
        feature(name = "fastbuild", flag_sets = [_flags(_COMPILE_ACTIONS, ["-O0", "-g0"])]),
        feature(
            name = "opt",
            flag_sets = [
                _flags(_COMPILE_ACTIONS, [
                    # clang's -O1: 0.85x the compile time of -O2 on LLVM's
                    # and MLIR's sources (docs/build_performance.md). zig's
                    # driver hands clang -O2 for -O1 too, so -O2 picks zig's
                    # release mode and -Xclang -O1 sets clang's own level
                    # (the last -O clang's compiler is given wins).
                    "-O2",
                    "-Xclang",
                    "-O1",
                    "-g0",
                    "-DNDEBUG",
                    "-ffunction-sections",
                    "-fdata-sections",
                ]),
                _flags(_LINK_ACTIONS, ["-Wl,--gc-sections"]),
            ],
        ),
    ]
    tools = {
        "gcc": "zig-cc",
        "cpp": "zig-cc",
        "ld": "zig-cc",
        "ar": "zig-ar",
        "strip": "zig-strip",
        # Nothing in the build runs these; they fail with a message if asked.
        "nm": "zig-unsupported",
        "objdump": "zig-unsupported",
        "gcov": "zig-unsupported",
        "dwp": "zig-unsupported",
        "llvm-cov": "zig-unsupported",
    }
    return cc_common.create_cc_toolchain_config_info(
        ctx = ctx,
        toolchain_identifier = "zig-" + target,
        host_system_name = "x86_64-unknown-linux-gnu",
        target_system_name = target,
        target_cpu = "k8",
        target_libc = "glibc_" + ctx.attr.glibc,
        compiler = "clang",
        abi_version = "clang",
        abi_libc_version = "glibc",
        tool_paths = [tool_path(name = name, path = path) for name, path in tools.items()],
        features = features,
        # zig's own headers, as the dependency files name them (execroot-relative).
        cxx_builtin_include_directories = ctx.attr.builtin_include_directories,
    )

cc_toolchain_config = rule(
    implementation = _impl,
    attrs = {
        "glibc": attr.string(mandatory = True, doc = "The oldest glibc the outputs run on, e.g. 2.28"),
        "builtin_include_directories": attr.string_list(),
    },
    provides = [CcToolchainConfigInfo],
)
