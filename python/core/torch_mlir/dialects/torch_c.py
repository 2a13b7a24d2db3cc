"""The torch_c (TorchConversion) dialect: op builders and register_dialect."""

from ._torch_c_ops_gen import *  # noqa: F401,F403
from .._mlir_libs._torchMlir import register_torch_c_dialect as register_dialect  # noqa: F401
