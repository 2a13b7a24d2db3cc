// Every hand-written op parses and prints in upstream torch-mlir's form, and round-trips.
// RUN: torch-mlir-opt %s | torch-mlir-opt | FileCheck %s

// CHECK-LABEL: torch.class_type @c {
// CHECK-NEXT:    torch.attr "f" : !torch.int
// CHECK-NEXT:    torch.attr private "g" : !torch.int
// CHECK-NEXT:    torch.method "forward", @forward
// CHECK-NEXT:    torch.method private "helper", @forward
// CHECK-NEXT:  }
torch.class_type @c {
  torch.attr "f" : !torch.int
  torch.attr private "g" : !torch.int
  torch.method "forward", @forward
  torch.method private "helper", @forward
}

// CHECK:       %[[INT3:.*]] = torch.constant.int 3
// CHECK-NEXT:  %{{.*}} = torch.nn_module {
// CHECK-NEXT:    torch.slot "f", %[[INT3]] : !torch.int
// CHECK-NEXT:    torch.slot "g", %[[INT3]] : !torch.int
// CHECK-NEXT:  } : !torch.nn.Module<"c">
%int3 = torch.constant.int 3
%module = torch.nn_module {
  torch.slot "f", %int3 : !torch.int
  torch.slot "g", %int3 : !torch.int
} : !torch.nn.Module<"c">

func.func private @forward(%arg0: !torch.nn.Module<"c">) {
  return
}

// CHECK-LABEL: func.func private @forward(
// CHECK: torch.global_slot "private" @counter : !torch.int
// CHECK: torch.global_slot @public_slot : !torch.vtensor
torch.global_slot "private" @counter : !torch.int
torch.global_slot @public_slot : !torch.vtensor

// CHECK-LABEL: func.func @constants()
func.func @constants() {
  // CHECK-NEXT: %none = torch.constant.none
  // CHECK-NEXT: %int-7 = torch.constant.int -7
  // CHECK-NEXT: %float1.500000e00 = torch.constant.float 1.500000e+00
  // CHECK-NEXT: %str = torch.constant.str "mean"
  // CHECK-NEXT: %true = torch.constant.bool true
  // CHECK-NEXT: %false = torch.constant.bool false
  // CHECK-NEXT: %cpu = torch.constant.device "cpu"
  // CHECK-NEXT: %number = "torch.constant.number"() <{value = 3 : i64}> : () -> !torch.number
  // CHECK-NEXT: %number_0 = "torch.constant.number"() <{value = 2.500000e+00 : f64}> : () -> !torch.number
  // CHECK-NEXT: %{{.*}} = torch.vtensor.literal(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>) : !torch.vtensor<[2],f32>
  // CHECK-NEXT: %{{.*}} = torch.tensor.literal(dense<0> : tensor<2x3xsi64>) : !torch.tensor<[2,3],si64>
  %none = torch.constant.none
  %int-7 = torch.constant.int -7
  %float = torch.constant.float 1.5
  %str = torch.constant.str "mean"
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %cpu = torch.constant.device "cpu"
  %n0 = "torch.constant.number"() {value = 3 : i64} : () -> !torch.number
  %n1 = "torch.constant.number"() {value = 2.5 : f64} : () -> !torch.number
  %lit = torch.vtensor.literal(dense<[1.0, 2.0]> : tensor<2xf32>) : !torch.vtensor<[2],f32>
  %mut = torch.tensor.literal(dense<0> : tensor<2x3xsi64>) : !torch.tensor<[2,3],si64>
  return
}

// CHECK-LABEL: func.func @prim_ops(
// CHECK-SAME:    %[[TUP:.*]]: !torch.tuple<int, float>, %[[LIST:.*]]: !torch.list<int>, %[[COND:.*]]: !torch.bool, %[[VT:.*]]: !torch.vtensor<[2],f32>, %[[MSG:.*]]: !torch.str)
func.func @prim_ops(%tup: !torch.tuple<int, float>, %list: !torch.list<int>, %cond: !torch.bool, %vt: !torch.vtensor<[2],f32>, %msg: !torch.str) -> !torch.int {
  %int0 = torch.constant.int 0
  // CHECK: %[[I:.*]] = torch.prim.TupleIndex %[[TUP]], %int0 : !torch.tuple<int, float>, !torch.int -> !torch.int
  %0 = torch.prim.TupleIndex %tup, %int0 : !torch.tuple<int, float>, !torch.int -> !torch.int
  // CHECK: %{{.*}}:2 = torch.prim.ListUnpack %[[LIST]] : !torch.list<int> -> !torch.int, !torch.int
  %1:2 = torch.prim.ListUnpack %list : !torch.list<int> -> !torch.int, !torch.int
  // CHECK: %{{.*}} = torch.prim.ListConstruct %[[I]], %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.prim.ListConstruct %0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  // CHECK: %{{.*}} = torch.prim.TupleConstruct %[[I]], %[[I]] : !torch.int, !torch.int -> !torch.tuple<int, int>
  %3 = torch.prim.TupleConstruct %0, %0 : !torch.int, !torch.int -> !torch.tuple<int, int>
  // CHECK: %{{.*}}:2 = torch.prim.TupleUnpack %[[TUP]] : !torch.tuple<int, float> -> !torch.int, !torch.float
  %4:2 = torch.prim.TupleUnpack %tup : !torch.tuple<int, float> -> !torch.int, !torch.float
  // CHECK: %{{.*}} = torch.prim.NumToTensor.Scalar %[[I]] : !torch.int -> !torch.vtensor<[],si64>
  %5 = torch.prim.NumToTensor.Scalar %0 : !torch.int -> !torch.vtensor<[],si64>
  // CHECK:      %{{.*}} = torch.prim.If %[[COND]] -> (!torch.int) {
  // CHECK-NEXT:   torch.prim.If.yield %[[I]] : !torch.int
  // CHECK-NEXT: } else {
  // CHECK-NEXT:   torch.prim.If.yield %int0 : !torch.int
  // CHECK-NEXT: }
  %6 = torch.prim.If %cond -> (!torch.int) {
    torch.prim.If.yield %0 : !torch.int
  } else {
    torch.prim.If.yield %int0 : !torch.int
  }
  // CHECK:      torch.prim.If %[[COND]] -> () {
  // CHECK-NEXT:   torch.prim.If.yield
  // CHECK-NEXT: } else {
  torch.prim.If %cond -> () {
    torch.prim.If.yield
  } else {
    torch.prim.If.yield
  }
  %true = torch.constant.bool true
  // CHECK:      %{{.*}} = torch.prim.Loop %[[I]], %true, init(%int0) {
  // CHECK-NEXT: ^bb0(%{{.*}}: !torch.int, %[[ACC:.*]]: !torch.int):
  // CHECK-NEXT:   torch.prim.Loop.condition %true, iter(%[[ACC]] : !torch.int)
  // CHECK-NEXT: } : (!torch.int, !torch.bool, !torch.int) -> !torch.int
  %7 = torch.prim.Loop %0, %true, init(%int0) {
  ^bb0(%iv: !torch.int, %acc: !torch.int):
    torch.prim.Loop.condition %true, iter(%acc : !torch.int)
  } : (!torch.int, !torch.bool, !torch.int) -> !torch.int
  // CHECK: %{{.*}} = torch.prim.Uninitialized : !torch.int
  %8 = torch.prim.Uninitialized : !torch.int
  // CHECK: %{{.*}} = torch.prim.device %[[VT]] : !torch.vtensor<[2],f32> -> !torch.Device
  %9 = torch.prim.device %vt : !torch.vtensor<[2],f32> -> !torch.Device
  // CHECK: %{{.*}} = torch.prim.dtype %[[VT]] : !torch.vtensor<[2],f32> -> !torch.int
  %10 = torch.prim.dtype %vt : !torch.vtensor<[2],f32> -> !torch.int
  %none = torch.constant.none
  // CHECK: torch.prim.RaiseException %[[MSG]], %none : !torch.str, !torch.none
  torch.prim.RaiseException %msg, %none : !torch.str, !torch.none
  return %7 : !torch.int
}

// CHECK-LABEL: func.func @casts_and_copies(
// CHECK-SAME:    %[[VT:.*]]: !torch.vtensor<[2],f32>, %[[I:.*]]: !torch.int)
func.func @casts_and_copies(%vt: !torch.vtensor<[2],f32>, %i: !torch.int) {
  // CHECK: %[[T:.*]] = torch.copy.to_tensor %[[VT]] : !torch.tensor<[2],f32>
  %t = torch.copy.to_tensor %vt : !torch.tensor<[2],f32>
  // CHECK: %{{.*}} = torch.copy.to_vtensor %[[T]] : !torch.vtensor<[2],f32>
  %v = torch.copy.to_vtensor %t : !torch.vtensor<[2],f32>
  // CHECK: torch.overwrite.tensor.contents %[[VT]] overwrites %[[T]] : !torch.vtensor<[2],f32>, !torch.tensor<[2],f32>
  torch.overwrite.tensor.contents %vt overwrites %t : !torch.vtensor<[2],f32>, !torch.tensor<[2],f32>
  // CHECK: %{{.*}} = torch.tensor_static_info_cast %[[VT]] : !torch.vtensor<[2],f32> to !torch.vtensor
  %c = torch.tensor_static_info_cast %vt : !torch.vtensor<[2],f32> to !torch.vtensor
  // CHECK: %{{.*}} = torch.derefine %[[I]] : !torch.int to !torch.optional<int>
  %d = torch.derefine %i : !torch.int to !torch.optional<int>
  // CHECK: %[[OP:.*]] = torch.operator "aten.frobnicate"(%[[VT]], %[[I]]) : (!torch.vtensor<[2],f32>, !torch.int) -> !torch.vtensor
  %o = torch.operator "aten.frobnicate"(%vt, %i) : (!torch.vtensor<[2],f32>, !torch.int) -> !torch.vtensor
  // CHECK: torch.operator "higher_order.cond"(%[[I]]) : (!torch.int) -> () {
  // CHECK-NEXT: torch.operator_terminator %[[OP]] : !torch.vtensor
  torch.operator "higher_order.cond"(%i) : (!torch.int) -> () {
    torch.operator_terminator %o : !torch.vtensor
  }
  // CHECK: %{{.*}} = torch.global_slot.get @counter : !torch.int
  // CHECK: torch.global_slot.set @counter = %[[I]] : !torch.int
  %g = torch.global_slot.get @counter : !torch.int
  torch.global_slot.set @counter = %i : !torch.int
  return
}

// Symbolic shapes, as the FX importer writes them with
// import_symbolic_shape_expressions (the map stays in place).
// CHECK-LABEL: func.func @symbolic_shapes(
// CHECK:         %[[S0:.*]] = torch.symbolic_int "s0" {min_val = 1, max_val = 64} : !torch.int
// CHECK:         %[[S1:.*]] = torch.symbolic_int "s35" {min_val = 0, max_val = 9223372036854775807} : !torch.int
// CHECK:         torch.bind_symbolic_shape %arg0, [%[[S0]], %[[S1]]], affine_map<()[s0, s1] -> (s0, s1 * 2 + 1, 8)> : !torch.vtensor<[?,?,8],f32>
// CHECK:         torch.bind_symbolic_shape %arg1, [%[[S0]]], affine_map<()[s0] -> (s0)> {note = "kept"} : !torch.vtensor<[?],f32>
func.func @symbolic_shapes(%arg0: !torch.vtensor<[?,?,8],f32>, %arg1: !torch.vtensor<[?],f32>) {
  %0 = torch.symbolic_int "s0" {min_val = 1, max_val = 64} : !torch.int
  %1 = torch.symbolic_int "s35" {min_val = 0, max_val = 9223372036854775807} : !torch.int
  torch.bind_symbolic_shape %arg0, [%0, %1], affine_map<()[s0, s1] -> (s0, s1 * 2 + 1, 8)> : !torch.vtensor<[?,?,8],f32>
  torch.bind_symbolic_shape %arg1, [%0], affine_map<()[s0] -> (s0)> {note = "kept"} : !torch.vtensor<[?],f32>
  return
}
