//===- Patterns.h - TorchToLinalg's pattern families ------------*- C++ -*-===//
//
// One file per family of ATen ops (as PyTorch's docs group them); each adds
// its patterns here. TorchToLinalg.cpp runs them all as one conversion.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_MLIR_CONVERSION_TORCHTOLINALG_PATTERNS_H
#define TORCH_MLIR_CONVERSION_TORCHTOLINALG_PATTERNS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::torch::torch_to_linalg {

/// Elementwise ops, casts, and the tensor <-> Python scalar bridges.
void populateElementwisePatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);
/// mm, bmm, addmm, convolution.
void populateLinearPatterns(const TypeConverter &converter,
                            RewritePatternSet &patterns);
/// sum, mean, amax/amin, max/min with indices, argmax/argmin, prod, any, all.
void populateReductionPatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns);
/// Views, permutes, slices, concatenation, expand, gathers.
void populateDataMovementPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns);
/// full, zeros, ones, empty, arange and their *_like forms.
void populateTensorConstructorPatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns);
/// max and average pooling.
void populatePoolingPatterns(const TypeConverter &converter,
                             RewritePatternSet &patterns);
/// scatter, scatter_add, scatter_reduce, index_put.
void populateScatterPatterns(const TypeConverter &converter,
                             RewritePatternSet &patterns);
/// sort, topk.
void populateSortingPatterns(const TypeConverter &converter,
                             RewritePatternSet &patterns);
/// Fourier transforms (_fft_r2c, _fft_c2c).
void populateSpectralPatterns(const TypeConverter &converter,
                              RewritePatternSet &patterns);
/// uniform, the random op the others decompose into.
void populateRandomPatterns(const TypeConverter &converter,
                            RewritePatternSet &patterns);

/// The reductions the patterns build (reductions, scatter_reduce).
enum class ReductionKind {
  Sum,
  Mean,
  Prod,
  Max,
  Min,
  Any,
  All,
  ArgMax,
  ArgMin
};
/// The element a reduction of `kind` starts from, in `type` (-inf for max,
/// the lowest integer for an integer max, 0 for an unsigned one, ...).
Value reductionIdentity(OpBuilder &b, Location loc, ReductionKind kind,
                        Type type, bool isUnsigned = false);
/// One step of a reduction of `kind` (not an arg reduction): `x` into `acc`.
/// Float max/min propagate NaN; bools reduce with or/and; `isUnsigned`
/// integers (ui8) compare as unsigned.
Value reductionStep(OpBuilder &b, Location loc, ReductionKind kind, Value x,
                    Value acc, bool isUnsigned = false);

/// A `linalg.generic` computing a tensor of `resultType` from `inputs`
/// broadcast to it the way PyTorch broadcasts (trailing dimensions aligned; a
/// static size 1 stretches; so does a size known only at run time that is 1
/// then, where the result's is not: that operand is read with tensor.extract,
/// and a run-time check that it is 1 or the result's size). `body` gets one
/// element of each input and returns the result element.
Value buildElementwise(
    OpBuilder &b, Location loc, ValueRange inputs, RankedTensorType resultType,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body);

/// A run-time check (`cf.assert`) that two sizes are equal, unless both are
/// constants; `what` is its message.
void checkSameSize(OpBuilder &b, Location loc, OpFoldResult a, OpFoldResult c,
                   const Twine &what);

/// scf.for loops over every position of a tensor of `sizes`, threading
/// `carried` (tensors) through; `body` gets the position and the carried
/// values and returns their next values. Returns the final values.
SmallVector<Value> forEachIndex(
    OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
    ValueRange carried,
    function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange position,
                                    ValueRange carried)>
        body);

/// `signedPredicate` (slt, sle, sgt, sge; eq and ne as they are) for integers
/// of `type`: its unsigned form for bools (false < true; a signed i1 true is
/// -1) and for `isUnsigned` integers (ui8, a signless i8 after conversion).
arith::CmpIPredicate integerPredicate(arith::CmpIPredicate signedPredicate,
                                      Type type, bool isUnsigned);

/// `tensor` with its elements cast to `element` (itself if they already are);
/// `fromUnsigned`: they are unsigned integers (castScalar).
Value castElements(OpBuilder &b, Location loc, Value tensor, Type element,
                   bool fromUnsigned = false);

} // namespace mlir::torch::torch_to_linalg

#endif // TORCH_MLIR_CONVERSION_TORCHTOLINALG_PATTERNS_H
