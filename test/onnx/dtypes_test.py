"""The one dtype table (torch_mlir.dtypes), from the core wheel as built, no
torch: its rows against ONNX's and ml_dtypes' own names, against the C++
dialect's ScalarType codes (what an imported Cast asks for), and every ONNX
element type round-tripped through the importer, the lowering and the runtime:
bits exact, and values converted to float32 as numpy (ml_dtypes) converts them.
"""

import re
import sys
import unittest

import ml_dtypes
import numpy as np
import onnx
from onnx import TensorProto, helper

import unpacked_wheels


def model(nodes, inputs, outputs, opset=None):
    opset = opset or onnx.defs.onnx_opset_version()  # the newest: every type has its ops
    graph = helper.make_graph(nodes, "g", inputs, outputs)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def values(row, shape, rng):
    """Arrays of every kind of value `row`'s type holds (all bit patterns of
    the narrow types, NaNs and infinities included), as numpy/ml_dtypes."""
    dtype = np.dtype(onnx.helper.tensor_dtype_to_np_dtype(row.onnx))
    count = int(np.prod(shape))
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(np.bool_)
    if dtype.kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    if dtype.kind == "f":
        return (rng.standard_normal(shape) * 100).astype(dtype)
    if dtype.name in ("int2", "int4", "uint2", "uint4"):
        info = ml_dtypes.iinfo(dtype)
        return rng.integers(int(info.min), int(info.max) + 1, shape).astype(dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
    # bfloat16 and the float8s: random bit patterns of their width.
    bits = rng.integers(0, 256 ** dtype.itemsize, count, dtype=np.uint64)
    return bits.astype(f"u{dtype.itemsize}").view(dtype).reshape(shape)


def same_bits(a, b):
    return np.array_equal(np.ascontiguousarray(a).view(np.uint8), np.ascontiguousarray(b).view(np.uint8))


class TableTest(unittest.TestCase):
    def test_every_onnx_element_type_has_one_row(self):
        missing = []
        for name, code in TensorProto.DataType.items():
            if name in ("UNDEFINED", "STRING", "FLOAT4E2M1", "FLOAT8E8M0", "FLOAT6E2M3",
                        "FLOAT6E3M2"):
                continue  # no Torch dtype: strings, and formats MLIR 19 lacks
            if dtypes.by_onnx(code) is None:
                missing.append(name)
        self.assertEqual(missing, [], "ONNX element types with no row")
        for field in ("element", "torch", "scalar_type", "onnx", "numpy"):
            keys = [getattr(d, field) for d in dtypes.TABLE if getattr(d, field) is not None]
            self.assertEqual(len(keys), len(set(keys)), f"{field} repeats")

    def test_rows_name_what_onnx_and_ml_dtypes_name(self):
        for row in dtypes.TABLE:
            with self.subTest(row.element):
                carrier = dtypes.carrier(row.element)
                if row.onnx is not None:
                    np_dtype = np.dtype(onnx.helper.tensor_dtype_to_np_dtype(row.onnx))
                    self.assertEqual(np_dtype.name, row.numpy)
                    self.assertIs(dtypes.by_numpy(np_dtype), row)
                    # The carrier holds a value's bytes (a byte per sub-byte integer).
                    self.assertEqual(carrier.itemsize, np_dtype.itemsize)
                if row.safetensors is not None:
                    code, size, per_element = row.safetensors
                    self.assertEqual(size * per_element, carrier.itemsize)

    def test_scalar_type_codes_agree_with_the_dialect(self):
        # An ONNX Cast to each type imports as aten.to.dtype with the code the
        # C++ side (scalarTypeCode) gives that type.
        for row in dtypes.TABLE:
            if row.onnx is None or dtypes.lowered(row.element) in dtypes.SUB_BYTE:
                continue  # sub-byte casts lower by another road
            with self.subTest(row.element):
                source = TensorProto.DOUBLE if row.onnx == TensorProto.FLOAT else TensorProto.FLOAT
                m = model([helper.make_node("Cast", ["x"], ["y"], to=row.onnx)],
                          [helper.make_tensor_value_info("x", source, [2])],
                          [helper.make_tensor_value_info("y", row.onnx, [2])])
                module = tm_onnx.import_model(m, context=ir.Context())
                with module.context:
                    run_pipeline("builtin.module(func.func(convert-torch-onnx-to-torch))",
                                 module.operation)
                text = str(module)
                self.assertIn(f"!torch.vtensor<[2],{row.element}>", text)
                codes = re.findall(r"torch\.constant\.int (\d+)", text)
                self.assertEqual([int(c) for c in codes], [row.scalar_type], text)


class RoundTripTest(unittest.TestCase):
    """Each ONNX element type in and out of compiled code: Concat keeps the bits,
    Cast to float32 gives numpy's values (signedness kept: ui8 255 is 255.0)."""

    def test_concat_keeps_every_bit(self):
        rng = np.random.default_rng(0)
        for row in dtypes.TABLE:
            if row.onnx is None:
                continue
            with self.subTest(row.element):
                m = model([helper.make_node("Concat", ["x", "x"], ["y"], axis=0)],
                          [helper.make_tensor_value_info("x", row.onnx, [3, 5])],
                          [helper.make_tensor_value_info("y", row.onnx, [6, 5])])
                x = values(row, (3, 5), rng)
                y = tm_onnx.compile(m)(x)["y"]
                self.assertEqual(y.dtype, x.dtype)
                want = np.concatenate([x, x])
                if dtypes.lowered(row.element) in dtypes.SUB_BYTE:
                    np.testing.assert_array_equal(y.astype(np.int8), want.astype(np.int8))
                else:
                    self.assertTrue(same_bits(y, want), f"{x!r} -> {y!r}")

    def test_cast_to_float32_gives_numpys_values(self):
        rng = np.random.default_rng(1)
        for row in dtypes.TABLE:
            if row.onnx is None or row.element.startswith("complex"):
                continue
            with self.subTest(row.element):
                m = model([helper.make_node("Cast", ["x"], ["y"], to=TensorProto.FLOAT)],
                          [helper.make_tensor_value_info("x", row.onnx, [4, 4])],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4, 4])])
                x = values(row, (4, 4), rng)
                want = x.astype(np.float32)
                got = tm_onnx.compile(m)(x)["y"]
                # Exact for every type but the 64-bit integers (float32
                # rounding of int64/uint64: to nearest, as numpy).
                np.testing.assert_array_equal(got, want)

    def test_the_runtime_passes_every_carrier(self):
        for element, carrier in dtypes.CARRIERS.items():
            with self.subTest(element):
                text = (f"func.func @f(%a: tensor<3x{element}>) -> tensor<3x{element}> "
                        f"attributes {{llvm.emit_c_interface}} {{\n"
                        f"  return %a : tensor<3x{element}>\n}}")
                with ir.Context(), ir.Location.unknown():
                    module = ir.Module.parse(text)
                    invoker = RefBackend().load(RefBackend().compile(module))
                x = np.frombuffer(bytes(range(1, 1 + 3 * carrier.itemsize)), dtype=carrier)
                if carrier.kind == "b" or element in dtypes.SUB_BYTE:
                    x = np.array([1, 0, 1], carrier)  # sub-byte: results sign-extended
                self.assertTrue(same_bits(invoker.f(x), x))


if __name__ == "__main__":
    wheels = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--wheel=")]
    unpacked_wheels.use(wheels)
    from torch_mlir import dtypes, ir
    from torch_mlir import onnx as tm_onnx
    from torch_mlir.compiler_utils import run_pipeline
    from torch_mlir.refbackend import RefBackend
    unittest.main(argv=sys.argv[:1])
