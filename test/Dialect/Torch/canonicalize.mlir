// Folders and canonicalization patterns, as --canonicalize applies them.
// RUN: torch-mlir-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @int_arithmetic()
// CHECK-DAG:   %[[SUM:.*]] = torch.constant.int 10
// CHECK-DAG:   %[[DIFF:.*]] = torch.constant.int -4
// CHECK-DAG:   %[[PROD:.*]] = torch.constant.int 21
// CHECK-DAG:   %[[FLOOR:.*]] = torch.constant.int -3
// CHECK-DAG:   %[[REM:.*]] = torch.constant.int 2
// CHECK-DAG:   %[[NEG:.*]] = torch.constant.int -7
// CHECK:       return %[[SUM]], %[[DIFF]], %[[PROD]], %[[FLOOR]], %[[REM]], %[[NEG]]
func.func @int_arithmetic() -> (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) {
  %int3 = torch.constant.int 3
  %int7 = torch.constant.int 7
  %int-7 = torch.constant.int -7
  %0 = torch.aten.add.int %int3, %int7 : !torch.int, !torch.int -> !torch.int
  %1 = torch.aten.sub.int %int3, %int7 : !torch.int, !torch.int -> !torch.int
  %2 = torch.aten.mul.int %int3, %int7 : !torch.int, !torch.int -> !torch.int
  // Python rounds toward negative infinity: -7 // 3 == -3 and -7 % 3 == 2.
  %3 = torch.aten.floordiv.int %int-7, %int3 : !torch.int, !torch.int -> !torch.int
  %4 = torch.aten.remainder.int %int-7, %int3 : !torch.int, !torch.int -> !torch.int
  %5 = torch.aten.neg.int %int7 : !torch.int -> !torch.int
  return %0, %1, %2, %3, %4, %5 : !torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int
}

// -----

// Division by zero raises in Python: it must stay for run time.
// CHECK-LABEL: func.func @int_division_by_zero()
// CHECK:       torch.aten.floordiv.int
// CHECK:       torch.aten.remainder.int
func.func @int_division_by_zero() -> (!torch.int, !torch.int) {
  %int0 = torch.constant.int 0
  %int5 = torch.constant.int 5
  %0 = torch.aten.floordiv.int %int5, %int0 : !torch.int, !torch.int -> !torch.int
  %1 = torch.aten.remainder.int %int5, %int0 : !torch.int, !torch.int -> !torch.int
  return %0, %1 : !torch.int, !torch.int
}

// -----

// CHECK-LABEL: func.func @float_arithmetic()
// CHECK-DAG:   %[[SUM:.*]] = torch.constant.float 3.500000e+00
// CHECK-DAG:   %[[DIFF:.*]] = torch.constant.float -5.000000e-01
// CHECK-DAG:   %[[PROD:.*]] = torch.constant.float 3.000000e+00
// CHECK-DAG:   %[[QUOT:.*]] = torch.constant.float 7.500000e-01
// CHECK-DAG:   %[[NEG:.*]] = torch.constant.float -1.500000e+00
// CHECK:       %[[BYZERO:.*]] = torch.aten.div.float
// CHECK:       return %[[SUM]], %[[DIFF]], %[[PROD]], %[[QUOT]], %[[NEG]], %[[BYZERO]]
func.func @float_arithmetic() -> (!torch.float, !torch.float, !torch.float, !torch.float, !torch.float, !torch.float) {
  %f1.5 = torch.constant.float 1.5
  %f2.0 = torch.constant.float 2.0
  %f0.0 = torch.constant.float 0.0
  %int2 = torch.constant.int 2
  %0 = torch.aten.add.float_int %f1.5, %int2 : !torch.float, !torch.int -> !torch.float
  %1 = torch.aten.sub.float %f1.5, %f2.0 : !torch.float, !torch.float -> !torch.float
  %2 = torch.aten.mul.float %f1.5, %f2.0 : !torch.float, !torch.float -> !torch.float
  %3 = torch.aten.div.float %f1.5, %f2.0 : !torch.float, !torch.float -> !torch.float
  %4 = torch.aten.neg.float %f1.5 : !torch.float -> !torch.float
  %5 = torch.aten.div.float %f1.5, %f0.0 : !torch.float, !torch.float -> !torch.float
  return %0, %1, %2, %3, %4, %5 : !torch.float, !torch.float, !torch.float, !torch.float, !torch.float, !torch.float
}

// -----

// CHECK-LABEL: func.func @comparisons(
// CHECK-SAME:    %[[X:.*]]: !torch.int)
// CHECK-DAG:   %[[TRUE:.*]] = torch.constant.bool true
// CHECK-DAG:   %[[FALSE:.*]] = torch.constant.bool false
// CHECK:       return %[[TRUE]], %[[FALSE]], %[[TRUE]], %[[TRUE]], %[[FALSE]], %[[TRUE]], %[[TRUE]], %[[FALSE]], %[[TRUE]], %[[FALSE]]
func.func @comparisons(%x: !torch.int) -> (!torch.bool, !torch.bool, !torch.bool, !torch.bool, !torch.bool, !torch.bool, !torch.bool, !torch.bool, !torch.bool, !torch.bool) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %f1 = torch.constant.float 1.0
  %f2 = torch.constant.float 2.0
  %0 = torch.aten.lt.int %int1, %int2 : !torch.int, !torch.int -> !torch.bool
  %1 = torch.aten.gt.int %int1, %int2 : !torch.int, !torch.int -> !torch.bool
  %2 = torch.aten.le.int %int1, %int1 : !torch.int, !torch.int -> !torch.bool
  %3 = torch.aten.ge.int %int2, %int1 : !torch.int, !torch.int -> !torch.bool
  %4 = torch.aten.ne.int %int1, %int1 : !torch.int, !torch.int -> !torch.bool
  // x == x holds whatever x is; x != x never does.
  %5 = torch.aten.eq.int %x, %x : !torch.int, !torch.int -> !torch.bool
  %6 = torch.aten.lt.float %f1, %f2 : !torch.float, !torch.float -> !torch.bool
  %7 = torch.aten.eq.float %f1, %f2 : !torch.float, !torch.float -> !torch.bool
  %8 = torch.aten.ge.float %f2, %f1 : !torch.float, !torch.float -> !torch.bool
  %9 = torch.aten.ne.int %x, %x : !torch.int, !torch.int -> !torch.bool
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : !torch.bool, !torch.bool, !torch.bool, !torch.bool, !torch.bool, !torch.bool, !torch.bool, !torch.bool, !torch.bool, !torch.bool
}

// -----

// CHECK-LABEL: func.func @bool_and_conversions(
// CHECK-SAME:    %[[B:.*]]: !torch.bool)
// CHECK-DAG:   %[[FALSE:.*]] = torch.constant.bool false
// CHECK-DAG:   %[[TRUE:.*]] = torch.constant.bool true
// CHECK-DAG:   %[[ONE:.*]] = torch.constant.int 1
// CHECK-DAG:   %[[F3:.*]] = torch.constant.float 3.000000e+00
// CHECK:       %[[UNKNOWN:.*]] = torch.aten.__and__.bool %[[B]], %[[TRUE]]
// CHECK:       return %[[FALSE]], %[[UNKNOWN]], %[[TRUE]], %[[ONE]], %[[F3]]
func.func @bool_and_conversions(%b: !torch.bool) -> (!torch.bool, !torch.bool, !torch.bool, !torch.int, !torch.float) {
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %int3 = torch.constant.int 3
  // false and anything is false, even an unknown.
  %0 = torch.aten.__and__.bool %b, %false : !torch.bool, !torch.bool -> !torch.bool
  %1 = torch.aten.__and__.bool %b, %true : !torch.bool, !torch.bool -> !torch.bool
  %2 = torch.aten.Bool.int %int3 : !torch.int -> !torch.bool
  %3 = torch.aten.Int.bool %true : !torch.bool -> !torch.int
  %4 = torch.aten.Float.Scalar %int3 : !torch.int -> !torch.float
  return %0, %1, %2, %3, %4 : !torch.bool, !torch.bool, !torch.bool, !torch.int, !torch.float
}

// -----

// CHECK-LABEL: func.func @static_shapes(
// CHECK-SAME:    %[[T:.*]]: !torch.vtensor<[2,?,4],f32>, %[[U:.*]]: !torch.vtensor<*,f32>)
// CHECK-DAG:   %[[INT4:.*]] = torch.constant.int 4
// CHECK-DAG:   %[[INT3:.*]] = torch.constant.int 3
// CHECK-DAG:   %[[INT2:.*]] = torch.constant.int 2
// CHECK:       %[[DYN:.*]] = torch.aten.size.int %[[T]]
// CHECK:       %[[UNRANKED:.*]] = torch.aten.dim %[[U]]
// CHECK:       return %[[INT2]], %[[INT4]], %[[DYN]], %[[INT3]], %[[UNRANKED]]
func.func @static_shapes(%t: !torch.vtensor<[2,?,4],f32>, %u: !torch.vtensor<*,f32>) -> (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %0 = torch.aten.size.int %t, %int0 : !torch.vtensor<[2,?,4],f32>, !torch.int -> !torch.int
  %1 = torch.aten.size.int %t, %int-1 : !torch.vtensor<[2,?,4],f32>, !torch.int -> !torch.int
  %2 = torch.aten.size.int %t, %int1 : !torch.vtensor<[2,?,4],f32>, !torch.int -> !torch.int
  %3 = torch.aten.dim %t : !torch.vtensor<[2,?,4],f32> -> !torch.int
  %4 = torch.aten.dim %u : !torch.vtensor<*,f32> -> !torch.int
  return %0, %1, %2, %3, %4 : !torch.int, !torch.int, !torch.int, !torch.int, !torch.int
}

// -----

// CHECK-LABEL: func.func @list_length(
// CHECK:       %[[INT3:.*]] = torch.constant.int 3
// CHECK:       %[[MUTATED:.*]] = torch.aten.len.t
// CHECK:       return %[[INT3]], %[[MUTATED]]
func.func @list_length(%a: !torch.int) -> (!torch.int, !torch.int) {
  %0 = torch.prim.ListConstruct %a, %a, %a : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.len.t %0 : !torch.list<int> -> !torch.int
  // A list that is appended to may be longer than it was built: no fold.
  %2 = torch.prim.ListConstruct %a : (!torch.int) -> !torch.list<int>
  %3 = torch.aten.append.t %2, %a : !torch.list<int>, !torch.int -> !torch.list<int>
  %4 = torch.aten.len.t %2 : !torch.list<int> -> !torch.int
  return %1, %4 : !torch.int, !torch.int
}

// -----

// CHECK-LABEL: func.func @derefine_chain(
// CHECK-SAME:    %[[X:.*]]: !torch.int)
// CHECK-NEXT:  %[[D:.*]] = torch.derefine %[[X]] : !torch.int to !torch.any
// CHECK-NEXT:  return %[[D]]
func.func @derefine_chain(%x: !torch.int) -> !torch.any {
  %0 = torch.derefine %x : !torch.int to !torch.optional<int>
  %1 = torch.derefine %0 : !torch.optional<int> to !torch.any
  return %1 : !torch.any
}

// -----

// CHECK-LABEL: func.func @static_info_cast_pairs(
// CHECK-SAME:    %[[T:.*]]: !torch.vtensor<[2],f32>)
// CHECK-NEXT:  %[[C:.*]] = torch.tensor_static_info_cast %[[T]] : !torch.vtensor<[2],f32> to !torch.vtensor<*,f32>
// CHECK-NEXT:  return %[[T]], %[[C]]
func.func @static_info_cast_pairs(%t: !torch.vtensor<[2],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<*,f32>) {
  // There and back again: nothing.
  %0 = torch.tensor_static_info_cast %t : !torch.vtensor<[2],f32> to !torch.vtensor
  %1 = torch.tensor_static_info_cast %0 : !torch.vtensor to !torch.vtensor<[2],f32>
  // Two steps become one.
  %2 = torch.tensor_static_info_cast %t : !torch.vtensor<[2],f32> to !torch.vtensor<[?],f32>
  %3 = torch.tensor_static_info_cast %2 : !torch.vtensor<[?],f32> to !torch.vtensor<*,f32>
  return %1, %3 : !torch.vtensor<[2],f32>, !torch.vtensor<*,f32>
}
