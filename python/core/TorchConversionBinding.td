//===- TorchConversionBinding.td - Input of the Python op builders of torch_c -*- tablegen -*-===//

#ifndef PYTHON_TORCHCONVERSION_BINDING
#define PYTHON_TORCHCONVERSION_BINDING

include "Dialect/TorchConversion/IR/TorchConversionOps.td"

#endif // PYTHON_TORCHCONVERSION_BINDING
