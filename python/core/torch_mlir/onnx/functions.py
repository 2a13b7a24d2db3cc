"""ONNX ops expanded from their schema's function body before import.

ONNX defines some ops by a body of simpler ops (Attention, RMSNormalization,
the losses, ...). For those that convert-torch-onnx-to-torch does not convert
natively, each node is replaced by the body ONNX gives for the model's opset
(a context-dependent body is built for the node's own attributes and input
types), through ONNX's own inliner: the body becomes a model-local function
that the node calls, and onnx.inliner inlines it.
"""

# Ops with a function body in onnx 1.23.2 and no native conversion (Bernoulli
# and SequenceMap are left out: random, and sequences). A test checks that each
# still has a body in the pinned onnx.
EXPANDED_OPS = frozenset({
    "AffineGrid", "Attention", "BlackmanWindow", "CausalConvWithState",
    "CenterCropPad", "DepthToSpace", "DynamicQuantizeLinear",
    "GroupNormalization", "HammingWindow", "HannWindow", "LinearAttention",
    "MeanVarianceNormalization", "NegativeLogLikelihoodLoss", "RMSNormalization",
    "RotaryEmbedding", "SoftmaxCrossEntropyLoss", "SpaceToDepth", "SwiGLU",
    "Swish",
})

_DOMAIN = "torch_mlir.expanded"  # the private domain of the bodies, inlined away


def expand_functions(model, onnx, infer_shapes, rounds=4, all_ops=False):
    """A copy of `model` with its main graph's EXPANDED_OPS nodes (with
    `all_ops`, every node of an op ONNX gives a body) replaced by their bodies
    (and theirs, for `rounds` levels: a loss's body holds another loss),
    `infer_shapes` run after each level (a context-dependent body is built
    for its node's input types); `model` itself if it has none."""
    for _ in range(rounds):
        expanded = _expand_once(model, onnx, all_ops)
        if expanded is model:
            break
        model = infer_shapes(expanded)
    return model


def _expand_once(model, onnx, all_ops=False):
    opset = _default_opset(model)

    def chosen(node):
        return (node.domain or "") in ("", "ai.onnx") and (
            all_ops or node.op_type in EXPANDED_OPS)

    nodes = [n for n in model.graph.node if chosen(n)]
    if not nodes or opset is None:
        return model
    result = onnx.ModelProto()
    result.CopyFrom(model)
    types = _value_types(onnx, result.graph)
    expanded = 0
    for index, node in enumerate(result.graph.node):
        if not chosen(node):
            continue
        body = _body(onnx, node, opset, types)
        if body is None:
            continue  # no body for this opset: the node stays, for the conversion to name
        body.domain = _DOMAIN
        body.name = f"{node.op_type}_{index}"
        # The inliner leaves a body whose default-domain opset differs from
        # the model's; the body's ops are read at the model's opset.
        for entry in body.opset_import:
            if (entry.domain or "") in ("", "ai.onnx"):
                entry.version = opset
        node.domain = _DOMAIN
        node.op_type = body.name
        result.functions.append(body)
        expanded += 1
    if not expanded:
        return model
    result.opset_import.append(onnx.helper.make_opsetid(_DOMAIN, 1))
    result = onnx.inliner.inline_local_functions(result)
    imports = [o for o in result.opset_import if o.domain != _DOMAIN]
    del result.opset_import[:]
    result.opset_import.extend(imports)
    return result


def _default_opset(model):
    for entry in model.opset_import:
        if (entry.domain or "") in ("", "ai.onnx"):
            return entry.version
    return None


def _value_types(onnx, graph):
    types = {}
    for info in list(graph.input) + list(graph.value_info) + list(graph.output):
        types[info.name] = info.type
    for init in graph.initializer:
        types[init.name] = onnx.helper.make_tensor_type_proto(init.data_type, list(init.dims))
    return types


def _body(onnx, node, opset, types):
    """The FunctionProto of `node`'s op at `opset`, its attributes defaulted as
    the schema says; None if ONNX has none."""
    try:
        schema = onnx.defs.get_schema(node.op_type, opset, "")
    except Exception:
        return None
    plain = [v for v in schema.function_opset_versions if v <= opset]
    dependent = [v for v in schema.context_dependent_function_opset_versions if v <= opset]
    # The schema's defaults, written on the node, as the body reads them.
    present = {a.name for a in node.attribute}
    for name, attr in schema.attributes.items():
        if name not in present and attr.default_value and attr.default_value.name:
            node.attribute.append(attr.default_value)
    body = onnx.FunctionProto()
    if plain and (not dependent or max(plain) >= max(dependent)):
        body.ParseFromString(schema.get_function_with_opset_version(max(plain)))
    elif dependent:
        input_types = [types.get(name, onnx.TypeProto()).SerializeToString()
                       for name in node.input]
        body.ParseFromString(schema.get_context_dependent_function_with_opset_version(
            max(dependent), node.SerializeToString(), input_types))
    else:
        return None
    return body
