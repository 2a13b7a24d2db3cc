// torch-decompose-complex-ops on pooling and resampling: adaptive pooling
// to a global mean, to avg_pool / max_pool_with_indices where the windows
// are even, to products with averaging matrices where they are not; an
// unbatched max_pool2d_with_indices batched; upsample_bilinear2d.vec as
// gathers of the two neighbours blended per spatial dim; __interpolate as
// the upsample op F.interpolate calls.
// RUN: torch-mlir-opt %s -torch-decompose-complex-ops -split-input-file | FileCheck %s

// adaptive_avg_pool2d to 1 x 1: the mean over the last two dims (7 x 5,
// windows that do not divide evenly do not matter).
// CHECK-LABEL: func.func @adaptive_avg_pool2d_global(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3,7,5],f32>)
// CHECK:         %[[D:.*]] = torch.prim.ListConstruct %int-2, %int-1
// CHECK:         %[[R:.*]] = torch.aten.mean.dim %[[X]], %[[D]], %true, %none : {{.*}} -> !torch.vtensor<[2,3,1,1],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.adaptive_avg_pool2d
func.func @adaptive_avg_pool2d_global(%x: !torch.vtensor<[2,3,7,5],f32>) -> !torch.vtensor<[2,3,1,1],f32> {
  %int1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.adaptive_avg_pool2d %x, %s : !torch.vtensor<[2,3,7,5],f32>, !torch.list<int> -> !torch.vtensor<[2,3,1,1],f32>
  return %0 : !torch.vtensor<[2,3,1,1],f32>
}

// -----

// adaptive_avg_pool2d [6, 8] -> [2, 4]: even windows, avg_pool2d with kernel
// = stride = [3, 2], no padding, not ceil_mode (a dynamic batch is fine).
// CHECK-LABEL: func.func @adaptive_avg_pool2d_even(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[?,3,6,8],f32>)
// CHECK:         %[[K:.*]] = torch.prim.ListConstruct %int3, %int2
// CHECK:         %[[P:.*]] = torch.prim.ListConstruct %int0, %int0
// CHECK:         %[[R:.*]] = torch.aten.avg_pool2d %[[X]], %[[K]], %[[K]], %[[P]], %false, %true, %none : {{.*}} -> !torch.vtensor<[?,3,2,4],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.adaptive_avg_pool2d
func.func @adaptive_avg_pool2d_even(%x: !torch.vtensor<[?,3,6,8],f32>) -> !torch.vtensor<[?,3,2,4],f32> {
  %int2 = torch.constant.int 2
  %int4 = torch.constant.int 4
  %s = torch.prim.ListConstruct %int2, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.adaptive_avg_pool2d %x, %s : !torch.vtensor<[?,3,6,8],f32>, !torch.list<int> -> !torch.vtensor<[?,3,2,4],f32>
  return %0 : !torch.vtensor<[?,3,2,4],f32>
}

// -----

// _adaptive_avg_pool2d of an unbatched [3, 5, 4] to [3, 2]: uneven windows
// (H: [0,2), [1,4), [3,5)), so x Mw^T then Mh x by literal averaging
// matrices (the matmuls decomposed to mm), transposes in between.
// CHECK-LABEL: func.func @adaptive_avg_pool2d_uneven(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[3,5,4],f32>)
// CHECK:         %[[MH:.*]] = torch.vtensor.literal(dense<{{\[}}[5.000000e-01, 0.000000e+00, 0.000000e+00], [5.000000e-01, 0.333333343, 0.000000e+00], [0.000000e+00, 0.333333343, 0.000000e+00], [0.000000e+00, 0.333333343, 5.000000e-01], [0.000000e+00, 0.000000e+00, 5.000000e-01]]> : tensor<5x3xf32>)
// CHECK:         %[[MW:.*]] = torch.vtensor.literal(dense<{{\[}}[5.000000e-01, 0.000000e+00], [5.000000e-01, 0.000000e+00], [0.000000e+00, 5.000000e-01], [0.000000e+00, 5.000000e-01]]> : tensor<4x2xf32>)
// CHECK:         %[[F:.*]] = torch.aten.flatten.using_ints %[[X]], %int0, %int1 : {{.*}} -> !torch.vtensor<[15,4],f32>
// CHECK:         %[[C:.*]] = torch.aten.mm %[[F]], %[[MW]] : {{.*}} -> !torch.vtensor<[15,2],f32>
// CHECK:         %[[CV:.*]] = torch.aten.view %[[C]], {{.*}} -> !torch.vtensor<[3,5,2],f32>
// CHECK:         %[[T:.*]] = torch.aten.transpose.int %[[CV]], %int1, %int2 : {{.*}} -> !torch.vtensor<[3,2,5],f32>
// CHECK:         %[[TF:.*]] = torch.aten.flatten.using_ints %[[T]], %int0, %int1 : {{.*}} -> !torch.vtensor<[6,5],f32>
// CHECK:         %[[RW:.*]] = torch.aten.mm %[[TF]], %[[MH]] : {{.*}} -> !torch.vtensor<[6,3],f32>
// CHECK:         %[[RV:.*]] = torch.aten.view %[[RW]], {{.*}} -> !torch.vtensor<[3,2,3],f32>
// CHECK:         %[[R:.*]] = torch.aten.transpose.int %[[RV]], %int1, %int2 : {{.*}} -> !torch.vtensor<[3,3,2],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten._adaptive_avg_pool2d
func.func @adaptive_avg_pool2d_uneven(%x: !torch.vtensor<[3,5,4],f32>) -> !torch.vtensor<[3,3,2],f32> {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %s = torch.prim.ListConstruct %int3, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten._adaptive_avg_pool2d %x, %s : !torch.vtensor<[3,5,4],f32>, !torch.list<int> -> !torch.vtensor<[3,3,2],f32>
  return %0 : !torch.vtensor<[3,3,2],f32>
}

// -----

// adaptive_avg_pool3d [4, 6, 8] -> [2, 3, 2]: avg_pool3d, kernel = stride =
// [2, 2, 4].
// CHECK-LABEL: func.func @adaptive_avg_pool3d(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[1,2,4,6,8],f32>)
// CHECK:         %[[K:.*]] = torch.prim.ListConstruct %int2, %int2, %int4
// CHECK:         %[[P:.*]] = torch.prim.ListConstruct %int0, %int0, %int0
// CHECK:         %[[R:.*]] = torch.aten.avg_pool3d %[[X]], %[[K]], %[[K]], %[[P]], %false, %true, %none : {{.*}} -> !torch.vtensor<[1,2,2,3,2],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.adaptive_avg_pool3d
func.func @adaptive_avg_pool3d(%x: !torch.vtensor<[1,2,4,6,8],f32>) -> !torch.vtensor<[1,2,2,3,2],f32> {
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %s = torch.prim.ListConstruct %int2, %int3, %int2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.adaptive_avg_pool3d %x, %s : !torch.vtensor<[1,2,4,6,8],f32>, !torch.list<int> -> !torch.vtensor<[1,2,2,3,2],f32>
  return %0 : !torch.vtensor<[1,2,2,3,2],f32>
}

// -----

// adaptive_max_pool2d [6, 9] -> [3, 3]: max_pool2d_with_indices, kernel =
// stride = [2, 3], padding 0, dilation 1 (the same windows, the same flat
// indices).
// CHECK-LABEL: func.func @adaptive_max_pool2d(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[1,2,6,9],f32>)
// CHECK:         %[[K:.*]] = torch.prim.ListConstruct %int2, %int3
// CHECK:         %[[P:.*]] = torch.prim.ListConstruct %int0, %int0
// CHECK:         %[[D:.*]] = torch.prim.ListConstruct %int1, %int1
// CHECK:         %[[V:.*]], %[[I:.*]] = torch.aten.max_pool2d_with_indices %[[X]], %[[K]], %[[K]], %[[P]], %[[D]], %false : {{.*}} -> !torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[1,2,3,3],si64>
// CHECK:         return %[[V]], %[[I]]
// CHECK-NOT:     torch.aten.adaptive_max_pool2d
func.func @adaptive_max_pool2d(%x: !torch.vtensor<[1,2,6,9],f32>) -> (!torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[1,2,3,3],si64>) {
  %int3 = torch.constant.int 3
  %s = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %0:2 = torch.aten.adaptive_max_pool2d %x, %s : !torch.vtensor<[1,2,6,9],f32>, !torch.list<int> -> !torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[1,2,3,3],si64>
  return %0#0, %0#1 : !torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[1,2,3,3],si64>
}

// -----

// adaptive_max_pool3d of an unbatched [C, D, H, W] = [2, 4, 4, 6] to
// [1, 2, 3]: max_pool3d_with_indices, kernel = stride = [4, 2, 2].
// CHECK-LABEL: func.func @adaptive_max_pool3d(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,4,4,6],f32>)
// CHECK:         %[[K:.*]] = torch.prim.ListConstruct %int4, %int2, %int2
// CHECK:         %[[P:.*]] = torch.prim.ListConstruct %int0, %int0, %int0
// CHECK:         %[[D:.*]] = torch.prim.ListConstruct %int1, %int1, %int1
// CHECK:         %[[V:.*]], %[[I:.*]] = torch.aten.max_pool3d_with_indices %[[X]], %[[K]], %[[K]], %[[P]], %[[D]], %false : {{.*}} -> !torch.vtensor<[2,1,2,3],f32>, !torch.vtensor<[2,1,2,3],si64>
// CHECK:         return %[[V]], %[[I]]
// CHECK-NOT:     torch.aten.adaptive_max_pool3d
func.func @adaptive_max_pool3d(%x: !torch.vtensor<[2,4,4,6],f32>) -> (!torch.vtensor<[2,1,2,3],f32>, !torch.vtensor<[2,1,2,3],si64>) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %s = torch.prim.ListConstruct %int1, %int2, %int3 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0:2 = torch.aten.adaptive_max_pool3d %x, %s : !torch.vtensor<[2,4,4,6],f32>, !torch.list<int> -> !torch.vtensor<[2,1,2,3],f32>, !torch.vtensor<[2,1,2,3],si64>
  return %0#0, %0#1 : !torch.vtensor<[2,1,2,3],f32>, !torch.vtensor<[2,1,2,3],si64>
}

// -----

// max_pool2d_with_indices of an unbatched [3, 8, 7]: the same op on
// x.unsqueeze(0), both results squeezed back (the indices are per plane).
// CHECK-LABEL: func.func @max_pool2d_with_indices_unbatched(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[3,8,7],f32>)
// CHECK:         %[[B:.*]] = torch.aten.unsqueeze %[[X]], %int0 : {{.*}} -> !torch.vtensor<[1,3,8,7],f32>
// CHECK:         %[[V:.*]], %[[I:.*]] = torch.aten.max_pool2d_with_indices %[[B]], {{.*}} -> !torch.vtensor<[1,3,4,3],f32>, !torch.vtensor<[1,3,4,3],si64>
// CHECK:         %[[VS:.*]] = torch.aten.squeeze.dim %[[V]], %int0 : {{.*}} -> !torch.vtensor<[3,4,3],f32>
// CHECK:         %[[IS:.*]] = torch.aten.squeeze.dim %[[I]], %int0 : {{.*}} -> !torch.vtensor<[3,4,3],si64>
// CHECK:         return %[[VS]], %[[IS]]
func.func @max_pool2d_with_indices_unbatched(%x: !torch.vtensor<[3,8,7],f32>) -> (!torch.vtensor<[3,4,3],f32>, !torch.vtensor<[3,4,3],si64>) {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0:2 = torch.aten.max_pool2d_with_indices %x, %k, %k, %p, %d, %false : !torch.vtensor<[3,8,7],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3,4,3],f32>, !torch.vtensor<[3,4,3],si64>
  return %0#0, %0#1 : !torch.vtensor<[3,4,3],f32>, !torch.vtensor<[3,4,3],si64>
}

// -----

// upsample_bilinear2d.vec to an output size [5, 4], half-pixel: along H
// (3 -> 5, scale 0.6) src = max((o + 0.5) * 0.6 - 0.5, 0), rows floor(src)
// and the next (clamped to 2) gathered and blended by src's fraction; then W
// (4 -> 4, scale 1) the same way.
// CHECK-LABEL: func.func @upsample_bilinear2d(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[1,2,3,4],f32>)
// CHECK:         %[[O:.*]] = torch.aten.arange.start_step %int0, %int5, %int1, %int6, {{.*}} -> !torch.vtensor<[5],f32>
// CHECK:         %[[C:.*]] = torch.aten.add.Scalar %[[O]], %float5.000000e-01, %int1
// CHECK:         %[[SC:.*]] = torch.aten.mul.Scalar %[[C]], %float6.000000e-01
// CHECK:         %[[SS:.*]] = torch.aten.sub.Scalar %[[SC]], %float5.000000e-01, %int1
// CHECK:         %[[SRC:.*]] = torch.aten.clamp_min %[[SS]], %float0.000000e00
// CHECK:         %[[LO:.*]] = torch.aten.floor %[[SRC]]
// CHECK:         %[[FR:.*]] = torch.aten.sub.Tensor %[[SRC]], %[[LO]], %int1
// CHECK:         %[[LI:.*]] = torch.aten.to.dtype %[[LO]], %int4, {{.*}} -> !torch.vtensor<[5],si64>
// CHECK:         %[[I0:.*]] = torch.aten.clamp %[[LI]], %int0, %int2
// CHECK:         %[[N:.*]] = torch.aten.add.Scalar %[[I0]], %int1, %int1
// CHECK:         %[[I1:.*]] = torch.aten.clamp %[[N]], %int0, %int2
// CHECK:         %[[A:.*]] = torch.aten.index_select %[[X]], %int2, %[[I0]] : {{.*}} -> !torch.vtensor<[1,2,5,4],f32>
// CHECK:         %[[B:.*]] = torch.aten.index_select %[[X]], %int2, %[[I1]] : {{.*}} -> !torch.vtensor<[1,2,5,4],f32>
// CHECK:         %[[WT:.*]] = torch.aten.view %[[FR]], {{.*}} -> !torch.vtensor<[1,1,5,1],f32>
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %[[B]], %[[A]], %int1
// CHECK:         %[[ST:.*]] = torch.aten.mul.Tensor %[[D]], %[[WT]]
// CHECK:         %[[H:.*]] = torch.aten.add.Tensor %[[A]], %[[ST]], %int1 : {{.*}} -> !torch.vtensor<[1,2,5,4],f32>
// CHECK:         torch.aten.arange.start_step %int0, %int4, %int1, %int6, {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         torch.aten.mul.Scalar %{{.*}}, %float1.000000e00
// CHECK:         torch.aten.clamp %{{.*}}, %int0, %int3
// CHECK:         %[[A2:.*]] = torch.aten.index_select %[[H]], %int3, %{{.*}} -> !torch.vtensor<[1,2,5,4],f32>
// CHECK:         torch.aten.view {{.*}} -> !torch.vtensor<[1,1,1,4],f32>
// CHECK:         %[[R:.*]] = torch.aten.add.Tensor %[[A2]], %{{.*}}, %int1 : {{.*}} -> !torch.vtensor<[1,2,5,4],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.upsample_bilinear2d.vec
func.func @upsample_bilinear2d(%x: !torch.vtensor<[1,2,3,4],f32>) -> !torch.vtensor<[1,2,5,4],f32> {
  %int5 = torch.constant.int 5
  %int4 = torch.constant.int 4
  %false = torch.constant.bool false
  %none = torch.constant.none
  %s = torch.prim.ListConstruct %int5, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.upsample_bilinear2d.vec %x, %s, %false, %none : !torch.vtensor<[1,2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[1,2,5,4],f32>
  return %0 : !torch.vtensor<[1,2,5,4],f32>
}

// -----

// upsample_bilinear2d.vec with align_corners, scale factors 2 (3 -> 6): src
// = o * (3 - 1) / (6 - 1) = o * 0.4, no half-pixel shift or clamp_min.
// CHECK-LABEL: func.func @upsample_bilinear2d_align_corners(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[?,2,3,3],f32>)
// CHECK:         %[[O:.*]] = torch.aten.arange.start_step %int0, %int6, {{.*}} -> !torch.vtensor<[6],f32>
// CHECK-NOT:     torch.aten.clamp_min
// CHECK:         %[[SRC:.*]] = torch.aten.mul.Scalar %[[O]], %float4.000000e-01
// CHECK:         %[[LO:.*]] = torch.aten.floor %[[SRC]]
// CHECK:         torch.aten.index_select %[[X]], %int2, %{{.*}} -> !torch.vtensor<[?,2,6,3],f32>
// CHECK:         torch.aten.index_select %{{.*}}, %int3, %{{.*}} -> !torch.vtensor<[?,2,6,6],f32>
// CHECK-NOT:     torch.aten.upsample_bilinear2d.vec
func.func @upsample_bilinear2d_align_corners(%x: !torch.vtensor<[?,2,3,3],f32>) -> !torch.vtensor<[?,2,6,6],f32> {
  %true = torch.constant.bool true
  %none = torch.constant.none
  %f = torch.constant.float 2.000000e+00
  %s = torch.prim.ListConstruct %f, %f : (!torch.float, !torch.float) -> !torch.list<float>
  %0 = torch.aten.upsample_bilinear2d.vec %x, %none, %true, %s : !torch.vtensor<[?,2,3,3],f32>, !torch.none, !torch.bool, !torch.list<float> -> !torch.vtensor<[?,2,6,6],f32>
  return %0 : !torch.vtensor<[?,2,6,6],f32>
}

// -----

// __interpolate (as TorchScript and upstream's backend contract keep
// F.interpolate), nearest by a scale factor: upsample_nearest2d.vec with the
// factor for both dims and no output size.
// CHECK-LABEL: func.func @interpolate_nearest_scale(
// CHECK-NOT:     torch.aten.__interpolate
// CHECK-NOT:     torch.aten.upsample_nearest2d.vec
// CHECK:         torch.aten.index_select {{.*}} -> !torch.vtensor<[1,2,6,4],f32>
// CHECK:         torch.aten.index_select {{.*}} -> !torch.vtensor<[1,2,6,8],f32>
func.func @interpolate_nearest_scale(%x: !torch.vtensor<[1,2,3,4],f32>) -> !torch.vtensor<[1,2,6,8],f32> {
  %none = torch.constant.none
  %str = torch.constant.str "nearest"
  %false = torch.constant.bool false
  %f2 = torch.constant.float 2.000000e+00
  %scales = torch.prim.ListConstruct %f2 : (!torch.float) -> !torch.list<float>
  %0 = torch.aten.__interpolate.size_list_scale_list %x, %none, %scales, %str, %none, %none, %false : !torch.vtensor<[1,2,3,4],f32>, !torch.none, !torch.list<float>, !torch.str, !torch.none, !torch.none, !torch.bool -> !torch.vtensor<[1,2,6,8],f32>
  return %0 : !torch.vtensor<[1,2,6,8],f32>
}

// -----

// __interpolate bilinear to a size, align_corners: upsample_bilinear2d.vec
// (its blends of two neighbours per dim).
// CHECK-LABEL: func.func @interpolate_bilinear_size(
// CHECK-NOT:     torch.aten.__interpolate
// CHECK-NOT:     torch.aten.upsample_bilinear2d.vec
// CHECK:         torch.aten.floor
// CHECK:         torch.aten.add.Tensor {{.*}} -> !torch.vtensor<[1,2,5,7],f32>
func.func @interpolate_bilinear_size(%x: !torch.vtensor<[1,2,3,4],f32>) -> !torch.vtensor<[1,2,5,7],f32> {
  %none = torch.constant.none
  %str = torch.constant.str "bilinear"
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %int5 = torch.constant.int 5
  %int7 = torch.constant.int 7
  %size = torch.prim.ListConstruct %int5, %int7 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.__interpolate.size_list_scale_list %x, %size, %none, %str, %true, %none, %false : !torch.vtensor<[1,2,3,4],f32>, !torch.list<int>, !torch.none, !torch.str, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,2,5,7],f32>
  return %0 : !torch.vtensor<[1,2,5,7],f32>
}

// -----

// Modes with no upsample decomposition (bicubic) and antialiasing stay whole.
// CHECK-LABEL: func.func @interpolate_kept(
// CHECK-DAG:     %[[BICUBIC:.*]] = torch.constant.str "bicubic"
// CHECK-DAG:     %[[BILINEAR:.*]] = torch.constant.str "bilinear"
// CHECK:         torch.aten.__interpolate.size_list_scale_list %{{.*}}, %{{.*}}, %{{.*}}, %[[BICUBIC]],
// CHECK:         torch.aten.__interpolate.size_list_scale_list %{{.*}}, %{{.*}}, %{{.*}}, %[[BILINEAR]],
func.func @interpolate_kept(%x: !torch.vtensor<[1,2,3,4],f32>) -> (!torch.vtensor<[1,2,6,8],f32>, !torch.vtensor<[1,2,6,8],f32>) {
  %none = torch.constant.none
  %bicubic = torch.constant.str "bicubic"
  %bilinear = torch.constant.str "bilinear"
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %f2 = torch.constant.float 2.000000e+00
  %scales = torch.prim.ListConstruct %f2, %f2 : (!torch.float, !torch.float) -> !torch.list<float>
  %0 = torch.aten.__interpolate.size_list_scale_list %x, %none, %scales, %bicubic, %false, %none, %false : !torch.vtensor<[1,2,3,4],f32>, !torch.none, !torch.list<float>, !torch.str, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,2,6,8],f32>
  %1 = torch.aten.__interpolate.size_list_scale_list %x, %none, %scales, %bilinear, %false, %none, %true : !torch.vtensor<[1,2,3,4],f32>, !torch.none, !torch.list<float>, !torch.str, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,2,6,8],f32>
  return %0, %1 : !torch.vtensor<[1,2,6,8],f32>, !torch.vtensor<[1,2,6,8],f32>
}

// -----

// __interpolate with recompute_scale_factor over sizes known only at run
// time: declined before any op is made, so it stays whole and the pass
// converges (an op made and then declined would keep it rewriting).
// CHECK-LABEL: func.func @interpolate_recompute_dynamic(
// CHECK:         torch.aten.__interpolate.size_list_scale_list
// CHECK-NOT:     torch.aten.upsample_nearest2d.vec
func.func @interpolate_recompute_dynamic(%x: !torch.vtensor<[1,2,?,?],f32>) -> !torch.vtensor<[1,2,?,?],f32> {
  %none = torch.constant.none
  %str = torch.constant.str "nearest"
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %f2 = torch.constant.float 2.000000e+00
  %scales = torch.prim.ListConstruct %f2, %f2 : (!torch.float, !torch.float) -> !torch.list<float>
  %0 = torch.aten.__interpolate.size_list_scale_list %x, %none, %scales, %str, %none, %true, %false : !torch.vtensor<[1,2,?,?],f32>, !torch.none, !torch.list<float>, !torch.str, !torch.none, !torch.bool, !torch.bool -> !torch.vtensor<[1,2,?,?],f32>
  return %0 : !torch.vtensor<[1,2,?,?],f32>
}
