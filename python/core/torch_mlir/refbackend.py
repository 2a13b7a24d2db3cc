"""The reference backend: run a linalg-on-tensors module on the CPU, from numpy.

    backend = RefBackend()
    compiled = backend.compile(module)      # a copy is lowered; `module` is untouched
    invoker = backend.load(compiled)
    result = invoker.main(a, b)             # numpy in, numpy out (a tuple for several)

`compile` runs `refback-linalg-on-tensors-to-llvm-pipeline` (lib/RefBackend):
the linalg-on-tensors contract check, tiling and vectorization (unless
RefBackend(vectorize=False)), bufferization, results handed to a callback,
buffer deallocation, vectors and loops, then the LLVM dialect. `load` JIT-compiles
that with MLIR's ExecutionEngine. No PyTorch anywhere.

Arguments are checked against each function's signature before anything runs:
a wrong count, rank, static dimension or dtype is a ValueError naming the
argument. A dynamic dimension (`?`) takes any size; where the sizes of
arguments must agree (a broadcast, a matmul's inner sizes, a reshape's element
count), the compiled code checks them as it runs, and a failed check is a
ValueError with the check's message and place. Results come back with the
shapes they were computed with. Compiled code only reads its arguments
(refback-read-only-arguments), so a C-contiguous array is passed as it is and
anything else as a C copy. Results are numpy arrays over the buffers the call
allocated, freed when the last array viewing them is garbage
(runtime.OwnedBuffers).

Element types and numpy dtypes: see torch_mlir.dtypes.CARRIERS. bf16 travels as
uint16 bit patterns (int16 accepted too); an i8 argument also takes uint8
(signless bytes: torch's uint8 lowers to i8). i2 and i4 travel one per byte,
as int8 (uint8 accepted); their results come back sign-extended. float8
types travel as their bit patterns, uint8.
"""

import ctypes
import os
import threading
from pathlib import Path

import numpy as np

from . import ir
from .compiler_utils import CompileError, run_pipeline
from .execution_engine import ExecutionEngine
from .dtypes import ALSO_ACCEPTED
from .runtime import (DTYPES, SUB_BYTE, OwnedBuffers, UnrankedMemRefDescriptor, sign_extend_low_bits,
                      to_memref_descriptor)

__all__ = ["BackendOptions", "CompiledModule", "CompileError", "Invoker", "RefBackend", "PIPELINE"]

PIPELINE = "builtin.module(refback-linalg-on-tensors-to-llvm-pipeline)"
RESULTS_CALLBACK_PREFIX = "refback_results_"  # lib/RefBackend/Passes.h
CHECK_FAILED_CALLBACK = "refback_check_failed"
CHECKS_ATTRIBUTE = "refback.checks"
THREADS_ATTRIBUTE = "refback.threads"

_SCALAR_CTYPES = {
    "i1": ctypes.c_bool,
    "i8": ctypes.c_int8,
    "i16": ctypes.c_int16,
    "i32": ctypes.c_int32,
    "i64": ctypes.c_int64,
    "f32": ctypes.c_float,
    "f64": ctypes.c_double,
}


class ValueType:
    """One argument or result: a ranked tensor or a scalar, as the module says."""

    def __init__(self, mlir_type):
        self.text = str(mlir_type)
        if ir.RankedTensorType.isinstance(mlir_type):
            tensor = ir.RankedTensorType(mlir_type)
            dynamic = ir.ShapedType.get_dynamic_size()
            self.shape = tuple(None if d == dynamic else d for d in tensor.shape)
            self.element = str(tensor.element_type)
        else:
            self.shape = None
            self.element = self.text
        table = DTYPES if self.is_tensor else _SCALAR_CTYPES
        if self.element not in table:
            raise CompileError(f"the reference backend cannot pass values of type {self.text} "
                               f"(element types: {', '.join(table)})")
        self.dtype = DTYPES.get(self.element)

    @property
    def is_tensor(self):
        return self.shape is not None


class Signature:
    def __init__(self, name, function_type):
        self.name = name
        self.arguments = [ValueType(t) for t in function_type.inputs]
        self.results = [ValueType(t) for t in function_type.results]


class CompiledModule:
    """What RefBackend.compile returns: the LLVM-dialect module, the
    signatures (from before lowering) of its public functions, and the
    messages of its run-time checks (refback-checks-to-errors)."""

    def __init__(self, module, signatures):
        self.module = module
        self.signatures = signatures
        attributes = module.operation.attributes
        self.checks = ([ir.StringAttr(a).value for a in ir.ArrayAttr(attributes[CHECKS_ATTRIBUTE])]
                       if CHECKS_ATTRIBUTE in attributes else [])
        # The threads its parallel loops run on (refback-parallel-loops-to-
        # openmp); 1 where it has none.
        self.threads = (ir.IntegerAttr(attributes[THREADS_ATTRIBUTE]).value
                        if THREADS_ATTRIBUTE in attributes else 1)

    def __str__(self):
        return str(self.module)


def _public_functions(module):
    for op in module.body.operations:
        if op.operation.name != "func.func":
            continue
        attributes = op.operation.attributes
        if "sym_visibility" in attributes and ir.StringAttr(attributes["sym_visibility"]).value != "public":
            continue
        if not op.operation.regions[0].blocks:
            continue
        yield ir.StringAttr(attributes["sym_name"]).value, ir.FunctionType(
            ir.TypeAttr(attributes["function_type"]).value)


def copy_module(module):
    """A copy of `module` in its context: its ops cloned (locations kept, and
    large constants shared rather than printed and parsed again: a module's
    weights are not held twice), its attributes set on the copy."""
    with module.context:
        copy = ir.Module.create(loc=module.operation.location)
        for named in module.operation.attributes:
            copy.operation.attributes[named.name] = named.attr
        insertion = ir.InsertionPoint(copy.body)
        for op in module.body.operations:
            op.operation.clone(ip=insertion)
    return copy


class BackendOptions:
    """What the reference backend compiles with. RefBackend, fx.compile and
    onnx.compile take these same keywords and check them here.

    `opt_level` (0-3) is LLVM's optimization level for the JIT: of the LLVM
    IR (none at 0) and of the code generator. 0 compiles in about a third of
    the time 2 takes; its code is up to about 10% slower on elementwise ops
    and reductions, and several times slower on matrix products
    (bench/jit_levels.py). It suits many small programs, each compiled once.

    `seed` starts the module's random-number generator (a 64-bit state
    the compiled functions own: each call of a function with random ops
    draws fresh values; two modules compiled with the same seed draw the
    same stream).

    `vectorize` picks the code: True (the default) tiles the linalg ops
    and turns their full tiles into vector code for the host CPU
    (matrix products as register tiles of FMAs); False lowers every op
    to scalar loops, the plain reference the fast code is tested against.

    `threads` is how many threads a compiled function may run its large
    ops on (tile loops over parallel dimensions, split in contiguous
    blocks): None, the default, is every CPU this process may use; 1
    runs everything on the calling thread. The threads are a pool of
    torch-mlir's own (no OpenMP library), and the GIL is released while
    compiled code runs. Without vectorization, code is single-threaded.
    """

    __slots__ = ("opt_level", "seed", "vectorize", "threads")

    def __init__(self, opt_level=2, seed=0, vectorize=True, threads=None):
        if opt_level not in (0, 1, 2, 3) or isinstance(opt_level, bool):
            raise ValueError(f"opt_level must be 0, 1, 2 or 3, not {opt_level!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        if not isinstance(vectorize, bool):
            raise TypeError(f"vectorize must be True or False, not {vectorize!r}")
        if threads is None:
            threads = len(os.sched_getaffinity(0))
        if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
            raise ValueError(f"threads must be None or an int of at least 1, not {threads!r}")
        self.opt_level = opt_level
        # Any int, as the 64-bit state it wraps to (PyTorch's seeds are
        # unsigned; the pipeline option is signed).
        self.seed = (seed + 2**63) % 2**64 - 2**63
        self.vectorize = vectorize
        self.threads = threads

    def __repr__(self):
        return (f"BackendOptions(opt_level={self.opt_level}, seed={self.seed}, "
                f"vectorize={self.vectorize}, threads={self.threads})")

    @property
    def pipeline(self):
        """The lowering pipeline these options ask for, as text."""
        return (f"builtin.module(refback-linalg-on-tensors-to-llvm-pipeline"
                f"{{seed={self.seed} vectorize={str(self.vectorize).lower()} "
                f"threads={self.threads}}})")


class RefBackend:
    def __init__(self, opt_level=2, seed=0, vectorize=True, threads=None):
        """The reference backend with these options (see BackendOptions)."""
        self.options = BackendOptions(opt_level, seed, vectorize, threads)
        self.opt_level = self.options.opt_level
        self.seed = self.options.seed
        self.vectorize = self.options.vectorize
        self.threads = self.options.threads
        self.pipeline = self.options.pipeline

    def compile(self, module):
        """Lowers a copy of the linalg-on-tensors `module`; `module` is not changed.

        Raises CompileError if the module is not valid IR (MLIR's verifier
        names the op), naming the first op outside the contract, or with what
        else a pass reported.
        """
        if not isinstance(module, ir.Module):
            raise TypeError(f"compile() takes a torch_mlir.ir.Module, not {type(module).__name__}")
        with module.context:
            copy = copy_module(module)
            try:
                run_pipeline(self.pipeline, copy.operation)
            except ir.MLIRError as error:
                raise CompileError(f"{PIPELINE} failed:\n{error}") from None
            # From the input, which still has tensor types; the contract check
            # above has vouched for them.
            signatures = {name: Signature(name, ftype) for name, ftype in _public_functions(module)}
        return CompiledModule(copy, signatures)

    def load(self, compiled):
        """JIT-compiles `compiled` and returns an Invoker for its functions."""
        if not isinstance(compiled, CompiledModule):
            raise TypeError(f"load() takes what compile() returned, not {type(compiled).__name__}")
        return Invoker(compiled, self.opt_level)


def _jit(module, opt_level):
    """MLIR's ExecutionEngine for `module`; CompileError with the diagnostics
    if LLVM IR cannot be made of it (the engine itself says only "unknown
    exception")."""
    diagnostics = []

    def collect(diagnostic):
        diagnostics.append(f"{diagnostic.location}: {diagnostic.message}")
        return True

    with module.context:
        handler = module.context.attach_diagnostic_handler(collect)
        try:
            return ExecutionEngine(module, opt_level=opt_level)
        except RuntimeError as error:
            detail = "\n".join(diagnostics) or str(error)
            if any("resource does not exist" in d for d in diagnostics):
                detail += ("\n(a dense_resource with no bytes: a module whose weights are "
                           "kept beside it needs torch_mlir.weights.attach or load_module)")
            raise CompileError(f"the JIT could not translate the module:\n{detail}") from None
        finally:
            handler.detach()


_RUNTIME_SYMBOLS = None
_RUNTIME_FREE = None
_WAKE_THREADS = None


def _runtime_library():
    """torch-mlir's shared library, which defines lib/RefBackend/Runtime."""
    from . import _mlir_libs
    return ctypes.CDLL(str(Path(_mlir_libs.__file__).parent / "libTorchMLIRAggregateCAPI.so"))


def _runtime_symbols():
    """(name, address) of each function compiled code may call that
    torch-mlir's shared library defines (lib/RefBackend/Runtime: malloc and
    free, and the OpenMP entry points of parallel loops)."""
    global _RUNTIME_SYMBOLS
    if _RUNTIME_SYMBOLS is None:
        table = _runtime_library().torchMlirRefBackendRuntimeSymbols
        table.restype = None
        names = ctypes.POINTER(ctypes.c_char_p)()
        addresses = ctypes.POINTER(ctypes.c_void_p)()
        count = ctypes.c_int64()
        table(ctypes.byref(names), ctypes.byref(addresses), ctypes.byref(count))
        _RUNTIME_SYMBOLS = [(names[i].decode(), addresses[i]) for i in range(count.value)]
    return _RUNTIME_SYMBOLS


def _wake_threads(threads):
    """Wakes the thread pool's workers ahead of a call (see
    torchMlirRefBackendWakeThreads)."""
    global _WAKE_THREADS
    if _WAKE_THREADS is None:
        _WAKE_THREADS = _runtime_library().torchMlirRefBackendWakeThreads
        _WAKE_THREADS.argtypes = [ctypes.c_int32]
        _WAKE_THREADS.restype = None
    _WAKE_THREADS(threads)


def _runtime_free():
    """The `free` compiled code links to (lib/RefBackend/Runtime's, which
    keeps large blocks for reuse), for the results it hands over."""
    global _RUNTIME_FREE
    if _RUNTIME_FREE is None:
        address = dict(_runtime_symbols())["free"]
        _RUNTIME_FREE = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(address)
    return _RUNTIME_FREE


class Invoker:
    """`invoker.<function>(*arrays)` runs that function of the compiled module."""

    def __init__(self, compiled, opt_level):
        self._signatures = dict(compiled.signatures)
        self._threads = compiled.threads  # 1: no parallel loop, no pool to wake
        self._lock = threading.Lock()
        self._results = None
        self._callbacks = []  # ctypes callbacks must outlive the engine's use of them
        self._checks = list(compiled.checks)
        self._failed_check = None
        self._entry_points = {}  # function name -> ctypes function
        self._engine = _jit(compiled.module, opt_level)
        # Before the first call links the code (a symbol cannot be added later).
        for name, address in _runtime_symbols():
            self._engine.raw_register_runtime(name, ctypes.c_void_p(address))
        for signature in self._signatures.values():
            if signature.results:
                self._register_results_callback(signature)
        if self._checks:
            self._register_check_callback()

    @property
    def functions(self):
        return sorted(self._signatures)

    def signature(self, name):
        """The Signature (arguments and results, as ValueTypes) of function `name`."""
        signatures = self.__dict__.get("_signatures", {})
        if name not in signatures:
            raise AttributeError(f"the compiled module has no public function {name!r} "
                                 f"(it has: {', '.join(sorted(signatures)) or 'none'})")
        return signatures[name]

    def __getattr__(self, name):
        self.signature(name)
        return lambda *args: self.invoke(name, *args)

    def invoke(self, name, *args):
        signature = self.signature(name)
        if len(args) != len(signature.arguments):
            raise ValueError(f"{name}() takes {len(signature.arguments)} argument(s) "
                             f"({', '.join(t.text for t in signature.arguments)}), "
                             f"{len(args)} given")
        if self._threads > 1:
            _wake_threads(self._threads)  # they spin while the arguments are prepared
        # The C interface takes an array of pointers, one to each argument:
        # to a memref's descriptor pointer, or to a scalar.
        keep_alive = []
        packed = (ctypes.c_void_p * len(args))()
        for index, (arg, expected) in enumerate(zip(args, signature.arguments)):
            if expected.is_tensor:
                array = _checked_array(name, index, arg, expected)
                descriptor = to_memref_descriptor(array)
                value = ctypes.pointer(descriptor)
                keep_alive += [array, descriptor]
            else:
                value = _SCALAR_CTYPES[expected.element](_checked_scalar(name, index, arg, expected))
            keep_alive.append(value)
            packed[index] = ctypes.addressof(value)
        # (Looked up once: ExecutionEngine.invoke looks it up on every call.)
        function = self._entry_points.get(name)
        if function is None:
            function = self._entry_points[name] = self._engine.lookup(name)
        with self._lock:
            self._results, self._failed_check = [], None
            self._owned = OwnedBuffers(_runtime_free())
            function(packed)
            results, self._results, self._owned = self._results, None, None
            failed, self._failed_check = self._failed_check, None
        if failed is not None:
            message = (self._checks[failed] if 0 <= failed < len(self._checks)
                       else f"run-time check #{failed}")
            raise ValueError(f"{name}(): a run-time check failed: {message}")
        if not signature.results:
            return None
        problems = [r for r in results if isinstance(r, BaseException)]
        if problems or len(results) != len(signature.results):
            raise RuntimeError(f"{name}: the compiled code did not hand back its "
                               f"{len(signature.results)} result(s)"
                               + (f": {problems[0]!r}" if problems else ""))
        return results[0] if len(results) == 1 else tuple(results)

    def _register_results_callback(self, signature):
        arg_types = [ctypes.POINTER(UnrankedMemRefDescriptor) if t.is_tensor else _SCALAR_CTYPES[t.element]
                     for t in signature.results]

        def receive(*values):
            # Runs inside the compiled code: never raise through it.
            try:
                for value, expected in zip(values, signature.results):
                    if expected.is_tensor:
                        array = self._owned.view(value, expected.dtype)
                        if expected.element in SUB_BYTE:
                            array = sign_extend_low_bits(array, SUB_BYTE[expected.element])
                        self._results.append(array)
                    else:
                        self._results.append(value)
            except BaseException as error:  # noqa: BLE001 - reported by invoke()
                self._results.append(error)

        callback = ctypes.CFUNCTYPE(None, *arg_types)(receive)
        self._register(RESULTS_CALLBACK_PREFIX + signature.name, callback)


    def _register_check_callback(self):
        def failed(index):
            # Runs inside the compiled code, which returns right after.
            if self._failed_check is None:
                self._failed_check = index

        callback = ctypes.CFUNCTYPE(None, ctypes.c_int64)(failed)
        self._register(CHECK_FAILED_CALLBACK, callback)

    def _register(self, name, callback):
        """Registers a ctypes callback by its address. Not by
        ExecutionEngine.register_runtime: its ctypes.cast leaves the callback
        and the cast pointer holding each other in a cycle the collector never
        frees, and with them this invoker and its engine (about 0.5 MB per
        compiled module, kept for good)."""
        self._callbacks.append(callback)
        address = ctypes.c_void_p.from_buffer(callback).value
        self._engine.raw_register_runtime("_mlir_ciface_" + name, ctypes.c_void_p(address))


def _checked_array(function, index, arg, expected):
    where = f"argument {index} of {function}() ({expected.text})"
    if not isinstance(arg, np.ndarray):
        raise ValueError(f"{where}: expected a numpy array, got {type(arg).__name__}")
    if arg.ndim != len(expected.shape):
        raise ValueError(f"{where}: expected rank {len(expected.shape)}, got an array of shape {arg.shape}")
    for dim, (want, got) in enumerate(zip(expected.shape, arg.shape)):
        if want is not None and want != got:
            raise ValueError(f"{where}: dimension {dim} must be {want}, got an array of shape {arg.shape}")
    if arg.dtype != expected.dtype:
        if arg.dtype not in ALSO_ACCEPTED.get(expected.element, ()):
            raise ValueError(f"{where}: expected dtype {expected.dtype}, got {arg.dtype}")
        arg = arg.view(expected.dtype)
    # The compiled code only reads its arguments (refback-read-only-arguments):
    # a C-contiguous array is passed as it is, anything else as a C copy.
    if arg.flags.c_contiguous and arg.flags.aligned:
        return arg
    return np.array(arg, order="C")


def _checked_scalar(function, index, arg, expected):
    where = f"argument {index} of {function}() ({expected.text})"
    if expected.element == "i1":
        ok = isinstance(arg, (bool, np.bool_))
    elif expected.element.startswith("i"):
        ok = isinstance(arg, (int, np.integer)) and not isinstance(arg, (bool, np.bool_))
    else:
        ok = isinstance(arg, (int, float, np.integer, np.floating)) and not isinstance(arg, (bool, np.bool_))
    if not ok:
        raise ValueError(f"{where}: expected a {expected.element} scalar, got {type(arg).__name__}")
    return arg
