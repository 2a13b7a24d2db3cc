// torch-refine-types: each family's rule gives an unrefined result
// (`!torch.vtensor`) the sizes and dtype PyTorch would; a function's return
// keeps its declared type through a cast. Expected types are eager
// PyTorch's for the same call.
// RUN: torch-mlir-opt %s -torch-refine-types -split-input-file | FileCheck %s

// Promotion: tensors with dims, then 0-d tensors, then Python scalars. A
// public function's result declared `!torch.vtensor` takes the refined type.
// CHECK-LABEL: func.func @promotion(
// CHECK-SAME:      -> !torch.vtensor<[4],si32>
// CHECK:         torch.aten.add.Tensor {{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK:         torch.aten.mul.Tensor {{.*}} -> !torch.vtensor<[4],f64>
// CHECK:         torch.aten.mul.Tensor {{.*}} -> !torch.vtensor<[4],f16>
// CHECK:         torch.aten.add.Scalar {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         torch.aten.add.Scalar {{.*}} -> !torch.vtensor<[4],si32>
// CHECK:         torch.aten.sub.Tensor {{.*}} -> !torch.vtensor<[4],si16>
// CHECK:         torch.aten.sub.Tensor {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         torch.aten.mul.Tensor {{.*}} -> !torch.vtensor<[4],si32>
// CHECK:         return %{{.*}} : !torch.vtensor<[4],si32>
func.func @promotion(%f: !torch.vtensor<[2,3],f32>, %l: !torch.vtensor<[3],si64>,
                     %i: !torch.vtensor<[4],si32>, %d0: !torch.vtensor<[],f64>,
                     %h: !torch.vtensor<[4],f16>, %u: !torch.vtensor<[4],ui8>,
                     %s: !torch.vtensor<[4],si8>, %bf: !torch.vtensor<[4],bf16>,
                     %b: !torch.vtensor<[4],i1>) -> !torch.vtensor {
  %int1 = torch.constant.int 1
  %float = torch.constant.float 2.5
  %0 = torch.aten.add.Tensor %f, %l, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor
  %1 = torch.aten.mul.Tensor %i, %d0 : !torch.vtensor<[4],si32>, !torch.vtensor<[],f64> -> !torch.vtensor
  %2 = torch.aten.mul.Tensor %h, %d0 : !torch.vtensor<[4],f16>, !torch.vtensor<[],f64> -> !torch.vtensor
  %3 = torch.aten.add.Scalar %i, %float, %int1 : !torch.vtensor<[4],si32>, !torch.float, !torch.int -> !torch.vtensor
  %4 = torch.aten.add.Scalar %i, %int1, %int1 : !torch.vtensor<[4],si32>, !torch.int, !torch.int -> !torch.vtensor
  %5 = torch.aten.sub.Tensor %u, %s, %int1 : !torch.vtensor<[4],ui8>, !torch.vtensor<[4],si8>, !torch.int -> !torch.vtensor
  %6 = torch.aten.sub.Tensor %bf, %h, %int1 : !torch.vtensor<[4],bf16>, !torch.vtensor<[4],f16>, !torch.int -> !torch.vtensor
  %7 = torch.aten.mul.Tensor %b, %i : !torch.vtensor<[4],i1>, !torch.vtensor<[4],si32> -> !torch.vtensor
  return %7 : !torch.vtensor
}

// -----

// Unary float ops, true division, comparisons, where.
// CHECK-LABEL: func.func @elementwise(
// CHECK:         torch.aten.exp {{.*}} -> !torch.vtensor<[3],f32>
// CHECK:         torch.aten.div.Tensor {{.*}} -> !torch.vtensor<[3],f32>
// CHECK:         torch.aten.div.Tensor_mode {{.*}} -> !torch.vtensor<[3],si64>
// CHECK:         torch.aten.lt.Scalar {{.*}} -> !torch.vtensor<[3],i1>
// CHECK:         torch.aten.where.self {{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK:         torch.aten.neg {{.*}} -> !torch.vtensor<[3],si64>
func.func @elementwise(%l: !torch.vtensor<[3],si64>, %f: !torch.vtensor<[2,1],f32>) -> !torch.vtensor {
  %floor = torch.constant.str "floor"
  %int0 = torch.constant.int 0
  %0 = torch.aten.exp %l : !torch.vtensor<[3],si64> -> !torch.vtensor
  %1 = torch.aten.div.Tensor %l, %l : !torch.vtensor<[3],si64>, !torch.vtensor<[3],si64> -> !torch.vtensor
  %2 = torch.aten.div.Tensor_mode %l, %l, %floor : !torch.vtensor<[3],si64>, !torch.vtensor<[3],si64>, !torch.str -> !torch.vtensor
  %3 = torch.aten.lt.Scalar %l, %int0 : !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor
  %4 = torch.aten.where.self %3, %f, %l : !torch.vtensor, !torch.vtensor<[2,1],f32>, !torch.vtensor<[3],si64> -> !torch.vtensor
  %5 = torch.aten.neg %2 : !torch.vtensor -> !torch.vtensor
  return %5 : !torch.vtensor
}

// -----

// Reductions: dims dropped or kept, integer sums in si64, indices.
// CHECK-LABEL: func.func @reductions(
// CHECK:         torch.aten.sum.dim_IntList {{.*}} -> !torch.vtensor<[2,4],si64>
// CHECK:         torch.aten.mean.dim {{.*}} -> !torch.vtensor<[2,1,4],f32>
// CHECK:         torch.aten.argmax {{.*}} -> !torch.vtensor<[],si64>
// CHECK:         torch.aten.max.dim {{.*}} -> !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],si64>
// CHECK:         torch.aten.sum {{.*}} -> !torch.vtensor<[],si64>
// CHECK:         torch.aten.var.correction {{.*}} -> !torch.vtensor<[4],f32>
func.func @reductions(%i: !torch.vtensor<[2,3,4],si32>, %f: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor {
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.sum.dim_IntList %i, %dims, %false, %none : !torch.vtensor<[2,3,4],si32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor
  %1 = torch.aten.mean.dim %f, %dims, %true, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor
  %2 = torch.aten.argmax %f, %none, %false : !torch.vtensor<[2,3,4],f32>, !torch.none, !torch.bool -> !torch.vtensor
  %3:2 = torch.aten.max.dim %f, %int-1, %false : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.bool -> !torch.vtensor, !torch.vtensor
  %4 = torch.aten.sum %i, %none : !torch.vtensor<[2,3,4],si32>, !torch.none -> !torch.vtensor
  %two = torch.prim.ListConstruct %int0, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %5 = torch.aten.var.correction %f, %two, %int1, %false : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.int, !torch.bool -> !torch.vtensor
  return %5 : !torch.vtensor
}

// -----

// Views and data movement.
// CHECK-LABEL: func.func @views(
// CHECK:         torch.aten.view {{.*}} -> !torch.vtensor<[6,4],f32>
// CHECK:         torch.aten.flatten.using_ints {{.*}} -> !torch.vtensor<[2,12],f32>
// CHECK:         torch.aten.unsqueeze {{.*}} -> !torch.vtensor<[2,3,4,1],f32>
// CHECK:         torch.aten.transpose.int {{.*}} -> !torch.vtensor<[4,3,2],f32>
// CHECK:         torch.aten.permute {{.*}} -> !torch.vtensor<[3,4,2],f32>
// CHECK:         torch.aten.select.int {{.*}} -> !torch.vtensor<[2,4],f32>
// CHECK:         torch.aten.slice.Tensor {{.*}} -> !torch.vtensor<[2,3,2],f32>
// CHECK:         torch.aten.expand {{.*}} -> !torch.vtensor<[5,2,3,4],f32>
// CHECK:         torch.aten.cat {{.*}} -> !torch.vtensor<[2,6,4],f64>
// CHECK:         torch.aten.stack {{.*}} -> !torch.vtensor<[2,2,3,4],f32>
// CHECK:         torch.aten.view {{.*}} -> !torch.vtensor<[?,4],f32>
func.func @views(%x: !torch.vtensor<[2,3,4],f32>, %y: !torch.vtensor<[2,3,4],f64>, %n: !torch.int) -> !torch.vtensor {
  %int-1 = torch.constant.int -1
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int4 = torch.constant.int 4
  %int5 = torch.constant.int 5
  %big = torch.constant.int 9223372036854775807
  %false = torch.constant.bool false
  %shape = torch.prim.ListConstruct %int-1, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %shape : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor
  %1 = torch.aten.flatten.using_ints %x, %int1, %int-1 : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.int -> !torch.vtensor
  %2 = torch.aten.unsqueeze %x, %int-1 : !torch.vtensor<[2,3,4],f32>, !torch.int -> !torch.vtensor
  %3 = torch.aten.transpose.int %x, %int0, %int-1 : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.int -> !torch.vtensor
  %perm = torch.prim.ListConstruct %int1, %int2, %int0 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %4 = torch.aten.permute %x, %perm : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor
  %5 = torch.aten.select.int %x, %int1, %int0 : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.int -> !torch.vtensor
  %6 = torch.aten.slice.Tensor %x, %int-1, %int1, %big, %int2 : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor
  %sizes = torch.prim.ListConstruct %int5, %int-1, %int-1, %int-1 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %7 = torch.aten.expand %x, %sizes, %false : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor
  %both = torch.prim.ListConstruct %x, %y : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f64>) -> !torch.list<vtensor>
  %8 = torch.aten.cat %both, %int1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor
  %pair = torch.prim.ListConstruct %x, %x : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>) -> !torch.list<vtensor>
  %9 = torch.aten.stack %pair, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor
  %dyn = torch.prim.ListConstruct %n, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %10 = torch.aten.view %x, %dyn : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor
  return %10 : !torch.vtensor
}

// -----

// Products and the pieces of a split.
// CHECK-LABEL: func.func @products(
// CHECK:         torch.aten.matmul {{.*}} -> !torch.vtensor<[5,2,4],f32>
// CHECK:         torch.aten.matmul {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         torch.aten.linear {{.*}} -> !torch.vtensor<[5,2,7],f32>
// CHECK:         torch.aten.mm {{.*}} -> !torch.vtensor<[2,4],f32>
// CHECK:         torch.prim.ListUnpack {{.*}} -> !torch.vtensor<[5,2,2],f32>, !torch.vtensor<[5,2,1],f32>
func.func @products(%a: !torch.vtensor<[5,2,3],f32>, %b: !torch.vtensor<[3,4],f32>,
                    %v: !torch.vtensor<[3],f32>, %w: !torch.vtensor<[7,3],f32>,
                    %m: !torch.vtensor<[2,3],f32>) -> !torch.vtensor {
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %int-1 = torch.constant.int -1
  %0 = torch.aten.matmul %a, %b : !torch.vtensor<[5,2,3],f32>, !torch.vtensor<[3,4],f32> -> !torch.vtensor
  %1 = torch.aten.matmul %v, %b : !torch.vtensor<[3],f32>, !torch.vtensor<[3,4],f32> -> !torch.vtensor
  %2 = torch.aten.linear %a, %w, %none : !torch.vtensor<[5,2,3],f32>, !torch.vtensor<[7,3],f32>, !torch.none -> !torch.vtensor
  %3 = torch.aten.mm %m, %b : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3,4],f32> -> !torch.vtensor
  %4 = torch.aten.split.Tensor %a, %int2, %int-1 : !torch.vtensor<[5,2,3],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  %5:2 = torch.prim.ListUnpack %4 : !torch.list<vtensor> -> !torch.vtensor, !torch.vtensor
  return %5#1 : !torch.vtensor
}

// -----

// _trilinear: the inputs with unit dims at their expand dims ({2}, {1} and
// the set {1, 0}), broadcast to [4, 5, 3], less the summed dims; and with
// nothing summed, the broadcast itself.
// CHECK-LABEL: func.func @trilinear(
// CHECK:         torch.aten._trilinear {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         torch.aten._trilinear {{.*}} -> !torch.vtensor<[4,5,3],f32>
func.func @trilinear(%x: !torch.vtensor<[4,5],f32>, %y: !torch.vtensor<[4,3],f32>,
                     %z: !torch.vtensor<[3],f32>) -> (!torch.vtensor, !torch.vtensor) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %e1 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %e2 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %e3 = torch.prim.ListConstruct %int1, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %sum = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %none = torch.prim.ListConstruct : () -> !torch.list<int>
  %0 = torch.aten._trilinear %x, %y, %z, %e1, %e2, %e3, %sum, %int1 : !torch.vtensor<[4,5],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor
  %1 = torch.aten._trilinear %x, %y, %z, %e1, %e2, %e3, %none, %int1 : !torch.vtensor<[4,5],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor
  return %0, %1 : !torch.vtensor, !torch.vtensor
}

// -----

// Constructors: dtype= when given, else PyTorch's defaults.
// CHECK-LABEL: func.func @constructors(
// CHECK:         torch.aten.zeros {{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK:         torch.aten.ones {{.*}} -> !torch.vtensor<[2,3],si64>
// CHECK:         torch.aten.full {{.*}} -> !torch.vtensor<[2,3],si64>
// CHECK:         torch.aten.arange.start_step {{.*}} -> !torch.vtensor<[4],si64>
// CHECK:         torch.aten.arange {{.*}} -> !torch.vtensor<[3],f32>
// CHECK:         torch.prim.NumToTensor.Scalar {{.*}} -> !torch.vtensor<[],si64>
// CHECK:         torch.aten.zeros_like {{.*}} -> !torch.vtensor<[2,3],f16>
func.func @constructors(%n: !torch.int) -> !torch.vtensor {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %int5 = torch.constant.int 5
  %int10 = torch.constant.int 10
  %float = torch.constant.float 2.5
  %size = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.zeros %size, %none, %none, %none, %none : !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %1 = torch.aten.ones %size, %int4, %none, %none, %none : !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %2 = torch.aten.full %size, %int3, %none, %none, %none, %none : !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %3 = torch.aten.arange.start_step %int0, %int10, %int3, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %4 = torch.aten.arange %float, %none, %none, %none, %none : !torch.float, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %5 = torch.prim.NumToTensor.Scalar %n : !torch.int -> !torch.vtensor
  %6 = torch.aten.zeros_like %0, %int5, %none, %none, %none, %none : !torch.vtensor, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  return %6 : !torch.vtensor
}

// -----

// Windows: convolution and pooling arithmetic, ceil_mode included.
// CHECK-LABEL: func.func @windows(
// CHECK:         torch.aten.conv2d {{.*}} -> !torch.vtensor<[1,8,16,16],f32>
// CHECK:         torch.aten.max_pool2d {{.*}} -> !torch.vtensor<[1,8,8,8],f32>
// CHECK:         torch.aten.max_pool2d {{.*}} -> !torch.vtensor<[1,3,3,3],f32>
// CHECK:         torch.aten.adaptive_avg_pool2d {{.*}} -> !torch.vtensor<[1,8,1,1],f32>
func.func @windows(%x: !torch.vtensor<[1,3,32,32],f32>, %w: !torch.vtensor<[8,3,3,3],f32>,
                   %p: !torch.vtensor<[1,3,5,5],f32>) -> !torch.vtensor {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %twos = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv2d %x, %w, %none, %twos, %ones, %ones, %int1 : !torch.vtensor<[1,3,32,32],f32>, !torch.vtensor<[8,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor
  %1 = torch.aten.max_pool2d %0, %twos, %twos, %zeros, %ones, %false : !torch.vtensor, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor
  %2 = torch.aten.max_pool2d %p, %twos, %twos, %zeros, %ones, %true : !torch.vtensor<[1,3,5,5],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor
  %out = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.aten.adaptive_avg_pool2d %1, %out : !torch.vtensor, !torch.list<int> -> !torch.vtensor
  return %3 : !torch.vtensor
}

// -----

// What a rule cannot tell stays unknown: an op with no rule, a dim that is
// not a constant. prim.If takes what both branches agree on.
// CHECK-LABEL: func.func @unknown(
// CHECK:         torch.aten.nonzero {{.*}} -> !torch.vtensor{{$}}
// CHECK:         torch.aten.sum.dim_IntList {{.*}} -> !torch.vtensor<*,f32>
// CHECK:         torch.prim.If {{.*}} -> (!torch.vtensor<[?],f32>)
func.func @unknown(%x: !torch.vtensor<[4],f32>, %d: !torch.int, %c: !torch.bool) -> !torch.vtensor {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %0 = torch.aten.nonzero %x : !torch.vtensor<[4],f32> -> !torch.vtensor
  %dims = torch.prim.ListConstruct %d : (!torch.int) -> !torch.list<int>
  %1 = torch.aten.sum.dim_IntList %x, %dims, %false, %none : !torch.vtensor<[4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor
  %2 = torch.prim.If %c -> (!torch.vtensor) {
    %a = torch.aten.neg %x : !torch.vtensor<[4],f32> -> !torch.vtensor
    torch.prim.If.yield %a : !torch.vtensor
  } else {
    %b = torch.aten.slice.Tensor %x, %int0, %int0, %int2, %d : !torch.vtensor<[4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor
    torch.prim.If.yield %b : !torch.vtensor
  }
  return %2 : !torch.vtensor
}

// -----

// A private function keeps its declared result type: the return reads the
// refined value through a cast.
// CHECK-LABEL: func.func private @kept_signature(
// CHECK-SAME:      -> !torch.vtensor {
// CHECK:         %[[N:.*]] = torch.aten.neg {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         %[[C:.*]] = torch.tensor_static_info_cast %[[N]] : !torch.vtensor<[4],f32> to !torch.vtensor
// CHECK:         return %[[C]] : !torch.vtensor
func.func private @kept_signature(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor {
  %0 = torch.aten.neg %x : !torch.vtensor<[4],f32> -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// Where a tensor's rank is unknown it may be 0-d, which counts for less in
// promotion: the dtype is known only where all agree.
// CHECK-LABEL: func.func @unranked_promotion(
// CHECK:         torch.aten.add.Tensor {{.*}} -> !torch.vtensor<*,f32>
// CHECK:         torch.aten.mul.Tensor {{.*}} -> !torch.vtensor{{$}}
func.func @unranked_promotion(%x: !torch.vtensor<[4],f32>, %same: !torch.vtensor<*,f32>, %other: !torch.vtensor<*,f64>) -> (!torch.vtensor, !torch.vtensor) {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %x, %same, %int1 : !torch.vtensor<[4],f32>, !torch.vtensor<*,f32>, !torch.int -> !torch.vtensor
  %1 = torch.aten.mul.Tensor %x, %other : !torch.vtensor<[4],f32>, !torch.vtensor<*,f64> -> !torch.vtensor
  return %0, %1 : !torch.vtensor, !torch.vtensor
}

// -----

// Index constructors count their entries; the operators the registry lacks
// that the middle end takes have rules by name.
// CHECK-LABEL: func.func @counted_and_operators(
// CHECK:         torch.aten.tril_indices {{.*}} -> !torch.vtensor<[2,6],si64>
// CHECK:         torch.aten.triu_indices {{.*}} -> !torch.vtensor<[2,6],si64>
// CHECK:         torch.operator "quantized_decomposed.quantize_per_tensor"{{.*}} -> !torch.vtensor<[4],si8>
// CHECK:         torch.operator "quantized_decomposed.dequantize_per_tensor"{{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         torch.operator "aten.fft_rfft2"{{.*}} -> !torch.vtensor<[3,5],complex<f32>>
func.func @counted_and_operators(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[3,8],f32>) -> !torch.vtensor {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %int-1 = torch.constant.int -1
  %int-2 = torch.constant.int -2
  %int-128 = torch.constant.int -128
  %int127 = torch.constant.int 127
  %int12 = torch.constant.int 12
  %scale = torch.constant.float 5.000000e-01
  %0 = torch.aten.tril_indices %int3, %int3, %int0, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %1 = torch.aten.triu_indices %int3, %int4, %int1, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %2 = torch.operator "quantized_decomposed.quantize_per_tensor"(%x, %scale, %int0, %int-128, %int127, %int1) : (!torch.vtensor<[4],f32>, !torch.float, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.vtensor
  %3 = torch.operator "quantized_decomposed.dequantize_per_tensor"(%2, %scale, %int0, %int-128, %int127, %int1) : (!torch.vtensor, !torch.float, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.vtensor
  %dims = torch.prim.ListConstruct %int-2, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %4 = torch.operator "aten.fft_rfft2"(%y, %none, %dims, %none) : (!torch.vtensor<[3,8],f32>, !torch.none, !torch.list<int>, !torch.none) -> !torch.vtensor
  return %4 : !torch.vtensor
}

// -----

// einsum: the output letters' sizes (a size-1 letter broadcasts), the
// ellipsis's dims broadcast; without `->`, the ellipsis then the letters
// used once, sorted. As numpy.einsum and torch.einsum give for the shapes.
// CHECK-LABEL: func.func @einsum(
// CHECK:         torch.aten.einsum {{.*}} -> !torch.vtensor<[5,1,2,3,6],f32>
// CHECK:         torch.aten.einsum {{.*}} -> !torch.vtensor<[2,6],f32>
// CHECK:         torch.aten.einsum {{.*}} -> !torch.vtensor<[],f32>
func.func @einsum(%a: !torch.vtensor<[5,1,3,4],f32>, %b: !torch.vtensor<[2,4,6],f32>, %v: !torch.vtensor<[4],f32>) -> !torch.vtensor {
  %none = torch.constant.none
  %batched = torch.constant.str "...ij, bjk -> ...bik"
  %implicit = torch.constant.str "bjk,j"
  %inner = torch.constant.str "i,i->"
  %ab = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[5,1,3,4],f32>, !torch.vtensor<[2,4,6],f32>) -> !torch.list<vtensor>
  %bv = torch.prim.ListConstruct %b, %v : (!torch.vtensor<[2,4,6],f32>, !torch.vtensor<[4],f32>) -> !torch.list<vtensor>
  %vv = torch.prim.ListConstruct %v, %v : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.list<vtensor>
  %0 = torch.aten.einsum %batched, %ab, %none : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor
  %1 = torch.aten.einsum %implicit, %bv, %none : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor
  %2 = torch.aten.einsum %inner, %vv, %none : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor
  return %0 : !torch.vtensor
}
