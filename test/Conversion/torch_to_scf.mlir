// convert-torch-to-scf: torch.prim.If (what torch.cond imports as) to scf.if,
// torch.prim.Loop to scf.for (when it always continues) or scf.while.
// RUN: torch-mlir-opt %s -convert-torch-to-scf -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @cond(
// CHECK-SAME:    %[[C:.*]]: !torch.bool, %[[X:.*]]: !torch.vtensor<[3],f32>)
// CHECK-DAG:     %[[XB:.*]] = torch_c.to_builtin_tensor %[[X]]
// CHECK-DAG:     %[[I1:.*]] = torch_c.to_i1 %[[C]]
// CHECK:         %[[R:.*]] = scf.if %[[I1]] -> (tensor<3xf32>) {
// CHECK:           %[[S:.*]] = torch.aten.sin %[[X]]
// CHECK:           %[[SB:.*]] = torch_c.to_builtin_tensor %[[S]]
// CHECK:           scf.yield %[[SB]] : tensor<3xf32>
// CHECK:         } else {
// CHECK:           scf.yield %[[XB]] : tensor<3xf32>
// CHECK:         }
// CHECK:         torch_c.from_builtin_tensor %[[R]]
func.func @cond(%c: !torch.bool, %x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %0 = torch.prim.If %c -> (!torch.vtensor<[3],f32>) {
    %1 = torch.aten.sin %x : !torch.vtensor<[3],f32> -> !torch.vtensor<[3],f32>
    torch.prim.If.yield %1 : !torch.vtensor<[3],f32>
  } else {
    torch.prim.If.yield %x : !torch.vtensor<[3],f32>
  }
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// A loop that always continues is a for loop; the body's iteration number
// and carried value come from the for's induction variable and iter_args.
// CHECK-LABEL: func.func @for_loop(
// CHECK:         %[[N:.*]] = torch_c.to_i64 %arg0
// CHECK:         %[[UB:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK:         %[[R:.*]] = scf.for %[[IV:.*]] = %c0 to %[[UB]] step %c1 iter_args(%[[ACC:.*]] = {{.*}}) -> (tensor<3xf32>) {
// CHECK:           %[[I64:.*]] = arith.index_cast %[[IV]] : index to i64
// CHECK:           %[[I:.*]] = torch_c.from_i64 %[[I64]]
// CHECK:           %[[ACCV:.*]] = torch_c.from_builtin_tensor %[[ACC]]
// CHECK:           torch.aten.add.Scalar %[[ACCV]], %[[I]]
// CHECK:           scf.yield {{.*}} : tensor<3xf32>
// CHECK:         }
// CHECK:         torch_c.from_builtin_tensor %[[R]]
func.func @for_loop(%n: !torch.int, %x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %true = torch.constant.bool true
  %int1 = torch.constant.int 1
  %0 = torch.prim.Loop %n, %true, init(%x) {
  ^bb0(%i: !torch.int, %acc: !torch.vtensor<[3],f32>):
    %1 = torch.aten.add.Scalar %acc, %i, %int1 : !torch.vtensor<[3],f32>, !torch.int, !torch.int -> !torch.vtensor<[3],f32>
    torch.prim.Loop.condition %true, iter(%1 : !torch.vtensor<[3],f32>)
  } : (!torch.int, !torch.bool, !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// A loop whose condition can turn false is a while loop carrying the
// iteration number: it runs while that is below the trip count and the
// condition holds.
// CHECK-LABEL: func.func @while_loop(
// CHECK-DAG:     %[[N:.*]] = torch_c.to_i64 %arg0
// CHECK-DAG:     %[[C:.*]] = torch_c.to_i1 %arg1
// CHECK:         %[[R:.*]]:2 = scf.while (%[[I:.*]] = %c0_i64, %[[GO:.*]] = %[[C]], %[[ACC:.*]] = {{.*}}) : (i64, i1, tensor<3xf32>) -> (i64, tensor<3xf32>) {
// CHECK:           %[[BELOW:.*]] = arith.cmpi slt, %[[I]], %[[N]] : i64
// CHECK:           %[[BOTH:.*]] = arith.andi %[[BELOW]], %[[GO]] : i1
// CHECK:           scf.condition(%[[BOTH]]) %[[I]], %[[ACC]] : i64, tensor<3xf32>
// CHECK:         } do {
// CHECK:         ^bb0(%[[I2:.*]]: i64, %[[ACC2:.*]]: tensor<3xf32>):
// CHECK:           %[[NEXT:.*]] = arith.addi %[[I2]], %c1_i64 : i64
// CHECK:           scf.yield %[[NEXT]], {{.*}} : i64, i1, tensor<3xf32>
// CHECK:         }
// CHECK:         torch_c.from_builtin_tensor %[[R]]#1
func.func @while_loop(%n: !torch.int, %c: !torch.bool, %x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %0 = torch.prim.Loop %n, %c, init(%x) {
  ^bb0(%i: !torch.int, %acc: !torch.vtensor<[3],f32>):
    %1 = torch.aten.sin %acc : !torch.vtensor<[3],f32> -> !torch.vtensor<[3],f32>
    torch.prim.Loop.condition %c, iter(%1 : !torch.vtensor<[3],f32>)
  } : (!torch.int, !torch.bool, !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}
