"""A module's weights kept beside its MLIR text, in a safetensors file.

Large constants in torch-mlir modules are `dense_resource` literals: the
printed module ends with each one's bytes as hex. Kept outside instead, the
text names each resource and holds no bytes, and the bytes live in a file in
the safetensors layout (a little-endian u64 header length, a JSON header
mapping each name to its dtype, shape and byte range, then the bytes). The
module records the file's name, relative to the .mlir, as its
`torch.weights_file` attribute.

    torch-mlir-import-onnx model.onnx -o model.mlir --externalize-weights
    module = weights.load_module("model.mlir")   # parsed, weights attached
    weights.attach(module, "model.safetensors")  # the same, for a parsed module

The file is memory-mapped, never read whole: a blob's bytes are paged in when
something (the JIT, a folder) reads them. A module whose resources have no
bytes lowers, but cannot run; RefBackend says so.

Only numpy is needed (no onnx, no torch).
"""

import json
import mmap
import os
import re
import struct
from pathlib import Path

import numpy as np

from . import dtypes, ir

__all__ = ["WEIGHTS_FILE_ATTR", "WeightsError", "attach", "load_module", "write"]

# The module attribute naming the weights file (relative to the .mlir).
WEIGHTS_FILE_ATTR = "torch.weights_file"

# Each element type a resource may have (Torch-dialect and builtin): the
# safetensors dtype it is stored as, the byte size of that dtype, and how many
# of them one element takes (a complex number is two floats, stored with a
# trailing dimension of 2). Builtin signless integers are stored as signed.
_STORED = {d.element: d.safetensors for d in dtypes.TABLE if d.safetensors}
_STORED.update({dtypes.lowered(e): _STORED[e] for e in ("si8", "si16", "si32", "si64")})
# A safetensors dtype -> the numpy dtype its bytes are read as (others: bytes).
_NUMPY = {d.safetensors[0]: dtypes.numpy_dtype(d) for d in dtypes.TABLE
          if d.safetensors and d.safetensors[2] == 1 and dtypes.numpy_dtype(d) is not None}
_HEADER_LIMIT = 100 * 2**20  # a header larger than this is not a weights file

# `dense_resource<key> : tensor<...>`; a key is a bare identifier or a string.
_RESOURCE = re.compile(r'^dense_resource<(?:"((?:[^"\\]|\\.)*)"|([^>]+))>')


class WeightsError(ValueError):
    """A weights file that cannot serve a module: missing, malformed, or
    without (or with the wrong size of) a blob the module needs."""


def write(path, blobs):
    """Writes `blobs`, (key, element type, shape, array) tuples, as a
    safetensors file at `path`. The element type is the Torch/MLIR one
    ("f32", "si64", "bf16", ...); the array's bytes are written as they are.
    Blobs are laid out widest element first, so every blob starts at a
    multiple of its element size when mapped."""
    header, order, offset = {}, [], 0
    for key, dtype, shape, array in sorted(blobs, key=lambda b: -_stored(b[1], b[0])[1]):
        code, size, per_element = _stored(dtype, key)
        data = memoryview(np.ascontiguousarray(array).reshape(-1).view(np.uint8))
        stored_shape = [int(d) for d in shape] + ([per_element] if per_element > 1 else [])
        if data.nbytes != int(np.prod(stored_shape, dtype=np.int64)) * size:
            raise WeightsError(f"weight '{key}': {data.nbytes} bytes for a "
                               f"{'x'.join(map(str, shape)) or 'scalar'} {dtype} tensor")
        if key in header:
            raise WeightsError(f"weight '{key}' given twice")
        header[key] = {"dtype": code, "shape": stored_shape,
                       "data_offsets": [offset, offset + data.nbytes]}
        order.append(data)
        offset += data.nbytes
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)  # the data starts 8-byte aligned
    with open(path, "wb") as out:
        out.write(struct.pack("<Q", len(text)))
        out.write(text)
        for data in order:
            out.write(data)


def _stored(dtype, key):
    if dtype not in _STORED:
        raise WeightsError(f"weight '{key}': element type {dtype} cannot be kept outside "
                           "the module")
    return _STORED[dtype]


def _read_header(path):
    """The JSON header of a safetensors file, and where its data starts.
    Raises WeightsError if the file is missing or is not one."""
    path = Path(path)
    try:
        f = open(path, "rb")
    except FileNotFoundError:
        raise WeightsError(f"{path}: no such weights file") from None
    with f:
        prefix = f.read(8)
        if len(prefix) < 8:
            raise WeightsError(f"{path}: {len(prefix)} bytes, not a weights file")
        (length,) = struct.unpack("<Q", prefix)
        if length > _HEADER_LIMIT or 8 + length > os.fstat(f.fileno()).st_size:
            raise WeightsError(f"{path}: not a weights file (a header of {length} bytes)")
        text = f.read(length)
    try:
        header = json.loads(text)
    except ValueError as e:  # JSONDecodeError and UnicodeDecodeError both are
        raise WeightsError(f"{path}: not a weights file (its header is not JSON: {e})") from None
    if not isinstance(header, dict):
        raise WeightsError(f"{path}: not a weights file (its header is not a JSON object)")
    header.pop("__metadata__", None)
    return header, 8 + length


def attach(module, path):
    """Gives each `dense_resource` the module refers to its bytes from the
    weights file at `path` (memory-mapped). Returns the module.

    Raises WeightsError, naming the weight and the file, if a resource is not
    in the file or its dtype or size there differs from its type in the
    module, or if the file is shorter than its header says."""
    path = Path(path)
    header, data_start = _read_header(path)
    size = path.stat().st_size
    with open(path, "rb") as f:
        mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) if size else b""
    replacements = []

    def visit(op):
        for named in op.attributes:
            if ir.DenseResourceElementsAttr.isinstance(named.attr):
                replacements.append((op, named.name, named.attr))
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    with module.context, ir.Location.unknown():
        for op, name, attr in replacements:
            key = _resource_key(attr)
            tensor = ir.ShapedType(attr.type)
            element = str(tensor.element_type)
            entry = header.get(key)
            if entry is None:
                raise WeightsError(f"{path} holds no weight '{key}' (the module's "
                                   f"{op.name} needs it)")
            code, item, per_element = _stored(element, key)
            begin, end = _offsets(entry, key, path)
            expected = int(np.prod(tensor.shape, dtype=np.int64)) * per_element * item
            if entry.get("dtype") != code or end - begin != expected:
                raise WeightsError(
                    f"weight '{key}' in {path} is {end - begin} bytes of {entry.get('dtype')}; "
                    f"the module needs {expected} bytes of {code} ({attr.type})")
            if data_start + end > size:
                raise WeightsError(f"{path} is truncated: {size} bytes, weight '{key}' "
                                   f"ends at byte {data_start + end}")
            numpy_type = _NUMPY.get(code, np.uint8) if per_element == 1 else np.uint8
            array = np.frombuffer(mapped, dtype=numpy_type,
                                  count=(end - begin) // np.dtype(numpy_type).itemsize,
                                  offset=data_start + begin)
            op.attributes[name] = ir.DenseResourceElementsAttr.get_from_buffer(
                memoryview(array), key, attr.type)
    return module


def _offsets(entry, key, path):
    offsets = entry.get("data_offsets") if isinstance(entry, dict) else None
    if (not isinstance(offsets, list) or len(offsets) != 2
            or not all(isinstance(o, int) for o in offsets) or not 0 <= offsets[0] <= offsets[1]):
        raise WeightsError(f"{path}: weight '{key}' has no valid data_offsets")
    return offsets


def _resource_key(attr):
    match = _RESOURCE.match(str(attr))
    if not match:
        raise WeightsError(f"not a dense_resource attribute: {attr}")
    if match.group(1) is not None:  # MLIR escapes: a backslash, two hex digits or a char
        return re.sub(r"\\([0-9a-fA-F]{2}|.)",
                      lambda m: chr(int(m.group(1), 16)) if len(m.group(1)) == 2
                      else m.group(1), match.group(1))
    return match.group(2)


def load_module(path, context=None):
    """Parses the .mlir at `path` and attaches the weights file it names
    (`torch.weights_file`, relative to the .mlir's directory). A module that
    names no weights file is returned as parsed. Raises WeightsError for a
    weights file that cannot serve it, ir.MLIRError for text that does not
    parse."""
    path = Path(path)
    if context is None:
        from .dialects import torch as torch_d
        context = ir.Context()
        torch_d.register_dialect(context)
    with context:
        module = ir.Module.parse(path.read_text())
    attributes = module.operation.attributes
    if WEIGHTS_FILE_ATTR not in attributes:
        return module
    name = ir.StringAttr(attributes[WEIGHTS_FILE_ATTR]).value
    return attach(module, path.parent / name)
