//===- TorchConversionOps.td - Bridges between Torch and builtin values -*- tablegen -*-===//

#ifndef TORCHCONVERSION_OPS
#define TORCHCONVERSION_OPS

include "Dialect/Torch/IR/TorchTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TorchConversion_Dialect : Dialect {
  let name = "torch_c";
  let cppNamespace = "::mlir::torch::TorchConversion";
  let summary = "Bridges between Torch dialect values and builtin ones.";
  let description = [{
    Backends lower Torch programs to builtin types (tensor<...>, i64, f64, i1).
    These ops mark each crossing, so a partial lowering stays well typed.
  }];
  let dependentDialects = ["::mlir::torch::Torch::TorchDialect"];
}

class TorchConversion_Op<string mnemonic, list<Trait> traits = []>
    : Op<TorchConversion_Dialect, mnemonic, traits>;

def TorchConversion_ToBuiltinTensorOp : TorchConversion_Op<"to_builtin_tensor", [Pure]> {
  let summary = "A value tensor as a builtin tensor";
  let description = [{
    ```mlir
    %0 = torch_c.to_builtin_tensor %v : !torch.vtensor<[2,?],f32> -> tensor<2x?xf32>
    ```
  }];
  let arguments = (ins Torch_ValueTensorType:$operand);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` qualified(type($operand)) `->` type($result)";
  let hasVerifier = 1;
}

def TorchConversion_FromBuiltinTensorOp : TorchConversion_Op<"from_builtin_tensor", [Pure]> {
  let summary = "A builtin tensor as a value tensor";
  let description = [{
    ```mlir
    %0 = torch_c.from_builtin_tensor %t : tensor<2x?xf32> -> !torch.vtensor<[2,?],f32>
    ```
  }];
  let arguments = (ins AnyTensor:$operand);
  let results = (outs Torch_ValueTensorType:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `->` qualified(type($result))";
  let hasVerifier = 1;
}

class TorchConversion_ScalarBridge<string mnemonic, Type from, Type to, string what>
    : TorchConversion_Op<mnemonic, [Pure]> {
  let summary = what;
  let description = "Example: `%0 = torch_c." # mnemonic # " %x`";
  let arguments = (ins from:$operand);
  let results = (outs to:$result);
  let assemblyFormat = "$operand attr-dict";
}

def TorchConversion_ToI64Op
    : TorchConversion_ScalarBridge<"to_i64", Torch_IntType, I64, "A !torch.int as an i64">;
def TorchConversion_FromI64Op
    : TorchConversion_ScalarBridge<"from_i64", I64, Torch_IntType, "An i64 as a !torch.int">;
def TorchConversion_ToF64Op
    : TorchConversion_ScalarBridge<"to_f64", Torch_FloatType, F64, "A !torch.float as an f64">;
def TorchConversion_FromF64Op
    : TorchConversion_ScalarBridge<"from_f64", F64, Torch_FloatType, "An f64 as a !torch.float">;
def TorchConversion_ToI1Op
    : TorchConversion_ScalarBridge<"to_i1", Torch_BoolType, I1, "A !torch.bool as an i1">;
def TorchConversion_FromI1Op
    : TorchConversion_ScalarBridge<"from_i1", I1, Torch_BoolType, "An i1 as a !torch.bool">;
def TorchConversion_GeneratorToI64Op
    : TorchConversion_ScalarBridge<"generator_to_i64", Torch_GeneratorType, I64,
                                   "A !torch.Generator as its i64 seed state">;
def TorchConversion_I64ToGeneratorOp
    : TorchConversion_ScalarBridge<"i64_to_generator", I64, Torch_GeneratorType,
                                   "An i64 seed state as a !torch.Generator">;

def TorchConversion_GetNextSeedOp : TorchConversion_Op<"get_next_seed"> {
  let summary = "The next seed of the default generator";
  let description = [{
    ```mlir
    %0 = torch_c.get_next_seed : () -> i64
    ```
  }];
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict `:` `(` `)` `->` type($result)";
}

#endif // TORCHCONVERSION_OPS
