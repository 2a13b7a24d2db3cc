"""The element types torch-mlir carries, and each one's name for every party.

One row per Torch-dialect element type (what `!torch.vtensor<[..], T>` holds):

    element      the Torch dialect's element type: "si64", "bf16", "!torch.qint8"
    torch        the `torch.<name>` dtype, if PyTorch has one
    scalar_type  PyTorch's c10::ScalarType code (what `torch.constant.int` holds
                 where an op takes a dtype); the C++ twin is TorchTypes.cpp
    onnx         ONNX's TensorProto.DataType code
    numpy        the numpy (or ml_dtypes) dtype name of the values
    safetensors  how a weights file stores it: (dtype code, bytes, per element)

and one table, `CARRIERS`, for what the backend contract and the reference
backend see: builtin element types (integers signless) and the numpy dtype
their values travel as. numpy has no bf16 and no float8, so those travel as
their bit patterns (uint16, uint8); sub-byte integers take a byte each.

Every front end (the ONNX importer, the FX importer, the compiled wrappers),
the runtime and the weights file read these tables; none keeps its own.
"""

from typing import NamedTuple, Optional

import numpy as np

__all__ = [
    "ALSO_ACCEPTED", "CARRIERS", "Dtype", "SUB_BYTE", "TABLE", "by_element", "by_numpy",
    "by_onnx", "by_torch", "carrier", "from_carrier", "lowered", "numpy_dtype", "to_carrier", "values_dtype",
]


class Dtype(NamedTuple):
    element: str
    torch: Optional[str]
    scalar_type: Optional[int]
    onnx: Optional[int]
    numpy: Optional[str]
    safetensors: Optional[tuple]


TABLE = (
    #     element         torch              c10  onnx  numpy            safetensors
    Dtype("ui8",          "uint8",           0,   2,    "uint8",         ("U8", 1, 1)),
    Dtype("si8",          "int8",            1,   3,    "int8",          ("I8", 1, 1)),
    Dtype("si16",         "int16",           2,   5,    "int16",         ("I16", 2, 1)),
    Dtype("si32",         "int32",           3,   6,    "int32",         ("I32", 4, 1)),
    Dtype("si64",         "int64",           4,   7,    "int64",         ("I64", 8, 1)),
    Dtype("f16",          "float16",         5,   10,   "float16",       ("F16", 2, 1)),
    Dtype("f32",          "float32",         6,   1,    "float32",       ("F32", 4, 1)),
    Dtype("f64",          "float64",         7,   11,   "float64",       ("F64", 8, 1)),
    Dtype("complex<f32>", "complex64",       9,   14,   "complex64",     ("F32", 4, 2)),
    Dtype("complex<f64>", "complex128",      10,  15,   "complex128",    ("F64", 8, 2)),
    Dtype("i1",           "bool",            11,  9,    "bool",          ("BOOL", 1, 1)),
    Dtype("!torch.qint8", "qint8",           12,  None, None,            None),
    Dtype("!torch.quint8", "quint8",         13,  None, None,            None),
    Dtype("!torch.qint32", "qint32",         14,  None, None,            None),
    Dtype("bf16",         "bfloat16",        15,  16,   "bfloat16",      ("BF16", 2, 1)),
    Dtype("f8E5M2",       "float8_e5m2",     23,  19,   "float8_e5m2",   ("F8_E5M2", 1, 1)),
    Dtype("f8E4M3FN",     "float8_e4m3fn",   24,  17,   "float8_e4m3fn", ("F8_E4M3", 1, 1)),
    # safetensors has no dtype for the FNUZ float8s: their bytes, as U8.
    Dtype("f8E5M2FNUZ",   "float8_e5m2fnuz", 25,  20,   "float8_e5m2fnuz", ("U8", 1, 1)),
    Dtype("f8E4M3FNUZ",   "float8_e4m3fnuz", 26,  18,   "float8_e4m3fnuz", ("U8", 1, 1)),
    Dtype("ui16",         "uint16",          27,  4,    "uint16",        ("U16", 2, 1)),
    Dtype("ui32",         "uint32",          28,  12,   "uint32",        ("U32", 4, 1)),
    Dtype("ui64",         "uint64",          29,  13,   "uint64",        ("U64", 8, 1)),
    # Sub-byte integers: one per byte in memory, the value in the low bits.
    Dtype("ui2",          "uint2",           31,  25,   "uint2",         None),
    Dtype("ui4",          "uint4",           33,  21,   "uint4",         None),
    Dtype("si2",          "int2",            38,  26,   "int2",          None),
    Dtype("si4",          "int4",            40,  22,   "int4",          None),
)

# Builtin element type (as the backend contract prints it) -> the numpy dtype
# its values travel as between numpy and compiled code.
CARRIERS = {
    "f16": np.dtype(np.float16),
    "bf16": np.dtype(np.uint16),
    "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
    "i1": np.dtype(np.bool_),
    "i2": np.dtype(np.int8),  # sub-byte integers: one per byte (see SUB_BYTE)
    "i4": np.dtype(np.int8),
    "i8": np.dtype(np.int8),
    "i16": np.dtype(np.int16),
    "i32": np.dtype(np.int32),
    "i64": np.dtype(np.int64),
    "ui8": np.dtype(np.uint8),
    "f8E4M3FN": np.dtype(np.uint8),
    "f8E4M3FNUZ": np.dtype(np.uint8),
    "f8E5M2": np.dtype(np.uint8),
    "f8E5M2FNUZ": np.dtype(np.uint8),
    "complex<f32>": np.dtype(np.complex64),
    "complex<f64>": np.dtype(np.complex128),
}

# Other dtypes an argument may come as: the same bits under another name
# (torch's uint8 lowers to i8; bf16's bits also come as int16).
ALSO_ACCEPTED = {
    "bf16": (np.dtype(np.int16),),
    "i8": (np.dtype(np.uint8),),
    "i4": (np.dtype(np.uint8),),
    "i2": (np.dtype(np.uint8),),
}

# Builtin integers narrower than a byte, and their width in bits.
SUB_BYTE = {"i2": 2, "i4": 4}

_BY_ELEMENT = {d.element: d for d in TABLE}
_BY_TORCH = {d.torch: d for d in TABLE if d.torch}
_BY_ONNX = {d.onnx: d for d in TABLE if d.onnx is not None}
_BY_NUMPY = {d.numpy: d for d in TABLE if d.numpy}


def by_element(element):
    """The row of a Torch-dialect element type ("si64"), or None."""
    return _BY_ELEMENT.get(element)


def by_torch(name):
    """The row of `torch.<name>` ("bfloat16"; a torch.dtype's str works too), or None."""
    return _BY_TORCH.get(str(name).removeprefix("torch."))


def by_onnx(code):
    """The row of an ONNX TensorProto.DataType code, or None."""
    return _BY_ONNX.get(code)


def by_numpy(dtype):
    """The row of a numpy (or ml_dtypes) dtype, by its name, or None."""
    return _BY_NUMPY.get(np.dtype(dtype).name)


def numpy_dtype(row):
    """The numpy dtype of a row's values if numpy itself has one (not
    bfloat16, the float8s or the sub-byte integers: ml_dtypes' types), or None."""
    if row is None or not row.numpy:
        return None
    try:
        dtype = np.dtype(row.numpy)
    except TypeError:
        return None
    return dtype if dtype.kind in "biufc" else None


def values_dtype(row):
    """The dtype of a row's values: numpy's, else ml_dtypes' (bfloat16, the
    float8s, the sub-byte integers); None if neither has one (or ml_dtypes is
    not installed)."""
    if row is None or not row.numpy:
        return None
    dtype = numpy_dtype(row)
    if dtype is not None:
        return dtype
    try:
        import ml_dtypes
    except ImportError:
        return None
    extra = getattr(ml_dtypes, row.numpy, None)
    return np.dtype(extra) if extra is not None else None


def lowered(element):
    """The builtin element type a Torch-dialect one becomes at the backend
    contract: integers lose their signedness ("ui8" -> "i8"); quantized
    types have none (None)."""
    if element.startswith("!"):
        return None
    if element[:2] in ("si", "ui") and element[2:].isdigit():
        return "i" + element[2:]
    return element


def carrier(element):
    """The numpy dtype the values of a Torch-dialect element type travel as."""
    return CARRIERS.get(lowered(element) or "")


def to_carrier(array):
    """`array` viewed as its values travel to compiled code (the same bytes):
    ml_dtypes' bfloat16 as uint16, its float8s as uint8, its int4 & co as
    int8 (uint8 when unsigned), wide unsigned integers as signless ones.
    Other arrays are returned as they are."""
    row = by_numpy(array.dtype)
    target = carrier(row.element) if row is not None else None
    if row is not None and row.element in ("ui2", "ui4"):
        target = np.dtype(np.uint8)
    if target is None or target == array.dtype or target.itemsize != array.dtype.itemsize:
        return array
    return array.view(target)


def from_carrier(array, dtype):
    """A result's carrier array as `dtype` (a numpy or ml_dtypes dtype): the
    same bytes, sub-byte integers kept to their low bits."""
    dtype = np.dtype(dtype)
    row = by_numpy(dtype)
    bits = SUB_BYTE.get(lowered(row.element)) if row is not None else None
    if bits is not None:
        array = array & np.int8((1 << bits) - 1)
    if array.dtype != dtype and array.dtype.itemsize == dtype.itemsize:
        array = array.view(dtype)
    return array
