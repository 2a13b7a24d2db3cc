#!/usr/bin/env python3
"""Turns the Torch op registry into ODS: GeneratedTorchOps.td.

Input: lib/Dialect/Torch/IR/TorchOpRegistry.txt, one PyTorch operator schema per
line (e.g. `aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor`).
Output: one `Torch_GeneratedOp` def per schema, with typed operands and results
named after the schema's arguments and returns, and a summary.

With `--aliasing`, the output is instead what the schemas say about aliasing
(TorchAliasing.inc): a `TORCH_VIEW_OP("aten.view", 0)` line per op whose one
result is always a view of a tensor argument (the schema gives both the same
alias set, `Tensor(a)`), with that argument's index, and a
`TORCH_MUTATING_OP("aten.add_.Tensor")` line per op that writes an argument
(`(a!)`). The value-semantics passes (torch-reduce-op-variants,
torch-maximize-value-semantics) read it.

Pure Python, no torch: Bazel runs it at build time. Malformed registry lines
stop the generator with the line number and what was wrong.

Usage: torch_ods_gen.py REGISTRY -o GeneratedTorchOps.td
       torch_ods_gen.py REGISTRY --aliasing -o TorchAliasing.inc
"""

import argparse
import dataclasses
import re
import sys


class RegistryError(Exception):
    pass


# --- the schema grammar -------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class SchemaType:
    kind: str                 # "base" | "optional" | "list" | "dict"
    name: str = ""            # for "base": Tensor, int, Scalar, t, ...
    args: tuple = ()          # element type(s) for optional/list/dict
    mutable: bool = False     # an alias annotation with `!`
    alias: str = ""           # the alias set an annotation names: `a` of Tensor(a)

    def __str__(self):
        if self.kind == "base":
            return self.name
        if self.kind == "optional":
            return f"{self.args[0]}?"
        if self.kind == "list":
            return f"{self.args[0]}[]"
        return f"Dict({self.args[0]}, {self.args[1]})"


@dataclasses.dataclass(frozen=True)
class Argument:
    name: str
    type: SchemaType
    default: str = None
    kwarg_only: bool = False


@dataclasses.dataclass(frozen=True)
class Schema:
    namespace: str
    name: str
    overload: str
    arguments: tuple
    returns: tuple
    vararg: bool
    text: str

    @property
    def qualified_name(self):
        return f"{self.namespace}::{self.name}" + (f".{self.overload}" if self.overload else "")

    @property
    def op_name(self):
        return f"{self.namespace}.{self.name}" + (f".{self.overload}" if self.overload else "")

    @property
    def is_mutating(self):
        return any(a.type.mutable or _any_mutable(a.type) for a in self.arguments)


def _any_mutable(t):
    return t.mutable or any(_any_mutable(a) for a in t.args if isinstance(a, SchemaType))


def _mentions(t, name):
    return t.name == name or any(_mentions(a, name) for a in t.args if isinstance(a, SchemaType))


def split_top_level(text, sep=","):
    """Splits on `sep` outside (), [] nesting."""
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
            if depth < 0:
                raise RegistryError(f"unbalanced brackets in {text!r}")
        if ch == sep and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if depth != 0:
        raise RegistryError(f"unbalanced brackets in {text!r}")
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def _matching(text, start):
    """Index of the bracket closing the one at text[start]."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] in "([":
            depth += 1
        elif text[i] in ")]":
            depth -= 1
            if depth == 0:
                return i
    raise RegistryError(f"unbalanced brackets in {text!r}")


def parse_type(text):
    """Parses a schema type such as `Tensor(a!)`, `int[2]?`, `Dict(str, t)`."""
    text = text.strip()
    if text.startswith("Dict("):
        end = _matching(text, 4)
        key, value = split_top_level(text[5:end])
        t = SchemaType("dict", args=(parse_type(key), parse_type(value)))
        rest = text[end + 1:]
    else:
        m = re.match(r"[A-Za-z_][\w.]*", text)
        if not m:
            raise RegistryError(f"expected a type, got {text!r}")
        t = SchemaType("base", name=m.group(0))
        rest = text[m.end():]
    while rest:
        if rest[0] == "(":  # alias annotation, e.g. (a!) or (b -> *)
            end = _matching(rest, 0)
            alias = re.match(r"\(\s*(\w*)", rest).group(1)
            t = dataclasses.replace(t, mutable=t.mutable or "!" in rest[:end],
                                    alias=t.alias or alias)
            rest = rest[end + 1:]
        elif rest[0] == "[":  # list, optionally with a fixed size
            end = _matching(rest, 0)
            if not re.fullmatch(r"\d*", rest[1:end]):
                raise RegistryError(f"bad list size in {text!r}")
            t = SchemaType("list", args=(t,))
            rest = rest[end + 1:]
        elif rest[0] == "?":
            t = SchemaType("optional", args=(t,))
            rest = rest[1:]
        else:
            raise RegistryError(f"unexpected {rest!r} in type {text!r}")
    return t


def _parse_decl(text):
    """`Tensor(a!) self=None` -> (type, name, default)."""
    decl, _, default = text.partition("=")
    decl = decl.strip()
    # The name is the last space-separated word outside brackets.
    depth = 0
    split_at = -1
    for i, ch in enumerate(decl):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == " " and depth == 0:
            split_at = i
    if split_at < 0:
        return parse_type(decl), None, None
    return parse_type(decl[:split_at]), decl[split_at + 1:].strip(), (default.strip() or None)


def parse_schema(line):
    m = re.fullmatch(r"(\w+)::(\w+)(?:\.(\w+))?\((.*)\) -> (.+)", line.strip())
    if not m:
        raise RegistryError("not a schema of the form ns::name[.overload](args) -> returns")
    namespace, name, overload, args_text, returns_text = m.groups()
    arguments, kwarg_only, vararg = [], False, False
    for part in split_top_level(args_text):
        if part == "*":
            kwarg_only = True
            continue
        if part == "...":
            vararg = True
            continue
        type_, arg_name, default = _parse_decl(part)
        if not arg_name:
            raise RegistryError(f"argument {part!r} has no name")
        arguments.append(Argument(arg_name, type_, default, kwarg_only))
    returns_text = returns_text.strip()
    if returns_text.startswith("(") and _matching(returns_text, 0) == len(returns_text) - 1:
        return_parts = split_top_level(returns_text[1:-1])
    else:
        return_parts = [returns_text]
    returns = []
    for part in return_parts:
        type_, ret_name, _ = _parse_decl(part)
        returns.append((ret_name, type_))
    return Schema(namespace, name, overload or "", tuple(arguments), tuple(returns), vararg, line.strip())


def read_registry(path):
    schemas, seen = [], {}
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            try:
                schema = parse_schema(line)
            except RegistryError as e:
                raise RegistryError(f"{path}:{lineno}: {e}\n  {line.rstrip()}") from None
            if schema.qualified_name in seen:
                raise RegistryError(f"{path}:{lineno}: {schema.qualified_name} is already "
                                    f"defined on line {seen[schema.qualified_name]}")
            seen[schema.qualified_name] = lineno
            schemas.append(schema)
    return schemas


# --- schema types to ODS type constraints -------------------------------------------

_INT_LIKE = {"int", "SymInt", "ScalarType", "Layout", "MemoryFormat"}
_BASE = {
    "Tensor": "AnyTorchTensorType",
    "float": "Torch_FloatType",
    "bool": "Torch_BoolType",
    "str": "Torch_StringType",
    "Dimname": "Torch_StringType",
    "Scalar": "AnyTorchScalarType",
    "Device": "Torch_DeviceType",
    "Generator": "Torch_GeneratorType",
    "t": "AnyTorchType",
    "t1": "AnyTorchType",
    "t2": "AnyTorchType",
    "Any": "AnyTorchType",
    "__torch__.torch.classes.quantized.LinearPackedParamsBase": "Torch_LinearParamsType",
}
_OPTIONAL = {
    "AnyTorchTensorType": "AnyTorchOptionalTensorType",
    "Torch_NonValueTensorType": "AnyTorchOptionalNonValueTensorType",
    "Torch_IntType": "AnyTorchOptionalIntType",
    "Torch_FloatType": "AnyTorchOptionalFloatType",
    "Torch_BoolType": "AnyTorchOptionalBoolType",
    "Torch_StringType": "AnyTorchOptionalStringType",
    "AnyTorchScalarType": "AnyTorchOptionalScalarType",
    "Torch_DeviceType": "AnyTorchOptionalDeviceType",
    "Torch_GeneratorType": "AnyTorchOptionalGeneratorType",
    "AnyTorchListOfTorchIntType": "AnyTorchOptionalListOfTorchIntType",
    "AnyTorchListOfTorchFloatType": "AnyTorchOptionalListOfTorchFloatType",
    "AnyTorchListOfTensorType": "AnyTorchOptionalListOfTensorType",
    "AnyTorchType": "AnyTorchType",
}
_LIST = {
    "AnyTorchTensorType": "AnyTorchListOfTensorType",
    "Torch_NonValueTensorType": "AnyTorchListOfTensorType",
    "AnyTorchOptionalTensorType": "AnyTorchListOfOptionalTensorType",
    "AnyTorchOptionalNonValueTensorType": "AnyTorchListOfOptionalTensorType",
    "Torch_IntType": "AnyTorchListOfTorchIntType",
    "Torch_FloatType": "AnyTorchListOfTorchFloatType",
    "Torch_BoolType": "AnyTorchListOfTorchBoolType",
    "Torch_StringType": "AnyTorchListOfTorchStringType",
    "AnyTorchScalarType": "AnyTorchListOfTorchScalarType",
    "AnyTorchType": "AnyTorchListType",
}


def ods_constraint(t, where, in_place=False):
    """The ODS constraint for a schema type. In an op that writes any argument
    in place, tensors have reference semantics (!torch.tensor), as upstream
    torch-mlir types them."""
    if t.kind == "base":
        if t.name == "Tensor" and in_place:
            return "Torch_NonValueTensorType"
        if t.name in _INT_LIKE:
            return "Torch_IntType"
        if t.name in _BASE:
            return _BASE[t.name]
        raise RegistryError(f"no Torch type for schema type {t.name!r} ({where})")
    if t.kind == "dict":
        return "Torch_DictType"
    inner = ods_constraint(t.args[0], where, in_place)
    table = _OPTIONAL if t.kind == "optional" else _LIST
    if inner not in table:
        raise RegistryError(f"no Torch type for schema type {t} ({where})")
    return table[inner]


# A representative concrete type per constraint, for the examples in op docs.
_EXAMPLE_TYPE = {
    "AnyTorchTensorType": "!torch.vtensor",
    "AnyTorchOptionalTensorType": "!torch.vtensor",
    "Torch_NonValueTensorType": "!torch.tensor",
    "Torch_IntType": "!torch.int",
    "Torch_FloatType": "!torch.float",
    "Torch_BoolType": "!torch.bool",
    "Torch_StringType": "!torch.str",
    "Torch_DeviceType": "!torch.Device",
    "Torch_GeneratorType": "!torch.Generator",
    "Torch_DictType": "!torch.dict<str, int>",
    "Torch_LinearParamsType": "!torch.LinearParams",
    "AnyTorchScalarType": "!torch.number",
    "AnyTorchType": "!torch.any",
    "AnyTorchListOfTensorType": "!torch.list<vtensor>",
    "AnyTorchListOfOptionalTensorType": "!torch.list<optional<vtensor>>",
    "AnyTorchListOfTorchIntType": "!torch.list<int>",
    "AnyTorchListOfTorchFloatType": "!torch.list<float>",
    "AnyTorchListOfTorchBoolType": "!torch.list<bool>",
    "AnyTorchListOfTorchStringType": "!torch.list<str>",
    "AnyTorchListOfTorchScalarType": "!torch.list<number>",
    "AnyTorchListType": "!torch.list<any>",
}


def example_type(constraint):
    return _EXAMPLE_TYPE.get(constraint, "!torch.none")


# --- op naming ---------------------------------------------------------------------

def camel(component):
    """`add` -> `Add`, `abs_` -> `Abs_`, `__and__` -> `__And__`, `max_pool2d` -> `MaxPool2d`."""
    pieces = component.split("_")
    return "".join(p[:1].upper() + p[1:] if p else "_" for p in pieces)


def cpp_class(schema):
    return "".join(camel(c) for c in schema.op_name.split(".")) + "Op"


# ODS and C++ accessor names that operand names must not take.
_RESERVED_NAMES = {"type", "operands", "results", "attributes", "properties", "context", "loc",
                   "operation", "region", "regions", "name"}


def ods_name(name):
    return name + "_" if name in _RESERVED_NAMES else name


def result_names(schema):
    named = [n for n, _ in schema.returns]
    if len(schema.returns) == 1:
        names = [named[0] or "result"]
    else:
        names = [n or f"result{i}" for i, n in enumerate(named)]
    arg_names = {ods_name(a.name) for a in schema.arguments}
    return [ods_name(n) + ("_result" if ods_name(n) in arg_names else "") for n in names]


# --- ODS emission --------------------------------------------------------------------

# Extra ODS settings for ops that have hand-written folders or canonicalizers in
# lib/Dialect/Torch/IR/TorchOps.cpp. Keyed by qualified schema name.
OP_EXTRAS = {
    "aten::add.int": ["hasFolder"],
    "aten::sub.int": ["hasFolder"],
    "aten::mul.int": ["hasFolder"],
    "aten::floordiv.int": ["hasFolder"],
    "aten::remainder.int": ["hasFolder"],
    "aten::neg.int": ["hasFolder"],
    "aten::add.float_int": ["hasFolder"],
    "aten::sub.float": ["hasFolder"],
    "aten::mul.float": ["hasFolder"],
    "aten::div.float": ["hasFolder"],
    "aten::neg.float": ["hasFolder"],
    "aten::eq.int": ["hasFolder"],
    "aten::ne.int": ["hasFolder"],
    "aten::lt.int": ["hasFolder"],
    "aten::le.int": ["hasFolder"],
    "aten::gt.int": ["hasFolder"],
    "aten::ge.int": ["hasFolder"],
    "aten::eq.float": ["hasFolder"],
    "aten::lt.float": ["hasFolder"],
    "aten::gt.float": ["hasFolder"],
    "aten::ge.float": ["hasFolder"],
    "aten::__and__.bool": ["hasFolder"],
    "aten::Bool.int": ["hasFolder"],
    "aten::Int.bool": ["hasFolder"],
    "aten::Float.Scalar": ["hasFolder"],
    "aten::size.int": ["hasFolder"],
    "aten::dim": ["hasFolder"],
    "aten::len.t": ["hasFolder"],
}

_PURE_EXTRAS = {"hasFolder"}

# Ops whose result depends on a random draw (or that draw one for a later op):
# never erased or merged, even when unused. Ops with a Generator argument count too.
_RANDOM = {"bernoulli", "dropout", "native_dropout", "feature_dropout", "alpha_dropout",
           "feature_alpha_dropout", "rand", "rand_like", "randn", "randn_like", "randint",
           "randint_like", "randperm", "normal", "normal_functional", "uniform", "multinomial",
           "poisson", "rrelu", "rrelu_with_noise", "exponential", "geometric", "cauchy",
           "log_normal"}


def effect_traits(schema, extras):
    """What MLIR may assume about an op's side effects.

    Ops with a folder are Pure (they fold scalars). Other ops that mutate
    nothing, draw no random numbers and return something only read their
    operands (MemRead), so canonicalize erases them when their results are
    unused and CSE merges equal ones. Mutating, random and result-less ops
    (asserts, warnings) get no trait: MLIR assumes any effect and keeps them.
    """
    if schema.is_mutating:
        return []
    if _PURE_EXTRAS & set(extras):
        return ["Pure"]
    random = (schema.name.rstrip("_") in _RANDOM
              or any(_mentions(a.type, "Generator") for a in schema.arguments))
    if random or not schema.returns:
        return []
    return ["MemoryEffects<[MemRead]>"]

# Constraints that are one parameterless type, so ODS can build them.
_BUILDABLE = {"Torch_IntType", "Torch_FloatType", "Torch_BoolType", "Torch_StringType",
              "Torch_DeviceType", "Torch_GeneratorType", "Torch_LinearParamsType"}


def _td_string(text):
    return text.replace("\\", "\\\\").replace('"', '\\"')


def emit_op(schema):
    where = schema.qualified_name
    in_place = schema.is_mutating
    operands = [(ods_name(a.name), ods_constraint(a.type, where, in_place)) for a in schema.arguments]
    results = list(zip(result_names(schema),
                       (ods_constraint(t, where + " result", in_place) for _, t in schema.returns)))
    if schema.vararg:
        # Like upstream: the fixed arguments and the varargs form one variadic operand.
        operands = [("operands_", "Variadic<AnyTorchType>")]
    # Results typed `Tensor` may come back as none from some producers; accept both.
    results = [(n, "AnyTorchOptionalTensorType" if c == "AnyTorchTensorType" else c)
               for n, c in results]
    extras = OP_EXTRAS.get(schema.qualified_name, [])
    traits = effect_traits(schema, extras)
    if results and all(c in _BUILDABLE for _, c in results):
        # Result types follow from the op alone: builders need none (C++ and Python).
        traits.append("DeclareOpInterfaceMethods<InferTypeOpInterface>")

    arg_sig = ", ".join(str(a.type) for a in schema.arguments) + (", ..." if schema.vararg else "")
    ret_sig = ", ".join(str(t) for _, t in schema.returns)
    example_operands = ", ".join(f"%{n}" for n, _ in operands)
    example_types = ", ".join(example_type(c) for _, c in operands)
    if schema.vararg:
        example = f"torch.{schema.op_name}({example_operands}) : {example_types}"
    else:
        example = f"torch.{schema.op_name} {example_operands} : {example_types}"
    if results:
        lhs = ", ".join(f"%{n}" for n, _ in results) + " = "
        example = lhs + example + " -> " + ", ".join(example_type(c) for _, c in results)

    lines = [
        f"def Torch_{cpp_class(schema)} : Torch_GeneratedOp<\"{schema.op_name}\", "
        f"{-1 if schema.vararg else len(operands)}, {len(results)}, [{', '.join(traits)}]> {{",
        f"  let summary = \"Generated op for `{schema.qualified_name} : ({arg_sig}) -> ({ret_sig})`\";",
        "  let description = [{",
        f"    PyTorch schema: `{schema.text}`",
        "",
        "    Example:",
        "    ```mlir",
        f"    {example}",
        "    ```",
        "  }];",
        "  let arguments = (ins" + ("" if operands else ");"),
    ]
    if operands:
        lines += [f"    {c}:${n}" + ("," if i < len(operands) - 1 else "") for i, (n, c) in enumerate(operands)]
        lines[-1] += "\n  );"
    lines.append("  let results = (outs" + ("" if results else ");"))
    if results:
        lines += [f"    {c}:${n}" + ("," if i < len(results) - 1 else "") for i, (n, c) in enumerate(results)]
        lines[-1] += "\n  );"
    for extra in extras:
        lines.append(f"  let {extra} = 1;")
    lines.append("}")
    return "\n".join(lines)


HEADER = """\
//===- GeneratedTorchOps.td - ATen and prims ops, generated -----*- tablegen -*-===//
//
// GENERATED by tools/torch_ods_gen/torch_ods_gen.py from TorchOpRegistry.txt.
// Do not edit: change the registry (tools/update_torch_registry) or the generator.
//
//===----------------------------------------------------------------------------===//

#ifndef TORCH_GENERATED_OPS
#define TORCH_GENERATED_OPS
"""


# Ops whose result PyTorch makes a view of the argument or a fresh tensor as it
# finds at run time (reshape copies what a view cannot express; to and
# contiguous return the argument itself when there is nothing to do). Their
# schemas say `Tensor(a)` like a view's, but a program cannot rely on the
# result following later writes to the argument: they are not in the table.
_MAY_ALIAS = {"aten::reshape", "aten::reshape_as", "aten::flatten.using_ints",
              "aten::contiguous", "aten::to.device", "aten::to.dtype",
              "aten::to.dtype_layout", "aten::to.other", "aten::to.prim_Device"}


def view_source(schema):
    """The index of the tensor argument the op's one result is always a view
    of, or None: one `Tensor(a)` result sharing its alias set with one
    argument, nothing written, not in _MAY_ALIAS."""
    if (len(schema.returns) != 1 or schema.is_mutating
            or schema.qualified_name in _MAY_ALIAS):
        return None
    result = schema.returns[0][1]
    if result.kind != "base" or result.name != "Tensor" or not result.alias:
        return None
    sources = [i for i, a in enumerate(schema.arguments)
               if a.type.kind == "base" and a.type.name == "Tensor"
               and a.type.alias == result.alias]
    return sources[0] if len(sources) == 1 else None


def generate_aliasing(schemas):
    lines = ["// GENERATED by tools/torch_ods_gen/torch_ods_gen.py --aliasing from "
             "TorchOpRegistry.txt:",
             "// TORCH_VIEW_OP(op name, index of the operand the result is a view of)",
             "// and TORCH_MUTATING_OP(op name). Do not edit."]
    for schema in sorted(schemas, key=lambda s: s.op_name):
        source = view_source(schema)
        if source is not None:
            lines.append(f'TORCH_VIEW_OP("{schema.op_name}", {source})')
        if schema.is_mutating:
            lines.append(f'TORCH_MUTATING_OP("{schema.op_name}")')
    return "\n".join(lines) + "\n"


def generate(schemas):
    body = [HEADER]
    for schema in sorted(schemas, key=lambda s: s.op_name):
        body.append(emit_op(schema))
        body.append("")
    body.append("#endif // TORCH_GENERATED_OPS")
    return "\n".join(body) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("registry")
    parser.add_argument("-o", "--output", required=True)
    parser.add_argument("--aliasing", action="store_true",
                        help="write the tables of view and mutating ops instead of the ODS")
    args = parser.parse_args(argv)
    try:
        schemas = read_registry(args.registry)
        text = generate_aliasing(schemas) if args.aliasing else generate(schemas)
    except RegistryError as e:
        print(f"torch_ods_gen: error: {e}", file=sys.stderr)
        return 1
    with open(args.output, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
