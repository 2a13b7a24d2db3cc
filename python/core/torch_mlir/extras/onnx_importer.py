"""Upstream torch-mlir's class API for importing ONNX models, over our
importer (torch_mlir.onnx.importer), for scripts written against upstream:

    from torch_mlir import ir
    from torch_mlir.extras import onnx_importer

    model_info = onnx_importer.ModelInfo(model_proto)
    module = model_info.create_module(context=ir.Context()).operation
    imp = onnx_importer.NodeImporter.define_function(model_info.main_graph, module)
    imp.import_all()

The function the graph becomes is what torch_mlir.onnx.import_model makes
(the same text), named after the graph (`graph.name`), as upstream names it.
Before import, the model is prepared as import_model prepares it: ONNX's
checker, shape inference, the function expansions the conversion needs, and
folding of what is computed from constants alone. So a model need not be
shape-inferred first, and the module differs from upstream's where the two
importers differ (see torch_mlir/onnx/importer.py).

Only a model's main graph is imported this way: sub-graphs (If, Loop, Scan)
become regions of their node's op, never functions of their own. Upstream's
internals (a NodeImporter's value map, ModuleCache.get_operator_function,
import_node, import_initializer) are not here; a subclass overriding them
does not change what is imported.

Needs the `onnx` package (`pip install 'torch-mlir-core[onnx]'`); without it
this module imports, and ModelInfo raises OnnxImportError saying so.
"""

import dataclasses
from typing import Dict, Optional, Set

from ..ir import Context, Location, Module
# Names upstream's module has from torch_mlir.ir, which scripts subclassing
# NodeImporter annotate with (onnx_importer.Block, onnx_importer.Operation).
from ..ir import Block, Operation, Value  # noqa: F401
from ..onnx import importer as _importer
from ..onnx.importer import OnnxImportError

__all__ = ["Config", "ContextCache", "GraphInfo", "ModelInfo", "ModuleCache",
           "NodeImporter", "OnnxImportError"]


@dataclasses.dataclass
class Config:
    """Upstream's importer settings, as our importer reads them.

    elide_initialized_inputs: a graph input that also has an initializer is
        a constant, not a function argument (our importer always takes it so;
        False only makes such an input an error, as upstream's assertion does).
    function_expansion_allowlists_by_domain: None expands every op ONNX
        defines by a function body (the command's
        --disable-function-expansion-allowlist). Any dict keeps our
        importer's own list, torch_mlir.onnx.functions.EXPANDED_OPS: the ops
        the conversion has no pattern for, upstream's default
        (MeanVarianceNormalization) among them.
    function_expansion_denylists_by_domain: kept for upstream's scripts; our
        importer does not read it.
    """

    elide_initialized_inputs: bool = True
    function_expansion_allowlists_by_domain: Optional[Dict[str, Set[str]]] = \
        dataclasses.field(default_factory=lambda: {"": {"MeanVarianceNormalization"}})
    function_expansion_denylists_by_domain: Dict[str, Set[str]] = \
        dataclasses.field(default_factory=lambda: {"": {"CastLike", "Range"}})


class ModelInfo:
    """An ONNX model to import: `model_proto` (an onnx.ModelProto, its
    external data already loaded), its `config`, and its `main_graph` (a
    GraphInfo)."""

    def __init__(self, model_proto, *, config=None):
        _importer._require_onnx()
        if not model_proto.HasField("graph"):
            raise OnnxImportError("the model has no main graph")
        self.config = config if config is not None else Config()
        self.model_proto = model_proto
        self.main_graph = GraphInfo(self, model_proto.graph)
        self._prepared = None

    def create_module(self, context=None):
        """A new, empty `ir.Module` in `context` (a new Context when None)."""
        return Module.create(Location.unknown(context if context is not None else Context()))

    def prepared_model(self):
        """The model as our importer imports it (checked, shapes inferred,
        functions expanded, constants folded); made once, on first use."""
        if self._prepared is None:
            expand_all = self.config.function_expansion_allowlists_by_domain is None
            self._prepared, _ = _importer.prepare(self.model_proto,
                                                  expand_all_functions=expand_all)
        return self._prepared


class GraphInfo:
    """A graph of a model, as given (not prepared): its values by name."""

    def __init__(self, model_info, graph_proto, is_subgraph=False):
        self.model_info = model_info
        self.graph_proto = graph_proto
        self.initializer_map = {t.name: t for t in graph_proto.initializer}
        self.value_info_map = {v.name: v for v in graph_proto.value_info}
        self.declared_input_map = {v.name: v for v in graph_proto.input}
        self.output_map = {v.name: v for v in graph_proto.output}
        elide = not is_subgraph and model_info is not None and \
            model_info.config.elide_initialized_inputs
        if elide:
            self.input_map = {name: v for name, v in self.declared_input_map.items()
                              if name not in self.initializer_map}
        else:
            both = sorted(self.declared_input_map.keys() & self.initializer_map.keys())
            if both:
                raise OnnxImportError(
                    f"graph inputs {both} have initializers; without "
                    "Config.elide_initialized_inputs an input cannot have one")
            self.input_map = self.declared_input_map

    def find_type_proto_for_name(self, name):
        """The onnx.TypeProto of the value `name`, from its value_info, its
        output or input declaration, or its initializer; "" if it has none."""
        info = (self.value_info_map.get(name) or self.output_map.get(name)
                or self.declared_input_map.get(name))
        if info is not None:
            return info.type
        tensor = self.initializer_map.get(name)
        if tensor is not None:
            return _importer.onnx.helper.make_tensor_type_proto(tensor.data_type,
                                                                tensor.dims)
        return ""


class ContextCache:
    """The Torch types of ONNX values, in one context, as our importer spells
    them: a tensor of known rank is `!torch.vtensor<[2,?],f32>`, of unknown
    rank `!torch.vtensor<*,f32>`."""

    def __init__(self, context):
        self._c = context

    def _parse(self, text):
        with self._c:
            return _importer._parse_type(text, "type")

    def tensor_element_type(self, elem_type):
        """The MLIR element type of the ONNX element type code `elem_type`."""
        return self._parse(_importer._dtype(elem_type, "element type"))

    def get_none_type(self):
        return self._parse("!torch.none")

    def get_list_type(self, element_type):
        """`!torch.list<element_type>`."""
        return self._parse(f"!torch.list<{_short(element_type)}>")

    def get_optional_type(self, element_type):
        """`!torch.optional<element_type>`."""
        return self._parse(f"!torch.optional<{_short(element_type)}>")

    def get_vtensor_type(self, dims, element_type):
        """A value tensor of sizes `dims` (None for an unknown size; `dims`
        None for an unknown rank) and `element_type`."""
        if dims is None:
            return self._parse(f"!torch.vtensor<*,{element_type}>")
        sizes = ",".join("?" if d is None or d < 0 else str(d) for d in dims)
        return self._parse(f"!torch.vtensor<[{sizes}],{element_type}>")

    def tensor_proto_to_type(self, tp):
        """The value tensor type of an onnx.TensorProto."""
        return self.get_vtensor_type(tuple(tp.dims), self.tensor_element_type(tp.data_type))

    def type_proto_to_type(self, tp):
        """The Torch type of an onnx.TypeProto; `!torch.none` for "" or an
        empty one (a value without a type)."""
        if isinstance(tp, str) or tp.WhichOneof("value") is None:
            return self.get_none_type()
        return self._parse(_importer._tensor_type_text(tp, "type")[0])


def _short(element_type):
    return str(element_type).removeprefix("!torch.")


class ModuleCache:
    """What imports into one module share: the module and its ContextCache.
    (Upstream keeps the functions it expands ops into here; our importer
    expands them into the graph before import, so there are none.)"""

    def __init__(self, module_op, context_cache):
        self._m = module_op
        self._cc = context_cache


class NodeImporter:
    """Imports a model's main graph into one function of a module.

    define_function makes the function (its signature and the model's
    metadata), import_all its body: every node, then the return.
    """

    def __init__(self, graph_info, *, parent_op, block, context_cache, module_op,
                 module_cache):
        self._gi = graph_info
        self._p = parent_op
        self._b = block
        self._c = parent_op.context
        self._cc = context_cache
        self._m = module_op
        self._mc = module_cache
        self._importer = None

    @classmethod
    def define_function(cls, graph_info, module_op, context_cache=None, module_cache=None,
                        private=False):
        """Appends to `module_op` (a builtin.module operation) a `func.func`
        named after the graph, with the graph's inputs (less those with
        initializers) as arguments and its outputs as results, private if
        asked; returns the NodeImporter that imports its body."""
        model_info = graph_info.model_info
        if model_info is None or graph_info.graph_proto is not model_info.model_proto.graph:
            raise OnnxImportError("NodeImporter.define_function imports a model's main "
                                  "graph (ModelInfo.main_graph) only")
        context_cache = context_cache or ContextCache(module_op.context)
        module_cache = module_cache or ModuleCache(module_op, context_cache)
        importer = _importer._GraphImporter(model_info.prepared_model(), None)
        with module_op.context, Location.unknown():
            entry = importer.declare_main(module_op.regions[0].blocks[0],
                                          graph_info.graph_proto.name or "main", private)
        imp = cls(graph_info, parent_op=entry.owner, block=entry,
                  context_cache=context_cache, module_op=module_op, module_cache=module_cache)
        imp._importer = importer
        return imp

    def import_all(self, func=True):
        """Imports every node of the graph into the function's block, then
        returns the graph's outputs: by `func.return`, or with `func=False`
        by `torch.operator_terminator` (the end of an op's region)."""
        if self._importer is None:  # made by the constructor, not define_function
            self._importer = _importer._GraphImporter(self._gi.model_info.prepared_model(),
                                                      None)
            self._importer.collect_types(self._importer.model.graph)
        with self._c, Location.unknown():
            self._importer.import_main_body(
                self._b, "func.return" if func else "torch.operator_terminator")
