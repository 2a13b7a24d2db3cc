//===- TorchTypes.h - The Torch type system ---------------------*- C++ -*-===//

#ifndef TORCH_MLIR_DIALECT_TORCH_IR_TORCHTYPES_H
#define TORCH_MLIR_DIALECT_TORCH_IR_TORCHTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#include <optional>

namespace mlir {
namespace torch {
namespace Torch {

/// The size of a tensor dimension that is not known statically (`?`).
constexpr int64_t kUnknownSize = -1;

class NonValueTensorType;
class ValueTensorType;

/// What `!torch.tensor` and `!torch.vtensor` share: optional sizes and dtype.
class BaseTensorType : public Type {
public:
  using Type::Type;

  std::optional<ArrayRef<int64_t>> getOptionalSizes() const;
  Type getOptionalDtype() const;

  bool hasSizes() const { return getOptionalSizes().has_value(); }
  /// The sizes; only valid if hasSizes().
  ArrayRef<int64_t> getSizes() const;
  bool hasDtype() const { return static_cast<bool>(getOptionalDtype()); }
  /// The dtype; only valid if hasDtype().
  Type getDtype() const;
  bool hasValueSemantics() const;
  /// True if the sizes are known and none is `?`.
  bool areAllSizesKnown() const;

  /// The same kind of tensor type with other sizes and dtype.
  BaseTensorType getWithSizesAndDtype(std::optional<ArrayRef<int64_t>> sizes,
                                      Type dtype) const;
  ValueTensorType getWithValueSemantics() const;
  NonValueTensorType getWithoutValueSemantics() const;

  static bool classof(Type type);
};

/// True for the element types a Torch tensor may have: i1, si2, si4,
/// si8..si64, ui2, ui4, ui8..ui64, f16, bf16, f32, f64, the f8 formats,
/// complex<float> and the quantized !torch.qint8 family.
bool isValidTorchDtype(Type dtype);

/// PyTorch's ScalarType code of a dtype (6 for f32, 4 for si64, 11 for i1,
/// ...: the integer a `dtype=` operand holds), or none for the quantized
/// and other types PyTorch has no code for here.
std::optional<int64_t> scalarTypeCode(Type dtype);

} // namespace Torch
} // namespace torch
} // namespace mlir

#define GET_TYPEDEF_CLASSES
#include "Dialect/Torch/IR/TorchTypes.h.inc"

#endif // TORCH_MLIR_DIALECT_TORCH_IR_TORCHTYPES_H
