"""The registry is well formed, and the generator reads schemas right and
rejects malformed ones with the line that is wrong."""

import os
import tempfile
import unittest

from tools.torch_ods_gen import torch_ods_gen as gen

REGISTRY = "lib/Dialect/Torch/IR/TorchOpRegistry.txt"


class RegistryTest(unittest.TestCase):
    def test_checked_in_registry_generates(self):
        schemas = gen.read_registry(REGISTRY)
        self.assertGreaterEqual(len(schemas), 700)
        text = gen.generate(schemas)
        self.assertEqual(text.count("\ndef Torch_"), len(schemas))
        self.assertIn('def Torch_AtenAddTensorOp : Torch_GeneratedOp<"aten.add.Tensor", 3, 1', text)

    def test_registry_is_sorted_and_unique(self):
        keys = [s.qualified_name for s in gen.read_registry(REGISTRY)]
        self.assertEqual(keys, sorted(keys))
        self.assertEqual(len(keys), len(set(keys)))


class SchemaTest(unittest.TestCase):
    def test_types_annotations_and_defaults(self):
        s = gen.parse_schema("aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)")
        self.assertEqual(s.op_name, "aten.add_.Tensor")
        self.assertEqual([a.name for a in s.arguments], ["self", "other", "alpha"])
        self.assertTrue(s.arguments[0].type.mutable)
        self.assertTrue(s.arguments[2].kwarg_only)
        self.assertEqual(s.arguments[2].default, "1")
        self.assertTrue(s.is_mutating)
        self.assertEqual(gen.cpp_class(s), "AtenAdd_TensorOp")

    def test_side_effects(self):
        def traits(text):
            return gen.effect_traits(gen.parse_schema(text), [])

        read = ["MemoryEffects<[MemRead]>"]
        self.assertEqual(traits("aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"), read)
        # Mutating, random (by name or by a Generator) and result-less ops keep every effect.
        self.assertEqual(traits("aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)"), [])
        self.assertEqual(traits("aten::dropout(Tensor input, float p, bool train) -> Tensor"), [])
        self.assertEqual(traits("aten::bernoulli_.float(Tensor(a!) self, float p=0.5, *, Generator? generator=None) -> Tensor(a!)"), [])
        self.assertEqual(traits("aten::normal_functional(Tensor self, float mean=0., float std=1., *, Generator? generator=None) -> Tensor"), [])
        self.assertEqual(traits("aten::_assert_scalar(Scalar self, str assert_msg) -> ()"), [])
        self.assertEqual(gen.effect_traits(gen.parse_schema("aten::add.int(int a, int b) -> int"), ["hasFolder"]), ["Pure"])

    def test_nested_types(self):
        t = gen.parse_type("int[2]?")
        self.assertEqual((t.kind, t.args[0].kind, t.args[0].args[0].name), ("optional", "list", "int"))
        t = gen.parse_type("Tensor?[]")
        self.assertEqual(gen.ods_constraint(t, "x"), "AnyTorchListOfOptionalTensorType")
        t = gen.parse_type("Dict(str, t)(a!)")
        self.assertEqual((t.kind, t.mutable), ("dict", True))

    def test_named_and_multiple_returns(self):
        s = gen.parse_schema("aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)")
        self.assertEqual(gen.result_names(s), ["values", "indices"])
        s = gen.parse_schema("aten::foo(Tensor self) -> (Tensor, Tensor)")
        self.assertEqual(gen.result_names(s), ["result0", "result1"])

    def test_upstream_class_names(self):
        for op, cls in [("aten::__and__.bool(bool a, bool b) -> bool", "Aten__And__BoolOp"),
                        ("aten::max_pool2d(Tensor self, int[2] kernel_size) -> Tensor", "AtenMaxPool2dOp"),
                        ("prims::convert_element_type(Tensor a, ScalarType dtype) -> Tensor",
                         "PrimsConvertElementTypeOp")]:
            self.assertEqual(gen.cpp_class(gen.parse_schema(op)), cls)

    def test_aliasing_tables(self):
        def source(text):
            return gen.view_source(gen.parse_schema(text))

        self.assertEqual(source("aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)"), 0)
        self.assertEqual(source("aten::expand_as(Tensor(a) self, Tensor other) -> Tensor(a)"), 0)
        # Not views: a fresh result, a write, a view-or-copy, a list of views,
        # a result aliasing no argument.
        self.assertIsNone(source("aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"))
        self.assertIsNone(source("aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)"))
        self.assertIsNone(source("aten::reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a)"))
        self.assertIsNone(source("aten::chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]"))
        self.assertIsNone(source("aten::foo(Tensor self) -> Tensor(b)"))
        table = gen.generate_aliasing(gen.read_registry(REGISTRY))
        self.assertIn('TORCH_VIEW_OP("aten.transpose.int", 0)', table)
        self.assertIn('TORCH_VIEW_OP("aten.select.int", 0)', table)
        self.assertNotIn('"aten.to.dtype"', table)
        # Writes: in-place variants and ops such as append that write a list.
        self.assertIn('TORCH_MUTATING_OP("aten.add_.Tensor")', table)
        self.assertIn('TORCH_MUTATING_OP("aten.append.t")', table)
        self.assertNotIn('TORCH_MUTATING_OP("aten.add.Tensor")', table)

    def test_malformed_registry_names_the_line(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False,
                                         dir=os.environ.get("TEST_TMPDIR")) as f:
            f.write("# comment\naten::relu(Tensor self) -> Tensor\naten::bad(Tensor self -> Tensor\n")
        with self.assertRaises(gen.RegistryError) as caught:
            gen.read_registry(f.name)
        self.assertIn(f"{f.name}:3:", str(caught.exception))
        self.assertIn("aten::bad", str(caught.exception))

    def test_unknown_type_is_an_error(self):
        s = gen.parse_schema("aten::foo(Storage s) -> Tensor")
        with self.assertRaisesRegex(gen.RegistryError, "no Torch type for schema type 'Storage'"):
            gen.emit_op(s)

    def test_duplicate_op_is_an_error(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False,
                                         dir=os.environ.get("TEST_TMPDIR")) as f:
            f.write("aten::relu(Tensor self) -> Tensor\naten::relu(Tensor self) -> Tensor\n")
        with self.assertRaisesRegex(gen.RegistryError, "already defined on line 1"):
            gen.read_registry(f.name)


if __name__ == "__main__":
    unittest.main()
