"""Constant folding of an ONNX graph before import: what a model computes
from constants alone becomes an initializer.

Exported models (and ONNX's own function bodies) compute shapes at run time:
Shape -> Gather -> Concat -> Reshape. When the shapes are static, those values
are constants, and once they are, ONNX's shape inference can type the
Reshape, Expand or ConstantOfShape that reads them, which the conversion to
Torch needs. Each foldable node is evaluated by ONNX's reference
implementation (onnx.reference), so its meaning is ONNX's own.

Folded: a node of the default domain whose inputs are all constants (small
initializers or earlier folded values) and whose outputs are small tensors,
and Shape and Size of a tensor of static shape. An If whose condition is a
constant is replaced by the branch it takes (its nodes, then Identity to the
If's outputs), which may fold in turn. Never folded: random ops, other ops
with sub-graphs, anything of another domain, outputs over MAX_ELEMENTS.
"""

import numpy as np

from .. import dtypes

MAX_ELEMENTS = 1024  # a folded value larger than this stays computed

# Ops whose output has exactly the shape of their first input.
_SHAPE_PRESERVING = {
    "Abs", "Acos", "Acosh", "Asin", "Asinh", "Atan", "Atanh", "BitwiseNot",
    "Cast", "CastLike", "Ceil", "Celu", "Cos", "Cosh", "Elu", "Erf", "Exp",
    "Floor", "Gelu", "HardSigmoid", "HardSwish", "Identity", "IsInf", "IsNaN",
    "LeakyRelu", "Log", "Mish", "Neg", "Not", "Reciprocal", "Relu", "Round",
    "Selu", "Sigmoid", "Sign", "Sin", "Sinh", "Softplus", "Softsign", "Sqrt",
    "Tan", "Tanh", "ThresholdedRelu",
}

_NOT_FOLDED = {
    "Bernoulli", "Dropout", "Multinomial", "RandomNormal", "RandomNormalLike",
    "RandomUniform", "RandomUniformLike", "If", "Loop", "Scan", "SequenceMap",
}


def fold_constants(model, onnx):
    """A copy of `model` with its main graph's constant computations folded
    into initializers; `model` itself if nothing folds."""
    graph = model.graph
    opsets = {e.domain or "": e.version for e in model.opset_import}
    known = _small_constants(onnx, graph.initializer)
    shapes = _static_shapes(graph)
    outputs = {o.name for o in graph.output}
    kept, folded, taken = [], {}, []
    pending = list(reversed(graph.node))  # a stack: a taken branch's nodes go on top
    while pending:
        node = pending.pop()
        branch = _taken_branch(node, known)
        if branch is not None:
            taken.append(branch)
            pending.extend(reversed(list(branch.node) + [
                onnx.helper.make_node("Identity", [inner.name], [outer])
                for inner, outer in zip(branch.output, node.output) if outer]))
            known.update(_small_constants(onnx, branch.initializer))
            continue
        values = _fold(onnx, node, known, shapes, opsets)
        if values is None:
            kept.append(node)
            continue
        for name, value in zip(node.output, values):
            if name:
                known[name] = value
                folded[name] = value
    # Asked first, without changing anything: the copy below costs a copy of
    # every weight, so it is made only when something changes.
    if not folded and not taken and not _constants_into_subgraphs(onnx, kept, known):
        return model
    used = _referenced(kept) | outputs
    result = onnx.ModelProto()
    result.CopyFrom(model)
    del result.graph.node[:]
    result.graph.node.extend(kept)
    for branch in taken:  # what the branch held is the main graph's now
        result.graph.initializer.extend(branch.initializer)
        result.graph.value_info.extend(branch.value_info)
    for name, value in folded.items():
        if name in used:
            result.graph.initializer.append(onnx.numpy_helper.from_array(value, name))
    # Folded values are typed by their initializers now.
    infos = [v for v in result.graph.value_info if v.name not in folded]
    del result.graph.value_info[:]
    result.graph.value_info.extend(infos)
    _constants_into_subgraphs(onnx, result.graph.node, known, apply=True)
    return result


def _constants_into_subgraphs(onnx, nodes, known, apply=False):
    """Whether a sub-graph of `nodes` (a Scan or Loop body, an If branch)
    reads a constant of the graphs around it; with `apply`, each such
    sub-graph gets its own copy of them, as initializers (`nodes` change in
    place): ONNX's shape inference reads a constant operand (Unsqueeze's
    axes, Reshape's shape) only from the operand's own graph."""
    found = False
    for node in nodes:
        for attr in node.attribute:
            for graph in [attr.g] if attr.type == onnx.AttributeProto.GRAPH else \
                    list(attr.graphs) if attr.type == onnx.AttributeProto.GRAPHS else []:
                defined = {i.name for i in graph.input} | {t.name for t in graph.initializer}
                defined |= {o for n in graph.node for o in n.output}
                for name in sorted(_referenced(graph.node) - defined):
                    if name in known:
                        found = True
                        if apply:
                            graph.initializer.append(
                                onnx.numpy_helper.from_array(known[name], name))
                inner = {k: v for k, v in known.items() if k not in defined}
                inner.update(_small_constants(onnx, graph.initializer))
                found |= _constants_into_subgraphs(onnx, graph.node, inner, apply)
    return found


def _small_constants(onnx, initializers):
    """{name: array} of the initializers small enough to fold with (their
    data in the model, at most MAX_ELEMENTS elements)."""
    return {t.name: onnx.numpy_helper.to_array(t) for t in initializers
            if _size(t.dims) <= MAX_ELEMENTS and not _external(onnx, t)}


def shapes_from_consumers(model, onnx):
    """Gives a value of unknown shape the shape of a shape-preserving op's
    output that reads it (ONNX's shape inference only goes forward: a
    ReduceSum with axes known at run time has no shape, but the Sqrt after it
    may have the graph output's). Changes `model` in place; returns it."""
    graph = model.graph
    infos = {v.name: v for v in list(graph.value_info) + list(graph.output)
             + list(graph.input)}
    for node in reversed(graph.node):
        if (node.domain or "") not in ("", "ai.onnx") or node.op_type not in _SHAPE_PRESERVING:
            continue
        if not node.input or not node.output:
            continue
        source, result = infos.get(node.input[0]), infos.get(node.output[0])
        if result is None or result.type.WhichOneof("value") != "tensor_type" \
                or not result.type.tensor_type.HasField("shape"):
            continue
        if source is None:
            source = graph.value_info.add()
            source.name = node.input[0]
            infos[source.name] = source
            elem = 0
        elif source.type.WhichOneof("value") != "tensor_type" or \
                source.type.tensor_type.HasField("shape"):
            continue
        else:
            elem = source.type.tensor_type.elem_type
        if not elem:
            continue  # an element type it cannot know: left alone
        source.type.tensor_type.elem_type = elem
        source.type.tensor_type.shape.CopyFrom(result.type.tensor_type.shape)
    return model


def named_dims_over_declared(model, onnx, infer_shapes):
    """Where the model declares a value's size as a number but ONNX's shape
    inference, from the graph's inputs alone, finds one of their named
    dimensions (a dim_param) there, the name wins: the number was the
    exporter's example (torch 2.13's dynamo exporter declares a recurrent
    layer's output with the example's sequence length). onnxruntime ignores
    such declarations; so, then, do we. Changes `model` in place; returns it."""
    graph = model.graph

    def dims(info):
        t = info.type
        if t.WhichOneof("value") != "tensor_type" or not t.tensor_type.HasField("shape"):
            return None
        return t.tensor_type.shape.dim

    names = {d.dim_param for i in graph.input for d in (dims(i) or []) if d.dim_param}
    if not names:
        return model
    # Inference without the declarations (set aside, then put back).
    declared = [type(v)() for v in graph.value_info]
    for copy, info in zip(declared, graph.value_info):
        copy.CopyFrom(info)
    outputs = [type(o.type)() for o in graph.output]
    for copy, output in zip(outputs, graph.output):
        copy.CopyFrom(output.type)
        if output.type.WhichOneof("value") == "tensor_type":
            output.type.tensor_type.ClearField("shape")
    del graph.value_info[:]
    try:
        inferred = infer_shapes(model)
    except Exception:
        inferred = None  # the declarations stand
    finally:
        graph.value_info.extend(declared)
        for output, copy in zip(graph.output, outputs):
            output.type.CopyFrom(copy)
    if inferred is None:
        return model
    found = {v.name: v for v in list(inferred.graph.value_info) + list(inferred.graph.output)}
    for info in list(graph.value_info) + list(graph.output):
        mine, theirs = dims(info), dims(found[info.name]) if info.name in found else None
        if mine is None or theirs is None or len(mine) != len(theirs):
            continue
        for d, e in zip(mine, theirs):
            if d.WhichOneof("value") == "dim_value" and e.dim_param in names:
                d.dim_param = e.dim_param
    return model


def _referenced(nodes):
    """Every value name the nodes read, sub-graphs' nodes included."""
    names = set()
    for node in nodes:
        names.update(node.input)
        for attr in node.attribute:
            for graph in [attr.g] if attr.HasField("g") else list(attr.graphs):
                names |= _referenced(graph.node)
    return names


def _size(dims):
    count = 1
    for d in dims:
        count *= d
    return count


def _external(onnx, tensor):
    return onnx.external_data_helper.uses_external_data(tensor)


def _static_shapes(graph):
    """{value name: its shape} for every tensor value of fully static shape."""
    shapes = {}
    for info in list(graph.input) + list(graph.value_info) + list(graph.output):
        t = info.type
        if t.WhichOneof("value") != "tensor_type" or not t.tensor_type.HasField("shape"):
            continue
        dims = t.tensor_type.shape.dim
        if all(d.WhichOneof("value") == "dim_value" and d.dim_value >= 0 for d in dims):
            shapes[info.name] = [d.dim_value for d in dims]
    for init in graph.initializer:
        shapes[init.name] = list(init.dims)
    return shapes


def _taken_branch(node, known):
    """The branch an If takes, when its condition is a constant; else None."""
    if node.op_type != "If" or (node.domain or "") not in ("", "ai.onnx") \
            or node.input[0] not in known or known[node.input[0]].size != 1:
        return None
    name = "then_branch" if known[node.input[0]].reshape(-1)[0] else "else_branch"
    return next((a.g for a in node.attribute if a.name == name), None)


def _fold(onnx, node, known, shapes, opsets):
    """The node's output values if it folds, else None."""
    if (node.domain or "") not in ("", "ai.onnx") or node.op_type in _NOT_FOLDED:
        return None
    if any(a.type in (onnx.AttributeProto.GRAPH, onnx.AttributeProto.GRAPHS)
           for a in node.attribute):
        return None
    if node.op_type in ("Shape", "Size") and node.input and node.input[0] in shapes:
        shape = shapes[node.input[0]]
        if node.op_type == "Size":
            return [np.array(_size(shape), dtype=np.int64)]
        attrs = {a.name: a.i for a in node.attribute}
        rank = len(shape)
        start, end = attrs.get("start", 0), attrs.get("end", rank)
        start = min(max(start + rank if start < 0 else start, 0), rank)
        end = min(max(end + rank if end < 0 else end, 0), rank)
        return [np.array(shape[start:end], dtype=np.int64)]
    inputs = [name for name in node.input if name]
    if node.op_type != "Constant" and (not inputs or any(n not in known for n in inputs)):
        return None
    try:
        values = _evaluate(onnx, node, known, opsets)
    except Exception:  # the reference cannot evaluate it: it stays a node
        return None
    if any(not isinstance(v, np.ndarray) or v.size > MAX_ELEMENTS for v in values):
        return None
    return values


def _onnx_code(dtype):
    """The ONNX type code of a folded value's dtype (torch_mlir.dtypes); ONNX's
    own mapping for what no Torch dtype has (strings)."""
    row = dtypes.by_numpy(dtype)
    if row is not None and row.onnx is not None:
        return row.onnx
    from onnx import helper
    return helper.np_dtype_to_tensor_dtype(dtype)


def _evaluate(onnx, node, known, opsets):
    from onnx import helper
    from onnx.reference import ReferenceEvaluator
    inputs = [helper.make_tensor_value_info(name, _onnx_code(known[name].dtype), known[name].shape)
              for name in dict.fromkeys(n for n in node.input if n)]
    outputs = [helper.make_empty_tensor_value_info(n) for n in node.output if n]
    graph = helper.make_graph([node], "fold", inputs, outputs)
    model = helper.make_model(graph, opset_imports=[
        helper.make_opsetid(domain, version) for domain, version in opsets.items()])
    values = ReferenceEvaluator(model).run(None, {i.name: known[i.name] for i in inputs})
    names = [n for n in node.output if n]
    by_name = dict(zip(names, values))
    return [by_name.get(n) if n else None for n in node.output]
