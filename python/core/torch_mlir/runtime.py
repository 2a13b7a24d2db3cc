"""numpy arrays <-> MLIR memref descriptors, for code the JIT compiled.

MLIR lowers a `memref<d0 x ... x T>` argument of an `llvm.emit_c_interface`
function to a pointer to this C struct (rank 0 has no sizes or strides):

    struct { T *allocated; T *aligned; int64_t offset;
             int64_t sizes[rank]; int64_t strides[rank]; };

and an unranked `memref<*xT>` to `struct { int64_t rank; void *descriptor; }`.
Strides and the offset count elements, not bytes.

Element types travel as numpy dtypes (torch_mlir.dtypes.CARRIERS); `bf16` has
none in numpy, so its values travel as their bit patterns in `uint16` arrays
(see `bf16_to_float32`).
"""

import ctypes
import weakref

import numpy as np

from .dtypes import CARRIERS, SUB_BYTE

__all__ = [
    "DTYPES",
    "SUB_BYTE",
    "sign_extend_low_bits",
    "UnrankedMemRefDescriptor",
    "bf16_to_float32",
    "float32_to_bf16",
    "memref_descriptor_type",
    "to_memref_descriptor",
    "unranked_memref_to_numpy",
]

# MLIR element type (as printed) -> the numpy dtype its values travel as, and
# the integers narrower than a byte (one per byte in memory, their value in the
# low bits; results are sign-extended from those bits, arguments go as int8 or
# uint8): torch_mlir.dtypes holds both.
DTYPES = CARRIERS


def sign_extend_low_bits(array, bits):
    """int8 values from the low `bits` bits of each byte of `array`, signed."""
    shift = 8 - bits
    return (array.view(np.int8) << shift) >> shift


class UnrankedMemRefDescriptor(ctypes.Structure):
    _fields_ = [("rank", ctypes.c_int64), ("descriptor", ctypes.c_void_p)]


_DESCRIPTOR_TYPES = {}


def memref_descriptor_type(rank):
    """The ctypes struct of a ranked memref descriptor (pointers untyped)."""
    if rank < 0:
        raise ValueError(f"a memref rank is >= 0, not {rank}")
    if rank not in _DESCRIPTOR_TYPES:
        fields = [
            ("allocated", ctypes.c_void_p),
            ("aligned", ctypes.c_void_p),
            ("offset", ctypes.c_int64),
        ]
        if rank:
            fields += [("sizes", ctypes.c_int64 * rank), ("strides", ctypes.c_int64 * rank)]
        _DESCRIPTOR_TYPES[rank] = type(f"MemRefDescriptor{rank}D", (ctypes.Structure,),
                                       {"_fields_": fields})
    return _DESCRIPTOR_TYPES[rank]


def to_memref_descriptor(array):
    """A descriptor that points into `array` (C-contiguous), which must outlive it."""
    if not isinstance(array, np.ndarray):
        raise TypeError(f"expected a numpy array, got {type(array).__name__}")
    if not array.flags.c_contiguous:
        raise ValueError("the array must be C-contiguous (np.ascontiguousarray makes one)")
    descriptor = memref_descriptor_type(array.ndim)()
    descriptor.allocated = descriptor.aligned = array.ctypes.data
    descriptor.offset = 0
    if array.ndim:
        itemsize = array.dtype.itemsize
        for i, (size, stride) in enumerate(zip(array.shape, array.strides)):
            descriptor.sizes[i] = size
            descriptor.strides[i] = stride // itemsize
    return descriptor


def unranked_memref_to_numpy(unranked, dtype):
    """A copy, as a numpy array of `dtype`, of the memref `unranked` describes.

    `unranked` is an UnrankedMemRefDescriptor (or a pointer to one). The copy
    owns its data, so the memref may be freed right after this returns.
    """
    if isinstance(unranked, ctypes._Pointer):
        unranked = unranked.contents
    dtype = np.dtype(dtype)
    rank = unranked.rank
    ranked = ctypes.cast(unranked.descriptor, ctypes.POINTER(memref_descriptor_type(rank))).contents
    shape = tuple(ranked.sizes[:rank]) if rank else ()
    strides = tuple(ranked.strides[:rank]) if rank else ()
    if any(size == 0 for size in shape):
        return np.empty(shape, dtype)
    # The span of elements the view touches, from its lowest to its highest.
    low = sum(stride * (size - 1) for size, stride in zip(shape, strides) if stride < 0)
    high = sum(stride * (size - 1) for size, stride in zip(shape, strides) if stride > 0)
    first = ranked.aligned + (ranked.offset + low) * dtype.itemsize
    buffer = (ctypes.c_char * ((high - low + 1) * dtype.itemsize)).from_address(first)
    flat = np.frombuffer(buffer, dtype=dtype)
    view = np.lib.stride_tricks.as_strided(
        flat[-low:], shape=shape, strides=tuple(s * dtype.itemsize for s in strides))
    return np.array(view, copy=True)


# The address MLIR gives the `allocated` pointer of a memref.get_global view
# (a constant, never to be freed).
_GLOBAL_ALLOCATED = 0xDEADBEEF
_C_FREE = ctypes.CDLL(None).free
_C_FREE.argtypes = [ctypes.c_void_p]
_C_FREE.restype = None


def _row_major_strides(shape):
    """The strides, in elements, of a C-contiguous array of `shape`."""
    strides, step = [], 1
    for size in reversed(shape):
        strides.append(step)
        step *= size
    return tuple(reversed(strides))


class OwnedBuffers:
    """The buffers a call of compiled code hands over (its results were
    allocated with its malloc and are not freed by it): each is freed, with
    `free` (the C library's by default; the reference backend passes the one
    its compiled code links to), when the last array viewing it is garbage,
    once however many results share it."""

    def __init__(self, free=_C_FREE):
        self._free = free
        self._blocks = {}

    def view(self, unranked, dtype):
        """A numpy array of `dtype` over the memref `unranked` describes,
        which now owns the memory; a copy where the memory is not the
        call's to give (a constant)."""
        if isinstance(unranked, ctypes._Pointer):
            unranked = unranked.contents
        ranked = ctypes.cast(unranked.descriptor,
                             ctypes.POINTER(memref_descriptor_type(unranked.rank))).contents
        allocated = ranked.allocated or 0
        if allocated in (0, _GLOBAL_ALLOCATED):
            return unranked_memref_to_numpy(unranked, dtype)
        dtype = np.dtype(dtype)
        rank = unranked.rank
        shape = tuple(ranked.sizes[:rank]) if rank else ()
        strides = tuple(ranked.strides[:rank]) if rank else ()
        if allocated not in self._blocks:
            block = (ctypes.c_char * 1).from_address(allocated)
            weakref.finalize(block, self._free, allocated)
            self._blocks[allocated] = block
        block = self._blocks[allocated]
        if any(size == 0 for size in shape) or any(stride < 0 for stride in strides):
            return unranked_memref_to_numpy(unranked, dtype)
        span = sum(stride * (size - 1) for size, stride in zip(shape, strides)) + 1
        first = ranked.aligned + ranked.offset * dtype.itemsize
        memory = (ctypes.c_char * (span * dtype.itemsize)).from_address(first)
        memory._block = block  # the block is freed after the last view of it
        flat = np.frombuffer(memory, dtype=dtype)
        if strides == _row_major_strides(shape):
            return flat.reshape(shape)  # (a view; as_strided costs more)
        return np.lib.stride_tricks.as_strided(
            flat, shape=shape, strides=tuple(s * dtype.itemsize for s in strides))


def bf16_to_float32(bits):
    """bf16 bit patterns (uint16) -> float32 values, exactly."""
    bits = np.asarray(bits, dtype=np.uint16)
    return (bits.astype(np.uint32) << 16).view(np.float32)


def float32_to_bf16(values):
    """float32 values -> bf16 bit patterns (uint16), rounding to nearest even."""
    values = np.asarray(values, dtype=np.float32, order="C")  # 0-d stays 0-d
    bits = values.view(np.uint32)
    rounded = bits + (0x7FFF + ((bits >> 16) & 1))
    out = (rounded >> 16).astype(np.uint16)
    # NaN stays NaN (rounding could carry it into infinity).
    nan = np.isnan(values)
    out[nan] = ((bits[nan] >> 16) | 0x0040).astype(np.uint16)
    return out
