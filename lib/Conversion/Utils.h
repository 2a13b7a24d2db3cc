//===- Utils.h - What conversions out of Torch share ------------*- C++ -*-===//

#ifndef TORCH_MLIR_CONVERSION_UTILS_H
#define TORCH_MLIR_CONVERSION_UTILS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Transforms/DialectConversion.h"
#include "torch-mlir/Dialect/Torch/Builder/TorchBuilder.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

#include <optional>

namespace mlir::torch::conversion {

// Reading Torch values (constants, lists, dims) is TorchBuilder.h's
// (constantInt, constantInts, constantDim, ...): one vocabulary for every
// pass.

// --- builtin values ---------------------------------------------------------

/// Converts a scalar to `to` like a PyTorch cast does: ints sign-extend or
/// truncate (i1 zero-extends), floats extend, truncate or convert (toward zero
/// to ints), and anything becomes i1 by comparing with zero. Builtin integers
/// are signless: `fromUnsigned` reads an integer `value` as unsigned (ui8
/// zero-extends and converts to floats as unsigned), `toUnsigned` converts a
/// float to an unsigned integer.
Value castScalar(OpBuilder &b, Location loc, Value value, Type to,
                 bool fromUnsigned = false, bool toUnsigned = false);

/// Whether a Torch value is a tensor of an unsigned integer dtype (ui8),
/// which converts to a signless builtin integer: its comparisons, max/min,
/// divisions and widenings must then be the unsigned ones.
bool isUnsignedTensor(Value torchValue);

/// A scalar constant of type `type` (int, index or float).
Value scalarConstant(OpBuilder &b, Location loc, Type type, double value);

/// The sizes of a ranked tensor, static ones as attributes.
SmallVector<OpFoldResult> getSizes(OpBuilder &b, Location loc, Value tensor);

/// `tensor.empty` of `type`'s shape, dynamic sizes taken from `sizes`.
Value emptyTensor(OpBuilder &b, Location loc, RankedTensorType type,
                  ArrayRef<OpFoldResult> sizes);
/// A tensor of `type`'s shape (dynamic sizes from `sizes`) filled with `fill`.
Value filledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                   ArrayRef<OpFoldResult> sizes, Value fill);

/// An index value as i64, or an i64 as an index.
Value indexToI64(OpBuilder &b, Location loc, Value index);
Value i64ToIndex(OpBuilder &b, Location loc, Value i64);
/// An integer element used as an index into a dimension of `size` (an
/// index value), negative ones counted from the end, as an index value.
Value wrapIndex(OpBuilder &b, Location loc, Value index, Value size);

/// The data of a `torch.vtensor.literal` under the builtin `type` it
/// converts to (the same bytes, integers signless): a dense copy, or the same
/// resource blob (never copied); null for another kind of data.
ElementsAttr builtinLiteral(Torch::ValueTensorLiteralOp literal,
                            RankedTensorType type);

/// The builtin ranked tensor type a Torch tensor value converts to, or null.
RankedTensorType convertedTensorType(const TypeConverter *converter,
                                     Value torchValue);

} // namespace mlir::torch::conversion

#endif // TORCH_MLIR_CONVERSION_UTILS_H
