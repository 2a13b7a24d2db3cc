// convert-torch-to-tosa: one case per family (elementwise, products and
// convolutions, pooling, reductions, data movement).
// RUN: torch-mlir-opt %s -convert-torch-to-tosa -canonicalize -split-input-file | FileCheck %s

// add.Tensor with alpha: operands of the result's rank, alpha a constant
// product; a Python scalar becomes a splat constant.
// CHECK-LABEL: func.func @add_alpha(
// CHECK-DAG:     %[[ALPHA:.*]] = "tosa.const"() <{value = dense<2.000000e+00> : tensor<1x1xf32>}>
// CHECK-DAG:     %[[B:.*]] = tosa.reshape %{{.*}} {new_shape = array<i64: 1, 4>} : (tensor<4xf32>) -> tensor<1x4xf32>
// CHECK:         %[[M:.*]] = tosa.mul %[[B]], %[[ALPHA]] {shift = 0 : i8}
// CHECK:         tosa.add %{{.*}}, %[[M]] : (tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
func.func @add_alpha(%a: !torch.vtensor<[3,4],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[3,4],f32> {
  %int2 = torch.constant.int 2
  %0 = torch.aten.add.Tensor %a, %b, %int2 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// A comparison computes in the operands' promoted type (si64 vs f32: f32).
// CHECK-LABEL: func.func @lt_promoted(
// CHECK:         %[[I:.*]] = tosa.cast %{{.*}} : (tensor<3xi64>) -> tensor<3xf32>
// CHECK:         tosa.greater %{{.*}}, %[[I]] : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
func.func @lt_promoted(%a: !torch.vtensor<[3],si64>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],i1> {
  %0 = torch.aten.lt.Tensor %a, %b : !torch.vtensor<[3],si64>, !torch.vtensor<[3],f32> -> !torch.vtensor<[3],i1>
  return %0 : !torch.vtensor<[3],i1>
}

// -----

// A float to an integer rounds toward zero (TOSA's cast rounds to nearest);
// f32 to i64 goes in three parts that each convert to i32 exactly (LLVM 19's
// TOSA lowering saturates a direct f32 -> i64 cast).
// CHECK-LABEL: func.func @to_int(
// CHECK:         tosa.select %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-COUNT-3: tosa.cast %{{.*}} : (tensor<4xf32>) -> tensor<4xi32>
// CHECK:         tosa.cast %{{.*}} : (tensor<4xi32>) -> tensor<4xi64>
// CHECK-NOT:     (tensor<4xf32>) -> tensor<4xi64>
func.func @to_int(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],si64> {
  %int4 = torch.constant.int 4
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.aten.to.dtype %a, %int4, %false, %false, %none : !torch.vtensor<[4],f32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// -----

// mm: a unit batch for tosa.matmul.
// CHECK-LABEL: func.func @mm(
// CHECK:         %[[P:.*]] = tosa.matmul %{{.*}}, %{{.*}} : (tensor<1x2x8xf32>, tensor<1x8x4xf32>) -> tensor<1x2x4xf32>
// CHECK:         tosa.reshape %[[P]] {new_shape = array<i64: 2, 4>}
func.func @mm(%a: !torch.vtensor<[2,8],f32>, %b: !torch.vtensor<[8,4],f32>) -> !torch.vtensor<[2,4],f32> {
  %0 = torch.aten.mm %a, %b : !torch.vtensor<[2,8],f32>, !torch.vtensor<[8,4],f32> -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// -----

// A strided 2-D convolution in NHWC: the bottom and right padding trimmed to
// what the last window reads (8 + 1 - 3 = 6 is even).
// CHECK-LABEL: func.func @conv_stride(
// CHECK:         tosa.transpose %{{.*}} : (tensor<1x3x8x8xf32>, tensor<4xi32>) -> tensor<1x8x8x3xf32>
// CHECK:         tosa.conv2d %{{.*}} {dilation = array<i64: 1, 1>, pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 2, 2>} : (tensor<1x8x8x3xf32>, tensor<5x3x3x3xf32>, tensor<5xf32>) -> tensor<1x4x4x5xf32>
// CHECK:         tosa.transpose %{{.*}} : (tensor<1x4x4x5xf32>, tensor<4xi32>) -> tensor<1x5x4x4xf32>
func.func @conv_stride(%x: !torch.vtensor<[1,3,8,8],f32>, %w: !torch.vtensor<[5,3,3,3],f32>, %b: !torch.vtensor<[5],f32>) -> !torch.vtensor<[1,5,4,4],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %stride = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %pad = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %dil = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %opad = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.convolution %x, %w, %b, %stride, %pad, %dil, %false, %opad, %int1 : !torch.vtensor<[1,3,8,8],f32>, !torch.vtensor<[5,3,3,3],f32>, !torch.vtensor<[5],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,5,4,4],f32>
  return %0 : !torch.vtensor<[1,5,4,4],f32>
}

// -----

// max_pool2d with ceil_mode: the last window hangs over, so the bottom and
// right padding grow by one.
// CHECK-LABEL: func.func @max_pool_ceil(
// CHECK:         tosa.max_pool2d %{{.*}} {kernel = array<i64: 2, 2>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 2, 2>} : (tensor<1x5x5x2xf32>) -> tensor<1x3x3x2xf32>
func.func @max_pool_ceil(%x: !torch.vtensor<[1,2,5,5],f32>) -> !torch.vtensor<[1,2,3,3],f32> {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.max_pool2d %x, %k, %k, %p, %d, %true : !torch.vtensor<[1,2,5,5],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,2,3,3],f32>
  return %0 : !torch.vtensor<[1,2,3,3],f32>
}

// -----

// sum over two dims, not kept: two reductions, then the result's sizes.
// CHECK-LABEL: func.func @sum_dims(
// CHECK:         %[[A:.*]] = tosa.reduce_sum %{{.*}} {axis = 0 : i32} : (tensor<2x3x4xf32>) -> tensor<1x3x4xf32>
// CHECK:         %[[B:.*]] = tosa.reduce_sum %[[A]] {axis = 2 : i32} : (tensor<1x3x4xf32>) -> tensor<1x3x1xf32>
// CHECK:         tosa.reshape %[[B]] {new_shape = array<i64: 3>}
func.func @sum_dims(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[3],f32> {
  %int0 = torch.constant.int 0
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %none = torch.constant.none
  %dims = torch.prim.ListConstruct %int0, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.sum.dim_IntList %x, %dims, %false, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// A slice of step 2: a gather of the positions 1, 3, 5.
// CHECK-LABEL: func.func @slice_step(
// CHECK:         "tosa.const"() <{value = dense<{{.*}}1, 3, 5{{.*}}> : tensor<1x3xi32>}>
// CHECK:         tosa.gather %{{.*}}, %{{.*}} : (tensor<2x7x1xf32>, tensor<2x3xi32>) -> tensor<2x3x1xf32>
func.func @slice_step(%x: !torch.vtensor<[2,7],f32>) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %0 = torch.aten.slice.Tensor %x, %int1, %int1, %none, %int2 : !torch.vtensor<[2,7],f32>, !torch.int, !torch.int, !torch.none, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// slice_scatter of step 1: self's ends and src, concatenated.
// CHECK-LABEL: func.func @slice_scatter(
// CHECK-DAG:     %[[HEAD:.*]] = tosa.slice %{{.*}} {size = array<i64: 4, 2>, start = array<i64: 0, 0>}
// CHECK-DAG:     %[[TAIL:.*]] = tosa.slice %{{.*}} {size = array<i64: 4, 2>, start = array<i64: 0, 6>}
// CHECK:         tosa.concat %[[HEAD]], %{{.*}}, %[[TAIL]] {axis = 1 : i32}
func.func @slice_scatter(%x: !torch.vtensor<[4,8],f32>, %src: !torch.vtensor<[4,4],f32>) -> !torch.vtensor<[4,8],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int6 = torch.constant.int 6
  %0 = torch.aten.slice_scatter %x, %src, %int1, %int2, %int6, %int1 : !torch.vtensor<[4,8],f32>, !torch.vtensor<[4,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,8],f32>
  return %0 : !torch.vtensor<[4,8],f32>
}

// -----

// slice_scatter of step 2 from 1: src spread over the dim (positions 0-5
// read src's 0, 0, 0, 1, 0, 2), selected where the slice is (1, 3, 5).
// CHECK-LABEL: func.func @slice_scatter_step(
// CHECK-DAG:     "tosa.const"() <{value = dense<{{.*}}0, 0, 0, 1, 0, 2{{.*}}> : tensor<1x6xi32>}>
// CHECK-DAG:     "tosa.const"() <{value = dense<{{.*}}0, 1, 0, 1, 0, 1{{.*}}> : tensor<1x6xi32>}>
// CHECK:         tosa.gather
// CHECK:         tosa.equal
// CHECK:         tosa.select %{{.*}}, %{{.*}}, %{{.*}} : (tensor<1x6xi1>, tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
func.func @slice_scatter_step(%x: !torch.vtensor<[2,6],f32>, %src: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,6],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %0 = torch.aten.slice_scatter %x, %src, %int1, %int1, %none, %int2 : !torch.vtensor<[2,6],f32>, !torch.vtensor<[2,3],f32>, !torch.int, !torch.int, !torch.none, !torch.int -> !torch.vtensor<[2,6],f32>
  return %0 : !torch.vtensor<[2,6],f32>
}

// -----

// An op with no TOSA form stays, for the contract check to name.
// CHECK-LABEL: func.func @no_tosa_form(
// CHECK:         torch.aten.sort
func.func @no_tosa_form(%x: !torch.vtensor<[5],f32>) -> (!torch.vtensor<[5],f32>, !torch.vtensor<[5],si64>) {
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %0, %1 = torch.aten.sort %x, %int0, %false : !torch.vtensor<[5],f32>, !torch.int, !torch.bool -> !torch.vtensor<[5],f32>, !torch.vtensor<[5],si64>
  return %0, %1 : !torch.vtensor<[5],f32>, !torch.vtensor<[5],si64>
}

// -----

// ui8 computes zero-extended to i32 (TOSA reads a signless i8 as signed),
// and the result wraps back to 8 bits.
// CHECK-LABEL: func.func @add_ui8(
// CHECK:         %[[W:.*]] = tosa.cast %{{.*}} : (tensor<4xi8>) -> tensor<4xi32>
// CHECK:         %[[Z:.*]] = tosa.bitwise_and %[[W]], %{{.*}} : (tensor<4xi32>, tensor<1xi32>) -> tensor<4xi32>
// CHECK:         %[[S:.*]] = tosa.add %[[Z]], %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK:         tosa.cast %[[S]] : (tensor<4xi32>) -> tensor<4xi8>
func.func @add_ui8(%a: !torch.vtensor<[4],ui8>, %b: !torch.vtensor<[4],ui8>) -> !torch.vtensor<[4],ui8> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[4],ui8>, !torch.vtensor<[4],ui8>, !torch.int -> !torch.vtensor<[4],ui8>
  return %0 : !torch.vtensor<[4],ui8>
}

// -----

// i64 division: TOSA's int_div is i32 only, so the quotient is estimated in
// f32 (three rounds) and stepped exactly in i64; no int_div on i64.
// CHECK-LABEL: func.func @floor_divide_i64(
// CHECK-NOT:     tosa.int_div
// CHECK:         tosa.reciprocal %{{.*}} : (tensor<5xf32>) -> tensor<5xf32>
// CHECK:         tosa.mul %{{.*}}, %{{.*}} {shift = 0 : i8} : (tensor<5xi64>, tensor<5xi64>) -> tensor<5xi64>
// CHECK-NOT:     tosa.int_div
func.func @floor_divide_i64(%a: !torch.vtensor<[5],si64>, %b: !torch.vtensor<[5],si64>) -> !torch.vtensor<[5],si64> {
  %floor = torch.constant.str "floor"
  %0 = torch.aten.div.Tensor_mode %a, %b, %floor : !torch.vtensor<[5],si64>, !torch.vtensor<[5],si64>, !torch.str -> !torch.vtensor<[5],si64>
  return %0 : !torch.vtensor<[5],si64>
}

// -----

// A plain scatter is one tosa.scatter of self's elements at the positions
// index gives along dim (plus each other dim's offset).
// CHECK-LABEL: func.func @scatter_src(
// CHECK:         tosa.scatter %{{.*}}, %{{.*}}, %{{.*}} : (tensor<1x12x1xf32>, tensor<1x4xi32>, tensor<1x4x1xf32>) -> tensor<1x12x1xf32>
func.func @scatter_src(%self: !torch.vtensor<[3,4],f32>, %index: !torch.vtensor<[2,2],si64>, %src: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[3,4],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.scatter.src %self, %int1, %index, %src : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2,2],si64>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// An accumulating write compares each of self's positions with each written
// one and sums what it selects: repeated positions add up.
// CHECK-LABEL: func.func @index_put_accumulate(
// CHECK:         %[[HIT:.*]] = tosa.equal %{{.*}}, %{{.*}} : (tensor<1x3xi32>, tensor<6x1xi32>) -> tensor<6x3xi1>
// CHECK:         %[[SEL:.*]] = tosa.select %[[HIT]], %{{.*}}, %{{.*}} : (tensor<6x3xi1>, tensor<1x3xf32>, tensor<1x1xf32>) -> tensor<6x3xf32>
// CHECK:         tosa.reduce_sum %[[SEL]] {axis = 1 : i32} : (tensor<6x3xf32>) -> tensor<6x1xf32>
// CHECK:         tosa.reduce_any %[[HIT]] {axis = 1 : i32}
func.func @index_put_accumulate(%self: !torch.vtensor<[6],f32>, %index: !torch.vtensor<[3],si64>, %values: !torch.vtensor<[3],f32>) -> !torch.vtensor<[6],f32> {
  %true = torch.constant.bool true
  %list = torch.prim.ListConstruct %index : (!torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index_put %self, %list, %values, %true : !torch.vtensor<[6],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3],f32>, !torch.bool -> !torch.vtensor<[6],f32>
  return %0 : !torch.vtensor<[6],f32>
}
