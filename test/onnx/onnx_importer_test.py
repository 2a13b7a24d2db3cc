"""torch_mlir.extras.onnx_importer: upstream torch-mlir's class API (ModelInfo,
GraphInfo, NodeImporter, Config, ContextCache, ModuleCache) called the way
IREE's and torch-mlir's own import scripts call it, on the core wheel with
onnx and numpy, no torch. It must make what torch_mlir.onnx.import_model
makes (the same text), named after the graph as upstream names it, and what
it makes must lower and run like the ONNX model; and upstream's command entry
point, torch_mlir.tools.import_onnx.__main__._cli_main.
"""

import contextlib
import io
import os
import sys
import tempfile
import unittest

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

import unpacked_wheels


def mlp(graph_name="torch_jit", seed=0):
    """relu(x @ w + b) * 2 for x of shape [batch, 8]: w has 32 elements (a
    dense_resource blob), b a few (dense elements), 2 a Constant node."""
    rng = np.random.default_rng(seed)
    w = rng.standard_normal((8, 4)).astype(np.float32)
    b = rng.standard_normal(4).astype(np.float32)
    nodes = [helper.make_node("MatMul", ["x", "w"], ["m"], name="matmul"),
             helper.make_node("Add", ["m", "b"], ["a"], name="add"),
             helper.make_node("Relu", ["a"], ["r"], name="relu"),
             helper.make_node("Constant", [], ["two"], name="two",
                              value=numpy_helper.from_array(np.array(2, np.float32))),
             helper.make_node("Mul", ["r", "two"], ["y"], name="mul")]
    graph = helper.make_graph(
        nodes, graph_name, [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", 8])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["batch", 4])],
        [numpy_helper.from_array(w, "w"), numpy_helper.from_array(b, "b")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])
    return model, lambda x: np.maximum(x @ w + b, 0) * 2


def upstream_import(model_proto, context=None, config=None):
    """The call sequence of upstream's import_onnx command and IREE's."""
    context = context if context is not None else ir.Context()
    torch_d.register_dialect(context)
    model_info = onnx_importer.ModelInfo(
        model_proto, **({"config": config} if config is not None else {}))
    module = model_info.create_module(context=context)
    imp = onnx_importer.NodeImporter.define_function(model_info.main_graph, module.operation)
    imp.import_all()
    return module


class CallSequenceTest(unittest.TestCase):
    def test_same_module_as_import_model_named_after_the_graph(self):
        model, _ = mlp()
        module = upstream_import(model)
        module.operation.verify()
        ours = tm_onnx.import_model(model, func_name="torch_jit")
        self.assertEqual(str(module), str(ours))
        self.assertIn("func.func @torch_jit(%arg0: !torch.vtensor<[?,8],f32>", str(module))
        self.assertIn('torch.operator "onnx.MatMul"', str(module))
        self.assertIn("dense_resource<w_1>", str(module))

    def test_lowered_and_run_it_matches_numpy(self):
        model, reference = mlp()
        module = upstream_import(model)
        # As tt-torch and others follow it: upstream's pipeline helpers.
        cu.run_pipeline_with_repro_report(
            module, "builtin.module(torch-onnx-to-torch-backend-pipeline)",
            "Lowering Torch Onnx IR -> Torch Backend IR")
        cu.lower_mlir_module(False, cu.OutputType.LINALG_ON_TENSORS, module)
        backend = RefBackend()
        invoker = backend.load(backend.compile(module))
        for batch in (1, 3):
            x = np.random.default_rng(batch).standard_normal((batch, 8)).astype(np.float32)
            np.testing.assert_allclose(invoker.torch_jit(x), reference(x), rtol=1e-5, atol=1e-6)

    def test_module_variants_scripts_use(self):
        model, _ = mlp()
        # A module (not its operation), create_module's own context, an
        # attribute set before import: the func goes into the module as given.
        info = onnx_importer.ModelInfo(model)
        module = info.create_module()
        with module.context:
            module.operation.attributes["sym_name"] = ir.StringAttr.get("named")
        onnx_importer.NodeImporter.define_function(info.main_graph, module.operation).import_all()
        self.assertTrue(str(module).startswith("module @named {"), str(module)[:80])
        self.assertIn("func.func @torch_jit(", str(module))

    def test_two_graphs_into_one_module_one_private(self):
        first, _ = mlp("first", seed=1)
        second, _ = mlp("second", seed=2)
        context = ir.Context()
        info1, info2 = onnx_importer.ModelInfo(first), onnx_importer.ModelInfo(second)
        module = info1.create_module(context=context).operation
        cc = onnx_importer.ContextCache(context)
        mc = onnx_importer.ModuleCache(module, cc)
        onnx_importer.NodeImporter.define_function(info1.main_graph, module, cc, mc).import_all()
        onnx_importer.NodeImporter.define_function(info2.main_graph, module, cc, mc,
                                                   private=True).import_all()
        module.verify()
        text = str(module)
        self.assertIn("func.func @first(", text)
        self.assertIn("func.func private @second(", text)

    def test_define_function_then_import_all(self):
        model, _ = mlp()
        info = onnx_importer.ModelInfo(model)
        module = info.create_module(context=ir.Context()).operation
        imp = onnx_importer.NodeImporter.define_function(info.main_graph, module)
        self.assertIsInstance(imp, onnx_importer.NodeImporter)
        # The function and its signature first; no body until import_all
        # (printed generically: a block without its terminator does not verify).
        self.assertIn('sym_name = "torch_jit"', str(module))
        self.assertIn("(!torch.vtensor<[?,8],f32>) -> !torch.vtensor<[?,4],f32>", str(module))
        self.assertNotIn("onnx.MatMul", str(module))
        imp.import_all(func=False)
        self.assertIn("onnx.MatMul", str(module))
        self.assertIn("torch.operator_terminator", str(module))

    def test_a_model_not_shape_inferred_first(self):
        # Upstream's scripts infer shapes before import; ours does it too.
        model, _ = mlp()
        self.assertEqual(len(model.graph.value_info), 0)
        self.assertIn("!torch.vtensor<[?,4],f32>", str(upstream_import(model)).split("Relu")[0])

    def test_only_the_main_graph(self):
        model, _ = mlp()
        info = onnx_importer.ModelInfo(model)
        other = onnx_importer.GraphInfo(info, helper.make_graph([], "sub", [], []))
        module = info.create_module(context=ir.Context()).operation
        with self.assertRaisesRegex(onnx_importer.OnnxImportError, "main graph"):
            onnx_importer.NodeImporter.define_function(other, module)


class ConfigTest(unittest.TestCase):
    def test_defaults_are_upstreams(self):
        config = onnx_importer.Config()
        self.assertTrue(config.elide_initialized_inputs)
        self.assertEqual(config.function_expansion_allowlists_by_domain,
                         {"": {"MeanVarianceNormalization"}})
        self.assertEqual(config.function_expansion_denylists_by_domain,
                         {"": {"CastLike", "Range"}})
        # Not shared between instances.
        config.function_expansion_allowlists_by_domain[""].add("Celu")
        self.assertEqual(onnx_importer.Config().function_expansion_allowlists_by_domain,
                         {"": {"MeanVarianceNormalization"}})

    def test_no_allowlist_expands_every_function_op(self):
        # Celu has an ONNX function body; the conversion handles it natively,
        # so only "expand everything" replaces it (by Div, Exp, Where, ...).
        graph = helper.make_graph(
            [helper.make_node("Celu", ["x"], ["y"], alpha=2.0)], "g",
            [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
            [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])])
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])
        self.assertIn('"onnx.Celu"', str(upstream_import(model)))
        expanded = str(upstream_import(model, config=onnx_importer.Config(
            function_expansion_allowlists_by_domain=None)))
        self.assertNotIn('"onnx.Celu"', expanded)
        self.assertIn('"onnx.Exp"', expanded)
        self.assertEqual(expanded, str(tm_onnx.import_model(model, func_name="g",
                                                            expand_all_functions=True)))

    def test_initialized_inputs(self):
        # An old exporter's model: the weight is also a graph input.
        model, _ = mlp()
        model.graph.input.append(helper.make_tensor_value_info("w", TensorProto.FLOAT, [8, 4]))
        info = onnx_importer.ModelInfo(model)
        self.assertEqual(list(info.main_graph.input_map), ["x"])
        self.assertEqual(list(info.main_graph.declared_input_map), ["x", "w"])
        text = str(upstream_import(model))
        self.assertIn("func.func @torch_jit(%arg0: !torch.vtensor<[?,8],f32>", text)
        self.assertNotIn("%arg1", text)
        with self.assertRaisesRegex(onnx_importer.OnnxImportError, r"\['w'\]"):
            onnx_importer.ModelInfo(model, config=onnx_importer.Config(
                elide_initialized_inputs=False))


class GraphInfoAndCachesTest(unittest.TestCase):
    def test_graph_info_maps(self):
        model, _ = mlp()
        graph = onnx_importer.ModelInfo(model).main_graph
        self.assertIs(graph.graph_proto, model.graph)
        self.assertEqual(sorted(graph.initializer_map), ["b", "w"])
        self.assertEqual(list(graph.output_map), ["y"])
        self.assertEqual(list(graph.input_map), ["x"])
        self.assertEqual(graph.find_type_proto_for_name("x").tensor_type.elem_type,
                         TensorProto.FLOAT)
        w_type = graph.find_type_proto_for_name("w").tensor_type
        self.assertEqual([d.dim_value for d in w_type.shape.dim], [8, 4])
        self.assertEqual(graph.find_type_proto_for_name("m"), "")  # not inferred here

    def test_context_cache_types(self):
        context = ir.Context()
        cc = onnx_importer.ContextCache(context)
        f32 = cc.tensor_element_type(TensorProto.FLOAT)
        self.assertEqual(str(f32), "f32")
        self.assertEqual(str(cc.tensor_element_type(TensorProto.INT64)), "si64")
        self.assertEqual(str(cc.get_none_type()), "!torch.none")
        vt = cc.get_vtensor_type((2, None), f32)
        self.assertEqual(str(vt), "!torch.vtensor<[2,?],f32>")
        self.assertEqual(str(cc.get_vtensor_type(None, f32)), "!torch.vtensor<*,f32>")
        self.assertEqual(str(cc.get_list_type(vt)), "!torch.list<vtensor<[2,?],f32>>")
        self.assertEqual(str(cc.get_optional_type(vt)), "!torch.optional<vtensor<[2,?],f32>>")
        tp = helper.make_tensor_type_proto(TensorProto.FLOAT16, [3, "n"])
        self.assertEqual(str(cc.type_proto_to_type(tp)), "!torch.vtensor<[3,?],f16>")
        self.assertEqual(str(cc.type_proto_to_type("")), "!torch.none")
        w = numpy_helper.from_array(np.zeros((2, 5), np.int32), "w")
        self.assertEqual(str(cc.tensor_proto_to_type(w)), "!torch.vtensor<[2,5],si32>")
        with self.assertRaisesRegex(onnx_importer.OnnxImportError, "STRING"):
            cc.tensor_element_type(TensorProto.STRING)


class CliMainTest(unittest.TestCase):
    def test_cli_main_imports_and_exits_zero(self):
        from torch_mlir.tools.import_onnx.__main__ import _cli_main
        model, _ = mlp()
        directory = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        path, out = os.path.join(directory, "m.onnx"), os.path.join(directory, "m.mlir")
        onnx.save(model, path)
        argv = sys.argv
        sys.argv = ["torch-mlir-import-onnx", path, "-o", out]
        try:
            with self.assertRaises(SystemExit) as caught:
                _cli_main()
        finally:
            sys.argv = argv
        self.assertEqual(caught.exception.code, 0)
        with open(out) as f:
            self.assertEqual(f.read(), str(tm_onnx.import_model(path)))
        sys.argv = ["torch-mlir-import-onnx", os.path.join(directory, "missing.onnx")]
        try:
            with self.assertRaises(SystemExit) as caught, \
                    contextlib.redirect_stderr(io.StringIO()) as err:
                _cli_main()
        finally:
            sys.argv = argv
        self.assertEqual(caught.exception.code, 1)
        self.assertIn("missing.onnx", err.getvalue())


if __name__ == "__main__":
    wheels = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--wheel=")]
    if wheels:
        unpacked_wheels.use(wheels)
    from torch_mlir import compiler_utils as cu
    from torch_mlir import ir
    from torch_mlir import onnx as tm_onnx
    from torch_mlir.dialects import torch as torch_d
    from torch_mlir.extras import onnx_importer
    from torch_mlir.refbackend import RefBackend
    unittest.main(argv=sys.argv[:1] + [a for a in sys.argv[1:] if not a.startswith("--wheel=")])
