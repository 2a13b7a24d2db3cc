//===- FloatConversions.cpp - bfloat16 truncations for compiled code ------===//
//
// Part of the torch-mlir project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// On a CPU without bfloat16 instructions, LLVM's code generator turns a
// truncation to bf16 into a call of __truncsfbf2 (from f32) or __truncdfbf2
// (from f64), which compiler-rt defines and GCC's libgcc only from GCC 13 on.
// The JIT finds neither in a process whose libgcc is older (Debian 12's is
// GCC 12: "Symbols not found: [ __truncsfbf2 ]"), so these are the
// definitions it links those calls to (torchMlirRefBackendRuntimeSymbols).
//
// Both round to nearest, ties to even, as PyTorch's casts do; a NaN stays a
// NaN (quieted, sign and top payload bits kept); overflow gives infinity.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <cstdint>
#include <cstring>

namespace {

uint32_t bitsOf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

__bf16 bf16FromBits(uint16_t bits) {
  __bf16 value;
  std::memcpy(&value, &bits, sizeof(bits));
  return value;
}

// f32 to bf16: keep the top 16 bits, rounded to nearest even on the 16 below.
uint16_t roundToBf16(uint32_t bits) {
  if ((bits & 0x7fffffffu) > 0x7f800000u) // NaN
    return static_cast<uint16_t>((bits >> 16) | 0x0040u);
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>(bits >> 16);
}

// f64 to f32 rounded to odd: truncated toward zero, the last bit set if
// anything was cut off. Rounding that to bf16 (7 fewer bits than f32's 23,
// at every exponent, subnormals included) gives what rounding the f64 to
// bf16 directly would: no double rounding.
uint32_t roundToOddF32(double value) {
  float nearest = static_cast<float>(value);
  if (std::isnan(value) || std::isinf(value))
    return bitsOf(nearest);
  float truncated = nearest;
  if (std::fabs(static_cast<double>(nearest)) > std::fabs(value))
    truncated = std::nextafter(nearest, 0.0f); // FLT_MAX for an overflow
  uint32_t bits = bitsOf(truncated);
  if (static_cast<double>(truncated) != value)
    bits |= 1u;
  return bits;
}

} // namespace

extern "C" {

__bf16 refback_truncsfbf2(float value) {
  return bf16FromBits(roundToBf16(bitsOf(value)));
}

__bf16 refback_truncdfbf2(double value) {
  return bf16FromBits(roundToBf16(roundToOddF32(value)));
}

} // extern "C"
