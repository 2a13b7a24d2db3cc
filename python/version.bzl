"""The one version both wheels carry; the torch wheel pins the core wheel to it."""

TORCH_MLIR_VERSION = "0.1.0"
