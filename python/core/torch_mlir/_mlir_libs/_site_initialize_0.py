"""torch-mlir's initializer for MLIR's Python site hooks.

MLIR's `_mlir_libs/__init__.py` imports `_site_initialize_<N>` modules while
`torch_mlir.ir` is still being imported, and calls `context_init_hook` for
each new Context. The hook (not import time) brings in `_torchMlir`, whose
Torch type classes need a fully imported `torch_mlir.ir`. Every Context then
knows torch, torch_c, func, arith, cf and tensor, and pass pipelines can name
MLIR's generic passes (canonicalize, cse, ...).

`disable_multithreading` keeps each new Context single-threaded (MLIR's own
initializer would give each one a thread pool): the modules torch-mlir makes
hold one function, so the pool only ever ran the verifier beside itself, and
starting and joining its threads cost about 4 ms per compiled module (427
ONNX node-suite modules, compiled and JIT-ed in fresh contexts: 11.1 s
single-threaded, 12.8 s with the pool). `context.enable_multithreading(True)`
brings it back for a module of many functions.
"""

disable_multithreading = True


def context_init_hook(context):
    from ._mlir import ir
    from ._torchMlir import register_dialects

    registry = ir.DialectRegistry()
    register_dialects(registry)
    context.append_dialect_registry(registry)
