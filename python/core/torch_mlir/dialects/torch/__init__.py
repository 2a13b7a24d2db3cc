"""The torch dialect: op builders, Torch types, and register_dialect."""

from .._torch_ops_gen import *  # noqa: F401,F403
from ..._mlir_libs._torchMlir import (  # noqa: F401
    AnyType,
    BoolType,
    DeviceType,
    DictType,
    FloatType,
    GeneratorType,
    IntType,
    ListType,
    NnModuleType,
    NonValueTensorType,
    NoneType,
    NumberType,
    OptionalType,
    StringType,
    TupleType,
    UnionType,
    ValueTensorType,
    register_dialect,
)
