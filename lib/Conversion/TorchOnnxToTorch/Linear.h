//===- Linear.h - Products and windows the ONNX families share --*- C++ -*-===//
//
// What Linear.cpp (MatMul, Gemm, Conv, ...) builds that the pooling, the
// normalizations and the quantized products build on too: numpy.matmul, the
// convolution of a node, the padding and windows of a convolution or
// pooling, and two small helpers for tensors of static shape.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_LINEAR_H
#define TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_LINEAR_H

#include "OnnxNode.h"

#include <optional>
#include <utility>

namespace mlir::torch::onnx_c {

/// Whether `t` is known and of static shape.
bool isStatic(Torch::ValueTensorType t);

/// `x` reshaped to the static `sizes`, of `dtype`.
Value reshaped(OnnxNode &n, Value x, ArrayRef<int64_t> sizes, Type dtype);

/// numpy.matmul of `lhs` and `rhs` (each already of the dtype it is
/// multiplied in) into `outSizes` of `dtype`: 1-D operands become a row or a
/// column, batch dims broadcast. A matrix on the right (a weight, mostly):
/// the left's rows of all batches at once, one aten.mm. Else one aten.bmm on
/// [batch, M, K] x [batch, K, N]. Sizes known only at run time are read with
/// aten.size.int. Null after reporting why.
Value matmulOf(OnnxNode &n, Value lhs, Value rhs, ArrayRef<int64_t> outSizes,
               Type dtype);

/// The padding of a convolution or pooling over `spatial` dims: explicit
/// `pads`, or `auto_pad`'s. Begins and ends; nullopt after reporting why.
std::optional<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
padding(OnnxNode &n, ArrayRef<int64_t> inSizes, ArrayRef<int64_t> kernel,
        ArrayRef<int64_t> strides, ArrayRef<int64_t> dilations);

struct Window {
  SmallVector<int64_t> kernel, strides, dilations, padding;
  Value input;
};

/// kernel_shape, strides, dilations and pads of a convolution or pooling,
/// `input` (operand 0, or what was made of it) padded where ONNX pads
/// asymmetrically.
std::optional<Window> window(OnnxNode &n, Value input, ArrayRef<int64_t> kernel,
                             double padValue);

/// The convolution of `input` by `weight` (and `bias`, or none), each
/// already of `dtype`, into `out`'s sizes in `dtype`: the node's
/// kernel_shape, strides, dilations, pads (or auto_pad) and group. Null after
/// reporting why.
Value convolve(OnnxNode &n, Value input, Value weight, Value bias,
               Torch::ValueTensorType out, Type dtype);

} // namespace mlir::torch::onnx_c

#endif // TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_LINEAR_H
