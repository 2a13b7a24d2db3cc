//===- TorchOps.td - Hand-written Torch ops, plus the generated ones -*- tablegen -*-===//

#ifndef TORCH_OPS
#define TORCH_OPS

include "Dialect/Torch/IR/TorchTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Generated ATen ops share one textual form:
//   %r = torch.aten.add.Tensor %a, %b, %alpha : !torch.vtensor, !torch.vtensor, !torch.int -> !torch.vtensor
// numOperands = -1 marks a vararg schema, printed as `torch.aten.format(%a, %b) : ...`.
//===----------------------------------------------------------------------===//

class Torch_GeneratedOp<string mnemonic, int numOperands, int numResults,
                        list<Trait> traits = []>
    : Torch_Op<mnemonic, traits> {
  let hasCustomAssemblyFormat = 1;
  let extraClassDefinition = [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return ::mlir::torch::Torch::parseDefaultTorchOp(parser, result, }]
      # numOperands # ", " # numResults # [{);
    }
    void $cppClass::print(::mlir::OpAsmPrinter &printer) {
      ::mlir::torch::Torch::printDefaultTorchOp(printer, getOperation(), }]
      # !if(!lt(numOperands, 0), "true", "false") # [{);
    }
  }];
}

include "Dialect/Torch/IR/GeneratedTorchOps.td"

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

class Torch_ConstantOp<string mnemonic, list<Trait> traits = []>
    : Torch_Op<mnemonic, !listconcat(traits, [
        ConstantLike, Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>,
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>])> {
  let hasFolder = 1;
}

def Torch_ConstantNoneOp : Torch_ConstantOp<"constant.none"> {
  let summary = "The Python value None";
  let description = [{
    Not to be confused with MLIR's builtin `none` type.

    ```mlir
    %none = torch.constant.none
    ```
  }];
  let results = (outs Torch_NoneType:$result);
  let assemblyFormat = "attr-dict";
}

def Torch_ConstantStrOp : Torch_ConstantOp<"constant.str"> {
  let summary = "A Python str";
  let description = [{
    ```mlir
    %str = torch.constant.str "mean"
    ```
  }];
  let arguments = (ins StrAttr:$value);
  let results = (outs Torch_StringType:$result);
  let assemblyFormat = "$value attr-dict";
}

def Torch_ConstantDeviceOp : Torch_ConstantOp<"constant.device"> {
  let summary = "A torch.device";
  let description = [{
    ```mlir
    %cpu = torch.constant.device "cpu"
    ```
  }];
  let arguments = (ins StrAttr:$value);
  let results = (outs Torch_DeviceType:$result);
  let assemblyFormat = "$value attr-dict";
}

def Torch_ConstantIntOp : Torch_ConstantOp<"constant.int"> {
  let summary = "A Python int (64-bit signed)";
  let description = [{
    ```mlir
    %int3 = torch.constant.int 3
    ```
  }];
  let arguments = (ins I64Attr:$value);
  let results = (outs Torch_IntType:$result);
  let assemblyFormat = "$value attr-dict";
}

def Torch_ConstantFloatOp : Torch_ConstantOp<"constant.float"> {
  let summary = "A Python float (64-bit)";
  let description = [{
    ```mlir
    %float1.500000e00 = torch.constant.float 1.500000e+00
    ```
  }];
  let arguments = (ins F64Attr:$value);
  let results = (outs Torch_FloatType:$result);
  let assemblyFormat = "$value attr-dict";
}

def Torch_ConstantNumberOp : Torch_ConstantOp<"constant.number"> {
  let summary = "A Scalar: an int or a float whose kind is not static";
  let description = [{
    Printed in the generic form, as upstream torch-mlir does:

    ```mlir
    %0 = "torch.constant.number"() <{value = 3 : i64}> : () -> !torch.number
    ```
  }];
  let arguments = (ins AnyAttrOf<[F64Attr, I64Attr]>:$value);
  let results = (outs Torch_NumberType:$result);
}

def Torch_ConstantBoolOp : Torch_ConstantOp<"constant.bool"> {
  let summary = "A Python bool";
  let description = [{
    ```mlir
    %true = torch.constant.bool true
    ```
  }];
  let arguments = (ins BoolAttr:$value);
  let results = (outs Torch_BoolType:$result);
  let assemblyFormat = "$value attr-dict";
}

def Torch_ValueTensorLiteralOp : Torch_Op<"vtensor.literal", [ConstantLike, Pure]> {
  let summary = "A tensor constant with value semantics";
  let description = [{
    ```mlir
    %0 = torch.vtensor.literal(dense<[1.0, 2.0]> : tensor<2xf32>) : !torch.vtensor<[2],f32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Torch_ValueTensorType:$result);
  let assemblyFormat = "`(` $value `)` attr-dict `:` qualified(type($result))";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Torch_NonValueTensorLiteralOp : Torch_Op<"tensor.literal"> {
  let summary = "A fresh mutable tensor initialized from a constant";
  let description = [{
    Each execution creates a new tensor, so this is not `ConstantLike`.

    ```mlir
    %0 = torch.tensor.literal(dense<0.0> : tensor<2xf32>) : !torch.tensor<[2],f32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Torch_NonValueTensorType:$result);
  let assemblyFormat = "`(` $value `)` attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// prim ops
//===----------------------------------------------------------------------===//

def Torch_PrimListConstructOp : Torch_Op<"prim.ListConstruct"> {
  let summary = "Builds a list from its elements";
  let description = [{
    ```mlir
    %0 = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
    ```
  }];
  let arguments = (ins Variadic<AnyTorchType>:$elements);
  // A new list each time (lists are mutable: two equal ones must not merge),
  // with no other effect: an unused one is dead.
  let results = (outs Res<AnyTorchListType, "", [MemAlloc]>:$result);
  let assemblyFormat = "$elements attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Torch_PrimListUnpackOp : Torch_Op<"prim.ListUnpack", [MemoryEffects<[MemRead]>]> {
  let summary = "Unpacks a list of statically known length";
  let description = [{
    ```mlir
    %0:2 = torch.prim.ListUnpack %list : !torch.list<int> -> !torch.int, !torch.int
    ```
  }];
  let arguments = (ins AnyTorchListType:$operand);
  let results = (outs Variadic<AnyTorchType>:$results);
  let assemblyFormat = "$operand attr-dict `:` qualified(type($operand)) `->` qualified(type($results))";
}

def Torch_PrimTupleConstructOp : Torch_Op<"prim.TupleConstruct", [Pure]> {
  let summary = "Builds a tuple from its elements";
  let description = [{
    ```mlir
    %0 = torch.prim.TupleConstruct %a, %b : !torch.int, !torch.float -> !torch.tuple<int, float>
    ```
  }];
  let arguments = (ins Variadic<AnyTorchType>:$elements);
  let results = (outs Torch_TupleType:$result);
  let assemblyFormat = "$elements attr-dict `:` qualified(type($elements)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Torch_PrimTupleIndexOp : Torch_Op<"prim.TupleIndex", [Pure]> {
  let summary = "Reads one element of a tuple";
  let description = [{
    ```mlir
    %0 = torch.prim.TupleIndex %tuple, %int0 : !torch.tuple<int, float>, !torch.int -> !torch.int
    ```
  }];
  let arguments = (ins Torch_TupleType:$tup, Torch_IntType:$i);
  let results = (outs AnyTorchType:$result);
  let assemblyFormat = [{
    $tup `,` $i attr-dict `:` qualified(type($tup)) `,` qualified(type($i)) `->` qualified(type($result))
  }];
}

def Torch_PrimTupleUnpackOp : Torch_Op<"prim.TupleUnpack", [Pure]> {
  let summary = "Unpacks a tuple into its elements";
  let description = [{
    ```mlir
    %0:2 = torch.prim.TupleUnpack %tuple : !torch.tuple<int, float> -> !torch.int, !torch.float
    ```
  }];
  let arguments = (ins Torch_TupleType:$tup);
  let results = (outs Variadic<AnyTorchType>:$results);
  let assemblyFormat = "$tup attr-dict `:` qualified(type($tup)) `->` qualified(type($results))";
  let hasVerifier = 1;
}

def Torch_PrimNumToTensorScalarOp : Torch_Op<"prim.NumToTensor.Scalar", [Pure]> {
  let summary = "A rank-0 tensor holding a scalar";
  let description = [{
    ```mlir
    %0 = torch.prim.NumToTensor.Scalar %int1 : !torch.int -> !torch.vtensor<[],si64>
    ```
  }];
  let arguments = (ins AnyTorchScalarType:$a);
  let results = (outs AnyTorchTensorType:$result);
  let assemblyFormat = "$a attr-dict `:` qualified(type($a)) `->` qualified(type($result))";
}

def Torch_PrimIfOp : Torch_Op<"prim.If", [RecursiveMemoryEffects]> {
  let summary = "Python `if`: runs one of two regions, yielding its results";
  let description = [{
    ```mlir
    %0 = torch.prim.If %cond -> (!torch.int) {
      torch.prim.If.yield %int1 : !torch.int
    } else {
      torch.prim.If.yield %int2 : !torch.int
    }
    ```
  }];
  let arguments = (ins Torch_BoolType:$condition);
  let results = (outs Variadic<AnyTorchType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, SizedRegion<1>:$elseRegion);
  // Hand-written so that `-> ()` (no results) parses, as upstream's does.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Torch_PrimIfYieldOp : Torch_Op<"prim.If.yield", [
    Pure, Terminator, HasParent<"::mlir::torch::Torch::PrimIfOp">]> {
  let summary = "Ends a branch of `torch.prim.If` with its results";
  let description = [{
    ```mlir
    torch.prim.If.yield %0 : !torch.int
    ```
  }];
  let arguments = (ins Variadic<AnyTorchType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` qualified(type($results)))?";
}

def Torch_PrimLoopOp : Torch_Op<"prim.Loop", [RecursiveMemoryEffects]> {
  let summary = "TorchScript loop: a for loop with a trip count, a while condition, and carried values";
  let description = [{
    The body takes the iteration number and the carried values and ends in
    `torch.prim.Loop.condition`, which says whether to continue and what to carry.

    ```mlir
    %0 = torch.prim.Loop %n, %true, init(%int0) {
    ^bb0(%i: !torch.int, %acc: !torch.int):
      torch.prim.Loop.condition %true, iter(%acc : !torch.int)
    } : (!torch.int, !torch.bool, !torch.int) -> !torch.int
    ```
  }];
  let arguments = (ins Torch_IntType:$maxTripCount, Torch_BoolType:$initialCondition,
                       Variadic<AnyTorchType>:$iterArgsInit);
  let results = (outs Variadic<AnyTorchType>:$results);
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = [{
    $maxTripCount `,` $initialCondition `,` `init` `(` $iterArgsInit `)` $region attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Torch_PrimLoopConditionOp : Torch_Op<"prim.Loop.condition", [
    Pure, Terminator, HasParent<"::mlir::torch::Torch::PrimLoopOp">]> {
  let summary = "Ends a `torch.prim.Loop` body: continue?, and the values to carry";
  let description = [{
    ```mlir
    torch.prim.Loop.condition %true, iter(%acc : !torch.int)
    ```
  }];
  let arguments = (ins Torch_BoolType:$shouldContinue, Variadic<AnyTorchType>:$iterArgs);
  let assemblyFormat = [{
    $shouldContinue `,` `iter` `(` ($iterArgs^ `:` qualified(type($iterArgs)))? `)` attr-dict
  }];
}

def Torch_PrimUninitializedOp : Torch_Op<"prim.Uninitialized", [Pure]> {
  let summary = "A placeholder value of a type, never read";
  let description = [{
    ```mlir
    %0 = torch.prim.Uninitialized : !torch.int
    ```
  }];
  let results = (outs AnyTorchType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def Torch_PrimDeviceOp : Torch_Op<"prim.device", [Pure]> {
  let summary = "The device of a tensor";
  let description = [{
    ```mlir
    %0 = torch.prim.device %t : !torch.vtensor<[2],f32> -> !torch.Device
    ```
  }];
  let arguments = (ins AnyTorchTensorType:$a);
  let results = (outs Torch_DeviceType:$result);
  let assemblyFormat = "$a attr-dict `:` qualified(type($a)) `->` qualified(type($result))";
}

def Torch_PrimDtypeOp : Torch_Op<"prim.dtype", [Pure]> {
  let summary = "The dtype of a tensor, as PyTorch's ScalarType integer";
  let description = [{
    ```mlir
    %0 = torch.prim.dtype %t : !torch.vtensor<[2],f32> -> !torch.int
    ```
  }];
  let arguments = (ins AnyTorchTensorType:$a);
  let results = (outs Torch_IntType:$result);
  let assemblyFormat = "$a attr-dict `:` qualified(type($a)) `->` qualified(type($result))";
}

def Torch_PrimRaiseExceptionOp : Torch_Op<"prim.RaiseException"> {
  let summary = "Raises a Python exception";
  let description = [{
    ```mlir
    torch.prim.RaiseException %msg, %none : !torch.str, !torch.none
    ```
  }];
  let arguments = (ins Torch_StringType:$msg, AnyTorchOptionalStringType:$cls);
  let assemblyFormat = "$msg `,` $cls attr-dict `:` qualified(type($msg)) `,` qualified(type($cls))";
}

//===----------------------------------------------------------------------===//
// The escape hatch: any operator by name
//===----------------------------------------------------------------------===//

def Torch_OperatorOp : Torch_Op<"operator"> {
  let summary = "An operator the dialect has no op for, named by its schema name";
  let description = [{
    Used by importers for operators missing from the registry. May carry
    regions (for higher-order operators), each ended by `torch.operator_terminator`.

    ```mlir
    %0 = torch.operator "aten.foo"(%t) : (!torch.vtensor) -> !torch.vtensor
    ```
  }];
  let arguments = (ins StrAttr:$name, Variadic<AnyTorchType>:$operands_);
  let results = (outs Variadic<AnyTorchType>:$results);
  let regions = (region VariadicRegion<AnyRegion>:$regions);
  let assemblyFormat = [{
    $name `(` $operands_ `)` attr-dict `:` functional-type($operands_, $results) $regions
  }];
}

def Torch_OperatorTerminatorOp : Torch_Op<"operator_terminator", [
    Pure, Terminator, HasParent<"::mlir::torch::Torch::OperatorOp">]> {
  let summary = "Ends a region of `torch.operator`";
  let description = [{
    ```mlir
    torch.operator_terminator %0 : !torch.vtensor
    ```
  }];
  let arguments = (ins Variadic<AnyTorchType>:$operands_);
  let assemblyFormat = "$operands_ attr-dict `:` qualified(type($operands_))";
}

//===----------------------------------------------------------------------===//
// Symbolic shapes (what torch.export knows about dynamic sizes)
//===----------------------------------------------------------------------===//

def Torch_SymbolicIntOp : Torch_Op<"symbolic_int", [Pure]> {
  let summary = "One of torch.export's size symbols, with its range";
  let description = [{
    A dynamic size as torch.export names it (`s0`, `s35`) and the inclusive
    range its range constraints give it; `max_val` is INT64_MAX when the
    range has no upper bound. `torch.bind_symbolic_shape` ops refer to it.
    The FX importer writes these with `import_symbolic_shape_expressions`.

    ```mlir
    %batch = torch.symbolic_int "s0" {min_val = 1, max_val = 64} : !torch.int
    ```
  }];
  let arguments = (ins StrAttr:$symbol_name, I64Attr:$min_val, I64Attr:$max_val);
  let results = (outs Torch_IntType:$result);
  let assemblyFormat = [{
    $symbol_name ` ` `{` `min_val` `=` $min_val `,` `max_val` `=` $max_val `}` attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Torch_BindSymbolicShapeOp : Torch_Op<"bind_symbolic_shape"> {
  let summary = "States a tensor's sizes as expressions of size symbols";
  let description = [{
    Each result of the affine map (no dimensions; one symbol per
    `torch.symbolic_int` operand, in order) is the size of the tensor's
    dimension at that position. It is a fact the producer guarantees, not a
    computation: the linalg pipeline checks the facts about function
    arguments at run time (torch-symbolic-shapes-to-checks) and drops the
    rest.

    ```mlir
    torch.bind_symbolic_shape %x, [%s0, %s1], affine_map<()[s0, s1] -> (s0, s1 * 2, 8)> : !torch.vtensor<[?,?,8],f32>
    ```
  }];
  let arguments = (ins Torch_ValueTensorType:$operand,
                       Variadic<Torch_IntType>:$shape_symbols,
                       AffineMapAttr:$shape_expressions);
  // The map is written in place (an attribute alias would hoist it to the top).
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Casts and tensor-semantics bridges
//===----------------------------------------------------------------------===//

def Torch_TensorStaticInfoCastOp : Torch_Op<"tensor_static_info_cast", [Pure]> {
  let summary = "Adds or drops static shape and dtype information of a tensor";
  let description = [{
    Both sides must have the same semantics (value or not) and compatible sizes and dtype.

    ```mlir
    %0 = torch.tensor_static_info_cast %t : !torch.vtensor<[2],f32> to !torch.vtensor
    ```
  }];
  let arguments = (ins AnyTorchTensorType:$operand);
  let results = (outs AnyTorchTensorType:$result);
  let assemblyFormat = "$operand attr-dict `:` qualified(type($operand)) `to` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Torch_CopyToNonValueTensorOp : Torch_Op<"copy.to_tensor"> {
  let summary = "A fresh mutable tensor holding a copy of a value tensor";
  let description = [{
    ```mlir
    %0 = torch.copy.to_tensor %v : !torch.tensor<[2],f32>
    ```
  }];
  let arguments = (ins Torch_ValueTensorType:$operand);
  let results = (outs Torch_NonValueTensorType:$result);
  // The operand's type is the result's with value semantics; only the result's is written.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Torch_CopyToValueTensorOp : Torch_Op<"copy.to_vtensor"> {
  let summary = "A value-semantic snapshot of a mutable tensor";
  let description = [{
    ```mlir
    %0 = torch.copy.to_vtensor %t : !torch.vtensor<[2],f32>
    ```
  }];
  let arguments = (ins Torch_NonValueTensorType:$operand);
  let results = (outs Torch_ValueTensorType:$result);
  // The operand's type is the result's without value semantics; only the result's is written.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Torch_OverwriteTensorContentsOp : Torch_Op<"overwrite.tensor.contents"> {
  let summary = "Overwrites a mutable tensor's contents with a value tensor";
  let description = [{
    ```mlir
    torch.overwrite.tensor.contents %v overwrites %t : !torch.vtensor<[2],f32>, !torch.tensor<[2],f32>
    ```
  }];
  let arguments = (ins Torch_ValueTensorType:$value, Torch_NonValueTensorType:$overwritten);
  let assemblyFormat = [{
    $value `overwrites` $overwritten attr-dict `:` qualified(type($value)) `,` qualified(type($overwritten))
  }];
}

def Torch_DerefineOp : Torch_Op<"derefine", [Pure]> {
  let summary = "Widens a value to a less precise type (e.g. int to optional<int>)";
  let description = [{
    ```mlir
    %0 = torch.derefine %int1 : !torch.int to !torch.optional<int>
    ```
  }];
  let arguments = (ins AnyTorchType:$operand);
  let results = (outs AnyTorchType:$result);
  let assemblyFormat = "$operand attr-dict `:` qualified(type($operand)) `to` qualified(type($result))";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// The module graph: TorchScript's nn.Module objects and their classes
//===----------------------------------------------------------------------===//

def Torch_NnModuleOp : Torch_Op<"nn_module", [
    SingleBlockImplicitTerminator<"::mlir::torch::Torch::NnModuleTerminatorOp">]> {
  let summary = "An nn.Module instance: the values of its slots";
  let description = [{
    ```mlir
    %0 = torch.nn_module {
      torch.slot "weight", %w : !torch.tensor
    } : !torch.nn.Module<"Linear">
    ```
  }];
  let results = (outs Torch_NnModuleType:$result);
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = "$region attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def Torch_NnModuleTerminatorOp : Torch_Op<"nn_module_terminator", [
    Terminator, HasParent<"::mlir::torch::Torch::NnModuleOp">]> {
  let summary = "Implicit end of a `torch.nn_module` body";
  let description = [{ Never written out; the parser adds it. }];
  let assemblyFormat = "attr-dict";
}

def Torch_SlotOp : Torch_Op<"slot", [HasParent<"::mlir::torch::Torch::NnModuleOp">]> {
  let summary = "The value of one attribute of an nn.Module instance";
  let description = [{
    ```mlir
    torch.slot "training", %true : !torch.bool
    ```
  }];
  let arguments = (ins StrAttr:$name, AnyTorchType:$value);
  let assemblyFormat = "$name `,` $value attr-dict `:` qualified(type($value))";
}

def Torch_ClassTypeOp : Torch_Op<"class_type", [
    Symbol,
    SingleBlockImplicitTerminator<"::mlir::torch::Torch::ClassTypeTerminatorOp">]> {
  let summary = "A TorchScript class: its attributes and methods";
  let description = [{
    ```mlir
    torch.class_type @Linear {
      torch.attr "weight" : !torch.tensor
      torch.method "forward", @forward
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name);
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = "$sym_name $region attr-dict";
}

def Torch_ClassTypeTerminatorOp : Torch_Op<"class_type_terminator", [
    Terminator, HasParent<"::mlir::torch::Torch::ClassTypeOp">]> {
  let summary = "Implicit end of a `torch.class_type` body";
  let description = [{ Never written out; the parser adds it. }];
  let assemblyFormat = "attr-dict";
}

def Torch_AttrOp : Torch_Op<"attr", [HasParent<"::mlir::torch::Torch::ClassTypeOp">]> {
  let summary = "Declares an attribute of a class";
  let description = [{
    ```mlir
    torch.attr private "cache" : !torch.tensor
    ```
  }];
  let arguments = (ins StrAttr:$name, TypeAttr:$type, UnitAttr:$isPrivate);
  let assemblyFormat = "(`private` $isPrivate^)? $name `:` $type attr-dict";
}

def Torch_MethodOp : Torch_Op<"method", [HasParent<"::mlir::torch::Torch::ClassTypeOp">]> {
  let summary = "Declares a method of a class, implemented by a function";
  let description = [{
    ```mlir
    torch.method "forward", @Linear.forward
    ```
  }];
  let arguments = (ins StrAttr:$name, FlatSymbolRefAttr:$function, UnitAttr:$isPrivate);
  let assemblyFormat = "(`private` $isPrivate^)? $name `,` $function attr-dict";
}

def Torch_GlobalSlotOp : Torch_Op<"global_slot", [Symbol]> {
  let summary = "A global variable of the program";
  let description = [{
    ```mlir
    torch.global_slot "private" @counter : !torch.int
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, OptionalAttr<StrAttr>:$sym_visibility,
                       TypeAttr:$typeBound);
  let assemblyFormat = "($sym_visibility^)? $sym_name attr-dict `:` $typeBound";
}

def Torch_GlobalSlotGetOp : Torch_Op<"global_slot.get"> {
  let summary = "Reads a global slot";
  let description = [{
    ```mlir
    %0 = torch.global_slot.get @counter : !torch.int
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$slot);
  let results = (outs AnyTorchType:$result);
  let assemblyFormat = "$slot attr-dict `:` qualified(type($result))";
}

def Torch_GlobalSlotSetOp : Torch_Op<"global_slot.set"> {
  let summary = "Writes a global slot";
  let description = [{
    ```mlir
    torch.global_slot.set @counter = %0 : !torch.int
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$slot, AnyTorchType:$value);
  let assemblyFormat = "$slot `=` $value attr-dict `:` qualified(type($value))";
}

#endif // TORCH_OPS
