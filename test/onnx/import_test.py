"""torch_mlir.onnx.import_model and torch-mlir-import-onnx, on models built
here with onnx.helper, against the core wheel as built (no torch anywhere)."""

import contextlib
import io
import json
import os
import struct
import sys
import tempfile
import unittest
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

import unpacked_wheels

TMP = os.environ.get("TEST_TMPDIR")


def model(nodes, inputs, outputs, initializers=(), opsets=(("", 21),), value_info=()):
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers),
                              value_info=list(value_info))
    return helper.make_model(graph, opset_imports=[helper.make_opsetid(d, v) for d, v in opsets],
                             producer_name="import_test", producer_version="1")


def tensor(name, shape, elem=TensorProto.FLOAT):
    return helper.make_tensor_value_info(name, elem, shape)


class ImportTest(unittest.TestCase):
    def test_nodes_initializers_and_metadata(self):
        # More than 16 elements: a blob (fewer are dense elements).
        weight = numpy_helper.from_array(np.arange(20, dtype=np.float32).reshape(4, 5), "w")
        unused = numpy_helper.from_array(np.ones(4, dtype=np.float32), "unused")
        m = model([helper.make_node("Add", ["x", "w"], ["s"]),
                   helper.make_node("LeakyRelu", ["s"], ["y"], alpha=0.25)],
                  [tensor("x", [4, 5])], [tensor("y", [4, 5])], [weight, unused])
        text = str(tm_onnx.import_model(m))
        self.assertIn("func.func @main(%arg0: !torch.vtensor<[4,5],f32>) -> "
                      "!torch.vtensor<[4,5],f32>", text)
        self.assertIn('torch.operator "onnx.Add"', text)
        self.assertIn('torch.operator "onnx.LeakyRelu"', text)
        self.assertIn("torch.onnx.alpha = 2.500000e-01 : f32", text)
        self.assertIn("dense_resource<w_1>", text)
        self.assertEqual(text.count("torch.vtensor.literal"), 1)  # 'unused' is left out
        self.assertIn("torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}", text)
        self.assertIn('torch.onnx_meta.producer_name = "import_test"', text)
        self.assertIn("torch.onnx_meta.ir_version", text)

    def test_the_weights_are_the_initializers(self):
        data = np.random.default_rng(0).standard_normal((3, 8)).astype(np.float32)
        m = model([helper.make_node("MatMul", ["x", "w"], ["y"])], [tensor("x", [2, 3])],
                  [tensor("y", [2, 8])], [numpy_helper.from_array(data, "w")])
        module = tm_onnx.import_model(m)
        literal = next(op for op in module.body.operations[0].regions[0].blocks[0].operations
                       if op.name == "torch.vtensor.literal")
        # The blob holds exactly the initializer's bytes.
        text = str(module)
        blob = text[text.index('w_1: "0x') + len('w_1: "0x'):].split('"')[0]
        self.assertEqual(bytes.fromhex(blob)[4:], data.tobytes())  # after the alignment word
        self.assertIn("!torch.vtensor<[3,8],f32>", str(literal.results[0].type))

    def test_domains_stay_apart(self):
        m = model([helper.make_node("Relu", ["x"], ["a"]),
                   helper.make_node("Relu", ["a"], ["y"], domain="com.example")],
                  [tensor("x", [4])], [tensor("y", [4])],
                  opsets=(("", 21), ("com.example", 1)),
                  value_info=[tensor("y", [4])])
        text = str(tm_onnx.import_model(m))
        self.assertIn('torch.operator "onnx.Relu"', text)
        self.assertIn('torch.operator "onnx.com.example.Relu"', text)
        self.assertIn("com.example = 1 : si64", text)

    def test_unknown_rank_and_symbolic_dimensions(self):
        # A reshape to a shape known only at run time: its rank is unknown.
        m = model([helper.make_node("Reshape", ["x", "s"], ["r"]),
                   helper.make_node("Shape", ["r"], ["y"]),
                   helper.make_node("Relu", ["z"], ["w"])],
                  [tensor("x", [6]), tensor("s", [None], TensorProto.INT64),
                   tensor("z", ["batch", 3])],
                  [tensor("y", [None], TensorProto.INT64), tensor("w", ["batch", 3])])
        text = str(tm_onnx.import_model(m))
        self.assertIn('torch.operator "onnx.Reshape"', text)
        self.assertIn("-> !torch.vtensor<*,f32>", text)
        self.assertNotIn("!torch.vtensor<[],f32>", text)  # never a guessed rank 0
        self.assertIn('%arg2: !torch.vtensor<[?,3],f32> {onnx.dim_params = ["batch", ""]}', text)

    def test_a_value_without_a_type_is_named(self):
        # Shape inference knows nothing of com.example's ops: 't' gets no type.
        m = model([helper.make_node("Mystery", ["x"], ["t"], domain="com.example"),
                   helper.make_node("Relu", ["t"], ["y"])],
                  [tensor("x", [4])], [tensor("y", [4])], opsets=(("", 21), ("com.example", 1)))
        with self.assertRaisesRegex(tm_onnx.OnnxImportError,
                                    r"\(com.example.Mystery\): value 't' has no type"):
            tm_onnx.import_model(m)

    def test_optional_inputs_and_subgraphs(self):
        then_graph = helper.make_graph([helper.make_node("Relu", ["x"], ["t"])], "then", [],
                                       [tensor("t", [2])])
        else_graph = helper.make_graph([helper.make_node("Neg", ["x"], ["e"])], "else", [],
                                       [tensor("e", [2])])
        m = model([helper.make_node("Clip", ["x", "", "hi"], ["c"]),
                   helper.make_node("If", ["cond"], ["y"], then_branch=then_graph,
                                    else_branch=else_graph)],
                  [tensor("x", [2]), tensor("hi", []), tensor("cond", [], TensorProto.BOOL)],
                  [tensor("y", [2])])
        text = str(tm_onnx.import_model(m))
        self.assertIn("torch.constant.none", text)
        self.assertIn('torch.operator "onnx.If"', text)
        self.assertEqual(text.count("torch.operator_terminator"), 2)
        # Regions in the order of their attribute names: else_branch, then then_branch.
        self.assertLess(text.index('"onnx.Neg"'), text.index('"onnx.Relu"'))

    def test_external_data_is_read_from_beside_the_model(self):
        data = np.arange(4096, dtype=np.float32)
        m = model([helper.make_node("Add", ["x", "w"], ["y"])], [tensor("x", [4096])],
                  [tensor("y", [4096])], [numpy_helper.from_array(data, "w")])
        with tempfile.TemporaryDirectory(dir=TMP) as tmp:
            path = Path(tmp) / "m.onnx"
            onnx.save(m, str(path), save_as_external_data=True, location="m.data",
                      size_threshold=0)
            self.assertTrue((Path(tmp) / "m.data").is_file())
            text = str(tm_onnx.import_model(path))
            self.assertIn("dense_resource<w_1>", text)
            (Path(tmp) / "m.data").unlink()
            with self.assertRaisesRegex(tm_onnx.OnnxImportError, r"\bw\b.*m\.data"):
                tm_onnx.import_model(path)
            with self.assertRaisesRegex(tm_onnx.OnnxImportError,
                                        "initializer 'w'.*m.data is missing"):
                tm_onnx.import_model(path, check=False)

    def test_bad_files(self):
        with tempfile.TemporaryDirectory(dir=TMP) as tmp:
            good = Path(tmp) / "good.onnx"
            onnx.save(model([helper.make_node("Relu", ["x"], ["y"])], [tensor("x", [2])],
                            [tensor("y", [2])]), str(good))
            truncated = Path(tmp) / "truncated.onnx"
            truncated.write_bytes(good.read_bytes()[:-7])
            text = Path(tmp) / "text.onnx"
            text.write_text("this is not a model\n")
            for path in (truncated, text):
                with self.subTest(path.name):
                    for entry in (tm_onnx.import_model, tm_onnx.compile):
                        with self.assertRaises(tm_onnx.OnnxImportError) as caught:
                            entry(path)
                        self.assertIn(str(path), str(caught.exception))
                        self.assertIn("not an ONNX model", str(caught.exception))
            with self.assertRaisesRegex(tm_onnx.OnnxImportError, "no such file"):
                tm_onnx.import_model(Path(tmp) / "missing.onnx")
            with self.assertRaisesRegex(tm_onnx.OnnxImportError, "not int"):
                tm_onnx.import_model(42)

    def test_unknown_op_and_domain_are_named(self):
        m = model([helper.make_node("NoSuchOp", ["x"], ["y"])], [tensor("x", [2])],
                  [tensor("y", [2])])
        with self.assertRaisesRegex(tm_onnx.OnnxImportError, "NoSuchOp"):
            tm_onnx.import_model(m)
        m = model([helper.make_node("Relu", ["x"], ["y"], domain="com.nowhere")],
                  [tensor("x", [2])], [tensor("y", [2])])
        with self.assertRaisesRegex(tm_onnx.OnnxImportError, "com.nowhere"):
            tm_onnx.import_model(m, check=False)

    def test_a_string_tensor_is_named(self):
        m = model([helper.make_node("Identity", ["s"], ["y"])],
                  [tensor("s", [2], TensorProto.STRING)], [tensor("y", [2], TensorProto.STRING)])
        with self.assertRaisesRegex(tm_onnx.OnnxImportError, "'s'.*STRING"):
            tm_onnx.import_model(m)

    def test_the_command(self):
        with tempfile.TemporaryDirectory(dir=TMP) as tmp:
            path = Path(tmp) / "m.onnx"
            onnx.save(model([helper.make_node("Relu", ["x"], ["y"])], [tensor("x", [2])],
                            [tensor("y", [2])]), str(path))
            out = Path(tmp) / "m.mlir"
            self.assertEqual(import_onnx.main([str(path), "-o", str(out)]), 0)
            self.assertIn('torch.operator "onnx.Relu"', out.read_text())
            bad = Path(tmp) / "bad.onnx"
            bad.write_bytes(b"\x00\x01garbage")
            err = io.StringIO()
            with contextlib.redirect_stderr(err):
                self.assertEqual(import_onnx.main([str(bad)]), 1)
            self.assertIn("torch-mlir-import-onnx: error:", err.getvalue())
            self.assertIn("bad.onnx", err.getvalue())


class UpstreamFlagsTest(unittest.TestCase):
    """The flags upstream torch-mlir's importer has, each doing what it says."""

    def run_tool(self, m, *flags):
        with tempfile.TemporaryDirectory(dir=TMP) as tmp:
            path = Path(tmp) / "m.onnx"
            onnx.save(m, str(path))
            out = Path(tmp) / "m.mlir"
            err = io.StringIO()
            with contextlib.redirect_stderr(err):
                code = import_onnx.main([str(path), "-o", str(out), *flags])
            self.assertEqual(code, 0, err.getvalue())
            return out.read_text()

    def test_opset_version_upgrades(self):
        m = model([helper.make_node("Relu", ["x"], ["y"])], [tensor("x", [2])],
                  [tensor("y", [2])], opsets=(("", 17),))
        self.assertIn("ai.onnx = 18 : si64", self.run_tool(m, "--opset-version", "18"))
        self.assertIn("ai.onnx = 17 : si64", self.run_tool(m))

    def test_data_prop(self):
        # A Reshape to a shape computed from a dynamic input: only value
        # propagation gives the result its sizes.
        m = model([helper.make_node("Shape", ["x"], ["s"]),
                   helper.make_node("Reshape", ["y0", "s"], ["r"]),
                   helper.make_node("Relu", ["r"], ["y"])],
                  [tensor("x", ["n", 3]), tensor("y0", [3, "n"])], [tensor("y", [None, None])])
        reshaped = '"onnx.Reshape"(%arg1, %0) : (!torch.vtensor<[3,?],f32>, !torch.vtensor<[2],si64>) -> '
        self.assertIn(reshaped + "!torch.vtensor<[?,3],f32>", self.run_tool(m))
        self.assertIn(reshaped + "!torch.vtensor<[?,?],f32>", self.run_tool(m, "--no-data-prop"))

    def test_clear_domain(self):
        m = model([helper.make_node("Relu", ["x"], ["y"], domain="my.ops")],
                  [tensor("x", [2])], [tensor("y", [2])], opsets=(("", 21), ("my.ops", 1)))
        text = self.run_tool(m, "--no-check")
        self.assertIn('torch.operator "onnx.my.ops.Relu"', text)
        self.assertIn('torch.operator "onnx.Relu"', self.run_tool(m, "--clear-domain"))

    def test_function_expansion_beyond_the_allowlist(self):
        m = model([helper.make_node("HardSwish", ["x"], ["y"])], [tensor("x", [4])],
                  [tensor("y", [4])])
        self.assertIn('"onnx.HardSwish"', self.run_tool(m))
        expanded = self.run_tool(m, "--disable-function-expansion-allowlist")
        self.assertNotIn('"onnx.HardSwish"', expanded)
        self.assertIn('"onnx.Min"', expanded)  # its body, HardSigmoid's in turn
        self.assertIn('"onnx.Max"', expanded)

    def test_keep_temps_keeps_the_prepared_model(self):
        m = model([helper.make_node("HardSwish", ["x"], ["y"])], [tensor("x", [4])],
                  [tensor("y", [4])])
        with tempfile.TemporaryDirectory(dir=TMP) as tmp:
            self.run_tool(m, "--keep-temps", "--temp-dir", tmp,
                          "--disable-function-expansion-allowlist")
            prepared = onnx.load(str(Path(tmp) / "m.prepared.onnx"))
            self.assertNotIn("HardSwish", [n.op_type for n in prepared.graph.node])
        with self.assertRaises(SystemExit):
            with contextlib.redirect_stderr(io.StringIO()):
                import_onnx.main(["m.onnx", "--temp-dir", "x"])

    def test_the_module_is_verified_unless_asked_not_to(self):
        calls = []
        real = ir.Operation.verify

        def spy(op):
            calls.append(op.name)
            return real(op)

        m = model([helper.make_node("Relu", ["x"], ["y"])], [tensor("x", [2])],
                  [tensor("y", [2])])
        ir.Operation.verify = spy
        try:
            self.run_tool(m)
            self.assertEqual(calls, ["builtin.module"])
            self.run_tool(m, "--no-verify")
            self.assertEqual(calls, ["builtin.module"])
        finally:
            ir.Operation.verify = real


class ExternalWeightsTest(unittest.TestCase):
    """--externalize-weights / import_model(weights_file=): the text names the
    weights, a safetensors file beside it holds them, load_module joins them."""

    W = np.random.default_rng(0).standard_normal((64, 32)).astype(np.float32)
    TABLE = np.arange(100, dtype=np.int64) * 7 - 300

    def write_model(self, directory):
        path = Path(directory) / "m.onnx"
        onnx.save(model(
            [helper.make_node("MatMul", ["x", "w"], ["y"]),
             helper.make_node("Gather", ["table", "i"], ["z"])],
            [tensor("x", [2, 64]), tensor("i", [3], TensorProto.INT64)],
            [tensor("y", [2, 32]), tensor("z", [3], TensorProto.INT64)],
            [numpy_helper.from_array(self.W, "w"), numpy_helper.from_array(self.TABLE, "table")]),
            str(path))
        return path

    def test_the_command_writes_them_beside_the_output_and_they_run(self):
        with tempfile.TemporaryDirectory(dir=TMP) as tmp:
            out = Path(tmp) / "m.mlir"
            self.assertEqual(import_onnx.main(
                [str(self.write_model(tmp)), "-o", str(out), "--externalize-weights"]), 0)
            text = out.read_text()
            self.assertIn('torch.weights_file = "m.safetensors"', text)
            self.assertIn("dense_resource<w.", text)
            self.assertNotIn("dialect_resources", text)  # no bytes in the text
            self.assertLess(len(text), 2000)
            # The safetensors layout, read with nothing but struct and json.
            raw = (Path(tmp) / "m.safetensors").read_bytes()
            (length,) = struct.unpack("<Q", raw[:8])
            header = json.loads(raw[8:8 + length])
            (w_key,) = [k for k in header if k.startswith("w.")]
            self.assertEqual(header[w_key]["dtype"], "F32")
            self.assertEqual(header[w_key]["shape"], [64, 32])
            begin, end = header[w_key]["data_offsets"]
            np.testing.assert_array_equal(
                np.frombuffer(raw[8 + length + begin:8 + length + end], np.float32), self.W.ravel())

            module = weights.load_module(out)
            tm_onnx.lower(module)
            backend = RefBackend()
            invoker = backend.load(backend.compile(module))
            x = np.random.default_rng(1).standard_normal((2, 64)).astype(np.float32)
            i = np.array([0, 99, 41], np.int64)
            y, z = invoker.main(x, i)
            np.testing.assert_allclose(y, x @ self.W, rtol=1e-5, atol=1e-5)
            np.testing.assert_array_equal(z, self.TABLE[i])

    def test_what_cannot_serve_a_module_is_named(self):
        with tempfile.TemporaryDirectory(dir=TMP) as tmp:
            st = Path(tmp) / "w.safetensors"
            text = str(tm_onnx.import_model(self.write_model(tmp), weights_file=st))
            good = st.read_bytes()
            out = Path(tmp) / "w.mlir"
            out.write_text(text)
            self.assertIsNotNone(weights.load_module(out))

            st.write_bytes(good[:-100])
            with self.assertRaisesRegex(weights.WeightsError, "truncated"):
                weights.load_module(out)
            st.write_bytes(good.replace(b'"dtype":"F32"', b'"dtype":"F16"'))
            with self.assertRaisesRegex(weights.WeightsError, r"weight 'w\.\d+'.*F16.*F32"):
                weights.load_module(out)
            st.write_bytes(good.replace(b'"table.', b'"tablX.'))
            with self.assertRaisesRegex(weights.WeightsError, r"no weight 'table\.\d+'"):
                weights.load_module(out)
            st.write_bytes(b"\xff" * 64)
            with self.assertRaisesRegex(weights.WeightsError, "not a weights file"):
                weights.load_module(out)
            st.unlink()
            with self.assertRaisesRegex(weights.WeightsError, "no such weights file"):
                weights.load_module(out)

            # Parsed without its weights, it lowers but does not run.
            module = ir.Module.parse(text, context=tm_onnx.import_model(
                self.write_model(tmp)).context)
            tm_onnx.lower(module)
            backend = RefBackend()
            with self.assertRaisesRegex(CompileError, "dense_resource with no bytes"):
                backend.load(backend.compile(module))

            err = io.StringIO()
            with contextlib.redirect_stderr(err), self.assertRaises(SystemExit) as caught:
                import_onnx.main([str(self.write_model(tmp)), "--externalize-weights"])
            self.assertEqual(caught.exception.code, 2)
            self.assertIn("needs -o", err.getvalue())
            with contextlib.redirect_stderr(err), self.assertRaises(SystemExit):
                import_onnx.main([str(self.write_model(tmp)), "-o", str(out),
                                  "--externalize-weights", str(Path(tmp) / "sub" / "w.st")])
            self.assertIn("must be beside the output", err.getvalue())


if __name__ == "__main__":
    wheels = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--wheel=")]
    unpacked_wheels.use(wheels)
    from torch_mlir import ir, weights
    from torch_mlir import onnx as tm_onnx
    from torch_mlir.refbackend import CompileError, RefBackend
    from torch_mlir.tools.import_onnx import __main__ as import_onnx
    unittest.main(argv=sys.argv[:1])
