// torch-decompose-complex-ops on gradient ops: elementwise derivatives (of
// activations, losses, dropout), softmax's and layer_norm's (reductions),
// convolution's (a transposed convolution and a convolution), max pooling's
// (a scatter-add through the indices), average pooling's (a transposed
// convolution by ones; adaptive: products with averaging matrices),
// embedding's (an accumulating index_put) and nll_loss's (a class mask).
// RUN: torch-mlir-opt %s -torch-decompose-complex-ops -split-input-file | FileCheck %s

// threshold_backward: grad where x > threshold, else 0.
// CHECK-LABEL: func.func @threshold_backward(
// CHECK:         %[[C:.*]] = torch.aten.gt.Scalar %arg1, %float2.500000e-01
// CHECK:         %[[R:.*]] = torch.aten.where.ScalarOther %[[C]], %arg0, %float0.000000e00
// CHECK:         return %[[R]]
func.func @threshold_backward(%g: !torch.vtensor<[3,4],f32>, %x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %t = torch.constant.float 2.500000e-01
  %0 = torch.aten.threshold_backward %g, %x, %t : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.float -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// threshold_backward of an int grad and a float x selects into the float
// result (their promotion, as PyTorch's): grad converts, it is not kept int.
// CHECK-LABEL: func.func @threshold_backward_int_grad(
// CHECK:         %[[C:.*]] = torch.aten.gt.Scalar %arg1, %float2.500000e-01 : !torch.vtensor<[3],f32>, !torch.float -> !torch.vtensor<[3],i1>
// CHECK:         %[[R:.*]] = torch.aten.where.ScalarOther %[[C]], %arg0, %float0.000000e00 : !torch.vtensor<[3],i1>, !torch.vtensor<[3],si64>, !torch.float -> !torch.vtensor<[3],f32>
// CHECK:         return %[[R]]
func.func @threshold_backward_int_grad(%g: !torch.vtensor<[3],si64>, %x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %t = torch.constant.float 2.500000e-01
  %0 = torch.aten.threshold_backward %g, %x, %t : !torch.vtensor<[3],si64>, !torch.vtensor<[3],f32>, !torch.float -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// _softmax_backward_data(grad, y): y * (grad - sum(grad * y, dim, keepdim)).
// CHECK-LABEL: func.func @softmax_backward(
// CHECK:         %[[P:.*]] = torch.aten.mul.Tensor %arg0, %arg1
// CHECK:         %[[S:.*]] = torch.aten.sum.dim_IntList %[[P]], %{{.*}}, %true, %none {{.*}} -> !torch.vtensor<[3,1],f32>
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %arg0, %[[S]]
// CHECK:         %[[R:.*]] = torch.aten.mul.Tensor %arg1, %[[D]]
// CHECK:         return %[[R]]
func.func @softmax_backward(%g: !torch.vtensor<[3,4],f32>, %y: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %int1 = torch.constant.int 1
  %int6 = torch.constant.int 6
  %0 = torch.aten._softmax_backward_data %g, %y, %int1, %int6 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// convolution_backward, stride 2, padding 1: the input's gradient is the
// transposed convolution (no padding: [1,2,9,9]) cropped by 1 in front and
// to 8 at the back (two slices); the weight's a convolution of input^T by grad^T with
// stride 1 and dilation 2, cut from 4x4 to the 3x3 kernel; the bias's a sum.
// CHECK-LABEL: func.func @convolution_backward(
// CHECK:         %[[T:.*]] = torch.aten.convolution %arg0, %arg2, %none, {{.*}}, %true, {{.*}} -> !torch.vtensor<[1,2,9,9],f32>
// CHECK:         %[[T1:.*]] = torch.aten.slice.Tensor %[[T]], %int3, %int1, %int9, %int1
// CHECK:         %[[GI:.*]] = torch.aten.slice.Tensor %[[T1]], %int2, %int1, %int9, %int1 {{.*}} -> !torch.vtensor<[1,2,8,8],f32>
// CHECK-NOT:     torch.aten.constant_pad_nd
// CHECK:         %[[XT:.*]] = torch.aten.transpose.int %arg1, %int0, %int1 {{.*}} -> !torch.vtensor<[2,1,8,8],f32>
// CHECK:         %[[GT:.*]] = torch.aten.transpose.int %arg0, %int0, %int1 {{.*}} -> !torch.vtensor<[3,1,4,4],f32>
// CHECK:         %[[C:.*]] = torch.aten.convolution %[[XT]], %[[GT]], %none, {{.*}}, %false, {{.*}} -> !torch.vtensor<[2,3,4,4],f32>
// CHECK:         torch.aten.slice.Tensor %[[C]], %int2, %int0, %int3, %int1
// CHECK:         %[[W:.*]] = torch.aten.slice.Tensor %{{.*}}, %int3, %int0, %int3, %int1
// CHECK:         %[[GW:.*]] = torch.aten.transpose.int %[[W]], %int0, %int1 {{.*}} -> !torch.vtensor<[3,2,3,3],f32>
// CHECK:         %[[GB:.*]] = torch.aten.sum.dim_IntList %arg0, {{.*}} -> !torch.vtensor<[3],f32>
// CHECK:         return %[[GI]], %[[GW]], %[[GB]]
func.func @convolution_backward(%g: !torch.vtensor<[1,3,4,4],f32>, %x: !torch.vtensor<[1,2,8,8],f32>, %w: !torch.vtensor<[3,2,3,3],f32>) -> (!torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.vtensor<[3],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %bias = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %stride = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %padding = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %dilation = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %outpad = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %mask = torch.prim.ListConstruct %true, %true, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %0:3 = torch.aten.convolution_backward %g, %x, %w, %bias, %stride, %padding, %dilation, %false, %outpad, %int1, %mask : !torch.vtensor<[1,3,4,4],f32>, !torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.vtensor<[3],f32>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.vtensor<[3],f32>
}

// -----

// A grouped convolution's gradient is not decomposed (yet): it stays.
// CHECK-LABEL: func.func @grouped_convolution_backward(
// CHECK:         torch.aten.convolution_backward
func.func @grouped_convolution_backward(%g: !torch.vtensor<[1,4,4,4],f32>, %x: !torch.vtensor<[1,4,6,6],f32>, %w: !torch.vtensor<[4,2,3,3],f32>) -> !torch.vtensor<[1,4,6,6],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %none = torch.constant.none
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %mask = torch.prim.ListConstruct %true, %false, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %0:3 = torch.aten.convolution_backward %g, %x, %w, %none, %ones, %zeros, %ones, %false, %zeros, %int2, %mask : !torch.vtensor<[1,4,4,4],f32>, !torch.vtensor<[1,4,6,6],f32>, !torch.vtensor<[4,2,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,4,6,6],f32>, !torch.none, !torch.none
  return %0#0 : !torch.vtensor<[1,4,6,6],f32>
}

// -----

// max_pool2d_with_indices_backward: grad added into zeros at the indices,
// over the flattened spatial dims.
// CHECK-LABEL: func.func @max_pool2d_backward(
// CHECK:         %[[Z:.*]] = torch.aten.zeros_like %arg1
// CHECK:         %[[ZF:.*]] = torch.aten.flatten.using_ints %[[Z]], %int2, %int3 {{.*}} -> !torch.vtensor<[1,2,16],f32>
// CHECK:         %[[I:.*]] = torch.aten.flatten.using_ints %arg2, %int2, %int3 {{.*}} -> !torch.vtensor<[1,2,4],si64>
// CHECK:         %[[G:.*]] = torch.aten.flatten.using_ints %arg0, %int2, %int3 {{.*}} -> !torch.vtensor<[1,2,4],f32>
// CHECK:         %[[S:.*]] = torch.aten.scatter_add %[[ZF]], %int2, %[[I]], %[[G]]
// CHECK:         torch.aten.view %[[S]]
func.func @max_pool2d_backward(%g: !torch.vtensor<[1,2,2,2],f32>, %x: !torch.vtensor<[1,2,4,4],f32>, %i: !torch.vtensor<[1,2,2,2],si64>) -> !torch.vtensor<[1,2,4,4],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.max_pool2d_with_indices_backward %g, %x, %k, %k, %p, %d, %false, %i : !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[1,2,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.vtensor<[1,2,2,2],si64> -> !torch.vtensor<[1,2,4,4],f32>
  return %0 : !torch.vtensor<[1,2,4,4],f32>
}

// -----

// Of the output y: tanh_backward = grad * (1 - y^2), sigmoid_backward =
// grad * y * (1 - y); a dynamic dim.
// CHECK-LABEL: func.func @tanh_sigmoid_backward(
// CHECK-SAME:      %[[G:.*]]: !torch.vtensor<[3,?],f32>, %[[Y:.*]]: !torch.vtensor<[3,?],f32>)
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %[[Y]], %[[Y]]
// CHECK:         %[[D:.*]] = torch.aten.rsub.Scalar %[[SQ]], %float1.000000e00, %int1
// CHECK:         %[[R0:.*]] = torch.aten.mul.Tensor %[[G]], %[[D]] : {{.*}} -> !torch.vtensor<[3,?],f32>
// CHECK:         %[[C:.*]] = torch.aten.rsub.Scalar %[[Y]], %float1.000000e00, %int1
// CHECK:         %[[YC:.*]] = torch.aten.mul.Tensor %[[Y]], %[[C]]
// CHECK:         %[[R1:.*]] = torch.aten.mul.Tensor %[[G]], %[[YC]]
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.aten.tanh_backward
// CHECK-NOT:     torch.aten.sigmoid_backward
func.func @tanh_sigmoid_backward(%g: !torch.vtensor<[3,?],f32>, %y: !torch.vtensor<[3,?],f32>) -> (!torch.vtensor<[3,?],f32>, !torch.vtensor<[3,?],f32>) {
  %0 = torch.aten.tanh_backward %g, %y : !torch.vtensor<[3,?],f32>, !torch.vtensor<[3,?],f32> -> !torch.vtensor<[3,?],f32>
  %1 = torch.aten.sigmoid_backward %g, %y : !torch.vtensor<[3,?],f32>, !torch.vtensor<[3,?],f32> -> !torch.vtensor<[3,?],f32>
  return %0, %1 : !torch.vtensor<[3,?],f32>, !torch.vtensor<[3,?],f32>
}

// -----

// gelu_backward, approximate "none": grad * (cdf(x) + x * pdf(x)), cdf =
// (1 + erf(x / sqrt 2)) / 2, pdf = exp(-x^2 / 2) / sqrt(2 pi). "tanh":
// grad * (0.5 (1 + t) + 0.5 x (1 - t^2) u'), t = tanh(sqrt(2/pi) (x +
// 0.044715 x^3)), u' = sqrt(2/pi) (1 + 3 * 0.044715 x^2).
// CHECK-LABEL: func.func @gelu_backward(
// CHECK-SAME:      %[[G:.*]]: !torch.vtensor<[4],f32>, %[[X:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[XS:.*]] = torch.aten.mul.Scalar %[[X]], %float7.071068e-01
// CHECK:         %[[ERF:.*]] = torch.aten.erf %[[XS]]
// CHECK:         %[[E1:.*]] = torch.aten.add.Scalar %[[ERF]], %float1.000000e00, %int1
// CHECK:         %[[CDF:.*]] = torch.aten.mul.Scalar %[[E1]], %float5.000000e-01
// CHECK:         %[[X2:.*]] = torch.aten.mul.Tensor %[[X]], %[[X]]
// CHECK:         %[[H:.*]] = torch.aten.mul.Scalar %[[X2]], %float-5.000000e-01
// CHECK:         %[[EX:.*]] = torch.aten.exp %[[H]]
// CHECK:         %[[PDF:.*]] = torch.aten.mul.Scalar %[[EX]], %float3.989423e-01
// CHECK:         %[[XP:.*]] = torch.aten.mul.Tensor %[[X]], %[[PDF]]
// CHECK:         %[[DER:.*]] = torch.aten.add.Tensor %[[CDF]], %[[XP]], %int1
// CHECK:         %[[R0:.*]] = torch.aten.mul.Tensor %[[G]], %[[DER]]
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %[[X]], %[[X]]
// CHECK:         %[[CU:.*]] = torch.aten.mul.Tensor %[[SQ]], %[[X]]
// CHECK:         %[[K:.*]] = torch.aten.mul.Scalar %[[CU]], %float4.471500e-02
// CHECK:         %[[IN:.*]] = torch.aten.add.Tensor %[[X]], %[[K]], %int1
// CHECK:         %[[U:.*]] = torch.aten.mul.Scalar %[[IN]], %float7.978846e-01
// CHECK:         %[[T:.*]] = torch.aten.tanh %[[U]]
// CHECK:         %[[K3:.*]] = torch.aten.mul.Scalar %[[SQ]], %float1.341450e-01
// CHECK:         %[[K31:.*]] = torch.aten.add.Scalar %[[K3]], %float1.000000e00, %int1
// CHECK:         %[[UD:.*]] = torch.aten.mul.Scalar %[[K31]], %float7.978846e-01
// CHECK:         %[[T1:.*]] = torch.aten.add.Scalar %[[T]], %float1.000000e00, %int1
// CHECK:         %[[LEFT:.*]] = torch.aten.mul.Scalar %[[T1]], %float5.000000e-01
// CHECK:         %[[HX:.*]] = torch.aten.mul.Scalar %[[X]], %float5.000000e-01
// CHECK:         %[[TT:.*]] = torch.aten.mul.Tensor %[[T]], %[[T]]
// CHECK:         %[[SECH:.*]] = torch.aten.rsub.Scalar %[[TT]], %float1.000000e00, %int1
// CHECK:         %[[SU:.*]] = torch.aten.mul.Tensor %[[SECH]], %[[UD]]
// CHECK:         %[[RIGHT:.*]] = torch.aten.mul.Tensor %[[HX]], %[[SU]]
// CHECK:         %[[DT:.*]] = torch.aten.add.Tensor %[[LEFT]], %[[RIGHT]], %int1
// CHECK:         %[[R1:.*]] = torch.aten.mul.Tensor %[[G]], %[[DT]]
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.aten.gelu_backward
func.func @gelu_backward(%g: !torch.vtensor<[4],f32>, %x: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %none = torch.constant.str "none"
  %tanh = torch.constant.str "tanh"
  %0 = torch.aten.gelu_backward %g, %x, %none : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  %1 = torch.aten.gelu_backward %g, %x, %tanh : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  return %0, %1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}

// -----

// elu_backward (alpha 2, scale 1.5, input_scale 0.5): grad * 1.5 where the
// input is > 0; else of the input grad * exp(0.5 x) * (0.5 * 2 * 1.5), of
// the result (is_result) grad * (y + 2 * 1.5) * 0.5.
// CHECK-LABEL: func.func @elu_backward(
// CHECK-SAME:      %[[G:.*]]: !torch.vtensor<[4],f32>, %[[X:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[XS:.*]] = torch.aten.mul.Scalar %[[X]], %float5.000000e-01
// CHECK:         %[[E:.*]] = torch.aten.exp %[[XS]]
// CHECK:         %[[GE:.*]] = torch.aten.mul.Tensor %[[G]], %[[E]]
// CHECK:         %[[NEG:.*]] = torch.aten.mul.Scalar %[[GE]], %float1.500000e00
// CHECK:         %[[P:.*]] = torch.aten.gt.Scalar %[[X]], %float0.000000e00
// CHECK:         %[[POS:.*]] = torch.aten.mul.Scalar %[[G]], %float1.500000e00
// CHECK:         %[[R0:.*]] = torch.aten.where.self %[[P]], %[[POS]], %[[NEG]]
// CHECK:         %[[YS:.*]] = torch.aten.add.Scalar %[[X]], %float3.000000e00, %int1
// CHECK:         %[[GY:.*]] = torch.aten.mul.Tensor %[[G]], %[[YS]]
// CHECK:         %[[NEG1:.*]] = torch.aten.mul.Scalar %[[GY]], %float5.000000e-01
// CHECK:         %[[P1:.*]] = torch.aten.gt.Scalar %[[X]], %float0.000000e00
// CHECK:         %[[POS1:.*]] = torch.aten.mul.Scalar %[[G]], %float1.500000e00
// CHECK:         %[[R1:.*]] = torch.aten.where.self %[[P1]], %[[POS1]], %[[NEG1]]
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.aten.elu_backward
func.func @elu_backward(%g: !torch.vtensor<[4],f32>, %x: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %alpha = torch.constant.float 2.000000e+00
  %scale = torch.constant.float 1.500000e+00
  %iscale = torch.constant.float 5.000000e-01
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %0 = torch.aten.elu_backward %g, %alpha, %scale, %iscale, %false, %x : !torch.vtensor<[4],f32>, !torch.float, !torch.float, !torch.float, !torch.bool, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.elu_backward %g, %alpha, %scale, %iscale, %true, %x : !torch.vtensor<[4],f32>, !torch.float, !torch.float, !torch.float, !torch.bool, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0, %1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}

// -----

// leaky_relu_backward: grad where x > 0, else grad * slope; hardtanh_backward:
// grad strictly inside (min, max), else 0.
// CHECK-LABEL: func.func @leaky_relu_hardtanh_backward(
// CHECK-SAME:      %[[G:.*]]: !torch.vtensor<[4],f32>, %[[X:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[P:.*]] = torch.aten.gt.Scalar %[[X]], %float0.000000e00
// CHECK:         %[[S:.*]] = torch.aten.mul.Scalar %[[G]], %float1.000000e-01
// CHECK:         %[[R0:.*]] = torch.aten.where.self %[[P]], %[[G]], %[[S]]
// CHECK:         %[[LO:.*]] = torch.aten.gt.Scalar %[[X]], %float-2.000000e00
// CHECK:         %[[HI:.*]] = torch.aten.lt.Scalar %[[X]], %float3.000000e00
// CHECK:         %[[IN:.*]] = torch.aten.logical_and %[[LO]], %[[HI]]
// CHECK:         %[[R1:.*]] = torch.aten.where.ScalarOther %[[IN]], %[[G]], %float0.000000e00
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.aten.leaky_relu_backward
// CHECK-NOT:     torch.aten.hardtanh_backward
func.func @leaky_relu_hardtanh_backward(%g: !torch.vtensor<[4],f32>, %x: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %slope = torch.constant.float 1.000000e-01
  %false = torch.constant.bool false
  %min = torch.constant.float -2.000000e+00
  %max = torch.constant.float 3.000000e+00
  %0 = torch.aten.leaky_relu_backward %g, %x, %slope, %false : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[4],f32>
  %1 = torch.aten.hardtanh_backward %g, %x, %min, %max : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float, !torch.float -> !torch.vtensor<[4],f32>
  return %0, %1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}

// -----

// softplus_backward (beta 2, threshold 20): grad where 2x > 20, else
// grad * z / (z + 1), z = exp(2x); log_sigmoid_backward: grad * sigmoid(-x)
// (the buffer unread).
// CHECK-LABEL: func.func @softplus_log_sigmoid_backward(
// CHECK-SAME:      %[[G:.*]]: !torch.vtensor<[4],f32>, %[[X:.*]]: !torch.vtensor<[4],f32>, %[[BUF:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[BX:.*]] = torch.aten.mul.Scalar %[[X]], %float2.000000e00
// CHECK:         %[[Z:.*]] = torch.aten.exp %[[BX]]
// CHECK:         %[[Z1:.*]] = torch.aten.add.Scalar %[[Z]], %float1.000000e00, %int1
// CHECK:         %[[Q:.*]] = torch.aten.div.Tensor %[[Z]], %[[Z1]]
// CHECK:         %[[GQ:.*]] = torch.aten.mul.Tensor %[[G]], %[[Q]]
// CHECK:         %[[BIG:.*]] = torch.aten.gt.Scalar %[[BX]], %float2.000000e01
// CHECK:         %[[R0:.*]] = torch.aten.where.self %[[BIG]], %[[G]], %[[GQ]]
// CHECK:         %[[N:.*]] = torch.aten.neg %[[X]]
// CHECK:         %[[S:.*]] = torch.aten.sigmoid %[[N]]
// CHECK:         %[[R1:.*]] = torch.aten.mul.Tensor %[[G]], %[[S]]
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.aten.softplus_backward
// CHECK-NOT:     torch.aten.log_sigmoid_backward
func.func @softplus_log_sigmoid_backward(%g: !torch.vtensor<[4],f32>, %x: !torch.vtensor<[4],f32>, %buf: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %beta = torch.constant.float 2.000000e+00
  %th = torch.constant.float 2.000000e+01
  %0 = torch.aten.softplus_backward %g, %x, %beta, %th : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float, !torch.float -> !torch.vtensor<[4],f32>
  %1 = torch.aten.log_sigmoid_backward %g, %x, %buf : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0, %1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}

// -----

// The operators silu_backward = grad * s * (1 + x (1 - s)), s = sigmoid(x);
// hardswish_backward = 0 below -3, grad * (x / 3 + 1/2) up to 3, grad above;
// hardsigmoid_backward = grad / 6 strictly inside (-3, 3), else 0.
// CHECK-LABEL: func.func @activation_backward_operators(
// CHECK-SAME:      %[[G:.*]]: !torch.vtensor<[4],f32>, %[[X:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[S:.*]] = torch.aten.sigmoid %[[X]]
// CHECK:         %[[C:.*]] = torch.aten.rsub.Scalar %[[S]], %float1.000000e00, %int1
// CHECK:         %[[XC:.*]] = torch.aten.mul.Tensor %[[X]], %[[C]]
// CHECK:         %[[XC1:.*]] = torch.aten.add.Scalar %[[XC]], %float1.000000e00, %int1
// CHECK:         %[[D:.*]] = torch.aten.mul.Tensor %[[S]], %[[XC1]]
// CHECK:         %[[R0:.*]] = torch.aten.mul.Tensor %[[G]], %[[D]]
// CHECK:         %[[X3:.*]] = torch.aten.mul.Scalar %[[X]], %float3.333333e-01
// CHECK:         %[[X3H:.*]] = torch.aten.add.Scalar %[[X3]], %float5.000000e-01, %int1
// CHECK:         %[[MID:.*]] = torch.aten.mul.Tensor %[[G]], %[[X3H]]
// CHECK:         %[[LE:.*]] = torch.aten.le.Scalar %[[X]], %float3.000000e00
// CHECK:         %[[UP:.*]] = torch.aten.where.self %[[LE]], %[[MID]], %[[G]]
// CHECK:         %[[GE:.*]] = torch.aten.ge.Scalar %[[X]], %float-3.000000e00
// CHECK:         %[[R1:.*]] = torch.aten.where.ScalarOther %[[GE]], %[[UP]], %float0.000000e00
// CHECK:         %[[GT:.*]] = torch.aten.gt.Scalar %[[X]], %float-3.000000e00
// CHECK:         %[[LT:.*]] = torch.aten.lt.Scalar %[[X]], %float3.000000e00
// CHECK:         %[[IN:.*]] = torch.aten.logical_and %[[GT]], %[[LT]]
// CHECK:         %[[G6:.*]] = torch.aten.mul.Scalar %[[G]], %float1.666667e-01
// CHECK:         %[[R2:.*]] = torch.aten.where.ScalarOther %[[IN]], %[[G6]], %float0.000000e00
// CHECK:         return %[[R0]], %[[R1]], %[[R2]]
// CHECK-NOT:     torch.operator
func.func @activation_backward_operators(%g: !torch.vtensor<[4],f32>, %x: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %0 = torch.operator "aten.silu_backward"(%g, %x) : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  %1 = torch.operator "aten.hardswish_backward"(%g, %x) : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  %2 = torch.operator "aten.hardsigmoid_backward"(%g, %x) : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0, %1, %2 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}

// -----

// _log_softmax_backward_data(grad, y) along dim 0 = grad - exp(y) * sum(grad,
// dim, keepdim).
// CHECK-LABEL: func.func @log_softmax_backward(
// CHECK-SAME:      %[[G:.*]]: !torch.vtensor<[3,4],f32>, %[[Y:.*]]: !torch.vtensor<[3,4],f32>)
// CHECK:         %[[E:.*]] = torch.aten.exp %[[Y]]
// CHECK:         %[[D:.*]] = torch.prim.ListConstruct %int0
// CHECK:         %[[S:.*]] = torch.aten.sum.dim_IntList %[[G]], %[[D]], %true, %none : {{.*}} -> !torch.vtensor<[1,4],f32>
// CHECK:         %[[M:.*]] = torch.aten.mul.Tensor %[[E]], %[[S]]
// CHECK:         %[[R:.*]] = torch.aten.sub.Tensor %[[G]], %[[M]], %int1
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten._log_softmax_backward_data
func.func @log_softmax_backward(%g: !torch.vtensor<[3,4],f32>, %y: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %int0 = torch.constant.int 0
  %int6 = torch.constant.int 6
  %0 = torch.aten._log_softmax_backward_data %g, %y, %int0, %int6 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// mse_loss_backward, mean over 6 elements: 2 (x - t) grad / 6;
// binary_cross_entropy_backward, sum: grad (x - t) / max((1 - x) x, 1e-12)
// times the weight.
// CHECK-LABEL: func.func @loss_backward(
// CHECK-SAME:      %[[G:.*]]: !torch.vtensor<[],f32>, %[[X:.*]]: !torch.vtensor<[2,3],f32>, %[[T:.*]]: !torch.vtensor<[2,3],f32>, %[[W:.*]]: !torch.vtensor<[2,3],f32>)
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %[[X]], %[[T]], %int1
// CHECK:         %[[DG:.*]] = torch.aten.mul.Tensor %[[D]], %[[G]]
// CHECK:         %[[R0:.*]] = torch.aten.mul.Scalar %[[DG]], %float3.333333e-01
// CHECK:         %[[D1:.*]] = torch.aten.sub.Tensor %[[X]], %[[T]], %int1
// CHECK:         %[[C:.*]] = torch.aten.rsub.Scalar %[[X]], %float1.000000e00, %int1
// CHECK:         %[[CX:.*]] = torch.aten.mul.Tensor %[[C]], %[[X]]
// CHECK:         %[[DEN:.*]] = torch.aten.clamp_min %[[CX]], %float1.000000e-12
// CHECK:         %[[DG1:.*]] = torch.aten.mul.Tensor %[[D1]], %[[G]]
// CHECK:         %[[Q:.*]] = torch.aten.div.Tensor %[[DG1]], %[[DEN]]
// CHECK:         %[[QN:.*]] = torch.aten.mul.Scalar %[[Q]], %float1.000000e00
// CHECK:         %[[R1:.*]] = torch.aten.mul.Tensor %[[QN]], %[[W]]
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.aten.mse_loss_backward
// CHECK-NOT:     torch.aten.binary_cross_entropy_backward
func.func @loss_backward(%g: !torch.vtensor<[],f32>, %x: !torch.vtensor<[2,3],f32>, %t: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %0 = torch.aten.mse_loss_backward %g, %x, %t, %int1 : !torch.vtensor<[],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.binary_cross_entropy_backward %g, %x, %t, %w, %int2 : !torch.vtensor<[],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0, %1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
}

// -----

// native_dropout_backward(grad, mask, scale) = grad * mask * scale.
// CHECK-LABEL: func.func @native_dropout_backward(
// CHECK-SAME:      %[[G:.*]]: !torch.vtensor<[2,3],f32>, %[[M:.*]]: !torch.vtensor<[2,3],i1>)
// CHECK:         %[[F:.*]] = torch.aten.to.dtype %[[M]], %int6, {{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK:         %[[GM:.*]] = torch.aten.mul.Tensor %[[G]], %[[F]]
// CHECK:         %[[R:.*]] = torch.aten.mul.Scalar %[[GM]], %float1.250000e00
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.native_dropout_backward
func.func @native_dropout_backward(%g: !torch.vtensor<[2,3],f32>, %m: !torch.vtensor<[2,3],i1>) -> !torch.vtensor<[2,3],f32> {
  %s = torch.constant.float 1.250000e+00
  %0 = torch.aten.native_dropout_backward %g, %m, %s : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],i1>, !torch.float -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// rrelu_with_noise_backward: in training grad * noise (the slopes drawn);
// outside it leaky_relu's derivative at the mean slope (0.125 + 0.375) / 2.
// CHECK-LABEL: func.func @rrelu_with_noise_backward(
// CHECK-SAME:      %[[G:.*]]: !torch.vtensor<[4],f32>, %[[X:.*]]: !torch.vtensor<[4],f32>, %[[N:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[R0:.*]] = torch.aten.mul.Tensor %[[G]], %[[N]]
// CHECK:         %[[P:.*]] = torch.aten.gt.Scalar %[[X]], %float0.000000e00
// CHECK:         %[[S:.*]] = torch.aten.mul.Scalar %[[G]], %float2.500000e-01
// CHECK:         %[[R1:.*]] = torch.aten.where.self %[[P]], %[[G]], %[[S]]
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.aten.rrelu_with_noise_backward
func.func @rrelu_with_noise_backward(%g: !torch.vtensor<[4],f32>, %x: !torch.vtensor<[4],f32>, %n: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %lower = torch.constant.float 1.250000e-01
  %upper = torch.constant.float 3.750000e-01
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %0 = torch.aten.rrelu_with_noise_backward %g, %x, %n, %lower, %upper, %true, %false : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float, !torch.float, !torch.bool, !torch.bool -> !torch.vtensor<[4],f32>
  %1 = torch.aten.rrelu_with_noise_backward %g, %x, %n, %lower, %upper, %false, %false : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float, !torch.float, !torch.bool, !torch.bool -> !torch.vtensor<[4],f32>
  return %0, %1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}

// -----

// embedding_dense_backward, padding_idx 0: grad's rows ([6, 4]) with those
// of index 0 zeroed, added into zeros [10, 4] at the flattened indices.
// CHECK-LABEL: func.func @embedding_dense_backward(
// CHECK-SAME:      %[[G:.*]]: !torch.vtensor<[2,3,4],f32>, %[[I:.*]]: !torch.vtensor<[2,3],si64>)
// CHECK:         %[[FI:.*]] = torch.aten.flatten.using_ints %[[I]], %int0, %int1 : {{.*}} -> !torch.vtensor<[6],si64>
// CHECK:         %[[ROWS:.*]] = torch.aten.view %[[G]], {{.*}} -> !torch.vtensor<[6,4],f32>
// CHECK:         %[[K:.*]] = torch.aten.ne.Scalar %[[FI]], %int0 : {{.*}} -> !torch.vtensor<[6],i1>
// CHECK:         %[[KC:.*]] = torch.aten.unsqueeze %[[K]], %int1 : {{.*}} -> !torch.vtensor<[6,1],i1>
// CHECK:         %[[KEPT:.*]] = torch.aten.where.ScalarOther %[[KC]], %[[ROWS]], %float0.000000e00
// CHECK:         %[[SZ:.*]] = torch.prim.ListConstruct %int10, %int4
// CHECK:         %[[Z:.*]] = torch.aten.zeros %[[SZ]], %int6, {{.*}} -> !torch.vtensor<[10,4],f32>
// CHECK:         %[[L:.*]] = torch.prim.ListConstruct %[[FI]]
// CHECK:         %[[R:.*]] = torch.aten.index_put.hacked_twin %[[Z]], %[[L]], %[[KEPT]], %true
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.embedding_dense_backward
func.func @embedding_dense_backward(%g: !torch.vtensor<[2,3,4],f32>, %i: !torch.vtensor<[2,3],si64>) -> !torch.vtensor<[10,4],f32> {
  %int10 = torch.constant.int 10
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %0 = torch.aten.embedding_dense_backward %g, %i, %int10, %int0, %false : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3],si64>, !torch.int, !torch.int, !torch.bool -> !torch.vtensor<[10,4],f32>
  return %0 : !torch.vtensor<[10,4],f32>
}

// -----

// nll_loss_backward, mean, class weights: -grad * w[c] / total_weight at each
// row's target class (none for rows whose target is ignore_index), else 0.
// CHECK-LABEL: func.func @nll_loss_backward(
// CHECK-SAME:      %[[G:.*]]: !torch.vtensor<[],f32>, %[[X:.*]]: !torch.vtensor<[4,3],f32>, %[[T:.*]]: !torch.vtensor<[4],si64>, %[[W:.*]]: !torch.vtensor<[3],f32>, %[[TW:.*]]: !torch.vtensor<[],f32>)
// CHECK:         %[[C:.*]] = torch.aten.arange.start_step %int0, %int3, {{.*}} -> !torch.vtensor<[3],si64>
// CHECK:         %[[ROW:.*]] = torch.aten.unsqueeze %[[C]], %int0
// CHECK:         %[[COL:.*]] = torch.aten.unsqueeze %[[T]], %int1
// CHECK:         %[[HIT:.*]] = torch.aten.eq.Tensor %[[ROW]], %[[COL]] : {{.*}} -> !torch.vtensor<[4,3],i1>
// CHECK:         %[[KEEP:.*]] = torch.aten.ne.Scalar %[[COL]], %int-100
// CHECK:         %[[MASK:.*]] = torch.aten.logical_and %[[HIT]], %[[KEEP]]
// CHECK:         %[[ONES:.*]] = torch.aten.ones_like %[[X]]
// CHECK:         %[[M:.*]] = torch.aten.where.ScalarOther %[[MASK]], %[[ONES]], %float0.000000e00
// CHECK:         %[[MG:.*]] = torch.aten.mul.Tensor %[[M]], %[[G]]
// CHECK:         %[[MW:.*]] = torch.aten.mul.Tensor %[[MG]], %[[W]]
// CHECK:         %[[MD:.*]] = torch.aten.div.Tensor %[[MW]], %[[TW]]
// CHECK:         %[[R:.*]] = torch.aten.mul.Scalar %[[MD]], %float-1.000000e00
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.nll_loss_backward
func.func @nll_loss_backward(%g: !torch.vtensor<[],f32>, %x: !torch.vtensor<[4,3],f32>, %t: !torch.vtensor<[4],si64>, %w: !torch.vtensor<[3],f32>, %tw: !torch.vtensor<[],f32>) -> !torch.vtensor<[4,3],f32> {
  %int1 = torch.constant.int 1
  %int-100 = torch.constant.int -100
  %0 = torch.aten.nll_loss_backward %g, %x, %t, %w, %int1, %int-100, %tw : !torch.vtensor<[],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[4],si64>, !torch.vtensor<[3],f32>, !torch.int, !torch.int, !torch.vtensor<[],f32> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// avg_pool2d_backward, kernel 3, stride 2, padding 1, pad not counted (5x5 ->
// 3x3): grad divided by each window's count of input elements (a literal),
// spread by a transposed convolution of ones (stride 2: 7x7 per plane),
// cropped by the padding to 5x5, viewed back.
// CHECK-LABEL: func.func @avg_pool2d_backward(
// CHECK-SAME:      %[[G:.*]]: !torch.vtensor<[1,2,3,3],f32>, %[[X:.*]]: !torch.vtensor<[1,2,5,5],f32>)
// CHECK:         %[[ONES:.*]] = torch.vtensor.literal(dense<1.000000e+00> : tensor<1x1x3x3xf32>)
// CHECK:         %[[DIV:.*]] = torch.vtensor.literal(dense<{{\[}}[4.000000e+00, 6.000000e+00, 4.000000e+00], [6.000000e+00, 9.000000e+00, 6.000000e+00], [4.000000e+00, 6.000000e+00, 4.000000e+00]]> : tensor<3x3xf32>)
// CHECK:         %[[Q:.*]] = torch.aten.div.Tensor %[[G]], %[[DIV]]
// CHECK:         %[[P:.*]] = torch.aten.view %[[Q]], {{.*}} -> !torch.vtensor<[2,1,3,3],f32>
// CHECK:         %[[S:.*]] = torch.prim.ListConstruct %int2, %int2
// CHECK:         %[[T:.*]] = torch.aten.convolution %[[P]], %[[ONES]], %none, %[[S]], {{.*}}, %true, {{.*}} -> !torch.vtensor<[2,1,7,7],f32>
// CHECK:         %[[C1:.*]] = torch.aten.slice.Tensor %[[T]], %int3, %int1, %int6, %int1
// CHECK:         %[[C2:.*]] = torch.aten.slice.Tensor %[[C1]], %int2, %int1, %int6, %int1 : {{.*}} -> !torch.vtensor<[2,1,5,5],f32>
// CHECK:         %[[R:.*]] = torch.aten.view %[[C2]], {{.*}} -> !torch.vtensor<[1,2,5,5],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.avg_pool2d_backward
func.func @avg_pool2d_backward(%g: !torch.vtensor<[1,2,3,3],f32>, %x: !torch.vtensor<[1,2,5,5],f32>) -> !torch.vtensor<[1,2,5,5],f32> {
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %none = torch.constant.none
  %k = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.avg_pool2d_backward %g, %x, %k, %s, %p, %false, %false, %none : !torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[1,2,5,5],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[1,2,5,5],f32>
  return %0 : !torch.vtensor<[1,2,5,5],f32>
}

// -----

// _adaptive_avg_pool2d_backward ([5, 4] -> [3, 2], uneven windows): Mh^T
// grad Mw, as grad @ Mw then (.)^T @ Mh (literal averaging matrices; the
// matmuls decomposed to mm).
// CHECK-LABEL: func.func @adaptive_avg_pool2d_backward(
// CHECK-SAME:      %[[G:.*]]: !torch.vtensor<[2,3,2],f32>, %[[X:.*]]: !torch.vtensor<[2,5,4],f32>)
// CHECK:         %[[MH:.*]] = torch.vtensor.literal(dense<{{\[}}[5.000000e-01, 5.000000e-01, 0.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 0.333333343, 0.333333343, 0.333333343, 0.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00, 5.000000e-01, 5.000000e-01]]> : tensor<3x5xf32>)
// CHECK:         %[[MW:.*]] = torch.vtensor.literal(dense<{{\[}}[5.000000e-01, 5.000000e-01, 0.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 5.000000e-01, 5.000000e-01]]> : tensor<2x4xf32>)
// CHECK:         %[[F:.*]] = torch.aten.flatten.using_ints %[[G]], %int0, %int1 : {{.*}} -> !torch.vtensor<[6,2],f32>
// CHECK:         %[[C:.*]] = torch.aten.mm %[[F]], %[[MW]] : {{.*}} -> !torch.vtensor<[6,4],f32>
// CHECK:         %[[CV:.*]] = torch.aten.view %[[C]], {{.*}} -> !torch.vtensor<[2,3,4],f32>
// CHECK:         %[[T:.*]] = torch.aten.transpose.int %[[CV]], %int1, %int2 : {{.*}} -> !torch.vtensor<[2,4,3],f32>
// CHECK:         %[[TF:.*]] = torch.aten.flatten.using_ints %[[T]], %int0, %int1 : {{.*}} -> !torch.vtensor<[8,3],f32>
// CHECK:         %[[RW:.*]] = torch.aten.mm %[[TF]], %[[MH]] : {{.*}} -> !torch.vtensor<[8,5],f32>
// CHECK:         %[[RV:.*]] = torch.aten.view %[[RW]], {{.*}} -> !torch.vtensor<[2,4,5],f32>
// CHECK:         %[[R:.*]] = torch.aten.transpose.int %[[RV]], %int1, %int2 : {{.*}} -> !torch.vtensor<[2,5,4],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten._adaptive_avg_pool2d_backward
func.func @adaptive_avg_pool2d_backward(%g: !torch.vtensor<[2,3,2],f32>, %x: !torch.vtensor<[2,5,4],f32>) -> !torch.vtensor<[2,5,4],f32> {
  %0 = torch.aten._adaptive_avg_pool2d_backward %g, %x : !torch.vtensor<[2,3,2],f32>, !torch.vtensor<[2,5,4],f32> -> !torch.vtensor<[2,5,4],f32>
  return %0 : !torch.vtensor<[2,5,4],f32>
}

// -----

// native_layer_norm_backward over the last dim, all three results: with
// xhat = (x - mean) rstd and g = grad * w, grad_input = rstd (g - mean(g) -
// xhat mean(g xhat)), grad_weight = sum(grad xhat) and grad_bias = sum(grad)
// over dims [0, 1].
// CHECK-LABEL: func.func @native_layer_norm_backward(
// CHECK-SAME:      %[[G:.*]]: !torch.vtensor<[2,3,4],f32>, %[[X:.*]]: !torch.vtensor<[2,3,4],f32>, %[[MEAN:.*]]: !torch.vtensor<[2,3,1],f32>, %[[RSTD:.*]]: !torch.vtensor<[2,3,1],f32>, %[[W:.*]]: !torch.vtensor<[4],f32>, %[[B:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[C:.*]] = torch.aten.sub.Tensor %[[X]], %[[MEAN]], %int1
// CHECK:         %[[XH:.*]] = torch.aten.mul.Tensor %[[C]], %[[RSTD]]
// CHECK:         %[[GW:.*]] = torch.aten.mul.Tensor %[[G]], %[[W]]
// CHECK:         %[[MG:.*]] = torch.aten.mean.dim %[[GW]], %{{.*}}, %true, %none : {{.*}} -> !torch.vtensor<[2,3,1],f32>
// CHECK:         %[[A:.*]] = torch.aten.sub.Tensor %[[GW]], %[[MG]], %int1
// CHECK:         %[[GX:.*]] = torch.aten.mul.Tensor %[[GW]], %[[XH]]
// CHECK:         %[[MGX:.*]] = torch.aten.mean.dim %[[GX]], %{{.*}}, %true, %none
// CHECK:         %[[XM:.*]] = torch.aten.mul.Tensor %[[XH]], %[[MGX]]
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %[[A]], %[[XM]], %int1
// CHECK:         %[[GI:.*]] = torch.aten.mul.Tensor %[[D]], %[[RSTD]]
// CHECK:         %[[GXH:.*]] = torch.aten.mul.Tensor %[[G]], %[[XH]]
// CHECK:         %[[OUT:.*]] = torch.prim.ListConstruct %int0, %int1
// CHECK:         %[[GWT:.*]] = torch.aten.sum.dim_IntList %[[GXH]], %[[OUT]], %false, %none : {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         %[[GB:.*]] = torch.aten.sum.dim_IntList %[[G]], %{{.*}}, %false, %none : {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         return %[[GI]], %[[GWT]], %[[GB]]
// CHECK-NOT:     torch.aten.native_layer_norm_backward
func.func @native_layer_norm_backward(%g: !torch.vtensor<[2,3,4],f32>, %x: !torch.vtensor<[2,3,4],f32>, %mean: !torch.vtensor<[2,3,1],f32>, %rstd: !torch.vtensor<[2,3,1],f32>, %w: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %int4 = torch.constant.int 4
  %true = torch.constant.bool true
  %shape = torch.prim.ListConstruct %int4 : (!torch.int) -> !torch.list<int>
  %mask = torch.prim.ListConstruct %true, %true, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %0:3 = torch.aten.native_layer_norm_backward %g, %x, %shape, %mean, %rstd, %w, %b, %mask : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.list<bool> -> !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}
