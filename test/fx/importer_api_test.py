"""Upstream's FX importer surface, from the two wheels as built: FxImporter's
import methods and options, FxImporterHooks (weights made ml_program globals,
as IREE makes its own), fx.stateless_fx_import of make_fx and AOTAutograd
graphs run against eager, and export_and_import's printing keywords.

Run standalone with --wheel for each wheel, or with none to test the
torch_mlir already on sys.path (PYTHONPATH=<an unpacked site>).
"""

import argparse
import contextlib
import io
import os
import sys
import tempfile
import unittest

import numpy as np
import torch
from torch.fx.experimental.proxy_tensor import make_fx

import unpacked_wheels

ARGS = None
fx = ir = importer_module = RefBackend = GlobalsHooks = MutableGlobalsHooks = None


def setUpModule():
    global fx, ir, importer_module, RefBackend, GlobalsHooks, MutableGlobalsHooks
    if ARGS is not None and ARGS.wheel:
        unpacked_wheels.use(ARGS.wheel)
    from torch_mlir import fx as fx_module, ir as ir_module
    from torch_mlir.extras import fx_importer
    from torch_mlir.refbackend import RefBackend as ref_backend
    fx, ir, importer_module, RefBackend = fx_module, ir_module, fx_importer, ref_backend
    GlobalsHooks, MutableGlobalsHooks = hooks_classes(fx_importer.FxImporterHooks)


class Net(torch.nn.Module):
    """Two parameters, a buffer and a lifted constant."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.fc = torch.nn.Linear(4, 3)
        self.register_buffer("scale", torch.tensor([1.5, -2.0, 0.25]))

    def forward(self, x):
        return torch.relu(self.fc(x)) * self.scale + torch.tensor([1.0, 2.0, 3.0])


class Counter(torch.nn.Module):
    """A buffer the program writes."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.fc = torch.nn.Linear(3, 3)
        self.register_buffer("count", torch.zeros(3))

    def forward(self, x):
        self.count.add_(x.sum(0))
        return self.fc(x) + self.count


def ops_named(operation, name):
    """Every op called `name` nested in `operation`."""
    found = []

    def walk(op):
        for region in op.regions:
            for block in region.blocks:
                for inner in block.operations:
                    if inner.operation.name == name:
                        found.append(inner.operation)
                    walk(inner.operation)

    walk(operation)
    return found


def array_of(attr):
    return np.array(ir.DenseElementsAttr(attr))


def symbol(op):
    return ir.StringAttr(op.attributes["sym_name"]).value


def argument_types(func):
    return [str(a.type) for a in func.regions[0].blocks[0].arguments]


def hooks_classes(base):
    """Upstream-style hooks (subclasses of the wheel's FxImporterHooks
    `base`), as a compiler like IREE writes them. Ops are built
    generically: no ml_program Python builders needed."""

    class GlobalsHooks(base):
        """Every tensor literal a private ml_program.global, read with
        ml_program.global_load where it is needed."""

        def __init__(self):
            self.prepared = []
            self.literal_infos = []  # the `info` of each resolve_literal call
            self.input_infos = []  # and of each resolve_input call
            self.tensors = {}  # global name -> the tensor it holds
            self.types = {}  # global name -> its builtin tensor type

        def prepare_module(self, module_op):
            self.prepared.append(module_op)

        def resolve_literal(self, gni, literal, info):
            self.literal_infos.append(info)
            name = info.input_spec.target if info is not None else f"constant{len(self.tensors)}"
            return self.load(gni, self.define(gni, name, literal, mutable=False), literal)

        def define(self, gni, name, tensor, mutable):
            """A global holding `tensor`'s data, at the top of the module."""
            name = name.replace(".", "_")
            value = ir.DenseElementsAttr.get(tensor.detach().contiguous().numpy())
            attributes = {
                "sym_name": ir.StringAttr.get(name),
                "sym_visibility": ir.StringAttr.get("private"),
                "type": ir.TypeAttr.get(value.type),
                "value": value,
            }
            if mutable:
                attributes["is_mutable"] = ir.UnitAttr.get()
            with ir.InsertionPoint.at_block_begin(gni.fx_importer.module.body):
                ir.Operation.create("ml_program.global", attributes=attributes)
            self.tensors[name], self.types[name] = tensor, value.type
            return name

        def load(self, gni, name, tensor):
            loaded = ir.Operation.create("ml_program.global_load", results=[self.types[name]],
                                         attributes={"global": ir.FlatSymbolRefAttr.get(name)})
            # gni._cc.tensor_to_vtensor_type is how IREE's hooks ask for the type.
            vtensor = gni._cc.tensor_to_vtensor_type(tensor)
            return ir.Operation.create("torch_c.from_builtin_tensor", results=[vtensor],
                                       operands=[loaded.result]).result

    class MutableGlobalsHooks(GlobalsHooks):
        """Buffers mutable globals, read by resolve_input and written by
        store_produced_value; parameters resolve_literal's."""

        def resolve_input(self, gni, value, info):
            self.input_infos.append(info)
            if info.input_spec.kind.name != "BUFFER":
                return None
            name = self.define(gni, info.input_spec.target, value, mutable=True)
            return self.load(gni, name, value)

        def store_produced_value(self, gni, py_value, produced_ir_value, info):
            self.stored = (py_value, info)
            name = info.input_spec.target.replace(".", "_")
            builtin = ir.Operation.create("torch_c.to_builtin_tensor", results=[self.types[name]],
                                          operands=[produced_ir_value]).result
            ir.Operation.create("ml_program.global_store", operands=[builtin],
                                attributes={"global": ir.FlatSymbolRefAttr.get(name)})

    return GlobalsHooks, MutableGlobalsHooks


@contextlib.contextmanager
def captured_stderr():
    """What native code writes to file descriptor 2 meanwhile (a list,
    filled with the text on exit)."""
    text = []
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile(mode="w+") as f:
        os.dup2(f.fileno(), 2)
        try:
            yield text
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            f.seek(0)
            text.append(f.read())


class HooksTest(unittest.TestCase):
    def setUp(self):
        self.net = Net().eval()
        self.x = torch.randn(2, 4)
        self.program = torch.export.export(self.net, (self.x,))

    def check_globals(self, module, hooks, expected_names):
        """The module verifies; the function embeds no data; each global
        holds its tensor's values."""
        module.operation.verify()
        self.assertEqual(ops_named(module.operation, "torch.vtensor.literal"), [])
        defined = {symbol(op): op for op in ops_named(module.operation, "ml_program.global")}
        self.assertEqual(sorted(defined), sorted(expected_names))
        for name, op in defined.items():
            np.testing.assert_array_equal(array_of(op.attributes["value"]),
                                          hooks.tensors[name].detach().numpy(), err_msg=name)
        loads = ops_named(module.operation, "ml_program.global_load")
        self.assertEqual(sorted(ir.FlatSymbolRefAttr(op.attributes["global"]).value
                                for op in loads), sorted(expected_names))

    def state_names(self):
        """The global name for each parameter, buffer and constant."""
        return [spec.target.replace(".", "_") for spec in self.program.graph_signature.input_specs
                if spec.kind.name != "USER_INPUT"]

    def test_resolve_literal_makes_weights_globals(self):
        hooks = GlobalsHooks()
        importer = importer_module.FxImporter(hooks=hooks)
        self.assertEqual(hooks.prepared, [importer.module.operation])
        importer.import_frozen_program(self.program)
        self.assertEqual(len(self.state_names()), 4)
        self.check_globals(importer.module, hooks, self.state_names())
        infos = {info.input_spec.kind.name: info for info in hooks.literal_infos}
        self.assertEqual(sorted(infos), ["BUFFER", "CONSTANT_TENSOR", "PARAMETER"])
        infos = {info.input_spec.target: info for info in hooks.literal_infos}
        weight = infos["fc.weight"]
        self.assertEqual(weight.input_spec.kind.name, "PARAMETER")
        self.assertEqual(weight.node.op, "placeholder")
        self.assertIs(weight.program.graph, weight.node.graph)
        self.assertEqual(str(weight.ir_type), "!torch.vtensor<[3,4],f32>")
        self.assertIsNone(weight.mutable_producer_node_name)
        self.assertIsNone(weight.store_producer_node)

    def test_export_and_import_with_hooks(self):
        for output_type in ("raw", "torch"):
            hooks = GlobalsHooks()
            module = fx.export_and_import(self.net, self.x, hooks=hooks,
                                          output_type=output_type)
            self.check_globals(module, hooks, self.state_names())

    def test_import_program_asks_resolve_input_first(self):
        hooks = MutableGlobalsHooks()
        importer_module.FxImporter(hooks=hooks).import_program(self.program)
        asked = sorted(info.input_spec.kind.name for info in hooks.input_infos)
        self.assertEqual(asked, ["BUFFER", "PARAMETER", "PARAMETER"])  # not the constant
        # Parameters fell through to resolve_literal, the same info in hand.
        literal_kinds = sorted(info.input_spec.kind.name for info in hooks.literal_infos)
        self.assertEqual(literal_kinds, ["CONSTANT_TENSOR", "PARAMETER", "PARAMETER"])
        self.assertEqual(
            {id(i) for i in hooks.input_infos if i.input_spec.kind.name == "PARAMETER"},
            {id(i) for i in hooks.literal_infos if i.input_spec.kind.name == "PARAMETER"})
        # import_frozen_program does not ask resolve_input.
        frozen = MutableGlobalsHooks()
        importer_module.FxImporter(hooks=frozen).import_frozen_program(self.program)
        self.assertEqual(frozen.input_infos, [])
        self.assertEqual(len(frozen.literal_infos), 4)

    def test_store_produced_value_writes_mutated_buffer(self):
        model = Counter()
        program = torch.export.export(model, (torch.randn(2, 3),))
        hooks = MutableGlobalsHooks()
        func = importer_module.FxImporter(hooks=hooks).import_program(program)
        module_op = hooks.prepared[0]
        module_op.verify()
        self.assertEqual(argument_types(func), ["!torch.vtensor<[2,3],f32>"])
        stores = ops_named(module_op, "ml_program.global_store")
        self.assertEqual([ir.FlatSymbolRefAttr(op.attributes["global"]).value for op in stores],
                         ["count"])
        py_value, info = hooks.stored
        self.assertIs(py_value, program.state_dict["count"])
        producers = {n.name for n in program.graph_module.graph.nodes}
        self.assertIn(info.store_producer_node, producers)
        globals_ = {symbol(op): op for op in ops_named(module_op, "ml_program.global")}
        self.assertIn("is_mutable", globals_["count"].attributes)
        self.assertNotIn("is_mutable", globals_["fc_weight"].attributes)
        # Without a store hook the buffer stays an argument the function writes.
        plain = GlobalsHooks()
        func = importer_module.FxImporter(hooks=plain).import_program(program)
        self.assertEqual(argument_types(func),
                         ["!torch.vtensor<[2,3],f32>", "!torch.tensor<[3],f32>"])

    def test_hook_value_of_wrong_type(self):
        class Wrong(importer_module.FxImporterHooks):
            def resolve_literal(self, gni, literal, info):
                return gni.constant("int", 1)

        with self.assertRaisesRegex(importer_module.FxImportError,
                                    r"resolve_literal for \w+ returned a value of type "
                                    r"!torch.int, where !torch.vtensor<\[[\d,]+\],f32> is "
                                    r"needed"):
            importer_module.FxImporter(hooks=Wrong()).import_frozen_program(self.program)


class FxImporterTest(unittest.TestCase):
    def setUp(self):
        self.net = Net().eval()
        self.program = torch.export.export(self.net, (torch.randn(2, 4),))

    def test_options(self):
        context = ir.Context()
        with context, ir.Location.unknown():
            module = ir.Module.create()
        hooks = GlobalsHooks()
        importer = importer_module.FxImporter(module=module, hooks=hooks, config_check=False)
        self.assertIs(importer.module, module)
        self.assertEqual(str(importer.module_op), str(module.operation))
        func = importer.import_program(self.program, func_name="forward",
                                       func_visibility="private")
        self.assertEqual(ir.StringAttr(func.attributes["sym_visibility"]).value, "private")
        self.assertIn("func.func private @forward", str(module))
        with self.assertRaisesRegex(ValueError, "another context"):
            importer_module.FxImporter(context=ir.Context(), module=module)
        with self.assertRaisesRegex(TypeError, "graph_node_importer_cls"):
            importer_module.FxImporter(graph_node_importer_cls=object)
        with self.assertRaisesRegex(TypeError, "hooks= wants an FxImporterHooks .* a object has "
                                               "no prepare_module, resolve_literal"):
            importer_module.FxImporter(hooks=object())

    def test_py_attr_tracker_reuses_attribute(self):
        context = ir.Context()
        tracker = importer_module.RefTracker()
        weight = self.program.state_dict["fc.weight"]
        first = importer_module.FxImporter(context=context, py_attr_tracker=tracker)
        first.import_frozen_program(self.program)
        mapping = tracker.track(weight)
        self.assertFalse(mapping.is_empty)
        np.testing.assert_array_equal(array_of(mapping.value), weight.detach().numpy())
        # What the tracker holds is what a second import uses, not the data.
        with context:
            mapping.value = ir.DenseElementsAttr.get(np.zeros((3, 4), np.float32))
        second = importer_module.FxImporter(context=context, py_attr_tracker=tracker)
        second.import_frozen_program(self.program)
        literals = [array_of(op.attributes["value"])
                    for op in ops_named(second.module.operation, "torch.vtensor.literal")]
        self.assertTrue(any(a.shape == (3, 4) and not a.any() for a in literals))

    def test_import_stateless_graph(self):
        gm = make_fx(lambda x, y: torch.mm(x, y).relu())(torch.randn(2, 3), torch.randn(3, 4))
        importer = importer_module.FxImporter()
        importer.import_stateless_graph(gm.graph, func_name="g", func_visibility="private")
        text = str(importer.module)
        self.assertIn("func.func private @g(%arg0: !torch.vtensor<[2,3],f32>, "
                      "%arg1: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[2,4],f32>", text)

    def test_symbolic_graph_states_sizes(self):
        gm = make_fx(lambda x: torch.cat([x, x]).sin(), tracing_mode="symbolic")(
            torch.randn(3, 4))
        importer = importer_module.FxImporter()
        importer.import_graph_module(gm, import_symbolic_shape_expressions=True)
        text = str(importer.module)
        self.assertRegex(text, r'torch.symbolic_int "s\d+" \{min_val = \d+, max_val = \d+\}')
        self.assertRegex(text, r"affine_map<\(\)\[s0, s1\] -> \(s0 \* 2, s1\)>")


class StatelessImportTest(unittest.TestCase):
    def run_compiled(self, module, *args):
        invoker = RefBackend().load(RefBackend().compile(module))
        return invoker.main(*[a.numpy() for a in args])

    def test_make_fx_graph_module_matches_eager(self):
        net = Net().eval()
        x = torch.randn(5, 4)
        gm = make_fx(net)(x)  # parameters, buffer and constant as get_attr tensors
        self.assertTrue(any(n.op == "get_attr" for n in gm.graph.nodes))
        module = fx.stateless_fx_import(gm, output_type="linalg-on-tensors")
        np.testing.assert_allclose(self.run_compiled(module, x), net(x).detach().numpy(),
                                   rtol=1e-6, atol=1e-6)

    def test_get_attr_through_resolve_literal(self):
        net = Net().eval()
        gm = make_fx(net)(torch.randn(5, 4))
        hooks = GlobalsHooks()
        module = fx.stateless_fx_import(gm, hooks=hooks)
        attrs = {n.target for n in gm.graph.nodes if n.op == "get_attr"}
        self.assertEqual(len(hooks.literal_infos), len(attrs))
        self.assertTrue(all(info is None for info in hooks.literal_infos))
        module.operation.verify()
        self.assertEqual(ops_named(module.operation, "torch.vtensor.literal"), [])
        held = sorted(tuple(t.shape) for t in hooks.tensors.values())
        self.assertEqual(held, sorted(tuple(getattr(gm, a).shape) for a in attrs))

    def test_symbolic_make_fx_runs_at_other_sizes(self):
        def f(x, y):
            return torch.tanh(x @ y) + x.sum(1, keepdim=True)

        gm = make_fx(f, tracing_mode="symbolic")(torch.randn(3, 4), torch.randn(4, 4))
        module = fx.stateless_fx_import(gm, output_type="linalg-on-tensors",
                                        model_name="main")
        invoker = RefBackend().load(RefBackend().compile(module))
        for rows in (1, 7):
            x, y = torch.randn(rows, 4), torch.randn(4, 4)
            np.testing.assert_allclose(invoker.main(x.numpy(), y.numpy()), f(x, y).numpy(),
                                       rtol=1e-5, atol=1e-6)

    def test_aot_autograd_backend(self):
        """The way Dynamo users import: torch.compile with an AOTAutograd
        backend whose forward compiler is stateless_fx_import."""
        from torch._dynamo.backends.common import aot_autograd

        compiled_graphs = []

        def compiler(gm, example_inputs):
            module = fx.stateless_fx_import(gm, output_type="linalg-on-tensors")
            invoker = RefBackend().load(RefBackend().compile(module))
            compiled_graphs.append(module)

            def run(*args):
                results = invoker.main(*[a.detach().numpy() for a in args])
                results = results if isinstance(results, tuple) else (results,)
                return tuple(torch.from_numpy(np.array(r)) for r in results)

            return run

        net = Net().eval()
        torch._dynamo.reset()
        compiled = torch.compile(net, backend=aot_autograd(fw_compiler=compiler))
        x = torch.randn(2, 4)
        with torch.no_grad():
            got = compiled(x)
            want = net(x)
        torch._dynamo.reset()
        self.assertEqual(len(compiled_graphs), 1)
        torch.testing.assert_close(got, want)


class KeywordsTest(unittest.TestCase):
    """export_and_import and stateless_fx_import take upstream's keywords."""

    UPSTREAM_EXPORT_AND_IMPORT = [
        "output_type", "fx_importer", "dynamic_shapes", "strict",
        "experimental_support_mutation", "import_symbolic_shape_expressions", "hooks",
        "decomposition_table", "func_name", "enable_graph_printing", "verbose",
        "enable_ir_printing", "backend_legal_ops", "allow_non_finites"]
    UPSTREAM_STATELESS = [
        "gm", "output_type", "fx_importer", "hooks", "model_name", "enable_graph_printing",
        "verbose", "enable_ir_printing", "backend_legal_ops", "allow_non_finites"]

    def setUp(self):
        self.net = Net().eval()
        self.x = torch.randn(2, 4)

    def test_every_upstream_keyword_is_taken_or_refused_by_name(self):
        import inspect

        taken = inspect.signature(fx.export_and_import).parameters
        for name in self.UPSTREAM_EXPORT_AND_IMPORT:
            self.assertTrue(name in taken or name in fx._NOT_OFFERED, name)
        self.assertEqual(list(inspect.signature(fx.stateless_fx_import).parameters),
                         self.UPSTREAM_STATELESS)
        with self.assertRaisesRegex(TypeError, "experimental_support_mutation.*mutations="):
            fx.export_and_import(self.net, self.x, experimental_support_mutation=True)

    def test_allow_non_finites(self):
        fx.export_and_import(self.net, self.x, output_type="torch", allow_non_finites=False)
        fx.export_and_import(self.net, self.x, output_type="linalg-on-tensors",
                             allow_non_finites=True)
        with self.assertRaisesRegex(ValueError, "allow_non_finites=False is not offered"):
            fx.export_and_import(self.net, self.x, output_type="linalg-on-tensors",
                                 allow_non_finites=False)

    def test_fx_importer_keyword(self):
        importer = importer_module.FxImporter()
        module = fx.export_and_import(self.net, self.x, fx_importer=importer, func_name="f",
                                      output_type="raw")
        self.assertIs(module, importer.module)
        self.assertIn("func.func @f(", str(module))
        with self.assertRaisesRegex(ValueError, "fx_importer="):
            fx.export_and_import(self.net, self.x, fx_importer=importer,
                                 hooks=GlobalsHooks())

    def test_printing(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            fx.export_and_import(self.net, self.x, enable_graph_printing=True,
                                 output_type="raw")
        self.assertIn("torch.ops.aten", out.getvalue())
        self.assertNotIn("TorchFX IR", out.getvalue())

        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            fx.export_and_import(self.net, self.x, verbose=True,
                                 output_type="linalg-on-tensors")
        text = out.getvalue()
        stages = [text.index(t) for t in
                  ("TorchFX IR", "Torch Backend IR", "Linalg-on-Tensors Backend IR")]
        self.assertEqual(stages, sorted(stages))
        self.assertIn("torch.vtensor.literal", text[stages[0]:stages[1]])
        self.assertIn("linalg.generic", text[stages[2]:])

        with captured_stderr() as err:
            module = fx.export_and_import(self.net, self.x, enable_ir_printing=True,
                                          output_type="torch")
        self.assertIn("IR Dump After", err[0])
        self.assertIn("torch.aten", str(module))
        # Without it, nothing is printed.
        with captured_stderr() as err:
            fx.export_and_import(self.net, self.x, output_type="torch")
        self.assertNotIn("IR Dump After", err[0])

    def test_stateless_printing(self):
        gm = make_fx(lambda x: x.exp())(torch.randn(2))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            fx.stateless_fx_import(gm, enable_graph_printing=True, verbose=True,
                                   output_type="torch")
        self.assertIn("torch.ops.aten.exp.default", out.getvalue())
        self.assertIn("Torch Backend IR", out.getvalue())


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", action="append", default=[],
                        help="a wheel to test (each of the two); none: the torch_mlir on "
                             "sys.path")
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
