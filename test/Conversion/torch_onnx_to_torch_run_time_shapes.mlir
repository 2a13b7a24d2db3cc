// convert-torch-onnx-to-torch with sizes known only at run time: they are
// read with aten.size.int and _shape_as_tensor, and a shape operand's
// elements with select and Int.Tensor.
// RUN: torch-mlir-opt %s -convert-torch-onnx-to-torch -split-input-file | FileCheck %s

// Shape of a tensor of dynamic sizes: _shape_as_tensor, sliced.
// CHECK-LABEL: func.func @shape(
// CHECK:         %[[ALL:.*]] = torch.aten._shape_as_tensor %arg0 : !torch.vtensor<[?,?,4],f32> -> !torch.vtensor<[3],si64>
// CHECK:         torch.aten.slice.Tensor %[[ALL]], {{.*}} : !torch.vtensor<[3],si64>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2],si64>
func.func @shape(%x: !torch.vtensor<[?,?,4],f32>) -> !torch.vtensor<[2],si64>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Shape"(%x) {torch.onnx.end = 2 : si64} : (!torch.vtensor<[?,?,4],f32>) -> !torch.vtensor<[2],si64>
  return %0 : !torch.vtensor<[2],si64>
}

// -----

// CHECK-LABEL: func.func @size(
// CHECK:         %[[N:.*]] = torch.aten.size.int %arg0, %int0
// CHECK:         %[[COUNT:.*]] = torch.aten.mul.int %{{.*}}, %int3
// CHECK:         torch.prim.NumToTensor.Scalar %[[COUNT]] : !torch.int -> !torch.vtensor<[],si64>
func.func @size(%x: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[],si64>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Size"(%x) : (!torch.vtensor<[?,3],f32>) -> !torch.vtensor<[],si64>
  return %0 : !torch.vtensor<[],si64>
}

// -----

// Two dynamic sizes: each the shape operand's element, where 0 copies the
// input's size.
// CHECK-LABEL: func.func @reshape_two_dynamic(
// CHECK:         %[[E0:.*]] = torch.aten.select.int %arg1, %int0{{.*}}, %int0{{.*}} : !torch.vtensor<[4],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
// CHECK:         %[[V0:.*]] = torch.aten.Int.Tensor %[[E0]]
// CHECK:         %[[V1:.*]] = torch.aten.Int.Tensor
// CHECK:         %[[ZERO0:.*]] = torch.aten.eq.int %[[V0]], %int0
// CHECK:         %[[D0:.*]] = torch.aten.size.int %arg0, %int0
// CHECK:         %[[S0:.*]] = torch.aten.add.int %[[V0]], %{{.*}}
// CHECK:         %[[S1:.*]] = torch.aten.add.int %[[V1]], %{{.*}}
// CHECK:         %[[LIST:.*]] = torch.prim.ListConstruct %[[S0]], %[[S1]], %int4, %int16
// CHECK:         torch.aten.reshape %arg0, %[[LIST]] : !torch.vtensor<[?,?,64],f32>, !torch.list<int> -> !torch.vtensor<[?,?,4,16],f32>
func.func @reshape_two_dynamic(%x: !torch.vtensor<[?,?,64],f32>, %shape: !torch.vtensor<[4],si64>) -> !torch.vtensor<[?,?,4,16],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Reshape"(%x, %shape) : (!torch.vtensor<[?,?,64],f32>, !torch.vtensor<[4],si64>) -> !torch.vtensor<[?,?,4,16],f32>
  return %0 : !torch.vtensor<[?,?,4,16],f32>
}

// -----

// CHECK-LABEL: func.func @unsqueeze_two_dynamic(
// CHECK:         %[[D0:.*]] = torch.aten.size.int %arg0, %int0
// CHECK:         %[[D1:.*]] = torch.aten.size.int %arg0, %int1
// CHECK:         %[[LIST:.*]] = torch.prim.ListConstruct %[[D0]], %int1{{.*}}, %int1{{.*}}, %[[D1]]
// CHECK:         torch.aten.reshape %arg0, %[[LIST]]
func.func @unsqueeze_two_dynamic(%x: !torch.vtensor<[?,?],si64>) -> !torch.vtensor<[?,1,1,?],si64>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %axes = torch.vtensor.literal(dense<[1, 2]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %0 = torch.operator "onnx.Unsqueeze"(%x, %axes) : (!torch.vtensor<[?,?],si64>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,1,1,?],si64>
  return %0 : !torch.vtensor<[?,1,1,?],si64>
}

// -----

// A shape element of 1 keeps the input's size (-1 for broadcast_to); one
// known only at run time is -1 where it is 1 then.
// CHECK-LABEL: func.func @expand_to_run_time_shape(
// CHECK:         %[[B:.*]] = torch.aten.Int.Tensor
// CHECK:         torch.aten.Int.Tensor
// CHECK:         %[[T:.*]] = torch.aten.Int.Tensor
// CHECK:         %[[S:.*]] = torch.aten.Int.Tensor
// CHECK:         %[[B1:.*]] = torch.aten.eq.int %[[B]], %int1
// CHECK:         %[[BSIZE:.*]] = torch.aten.add.int %[[B]], %{{.*}}
// CHECK:         %[[SSIZE:.*]] = torch.aten.add.int %[[S]], %{{.*}}
// CHECK:         %[[LIST:.*]] = torch.prim.ListConstruct %[[BSIZE]], %int1{{.*}}, %[[T]], %[[SSIZE]]
// CHECK:         torch.aten.broadcast_to %arg0, %[[LIST]] : !torch.vtensor<[?,1,1,?],si64>, !torch.list<int> -> !torch.vtensor<[?,1,?,?],si64>
func.func @expand_to_run_time_shape(%x: !torch.vtensor<[?,1,1,?],si64>, %shape: !torch.vtensor<[4],si64>) -> !torch.vtensor<[?,1,?,?],si64>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Expand"(%x, %shape) : (!torch.vtensor<[?,1,1,?],si64>, !torch.vtensor<[4],si64>) -> !torch.vtensor<[?,1,?,?],si64>
  return %0 : !torch.vtensor<[?,1,?,?],si64>
}

// -----

// CHECK-LABEL: func.func @constant_of_run_time_shape(
// CHECK:         %[[A:.*]] = torch.aten.Int.Tensor
// CHECK:         %[[B:.*]] = torch.aten.Int.Tensor
// CHECK:         %[[FILL:.*]] = torch.constant.float 2.500000e+00
// CHECK:         %[[LIST:.*]] = torch.prim.ListConstruct %[[A]], %[[B]]
// CHECK:         torch.aten.full %[[LIST]], %[[FILL]], %int6
func.func @constant_of_run_time_shape(%shape: !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,?],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.ConstantOfShape"(%shape) {torch.onnx.value = dense<2.5> : tensor<1xf32>} : (!torch.vtensor<[2],si64>) -> !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}

// -----

// CHECK-LABEL: func.func @slice_to_run_time_end(
// CHECK:         %[[END:.*]] = torch.aten.Int.Tensor
// CHECK:         torch.aten.slice.Tensor %arg0, %int1, %int0, %[[END]], %int1{{.*}} -> !torch.vtensor<[?,?],f32>
func.func @slice_to_run_time_end(%x: !torch.vtensor<[?,?],f32>, %end: !torch.vtensor<[1],si64>) -> !torch.vtensor<[?,?],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %start = torch.vtensor.literal(dense<0> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %axes = torch.vtensor.literal(dense<1> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %0 = torch.operator "onnx.Slice"(%x, %start, %end, %axes) : (!torch.vtensor<[?,?],f32>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}

// -----

// A negative step along a static dimension: the positions, gathered.
// CHECK-LABEL: func.func @slice_negative_step(
// CHECK:         %[[AT:.*]] = torch.vtensor.literal(dense<[5, 3, 1]> : tensor<3xsi64>)
// CHECK:         torch.aten.index_select %arg0, %int1, %[[AT]] : !torch.vtensor<[?,6],f32>, !torch.int, !torch.vtensor<[3],si64> -> !torch.vtensor<[?,3],f32>
func.func @slice_negative_step(%x: !torch.vtensor<[?,6],f32>) -> !torch.vtensor<[?,3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %start = torch.vtensor.literal(dense<-1> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %end = torch.vtensor.literal(dense<-100> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %axes = torch.vtensor.literal(dense<1> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %steps = torch.vtensor.literal(dense<-2> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %0 = torch.operator "onnx.Slice"(%x, %start, %end, %axes, %steps) : (!torch.vtensor<[?,6],f32>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[?,3],f32>
  return %0 : !torch.vtensor<[?,3],f32>
}

// -----

// Steps (and axes) at run time: ONNX's clamping, chosen by the step's sign,
// then index_select of arange(start, end, step). Bounds are clamped to
// +-2^40 in tensor land first, so the scalar arithmetic cannot overflow.
// CHECK-LABEL: func.func @slice_run_time_steps(
// CHECK:         %[[FAR:.*]] = torch.aten.clamp %arg1, %{{.*}}, %{{.*}} : !torch.vtensor<[1],si64>, !torch.int, !torch.int -> !torch.vtensor<[1],si64>
// CHECK:         torch.aten.Int.Tensor
// CHECK:         torch.aten.Int.Tensor
// CHECK:         %[[STEP:.*]] = torch.aten.Int.Tensor %{{.*}} : !torch.vtensor<[],si64> -> !torch.int
// CHECK:         %[[NONZERO:.*]] = torch.aten.ne.int %[[STEP]], %int0
// CHECK:         %[[WHY:.*]] = torch.constant.str "onnx.Slice: a step is 0"
// CHECK:         torch.aten._assert_scalar %[[NONZERO]], %[[WHY]] : !torch.bool, !torch.str
// CHECK:         %[[SIZE:.*]] = torch.aten.size.int %arg0, %int1
// CHECK:         %[[FORWARD:.*]] = torch.aten.gt.int %[[STEP]], %int0
// CHECK:         %[[INDEX:.*]] = torch.aten.arange.start_step %{{.*}}, %{{.*}}, %{{.*}}, %int4, {{.*}} -> !torch.vtensor<[?],si64>
// CHECK:         torch.aten.index_select %arg0, %int1{{[_0-9]*}}, %[[INDEX]] : !torch.vtensor<[?,?],f32>, !torch.int, !torch.vtensor<[?],si64> -> !torch.vtensor<[?,?],f32>
func.func @slice_run_time_steps(%x: !torch.vtensor<[?,?],f32>, %start: !torch.vtensor<[1],si64>, %steps: !torch.vtensor<[1],si64>) -> !torch.vtensor<[?,?],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %end = torch.vtensor.literal(dense<-9223372036854775807> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %axes = torch.vtensor.literal(dense<1> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %0 = torch.operator "onnx.Slice"(%x, %start, %end, %axes, %steps) : (!torch.vtensor<[?,?],f32>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}

// -----

// Pads at run time, reflect mode: each dimension's source positions
// arange(-begin, size + end), folded into the input at its ends.
// CHECK-LABEL: func.func @pad_run_time_reflect(
// CHECK:         %[[SOURCE:.*]] = torch.aten.arange.start_step %{{.*}} -> !torch.vtensor<[?],si64>
// CHECK:         %[[FOLDED:.*]] = torch.aten.remainder.Scalar %[[SOURCE]], %{{.*}}
// CHECK:         %[[INSIDE:.*]] = torch.aten.lt.Scalar %[[FOLDED]], %{{.*}}
// CHECK:         %[[MIRRORED:.*]] = torch.aten.rsub.Scalar %[[FOLDED]], %{{.*}}
// CHECK:         %[[INDEX:.*]] = torch.aten.where.self %[[INSIDE]], %[[FOLDED]], %[[MIRRORED]]
// CHECK:         torch.aten.index_select %arg0, %int0{{[_0-9]*}}, %[[INDEX]] : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[?],si64> -> !torch.vtensor<[?,4],f32>
// CHECK:         torch.aten.index_select %{{.*}}, %int1{{[_0-9]*}}, %{{.*}} -> !torch.vtensor<[?,?],f32>
func.func @pad_run_time_reflect(%x: !torch.vtensor<[3,4],f32>, %pads: !torch.vtensor<[4],si64>) -> !torch.vtensor<[?,?],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Pad"(%x, %pads, %none) {torch.onnx.mode = "reflect"} : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[4],si64>, !torch.none) -> !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}

// -----

// Constant mode with a negative (cropping) pad on one axis: the gather is
// clamped, and the fill goes where the source position is outside.
// CHECK-LABEL: func.func @pad_crop_constant(
// CHECK:         %[[SOURCE:.*]] = torch.aten.arange.start_step %{{.*}} -> !torch.vtensor<[?],si64>
// CHECK:         %[[INDEX:.*]] = torch.aten.clamp %[[SOURCE]], %{{.*}}, %{{.*}}
// CHECK:         %[[GATHERED:.*]] = torch.aten.index_select %arg0, %int1{{[_0-9]*}}, %[[INDEX]]
// CHECK:         %[[AFTER:.*]] = torch.aten.ge.Scalar %[[SOURCE]]
// CHECK:         %[[BEFORE:.*]] = torch.aten.lt.Scalar %[[SOURCE]]
// CHECK:         %[[INSIDE:.*]] = torch.aten.logical_and %[[AFTER]], %[[BEFORE]]
// CHECK:         %[[MASK:.*]] = torch.aten.view %[[INSIDE]], %{{.*}} -> !torch.vtensor<[1,?],i1>
// CHECK:         torch.aten.where.ScalarOther %[[MASK]], %[[GATHERED]], %{{.*}} -> !torch.vtensor<[3,?],f32>
func.func @pad_crop_constant(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %pads = torch.vtensor.literal(dense<[-1, 2]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %value = torch.vtensor.literal(dense<7.0> : tensor<f32>) : !torch.vtensor<[],f32>
  %axes = torch.vtensor.literal(dense<-1> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %0 = torch.operator "onnx.Pad"(%x, %pads, %value, %axes) : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[2],si64>, !torch.vtensor<[],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// CHECK-LABEL: func.func @range_of_run_time_length(
// CHECK:         %[[START:.*]] = torch.aten.Int.Tensor %{{.*}}
// CHECK:         %[[LIMIT:.*]] = torch.aten.Int.Tensor %arg0
// CHECK:         %[[DELTA:.*]] = torch.aten.Int.Tensor %{{.*}}
// CHECK:         torch.aten.arange.start_step %[[START]], %[[LIMIT]], %[[DELTA]], %int4
func.func @range_of_run_time_length(%limit: !torch.vtensor<[],si64>) -> !torch.vtensor<[?],si64>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %zero = torch.vtensor.literal(dense<0> : tensor<si64>) : !torch.vtensor<[],si64>
  %one = torch.vtensor.literal(dense<1> : tensor<si64>) : !torch.vtensor<[],si64>
  %0 = torch.operator "onnx.Range"(%zero, %limit, %one) : (!torch.vtensor<[],si64>, !torch.vtensor<[],si64>, !torch.vtensor<[],si64>) -> !torch.vtensor<[?],si64>
  return %0 : !torch.vtensor<[?],si64>
}

// -----

// A weight on the right: the left's rows of every batch at once.
// CHECK-LABEL: func.func @matmul_dynamic_batch(
// CHECK:         %[[B:.*]] = torch.aten.size.int %arg0, %int0
// CHECK:         %[[T:.*]] = torch.aten.size.int %arg0, %int1
// CHECK:         %[[ROWS:.*]] = torch.aten.mul.int %[[T]], %[[B]]
// CHECK:         %[[FLAT:.*]] = torch.prim.ListConstruct %[[ROWS]], %int64
// CHECK:         %[[X:.*]] = torch.aten.reshape %arg0, %[[FLAT]] {{.*}} -> !torch.vtensor<[?,64],f32>
// CHECK:         %[[Y:.*]] = torch.aten.mm %[[X]], %arg1 : !torch.vtensor<[?,64],f32>, !torch.vtensor<[64,32],f32> -> !torch.vtensor<[?,32],f32>
// CHECK:         %[[OUT:.*]] = torch.prim.ListConstruct %[[B]], %[[T]], %int32
// CHECK:         torch.aten.reshape %[[Y]], %[[OUT]] {{.*}} -> !torch.vtensor<[?,?,32],f32>
func.func @matmul_dynamic_batch(%x: !torch.vtensor<[?,?,64],f32>, %w: !torch.vtensor<[64,32],f32>) -> !torch.vtensor<[?,?,32],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.MatMul"(%x, %w) : (!torch.vtensor<[?,?,64],f32>, !torch.vtensor<[64,32],f32>) -> !torch.vtensor<[?,?,32],f32>
  return %0 : !torch.vtensor<[?,?,32],f32>
}

// -----

// CHECK-LABEL: func.func @matmul_batched_dynamic(
// CHECK:         torch.aten.reshape %arg0, {{.*}} -> !torch.vtensor<[?,?,16],f32>
// CHECK:         torch.aten.reshape %arg1, {{.*}} -> !torch.vtensor<[?,16,?],f32>
// CHECK:         torch.aten.bmm {{.*}} -> !torch.vtensor<[?,?,?],f32>
// CHECK:         torch.aten.reshape {{.*}} -> !torch.vtensor<[?,4,?,?],f32>
func.func @matmul_batched_dynamic(%q: !torch.vtensor<[?,4,?,16],f32>, %k: !torch.vtensor<[?,4,16,?],f32>) -> !torch.vtensor<[?,4,?,?],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.MatMul"(%q, %k) : (!torch.vtensor<[?,4,?,16],f32>, !torch.vtensor<[?,4,16,?],f32>) -> !torch.vtensor<[?,4,?,?],f32>
  return %0 : !torch.vtensor<[?,4,?,?],f32>
}

// -----

// Split of a dimension known only at run time into equal parts (opset 18:
// ceil(n / 3) each, the last what is left).
// CHECK-LABEL: func.func @split_run_time_thirds(
// CHECK:         %[[N:.*]] = torch.aten.size.int %arg0, %int1
// CHECK:         %[[ROUNDED:.*]] = torch.aten.add.int %[[N]], %int2
// CHECK:         %[[CHUNK:.*]] = torch.aten.floordiv.int %[[ROUNDED]], %int3
// CHECK:         %[[A:.*]] = torch.aten.slice.Tensor %arg0, %{{.*}}, %int0, %[[CHUNK]], %{{.*}}
// CHECK:         %[[TWO:.*]] = torch.aten.add.int %[[CHUNK]], %[[CHUNK]]
// CHECK:         %[[B:.*]] = torch.aten.slice.Tensor %arg0, %{{.*}}, %[[CHUNK]], %[[TWO]], %{{.*}}
// CHECK:         %[[C:.*]] = torch.aten.slice.Tensor %arg0, %{{.*}}, %[[TWO]], %[[N]], %{{.*}}
// CHECK:         return %[[A]], %[[B]], %[[C]]
func.func @split_run_time_thirds(%x: !torch.vtensor<[2,?],f32>) -> (!torch.vtensor<[2,?],f32>, !torch.vtensor<[2,?],f32>, !torch.vtensor<[2,?],f32>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %0:3 = torch.operator "onnx.Split"(%x) {torch.onnx.axis = 1 : si64, torch.onnx.num_outputs = 3 : si64} : (!torch.vtensor<[2,?],f32>) -> (!torch.vtensor<[2,?],f32>, !torch.vtensor<[2,?],f32>, !torch.vtensor<[2,?],f32>)
  return %0#0, %0#1, %0#2 : !torch.vtensor<[2,?],f32>, !torch.vtensor<[2,?],f32>, !torch.vtensor<[2,?],f32>
}

// -----

// Resize under a dynamic batch: the axes scaled by 1 are left alone,
// whatever their size; the spatial ones are gathered.
// CHECK-LABEL: func.func @resize_dynamic_batch(
// CHECK-NOT:     torch.aten.index_select %arg0, %int0
// CHECK:         torch.aten.index_select %arg0, %int2{{[_0-9]*}}, %{{.*}} : !torch.vtensor<[?,?,2,3],f32>, !torch.int, !torch.vtensor<[4],si64> -> !torch.vtensor<[?,?,4,3],f32>
// CHECK:         torch.aten.index_select %{{.*}}, %int3{{[_0-9]*}}, %{{.*}} : !torch.vtensor<[?,?,4,3],f32>, !torch.int, !torch.vtensor<[6],si64> -> !torch.vtensor<[?,?,4,6],f32>
func.func @resize_dynamic_batch(%x: !torch.vtensor<[?,?,2,3],f32>) -> !torch.vtensor<[?,?,4,6],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 19 : si64}} {
  %none = torch.constant.none
  %scales = torch.vtensor.literal(dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>) : !torch.vtensor<[4],f32>
  %0 = torch.operator "onnx.Resize"(%x, %none, %scales) {torch.onnx.mode = "nearest"} : (!torch.vtensor<[?,?,2,3],f32>, !torch.none, !torch.vtensor<[4],f32>) -> !torch.vtensor<[?,?,4,6],f32>
  return %0 : !torch.vtensor<[?,?,4,6],f32>
}

// -----

// Sizes at run time on a dynamic axis: it must be kept, checked as it runs.
// CHECK-LABEL: func.func @resize_run_time_sizes(
// CHECK:         %[[WANT:.*]] = torch.aten.Int.Tensor %{{.*}} : !torch.vtensor<[],si64> -> !torch.int
// CHECK:         %[[HAVE:.*]] = torch.aten.size.int %arg0, %int0
// CHECK:         %[[SAME:.*]] = torch.aten.eq.int %[[WANT]], %[[HAVE]]
// CHECK:         torch.aten._assert_scalar %[[SAME]], %{{.*}} : !torch.bool, !torch.str
// CHECK:         torch.aten.index_select %arg0, %int1{{[_0-9]*}}, %{{.*}} -> !torch.vtensor<[?,5],f32>
func.func @resize_run_time_sizes(%x: !torch.vtensor<[?,2],f32>, %sizes: !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 19 : si64}} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Resize"(%x, %none, %none, %sizes) : (!torch.vtensor<[?,2],f32>, !torch.none, !torch.none, !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,5],f32>
  return %0 : !torch.vtensor<[?,5],f32>
}
