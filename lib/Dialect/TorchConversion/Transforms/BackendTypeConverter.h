//===- BackendTypeConverter.h - Torch value types to builtin ones -*- C++
//-*-===//
//
// One type conversion for every pass that leaves the Torch dialect: the
// backend type conversions at function boundaries and the op conversions
// (TorchToLinalg, -Arith, -SCF). torch_c bridge ops materialize it both ways.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_MLIR_DIALECT_TORCHCONVERSION_TRANSFORMS_BACKENDTYPECONVERTER_H
#define TORCH_MLIR_DIALECT_TORCHCONVERSION_TRANSFORMS_BACKENDTYPECONVERTER_H

#include "mlir/Transforms/DialectConversion.h"
#include "torch-mlir/Dialect/Torch/IR/TorchTypes.h"

#include <optional>

namespace mlir::torch::TorchConversion {

/// `!torch.vtensor<[2,?],si64>` -> `tensor<2x?xi64>` (integers become
/// signless); nullopt without a dtype. Unranked if the sizes are unknown.
std::optional<Type> builtinTensorType(Torch::ValueTensorType type);

/// Value tensors with a dtype -> builtin tensors, `!torch.int` -> i64,
/// `!torch.float` -> f64, `!torch.bool` -> i1; every other type stays.
/// Materializations are the torch_c bridges (`to_builtin_tensor`,
/// `from_i64`, ...), which torch-finalizing-backend-type-conversion folds away
/// once both sides are converted.
class BackendTypeConverter : public TypeConverter {
public:
  explicit BackendTypeConverter(MLIRContext *context);
};

} // namespace mlir::torch::TorchConversion

#endif // TORCH_MLIR_DIALECT_TORCHCONVERSION_TRANSFORMS_BACKENDTYPECONVERTER_H
