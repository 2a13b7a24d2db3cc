//===- TorchBinding.td - Input of the Python op builders of torch -*- tablegen -*-===//

#ifndef PYTHON_TORCH_BINDING
#define PYTHON_TORCH_BINDING

include "Dialect/Torch/IR/TorchOps.td"

#endif // PYTHON_TORCH_BINDING
