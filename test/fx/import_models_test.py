"""Real models through torch.export and the FX importer.

Every model is exported with the pinned torch, imported, verified, printed,
and round-tripped through torch-mlir-opt (which must print it back unchanged);
then the test asserts the ops and types the model must produce.
"""

import argparse
import re
import subprocess
import sys
import unittest
from pathlib import Path

import torch
import torch.nn as nn
from torch.export import Dim

import models
import unpacked_wheels
from models import (MLP, Branchy, DynamicBatch, EmbeddingGRU, EncoderBlock, InPlaceWithBuffers,
                    ScalarAndListArgs, SmallCNN, TupleReturn)

ARGS = None
fx = ir = OPT = None


def setUpModule():
    global fx, ir, OPT
    site = unpacked_wheels.use(ARGS.wheel)
    OPT = site / "torch_mlir" / "_mlir_libs" / "torch-mlir-opt"
    OPT.chmod(0o755)
    from torch_mlir import fx as fx_module, ir as ir_module
    fx, ir = fx_module, ir_module


# --- helpers --------------------------------------------------------------

def signature(module):
    """'(arg types) -> (result types)' of @main."""
    func = module.body.operations[0]
    return str(func.attributes["function_type"])


def op_names(module):
    names = []

    def walk(op):
        names.append(op.operation.name)
        for region in op.regions:
            for block in region:
                for inner in block:
                    walk(inner.operation)

    for op in module.body.operations:
        walk(op)
    return names


class ImportModelsTest(unittest.TestCase):
    def imported(self, model, *args, **kwargs):
        # The importer's own output: no decompositions beyond functionalization,
        # no pipeline after it.
        kwargs.setdefault("output_type", "raw")
        kwargs.setdefault("decomposition_table", {})
        module = fx.export_and_import(model, *args, **kwargs)
        self.assertTrue(module.operation.verify())
        text = str(module)
        proc = subprocess.run([str(OPT)], input=text, capture_output=True, text=True)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        # The tool ends its output with one more newline than str(module).
        self.assertEqual(proc.stdout.rstrip("\n"), text.rstrip("\n"),
                         "torch-mlir-opt does not print the module back")
        return module, text

    def test_mlp(self):
        module, text = self.imported(MLP(), torch.randn(2, 8))
        self.assertEqual(signature(module),
                         "(!torch.vtensor<[2,8],f32>) -> !torch.vtensor<[2,4],f32>")
        names = op_names(module)
        self.assertEqual(names.count("torch.aten.linear"), 2)
        self.assertIn("torch.aten.relu", names)
        self.assertIn("torch.aten.softmax.int", names)
        self.assertEqual(names.count("torch.vtensor.literal"), 4)  # 2 weights, 2 biases
        self.assertNotIn("torch.operator", names)

    def test_cnn(self):
        module, text = self.imported(SmallCNN().eval(), torch.randn(1, 3, 8, 8))
        self.assertEqual(signature(module),
                         "(!torch.vtensor<[1,3,8,8],f32>) -> !torch.vtensor<[1,10],f32>")
        names = op_names(module)
        for op in ("torch.aten.conv2d", "torch.aten.max_pool2d", "torch.aten.relu",
                   "torch.aten.linear"):
            self.assertIn(op, names)
        # Inference batchnorm is an op the registry lacks: named, not dropped.
        self.assertIn('torch.operator "aten._native_batch_norm_legit_no_training"', text)
        self.assertIn("-> !torch.vtensor<[1,8,8,8],f32>", text)

    def test_encoder_block(self):
        module, text = self.imported(EncoderBlock().eval(), torch.randn(2, 5, 16))
        self.assertEqual(signature(module),
                         "(!torch.vtensor<[2,5,16],f32>) -> !torch.vtensor<[2,5,16],f32>")
        names = op_names(module)
        for op in ("torch.aten.softmax.int", "torch.aten.matmul", "torch.aten.transpose.int",
                   "torch.aten.gelu", "torch.aten.split.Tensor"):
            self.assertIn(op, names)
        self.assertEqual(names.count("torch.aten.layer_norm"), 2)
        # chunk exports as split.Tensor, which returns Tensor[]: unpacked once into its three typed pieces.
        self.assertRegex(text, r"torch\.prim\.ListUnpack %\w+ : !torch\.list<vtensor> -> "
                               r"(!torch\.vtensor<\[2,5,16\],f32>, ){2}!torch\.vtensor<\[2,5,16\],f32>")

    def test_embedding_gru(self):
        module, text = self.imported(EmbeddingGRU().eval(), torch.randint(0, 50, (2, 7)))
        self.assertEqual(signature(module),
                         "(!torch.vtensor<[2,7],si64>) -> !torch.vtensor<[2,12],f32>")
        self.assertIn("torch.aten.embedding", op_names(module))
        self.assertRegex(text, r'torch\.operator "aten\.gru\.input"\(.*!torch\.list<vtensor>.*\) '
                               r'-> \(!torch\.vtensor<\[2,7,12\],f32>, '
                               r'!torch\.vtensor<\[1,2,12\],f32>\)')

    def test_dynamic_batch(self):
        module, text = self.imported(DynamicBatch(), torch.randn(4, 8),
                                     dynamic_shapes={"x": {0: Dim("batch")}})
        self.assertEqual(signature(module),
                         "(!torch.vtensor<[?,8],f32>) -> !torch.vtensor<[?,2,2],f32>")
        # The symbolic batch size is read from the input, not baked in.
        self.assertRegex(text, r"torch\.aten\.size\.int %arg0, %int0 : !torch\.vtensor<\[\?,8\],f32>")
        self.assertIn("!torch.vtensor<[?,4],f32>", text)

    def test_in_place_ops_and_buffer_mutation(self):
        module, text = self.imported(InPlaceWithBuffers(), torch.randn(3))
        # The mutated buffer is a mutable argument, written back before the return;
        # the unmutated one is a literal with its data.
        self.assertEqual(signature(module),
                         "(!torch.vtensor<[3],f32>, !torch.tensor<[3],f32>) -> "
                         "!torch.vtensor<[3],f32>")
        self.assertRegex(text, r"torch\.copy\.to_vtensor %arg1 : !torch\.vtensor<\[3\],f32>")
        self.assertRegex(text, r"torch\.overwrite\.tensor\.contents %\w+ overwrites %arg1 :")
        self.assertIn("dense<5.000000e-01> : tensor<3xf32>", text)
        names = op_names(module)
        # Functionalized: no in-place op (aten.<name>_) is left.
        self.assertEqual([n for n in names if n.startswith("torch.aten.")
                          and n.split(".")[2].endswith("_")], [])
        for op in ("torch.aten.mul.Tensor", "torch.aten.relu", "torch.aten.add.Tensor"):
            self.assertIn(op, names)
        self.assertLess(names.index("torch.overwrite.tensor.contents"), names.index("func.return"))

    def test_params_as_arguments(self):
        module, _ = self.imported(MLP(), torch.randn(2, 8), params="arguments")
        self.assertEqual(signature(module),
                         "(!torch.vtensor<[2,8],f32>, !torch.vtensor<[16,8],f32>, "
                         "!torch.vtensor<[16],f32>, !torch.vtensor<[4,16],f32>, "
                         "!torch.vtensor<[4],f32>) -> !torch.vtensor<[2,4],f32>")
        self.assertNotIn("torch.vtensor.literal", op_names(module))

    def test_literal_holds_the_parameter_data(self):
        layer = nn.Linear(2, 1)
        with torch.no_grad():
            layer.weight.copy_(torch.tensor([[1.5, -2.0]]))
            layer.bias.fill_(0.25)
        _, text = self.imported(layer, torch.randn(1, 2))
        self.assertIn("dense<[[1.500000e+00, -2.000000e+00]]> : tensor<1x2xf32>", text)
        self.assertIn("dense<2.500000e-01> : tensor<1xf32>", text)

    def test_scalar_and_list_args(self):
        module, text = self.imported(ScalarAndListArgs(), torch.randn(2, 3), 1.5, 2, [0, 1])
        # Python scalars are arguments of Torch scalar types; export specializes the
        # graph on their values, which appear as constants.
        self.assertEqual(signature(module),
                         "(!torch.vtensor<[2,3],f32>, !torch.float, !torch.int, !torch.int, "
                         "!torch.int) -> !torch.vtensor<[],f32>")
        self.assertIn("torch.constant.float 1.500000e+00", text)
        self.assertRegex(text, r"torch\.prim\.ListConstruct %int0, %int1 : "
                               r"\(!torch\.int, !torch\.int\) -> !torch\.list<int>")
        self.assertIn("torch.aten.repeat", op_names(module))

    def test_tuple_return(self):
        module, text = self.imported(TupleReturn(), torch.randn(2, 3))
        self.assertEqual(signature(module),
                         "(!torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2],f32>, "
                         "!torch.vtensor<[2],si64>, !torch.vtensor<[3,2],f32>)")
        # Both results of max.dim (named by the schema) and the transpose.
        self.assertRegex(text, r"%values, %indices = torch\.aten\.max\.dim %arg0")
        self.assertRegex(text, r"return %values, %indices, %\d+ :")

    def test_cond_becomes_prim_if(self):
        module, text = self.imported(Branchy(), torch.randn(3))
        names = op_names(module)
        self.assertEqual(names.count("torch.prim.If"), 1)
        self.assertEqual(names.count("torch.prim.If.yield"), 2)
        self.assertIn("torch.aten.Bool.Tensor", names)
        self.assertRegex(text, r"torch\.prim\.If %\w+ -> \(!torch\.vtensor<\[3\],f32>\) \{\n"
                               r"\s+%\w+ = torch\.aten\.sin")
        self.assertRegex(text, r"\} else \{\n\s+%\w+ = torch\.aten\.cos")

    def test_cond_branches_with_the_same_constants(self):
        # Each branch needs its own constants (a value of one region cannot be
        # used in the other); the per-block cache once mixed them up when a
        # dead branch's Python Block wrapper had its address reused.
        class SameConstants(nn.Module):
            def forward(self, x):
                return torch.cond(x.sum() > 0, lambda t: (t + 2) * 3, lambda t: (t - 2) * 3, (x,))

        for _ in range(3):
            module, text = self.imported(SameConstants(), torch.randn(3))
            self.assertTrue(module.operation.verify())
            if_op = text[text.index("torch.prim.If "):]
            self.assertEqual(if_op.count("torch.constant.int 2"), 2, if_op[:1500])
            self.assertEqual(if_op.count("torch.constant.int 3"), 2, if_op[:1500])

    def test_source_locations(self):
        module = fx.export_and_import(MLP(), torch.randn(2, 8), output_type="raw",
                                      decomposition_table={})
        asm = module.operation.get_asm(enable_debug_info=True)
        # Named after the node, at the line of the model's source that produced it.
        source = Path(models.__file__)
        line = next(i for i, l in enumerate(source.read_text().splitlines(), 1)
                    if "torch.softmax(self.fc2(torch.relu" in l)
        file_loc = re.search(rf'#(loc\d+) = loc\("[^"]*/{source.name}":{line}:0\)', asm)
        self.assertIsNotNone(file_loc, asm[-1500:])
        self.assertIn(f'loc("relu"(#{file_loc.group(1)}))', asm)
        # Parameters are named after their placeholders.
        self.assertIn('loc("p_fc1_weight")', asm)

    def test_output_types(self):
        with self.assertRaisesRegex(ValueError, "output_type 'stablehlo' is not "
                                                "supported; this package offers raw, torch, linalg-on-tensors"):
            fx.export_and_import(MLP(), torch.randn(2, 8), output_type="stablehlo")
        # linalg-on-tensors: see compile_test.py (it stops at the first op that does not lower).

    def test_unsupported_node_names_node_and_op(self):
        program = torch.export.export(MLP(), (torch.randn(2, 8),))
        relu = next(n for n in program.graph.nodes if n.name == "relu")
        relu.target = torch.nn.functional.relu  # a plain Python function, not an OpOverload
        importer = fx.FxImporter()
        with self.assertRaisesRegex(fx.FxImportError, r"node relu: call_function target relu "
                                                      r"is not an OpOverload"):
            importer.import_program(program, decompose=False)

    def test_ir_that_does_not_verify_is_an_error(self):
        program = torch.export.export(MLP(), (torch.randn(2, 8),))
        relu = next(n for n in program.graph.nodes if n.name == "relu")
        relu.meta["val"] = 3  # relu now claims to return an int: the op's verifier says no
        with self.assertRaisesRegex(fx.FxImportError, r"(?s)@main does not verify:\n.*"
                                    r"'torch\.aten\.relu' op result #0 must be optional tensor, "
                                    r"but got .!torch\.int..*this torch .* may not be the one "
                                    r"whose op schemas"):
            fx.FxImporter().import_program(program, decompose=False)

    def test_op_missing_from_the_registry_becomes_torch_operator(self):
        @torch.library.custom_op("tm_test::scale", mutates_args=())
        def scale(x: torch.Tensor, factor: float) -> torch.Tensor:
            return x * factor

        @scale.register_fake
        def _(x, factor):
            return torch.empty_like(x)

        class UsesCustomOp(nn.Module):
            def forward(self, x):
                return torch.ops.tm_test.scale(x, 3.0).relu()

        module, text = self.imported(UsesCustomOp(), torch.randn(4))
        self.assertIn('torch.operator "tm_test.scale"(%arg0, %float3.000000e00) : '
                      '(!torch.vtensor<[4],f32>, !torch.float) -> !torch.vtensor<[4],f32>', text)
        self.assertIn("torch.aten.relu", op_names(module))

    def test_in_place_op_without_functionalization_is_an_error(self):
        program = torch.export.export(InPlaceWithBuffers(), (torch.randn(3),))
        with self.assertRaisesRegex(fx.FxImportError, r"node add_ \(aten::add_\.Tensor\) "
                                                      r"writes to its input; .*decompose=True"):
            fx.FxImporter().import_program(program, decompose=False)
        # The default functionalizes first, so the same program imports.
        fx.FxImporter().import_program(program)

    def test_not_a_program(self):
        with self.assertRaisesRegex(TypeError, "wants a torch.export.ExportedProgram, got MLP"):
            fx.FxImporter().import_program(MLP())

    def test_several_functions_in_one_module(self):
        importer = fx.FxImporter()
        for name, model in (("mlp", MLP()), ("dyn", DynamicBatch())):
            importer.import_program(torch.export.export(model, (torch.randn(2, 8),)),
                                    func_name=name)
        names = [str(op.attributes["sym_name"]) for op in importer.module.body.operations]
        self.assertEqual(names, ['"mlp"', '"dyn"'])
        self.assertTrue(importer.module.operation.verify())


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", action="append", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
