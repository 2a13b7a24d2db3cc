# Sourced by the zig-* wrappers: where zig is and where it caches.
#
# zig builds libc++, glibc's link stubs and compiler_rt for the target once
# (about 35 s) and keeps them in its cache; later links reuse them. The cache
# is outside the execroot so that every action (and every sandbox) shares it;
# its entries are keyed by the sources' hashes, and zig locks them while
# writing. A wrong or missing cache costs time, never a different output.
ZIG=external/zig_sdk/zig
# zig would find lib/ next to its resolved binary, outside a sandbox; this
# keeps it to the staged inputs, and dependency files name them as Bazel does.
ZIG_LIB_DIR=external/zig_sdk/lib
export ZIG_LIB_DIR
if [ ! -x "$ZIG" ]; then
  echo "${0##*/}: $ZIG is missing; run from the execroot, with @zig_sdk among the inputs" >&2
  exit 2
fi
# A fixed path: Bazel may give each action its own TMPDIR.
ZIG_GLOBAL_CACHE_DIR="/tmp/torch-mlir-zig-cache-$(id -u)"
ZIG_LOCAL_CACHE_DIR="$ZIG_GLOBAL_CACHE_DIR"
export ZIG_GLOBAL_CACHE_DIR ZIG_LOCAL_CACHE_DIR
