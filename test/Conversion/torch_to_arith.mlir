// convert-torch-to-arith: constants, literals and Python scalar arithmetic.
// RUN: torch-mlir-opt %s -convert-torch-to-arith -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @constants(
// CHECK-DAG:     %[[I:.*]] = arith.constant 7 : i64
// CHECK-DAG:     %[[F:.*]] = arith.constant 2.500000e+00 : f64
// CHECK-DAG:     %[[B:.*]] = arith.constant true
// CHECK-DAG:     %[[T:.*]] = arith.constant dense<[1, -2]> : tensor<2xi64>
// CHECK-DAG:     torch_c.from_i64 %[[I]]
// CHECK-DAG:     torch_c.from_f64 %[[F]]
// CHECK-DAG:     torch_c.from_i1 %[[B]]
// CHECK-DAG:     torch_c.from_builtin_tensor %[[T]] : tensor<2xi64> -> !torch.vtensor<[2],si64>
func.func @constants() -> (!torch.int, !torch.float, !torch.bool, !torch.vtensor<[2],si64>) {
  %int7 = torch.constant.int 7
  %float = torch.constant.float 2.500000e+00
  %true = torch.constant.bool true
  %lit = torch.vtensor.literal(dense<[1, -2]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  return %int7, %float, %true, %lit : !torch.int, !torch.float, !torch.bool, !torch.vtensor<[2],si64>
}

// -----

// Python's // rounds toward negative infinity; int / int is a float.
// CHECK-LABEL: func.func @int_arithmetic(
// CHECK-SAME:    %[[A:.*]]: !torch.int, %[[B:.*]]: !torch.int)
// CHECK-DAG:     %[[X:.*]] = torch_c.to_i64 %[[A]]
// CHECK-DAG:     %[[Y:.*]] = torch_c.to_i64 %[[B]]
// CHECK:         arith.floordivsi %[[X]], %[[Y]] : i64
// CHECK:         %[[FX:.*]] = arith.sitofp %[[X]] : i64 to f64
// CHECK:         %[[FY:.*]] = arith.sitofp %[[Y]] : i64 to f64
// CHECK:         arith.divf %[[FX]], %[[FY]] : f64
// CHECK:         arith.cmpi slt, %[[X]], %[[Y]] : i64
func.func @int_arithmetic(%a: !torch.int, %b: !torch.int) -> (!torch.int, !torch.float, !torch.bool) {
  %0 = torch.aten.floordiv.int %a, %b : !torch.int, !torch.int -> !torch.int
  %1 = torch.aten.div.int %a, %b : !torch.int, !torch.int -> !torch.float
  %2 = torch.aten.lt.int %a, %b : !torch.int, !torch.int -> !torch.bool
  return %0, %1, %2 : !torch.int, !torch.float, !torch.bool
}

// -----

// A failed aten._assert_scalar stops the function with its message.
// CHECK-LABEL: func.func @assert_scalar(
// CHECK-DAG:     %[[B:.*]] = torch_c.to_i1 %arg0
// CHECK-DAG:     %[[I:.*]] = torch_c.to_i64 %arg1
// CHECK:         cf.assert %[[B]], "a flag"
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:         %[[NONZERO:.*]] = arith.cmpi ne, %[[I]], %[[ZERO]] : i64
// CHECK:         cf.assert %[[NONZERO]], "an int"
func.func @assert_scalar(%flag: !torch.bool, %n: !torch.int) {
  %0 = torch.constant.str "a flag"
  torch.aten._assert_scalar %flag, %0 : !torch.bool, !torch.str
  %1 = torch.constant.str "an int"
  torch.aten._assert_scalar %n, %1 : !torch.int, !torch.str
  return
}
