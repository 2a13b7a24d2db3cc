"""ONNX models into the Torch dialect, with no PyTorch.

Each ONNX node becomes `torch.operator "onnx.<OpType>"` (or
`"onnx.<domain>.<OpType>"` outside the default domain, so that a
`com.microsoft` op never takes the place of a standard op of the same name),
with the node's attributes as `torch.onnx.<name>` attributes. Its sub-graphs
(If, Loop, Scan) become the op's regions, in the order of their attribute
names, each ended by `torch.operator_terminator`. A missing optional input is
`torch.constant.none`. The graph's initializers that a node uses become
`torch.vtensor.literal`s of `dense_resource` blobs. The function records the
opset of each domain, the IR version and the producer.

Types: a tensor of known rank is `!torch.vtensor<[d0,d1],dtype>` (`?` for an
unknown or symbolic dimension; the model's symbolic names are kept on the
function's arguments and results as `onnx.dim_params`, an attribute no loaded
dialect verifies); a tensor of unknown rank is
`!torch.vtensor<*,dtype>`. No rank is ever guessed. What the importer cannot
represent raises OnnxImportError naming the node or value.
"""

import functools
import os
from pathlib import Path

from .. import dtypes, ir, weights
from ..dialects import torch as torch_d
from .folding import fold_constants, named_dims_over_declared, shapes_from_consumers
from .functions import expand_functions

try:
    import numpy as np
    import onnx
    import onnx.checker
    import onnx.external_data_helper
    import onnx.inliner
    import onnx.numpy_helper
    import onnx.shape_inference
    import onnx.version_converter
except ImportError as e:  # pragma: no cover - exercised without onnx installed
    onnx = None
    _ONNX_MISSING = e

# Above this size a model is checked and shape-inferred from its file (the
# protobuf of a ModelProto in memory is limited to 2 GB).
_PROTOBUF_LIMIT = 2**31 - 1

# ONNX element types and the Torch dtype of each (torch_mlir.dtypes).
_DTYPES = {d.onnx: d.element for d in dtypes.TABLE if d.onnx is not None}
_PACKED = tuple(e for e in _DTYPES.values()
                if dtypes.lowered(e) in dtypes.SUB_BYTE)  # no literal of them yet


class OnnxImportError(Exception):
    """An ONNX model this importer cannot bring into MLIR: the message names
    what (the node, value, type or file) and why."""


def _require_onnx():
    if onnx is None:
        raise OnnxImportError(
            "torch_mlir.onnx needs the `onnx` package: pip install 'torch-mlir-core[onnx]' "
            f"({_ONNX_MISSING})")


def import_model(model, *, func_name="main", opset=None, context=None,
                 check=True, base_dir=None, fold=True, weights_file=None,
                 data_prop=True, clear_domain=False, expand_all_functions=False,
                 prepared_file=None):
    """Imports an ONNX model into a new `torch_mlir.ir.Module`.

    model: an `onnx.ModelProto`, or the path of an `.onnx` file (its external
        data, if any, is read from beside it, or from `base_dir`).
    func_name: the name of the one `func.func` the module holds.
    opset: upgrade the default domain to this opset first
        (`onnx.version_converter`); None keeps the model's.
    context: the `ir.Context` to build in (one is made, with the torch dialect
        registered, when None).
    check: run ONNX's checker and shape inference first (on by default;
        shape inference is what gives most values a type).
    fold: evaluate what the main graph computes from constants alone (shapes
        of static tensors, arithmetic on them) and import it as constants
        (torch_mlir.onnx.folding); on by default.
    weights_file: write the weights (every `dense_resource` blob) to this
        safetensors file instead of into the module, which then names its
        blobs without holding them and records the file's name as
        `torch.weights_file`: torch_mlir.weights.load_module finds the file
        beside the .mlir; torch_mlir.weights.attach gives a module its bytes
        back. None (the default) keeps them in the module.
    data_prop: let shape inference propagate values (Shape -> Reshape gives
        the Reshape its shape); on by default.
    clear_domain: take every node of the main graph as one of ONNX's default
        domain (for models that name a default op under a domain of their own).
    expand_all_functions: replace every node whose op ONNX defines by a
        function body with that body, not only the ops the conversion does
        not handle natively (torch_mlir.onnx.functions.EXPANDED_OPS).
    prepared_file: also write the model as prepared for import (checked,
        shapes inferred, functions expanded, constants folded) to this path.

    Raises OnnxImportError naming what could not be imported.
    """
    model, base_dir = prepare(model, opset=opset, check=check, base_dir=base_dir, fold=fold,
                              data_prop=data_prop, clear_domain=clear_domain,
                              expand_all_functions=expand_all_functions)
    if prepared_file is not None:
        try:
            onnx.save(model, str(prepared_file))
        except (OSError, ValueError) as e:
            raise OnnxImportError(f"cannot write the prepared model to {prepared_file}: "
                                  f"{_first_line(e)}") from e
    if context is None:
        context = ir.Context()
        torch_d.register_dialect(context)
    with context, ir.Location.unknown():
        module = ir.Module.create()
        importer = _GraphImporter(model, base_dir, keep_weights=weights_file is None)
        importer.import_main(module, func_name)
        if weights_file is not None:
            try:
                weights.write(weights_file, importer.external)
            except OSError as e:
                raise OnnxImportError(f"cannot write the weights to {weights_file}: {e}") from e
            module.operation.attributes[weights.WEIGHTS_FILE_ATTR] = ir.StringAttr.get(
                Path(weights_file).name)
    return module


# -- loading and preparing ----------------------------------------------------

def prepare(model, *, opset=None, check=True, base_dir=None, fold=True, data_prop=True,
            clear_domain=False, expand_all_functions=False):
    """The model import_model imports, as a pair (onnx.ModelProto, the
    directory its external data is read from, or None): `model` loaded,
    checked, shape-inferred, its functions expanded and its constants folded,
    as import_model's arguments of the same names say."""
    _require_onnx()
    model, path, base_dir = _load(model, base_dir)
    if clear_domain:
        for node in model.graph.node:
            node.domain = ""
    model = _prepare(model, path, opset, check, fold, data_prop, expand_all_functions)
    return model, base_dir


def _load(model, base_dir):
    if isinstance(model, (str, os.PathLike)):
        path = Path(model)
        if not path.is_file():
            raise OnnxImportError(f"{path}: no such file")
        try:
            # Weights stay where they are: only the initializers a node uses
            # are read, each once, when it is imported.
            loaded = onnx.load(str(path), load_external_data=False)
        except Exception as e:  # protobuf's DecodeError and friends
            raise OnnxImportError(f"{path}: not an ONNX model ({type(e).__name__}: {e})") from e
        return loaded, path, Path(base_dir) if base_dir else path.parent
    if onnx is not None and isinstance(model, onnx.ModelProto):
        return model, None, Path(base_dir) if base_dir else None
    raise OnnxImportError(f"expected an onnx.ModelProto or a path, not {type(model).__name__}")


def _prepare(model, path, opset, check, fold, data_prop=True, expand_all=False):
    infer = functools.partial(_infer_shapes, data_prop=data_prop)
    if not model.graph.node and not model.graph.output:
        raise OnnxImportError("the model has an empty graph (is this an ONNX model?)")
    if check:
        # From its path when there is one: external data is then looked for
        # beside the model (and a model over 2 GB can be checked at all).
        try:
            onnx.checker.check_model(str(path) if path else model, full_check=False)
        except Exception as e:
            raise OnnxImportError(f"ONNX's checker rejects the model: {_first_line(e)}") from e
    if model.functions:
        try:
            model = onnx.inliner.inline_local_functions(model)
        except Exception as e:
            raise OnnxImportError(f"inlining the model's local functions failed: {e}") from e
    if opset is not None:
        try:
            model = onnx.version_converter.convert_version(model, opset)
        except Exception as e:
            raise OnnxImportError(f"upgrading the model to opset {opset} failed: {e}") from e
    if check:
        model = named_dims_over_declared(model, onnx, infer)
        model = infer(model)
    try:
        model = expand_functions(model, onnx, infer if check else lambda m: m,
                                 all_ops=expand_all)
    except OnnxImportError:
        raise
    except Exception as e:  # ONNX's inliner or a schema's body builder
        raise OnnxImportError("expanding an op from its ONNX function body failed: "
                              f"{_first_line(e)}") from e
    if check:
        model = shapes_from_consumers(model, onnx)
    if fold:
        folded = fold_constants(model, onnx)
        if folded is not model and check:
            model = infer(folded)  # what read the folded values
        else:
            model = folded
    return model


def _infer_shapes(model, data_prop=True):
    # Shape inference needs the initializers' types, not their bytes: large
    # ones are set aside while the model is serialized to it and back (two
    # copies of every weight otherwise), then put back.
    aside = {}
    for tensor in model.graph.initializer:
        if len(tensor.raw_data) > _ASIDE_BYTES:
            aside[tensor.name] = tensor.raw_data
            tensor.ClearField("raw_data")
    try:
        inferred = onnx.shape_inference.infer_shapes(model, data_prop=data_prop)
    except Exception as e:
        raise OnnxImportError(f"ONNX's shape inference fails: {_first_line(e)}") from e
    finally:
        for tensor in model.graph.initializer:
            if tensor.name in aside:
                tensor.raw_data = aside[tensor.name]
    if aside:
        for tensor in inferred.graph.initializer:
            if tensor.name in aside:
                tensor.raw_data = aside.pop(tensor.name)
    return inferred


_ASIDE_BYTES = 1 << 16  # initializers larger than this skip shape inference's copies


def _has_shape(type_proto):
    return (type_proto is not None and type_proto.WhichOneof("value") == "tensor_type"
            and type_proto.tensor_type.HasField("shape"))


def _first_line(error):
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


# -- types ----------------------------------------------------------------------

def _dtype(elem_type, what):
    try:
        return _DTYPES[elem_type]
    except KeyError:
        name = onnx.TensorProto.DataType.Name(elem_type) if elem_type in \
            onnx.TensorProto.DataType.values() else str(elem_type)
        raise OnnxImportError(f"{what}: element type {name} has no Torch dtype") from None


def _tensor_type_text(type_proto, what):
    """(the Torch type's text, the symbolic dimension names or None).

    A tensor is a vtensor; a sequence a `!torch.list` and an optional a
    `!torch.optional` of their element's type."""
    kind = type_proto.WhichOneof("value")
    if kind == "sequence_type":
        elem = _tensor_type_text(type_proto.sequence_type.elem_type, what)[0]
        return f"!torch.list<{elem.removeprefix('!torch.')}>", None
    if kind == "optional_type":
        elem = _tensor_type_text(type_proto.optional_type.elem_type, what)[0]
        return f"!torch.optional<{elem.removeprefix('!torch.')}>", None
    if kind != "tensor_type":
        raise OnnxImportError(f"{what}: a value of ONNX type {kind or 'unknown'}, "
                              "which has no Torch type")
    tensor = type_proto.tensor_type
    if not tensor.elem_type:
        raise OnnxImportError(f"{what}: a tensor of unknown element type")
    dtype = _dtype(tensor.elem_type, what)
    if not tensor.HasField("shape"):
        return f"!torch.vtensor<*,{dtype}>", None
    sizes, names = [], []
    for dim in tensor.shape.dim:
        which = dim.WhichOneof("value")
        # A negative size (shape inference writes -1 at times) is unknown too.
        known = which == "dim_value" and dim.dim_value >= 0
        sizes.append(str(dim.dim_value) if known else "?")
        names.append(model_dim_name(dim))
    return f"!torch.vtensor<[{','.join(sizes)}],{dtype}>", names if any(names) else None


def model_dim_name(dim):
    """A TensorShapeProto dimension's name if the model gave it one (its
    `dim_param`), else "": the `unk__N` names ONNX's shape inference makes up
    are not the model's."""
    if dim.WhichOneof("value") != "dim_param" or dim.dim_param.startswith("unk__"):
        return ""
    return dim.dim_param


def _parse_type(text, what):
    try:
        return ir.Type.parse(text)
    except ir.MLIRError as e:
        raise OnnxImportError(f"{what}: type {text} is not a valid Torch type "
                              f"({_first_line(e)})") from e


def _builtin_tensor_type(array, dtype):
    """The builtin tensor type of a literal: the vtensor's sizes and dtype."""
    shape = "".join(f"{d}x" for d in array.shape)
    return ir.Type.parse(f"tensor<{shape}{dtype}>")


# -- the graph --------------------------------------------------------------------

class _GraphImporter:
    def __init__(self, model, base_dir, keep_weights=True):
        self.model = model
        self.base_dir = base_dir
        # With keep_weights False, blobs are named but not held; their
        # (key, dtype, shape, array) go here, for torch_mlir.weights.write.
        self.keep_weights = keep_weights
        self.external = []
        self.opsets = {entry.domain or "": entry.version for entry in model.opset_import}
        self.types = {}
        self.resource_count = 0

    def collect_types(self, graph):
        for info in list(graph.input) + list(graph.output) + list(graph.value_info):
            # A value_info entry without a shape does not hide the shape its
            # graph output declares (function bodies leave such entries).
            if info.HasField("type") and (_has_shape(info.type)
                                          or not _has_shape(self.types.get(info.name))):
                self.types[info.name] = info.type
        for node in graph.node:
            for attr in node.attribute:
                if attr.type == onnx.AttributeProto.GRAPH:
                    self.collect_types(attr.g)
                elif attr.type == onnx.AttributeProto.GRAPHS:
                    for g in attr.graphs:
                        self.collect_types(g)

    def type_of(self, name, what):
        if not name:  # an optional output the node does not produce
            return ir.Type.parse("!torch.none")
        if name not in self.types:
            raise OnnxImportError(f"{what}: value '{name}' has no type (ONNX's shape "
                                  "inference found none; the importer never guesses one)")
        return _parse_type(_tensor_type_text(self.types[name], f"value '{name}'")[0],
                           f"value '{name}'")

    def import_main(self, module, func_name):
        self.import_main_body(self.declare_main(module.body, func_name))

    def main_inputs(self):
        """The main graph's inputs that are the function's arguments: those
        without an initializer."""
        initializers = {t.name for t in self.model.graph.initializer}
        return [i for i in self.model.graph.input if i.name not in initializers]

    def declare_main(self, block, func_name, private=False):
        """Appends to `block` (a module's body) the main graph's `func.func`,
        its signature and metadata but no body yet; returns its entry block."""
        graph = self.model.graph
        self.collect_types(graph)
        arg_types, arg_dims = [], []
        for info in self.main_inputs():
            text, names = _tensor_type_text(info.type, f"graph input '{info.name}'")
            arg_types.append(_parse_type(text, f"graph input '{info.name}'"))
            arg_dims.append(names)
        result_types, result_dims = [], []
        for info in graph.output:
            if not info.HasField("type"):
                raise OnnxImportError(f"graph output '{info.name}' has no type")
            text, names = _tensor_type_text(info.type, f"graph output '{info.name}'")
            result_types.append(_parse_type(text, f"graph output '{info.name}'"))
            result_dims.append(names)
        attributes = {"sym_name": ir.StringAttr.get(func_name),
                      "function_type": ir.TypeAttr.get(
                          ir.FunctionType.get(arg_types, result_types))}
        if private:
            attributes["sym_visibility"] = ir.StringAttr.get("private")
        with ir.InsertionPoint(block):
            func = ir.Operation.create("func.func", regions=1, attributes=attributes)
        self.set_metadata(func, arg_dims, result_dims)
        return func.regions[0].blocks.append(*arg_types)

    def import_main_body(self, entry, terminator="func.return"):
        """Imports the main graph's nodes into `entry` (declare_main's block),
        ended by `terminator` returning the graph's outputs."""
        graph = self.model.graph
        scope = _Scope(self, None, entry, {t.name: t for t in graph.initializer})
        for info, arg in zip(self.main_inputs(), entry.arguments):
            scope.values[info.name] = arg
        with ir.InsertionPoint(entry):
            scope.import_nodes(graph.node)
            outputs = [scope.lookup(o.name, f"graph output '{o.name}'")
                       for o in graph.output]
            ir.Operation.create(terminator, operands=outputs)

    def set_metadata(self, func, arg_dims, result_dims):
        attrs = func.attributes
        opsets = {domain or "": ir.IntegerAttr.get(ir.IntegerType.get_signed(64), v)
                  for domain, v in sorted(self.opsets.items())}
        attrs["torch.onnx_meta.opset_versions"] = ir.DictAttr.get(
            {domain or "ai.onnx": v for domain, v in opsets.items()})
        attrs["torch.onnx_meta.ir_version"] = ir.IntegerAttr.get(
            ir.IntegerType.get_signed(64), self.model.ir_version)
        attrs["torch.onnx_meta.producer_name"] = ir.StringAttr.get(self.model.producer_name)
        attrs["torch.onnx_meta.producer_version"] = ir.StringAttr.get(
            self.model.producer_version)
        for key, dims in (("arg_attrs", arg_dims), ("res_attrs", result_dims)):
            if any(dims):
                attrs[key] = ir.ArrayAttr.get([
                    ir.DictAttr.get({"onnx.dim_params": ir.ArrayAttr.get(
                        [ir.StringAttr.get(n) for n in names])} if names else {})
                    for names in dims])

    # -- weights --

    def tensor_array(self, tensor, what):
        """The numpy array of a TensorProto, its external data read (mapped) on demand."""
        if onnx.external_data_helper.uses_external_data(tensor):
            return self.external_array(tensor, what)
        try:
            return onnx.numpy_helper.to_array(tensor)
        except Exception as e:
            raise OnnxImportError(f"{what}: cannot read tensor data: {_first_line(e)}") from e

    def external_array(self, tensor, what):
        info = onnx.external_data_helper.ExternalDataInfo(tensor)
        if self.base_dir is None:
            raise OnnxImportError(f"{what}: its data is in external file '{info.location}'; "
                                  "import the model from its path, or give base_dir")
        path = (self.base_dir / info.location)
        if not path.is_file():
            raise OnnxImportError(f"{what}: its external data file {path} is missing")
        _dtype(tensor.data_type, what)  # a type with no Torch dtype fails before any read
        np_dtype = dtypes.values_dtype(dtypes.by_onnx(tensor.data_type))
        shape = tuple(tensor.dims)
        count = int(np.prod(shape)) if shape else 1
        offset = info.offset or 0
        length = info.length or count * np.dtype(np_dtype).itemsize
        if length != count * np.dtype(np_dtype).itemsize:
            # Packed or odd layouts: let ONNX read it (this copies).
            copy = onnx.TensorProto()
            copy.CopyFrom(tensor)
            onnx.external_data_helper.load_external_data_for_tensor(copy, str(self.base_dir))
            return onnx.numpy_helper.to_array(copy)
        if offset + length > path.stat().st_size:
            raise OnnxImportError(f"{what}: external data file {path} holds "
                                  f"{path.stat().st_size} bytes, not {offset + length}")
        # Mapped, not read: a large model's weights are not held twice.
        return np.memmap(path, dtype=np_dtype, mode="r", offset=offset, shape=shape)

    def resource(self, array, dtype, builtin, name):
        """A dense_resource blob of the array's bytes, named after `name`."""
        self.resource_count += 1
        if not self.keep_weights:
            # A '.' in the key: no blob the importer keeps ever has one, so
            # the name cannot bind to another import's bytes in this context.
            key = _resource_name(name, self.resource_count, separator=".")
            self.external.append((key, dtype, array.shape, array))
            return ir.Attribute.parse(f"dense_resource<{key}> : {builtin}")
        blob = np.ascontiguousarray(array)
        if dtype.startswith("complex") or dtype == "bf16" or dtype.startswith("f8"):
            blob = blob.view(np.uint8)
        return ir.DenseResourceElementsAttr.get_from_buffer(
            memoryview(blob.reshape(-1)), _resource_name(name, self.resource_count), builtin)

    def literal(self, array, dtype, name):
        """A `torch.vtensor.literal` of the array: a dense_resource blob
        (dense elements for booleans and for small tensors, as a tensor
        attribute: folding and the lowering read those as values)."""
        builtin = _builtin_tensor_type(array, dtype)
        if dtype == "i1" or array.size <= 16 or dtype in _PACKED:
            attr = _dense_elements(array, builtin, dtype)
        else:
            attr = self.resource(array, dtype, builtin, name)
        vtype = ir.Type.parse(f"!torch.vtensor<[{','.join(str(d) for d in array.shape)}],{dtype}>")
        return ir.Operation.create("torch.vtensor.literal", results=[vtype],
                                   attributes={"value": attr},
                                   loc=ir.Location.name(name)).result


def _resource_name(name, index, separator="_"):
    clean = "".join(c if c.isalnum() or c == "_" else "_" for c in name) or "weight"
    if clean[0].isdigit():  # a resource key is an identifier
        clean = "_" + clean
    return f"{clean}{separator}{index}"


def _dense_elements(array, builtin, dtype):
    if dtype == "i1":
        values = [ir.BoolAttr.get(bool(v)) for v in np.asarray(array).reshape(-1)]
        return ir.DenseElementsAttr.get(values, type=builtin) if values else \
            ir.DenseElementsAttr.get(np.zeros(array.shape, np.bool_), type=builtin)
    if dtype in _PACKED:
        raise OnnxImportError(f"a constant of element type {dtype} cannot be imported yet")
    if dtype.startswith("f8"):  # ml_dtypes' float8: given as their bit patterns
        array = np.ascontiguousarray(array).view(np.uint8)
    return ir.DenseElementsAttr.get(np.ascontiguousarray(array), type=builtin)


class _Scope:
    """The values of one graph (and those of the graphs around it)."""

    def __init__(self, importer, parent, block, initializers):
        self.importer = importer
        self.parent = parent
        self.block = block
        self.initializers = initializers
        self.values = {}
        self.none = None

    def lookup(self, name, what):
        scope = self
        while scope is not None:
            if name in scope.values:
                return scope.values[name]
            if name in scope.initializers:
                return scope.import_initializer(name)
            scope = scope.parent
        raise OnnxImportError(f"{what}: value '{name}' is not defined before it is used")

    def import_initializer(self, name):
        tensor = self.initializers[name]
        what = f"initializer '{name}'"
        array = self.importer.tensor_array(tensor, what)
        dtype = _dtype(tensor.data_type, what)
        # At the start of its graph's block, so every use in that graph and
        # the graphs inside it sees it.
        with ir.InsertionPoint.at_block_begin(self.block):
            value = self.importer.literal(array, dtype, name)
        self.values[name] = value
        return value

    def none_value(self):
        if self.none is None:
            self.none = ir.Operation.create(
                "torch.constant.none", results=[ir.Type.parse("!torch.none")]).result
        return self.none

    def import_nodes(self, nodes):
        for node in nodes:
            self.import_node(node)

    def import_node(self, node):
        importer = self.importer
        domain = node.domain or ""
        if domain == "ai.onnx":
            domain = ""
        what = f"node '{node.name or node.output[0] if node.output else node.op_type}' " \
               f"({(domain + '.') if domain else ''}{node.op_type})"
        if domain not in importer.opsets:
            raise OnnxImportError(f"{what}: domain '{domain}' is not among the model's "
                                  "opset imports")
        operands = [self.lookup(name, what) if name else self.none_value()
                    for name in node.input]
        result_types = [importer.type_of(name, what) for name in node.output]
        attributes = {}
        graphs = []
        for attr in node.attribute:
            if attr.type == onnx.AttributeProto.GRAPH:
                graphs.append((attr.name, [attr.g]))
            elif attr.type == onnx.AttributeProto.GRAPHS:
                graphs.append((attr.name, list(attr.graphs)))
            else:
                attributes[f"torch.onnx.{attr.name}"] = self.attribute(attr, what)
        graphs.sort(key=lambda item: item[0])
        subgraphs = [g for _, gs in graphs for g in gs]
        attributes["name"] = ir.StringAttr.get(
            f"onnx.{domain + '.' if domain else ''}{node.op_type}")
        loc = ir.Location.name(node.name or (node.output[0] if node.output else node.op_type))
        op = ir.Operation.create("torch.operator", results=result_types, operands=operands,
                                 attributes=attributes, regions=len(subgraphs), loc=loc)
        for region, graph in zip(op.regions, subgraphs):
            self.import_subgraph(region, graph, what)
        for name, result in zip(node.output, op.results):
            if name:
                self.values[name] = result

    def import_subgraph(self, region, graph, what):
        importer = self.importer
        arg_types = []
        for info in graph.input:
            if not info.HasField("type"):
                raise OnnxImportError(f"{what}: sub-graph input '{info.name}' has no type")
            arg_types.append(_parse_type(
                _tensor_type_text(info.type, f"sub-graph input '{info.name}'")[0],
                f"{what}: sub-graph input '{info.name}'"))
        block = region.blocks.append(*arg_types)
        scope = _Scope(importer, self, block, {t.name: t for t in graph.initializer})
        for info, arg in zip(graph.input, block.arguments):
            scope.values[info.name] = arg
        with ir.InsertionPoint(block):
            scope.import_nodes(graph.node)
            outputs = [scope.lookup(o.name, f"{what}: sub-graph output") for o in graph.output]
            ir.Operation.create("torch.operator_terminator", operands=outputs)

    def attribute(self, attr, what):
        A = onnx.AttributeProto
        i64 = ir.IntegerType.get_signed(64)
        if attr.type == A.FLOAT:
            return ir.FloatAttr.get(ir.F32Type.get(), attr.f)
        if attr.type == A.INT:
            return ir.IntegerAttr.get(i64, attr.i)
        if attr.type == A.STRING:
            return ir.StringAttr.get(_text(attr.s))
        if attr.type == A.FLOATS:
            return ir.ArrayAttr.get([ir.FloatAttr.get(ir.F32Type.get(), f) for f in attr.floats])
        if attr.type == A.INTS:
            return ir.ArrayAttr.get([ir.IntegerAttr.get(i64, i) for i in attr.ints])
        if attr.type == A.STRINGS:
            return ir.ArrayAttr.get([ir.StringAttr.get(_text(s)) for s in attr.strings])
        if attr.type == A.TENSOR:
            return self.tensor_attribute(attr.t, f"{what}: attribute '{attr.name}'")
        if attr.type == A.TENSORS:
            return ir.ArrayAttr.get([self.tensor_attribute(t, f"{what}: attribute '{attr.name}'")
                                     for t in attr.tensors])
        if attr.type == A.TYPE_PROTO:
            where = f"{what}: attribute '{attr.name}'"
            return ir.TypeAttr.get(_parse_type(_tensor_type_text(attr.tp, where)[0], where))
        raise OnnxImportError(f"{what}: attribute '{attr.name}' of type "
                              f"{A.AttributeType.Name(attr.type)} cannot be imported")

    def tensor_attribute(self, tensor, what):
        array = self.importer.tensor_array(tensor, what)
        dtype = _dtype(tensor.data_type, what)
        builtin = _builtin_tensor_type(array, dtype)
        if dtype == "i1" or array.size <= 16 or dtype in _PACKED:
            return _dense_elements(array, builtin, dtype)
        return self.importer.resource(array, dtype, builtin, tensor.name or "constant")


def _text(value):
    return value.decode("utf-8", errors="replace") if isinstance(value, bytes) else value
