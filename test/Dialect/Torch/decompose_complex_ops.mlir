// torch-decompose-complex-ops: ATen ops the lowerings do not take whole, as
// simpler ATen ops; legal-ops keeps the named ones.
// RUN: torch-mlir-opt %s -torch-decompose-complex-ops -split-input-file | FileCheck %s
// RUN: torch-mlir-opt %s -torch-decompose-complex-ops="legal-ops=aten.softmax.int" -split-input-file | FileCheck %s --check-prefix=LEGAL

// softmax: exp(x - max) / sum(exp(x - max)), along the dim, kept for broadcasting.
// CHECK-LABEL: func.func @softmax(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[?,5],f32>)
// CHECK:         %[[MAX:.*]] = torch.aten.amax %[[X]], %{{.*}}, %true : !torch.vtensor<[?,5],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?,1],f32>
// CHECK:         %[[S:.*]] = torch.aten.sub.Tensor %[[X]], %[[MAX]], %{{.*}} -> !torch.vtensor<[?,5],f32>
// CHECK:         %[[E:.*]] = torch.aten.exp %[[S]]
// CHECK:         %[[SUM:.*]] = torch.aten.sum.dim_IntList %[[E]], %{{.*}}, %true, %none {{.*}} -> !torch.vtensor<[?,1],f32>
// CHECK:         %[[R:.*]] = torch.aten.div.Tensor %[[E]], %[[SUM]]
// CHECK:         return %[[R]]
// LEGAL-LABEL: func.func @softmax(
// LEGAL:         torch.aten.softmax.int
// LEGAL-NOT:     torch.aten.amax
func.func @softmax(%x: !torch.vtensor<[?,5],f32>) -> !torch.vtensor<[?,5],f32> {
  %int-1 = torch.constant.int -1
  %none = torch.constant.none
  %0 = torch.aten.softmax.int %x, %int-1, %none : !torch.vtensor<[?,5],f32>, !torch.int, !torch.none -> !torch.vtensor<[?,5],f32>
  return %0 : !torch.vtensor<[?,5],f32>
}

// -----

// log_softmax: (x - max) - log(sum(exp(x - max))); not in legal-ops, so
// decomposed in both runs.
// CHECK-LABEL: func.func @log_softmax(
// CHECK:         %[[MAX:.*]] = torch.aten.amax {{.*}} -> !torch.vtensor<[1,3],f32>
// CHECK:         %[[S:.*]] = torch.aten.sub.Tensor
// CHECK:         %[[E:.*]] = torch.aten.exp %[[S]]
// CHECK:         %[[SUM:.*]] = torch.aten.sum.dim_IntList %[[E]]
// CHECK:         %[[L:.*]] = torch.aten.log %[[SUM]]
// CHECK:         %[[R:.*]] = torch.aten.sub.Tensor %[[S]], %[[L]]
// CHECK:         return %[[R]]
// LEGAL-LABEL: func.func @log_softmax(
// LEGAL:         torch.aten.amax
func.func @log_softmax(%x: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %0 = torch.aten._log_softmax %x, %int0, %false : !torch.vtensor<[4,3],f32>, !torch.int, !torch.bool -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// Stays: a dtype to convert to first, and an operand of unknown rank.
// CHECK-LABEL: func.func @stays(
// CHECK:         torch.aten.softmax.int
// CHECK:         torch.aten.softmax.int
// CHECK-NOT:     torch.aten.amax
func.func @stays(%x: !torch.vtensor<[4],f16>, %y: !torch.vtensor<*,f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<*,f32>) {
  %int0 = torch.constant.int 0
  %int6 = torch.constant.int 6
  %none = torch.constant.none
  %0 = torch.aten.softmax.int %x, %int0, %int6 : !torch.vtensor<[4],f16>, !torch.int, !torch.int -> !torch.vtensor<[4],f32>
  %1 = torch.aten.softmax.int %y, %int0, %none : !torch.vtensor<*,f32>, !torch.int, !torch.none -> !torch.vtensor<*,f32>
  return %0, %1 : !torch.vtensor<[4],f32>, !torch.vtensor<*,f32>
}

// -----

// linear of a batched input: matmul by the transposed weight (a 3-D by 2-D
// matmul: the batch joins the rows, mm, viewed back), plus the bias.
// CHECK-LABEL: func.func @linear(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[?,3,5],f32>, %[[W:.*]]: !torch.vtensor<[4,5],f32>, %[[B:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[T:.*]] = torch.aten.t %[[W]] : !torch.vtensor<[4,5],f32> -> !torch.vtensor<[5,4],f32>
// CHECK:         %[[F:.*]] = torch.aten.flatten.using_ints %[[X]], %{{.*}}, %{{.*}} : !torch.vtensor<[?,3,5],f32>, !torch.int, !torch.int -> !torch.vtensor<[?,5],f32>
// CHECK:         %[[MM:.*]] = torch.aten.mm %[[F]], %[[T]] : !torch.vtensor<[?,5],f32>, !torch.vtensor<[5,4],f32> -> !torch.vtensor<[?,4],f32>
// CHECK:         %[[N:.*]] = torch.aten.size.int %[[X]], %{{.*}}
// CHECK:         %[[V:.*]] = torch.aten.view %[[MM]], {{.*}} -> !torch.vtensor<[?,3,4],f32>
// CHECK:         torch.aten.add.Tensor %[[V]], %[[B]]
// CHECK-NOT:     torch.aten.linear
// CHECK-NOT:     torch.aten.matmul
func.func @linear(%x: !torch.vtensor<[?,3,5],f32>, %w: !torch.vtensor<[4,5],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[?,3,4],f32> {
  %0 = torch.aten.linear %x, %w, %b : !torch.vtensor<[?,3,5],f32>, !torch.vtensor<[4,5],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[?,3,4],f32>
  return %0 : !torch.vtensor<[?,3,4],f32>
}

// -----

// matmul with broadcast batch dims: both expanded to [2, 3], flattened to 6, bmm.
// CHECK-LABEL: func.func @matmul_broadcast(
// CHECK:         torch.aten.expand {{.*}} -> !torch.vtensor<[2,3,4,5],f32>
// CHECK:         torch.aten.flatten.using_ints {{.*}} -> !torch.vtensor<[6,4,5],f32>
// CHECK:         torch.aten.expand {{.*}} -> !torch.vtensor<[2,3,5,7],f32>
// CHECK:         torch.aten.flatten.using_ints {{.*}} -> !torch.vtensor<[6,5,7],f32>
// CHECK:         torch.aten.bmm {{.*}} -> !torch.vtensor<[6,4,7],f32>
// CHECK:         torch.aten.view {{.*}} -> !torch.vtensor<[2,3,4,7],f32>
func.func @matmul_broadcast(%a: !torch.vtensor<[2,1,4,5],f32>, %b: !torch.vtensor<[3,5,7],f32>) -> !torch.vtensor<[2,3,4,7],f32> {
  %0 = torch.aten.matmul %a, %b : !torch.vtensor<[2,1,4,5],f32>, !torch.vtensor<[3,5,7],f32> -> !torch.vtensor<[2,3,4,7],f32>
  return %0 : !torch.vtensor<[2,3,4,7],f32>
}

// -----

// matmul of a matrix by a vector: the vector as a column, the unit dim squeezed.
// CHECK-LABEL: func.func @matmul_vector(
// CHECK:         torch.aten.unsqueeze {{.*}} -> !torch.vtensor<[5,1],f32>
// CHECK:         torch.aten.mm {{.*}} -> !torch.vtensor<[3,1],f32>
// CHECK:         torch.aten.squeeze.dim {{.*}} -> !torch.vtensor<[3],f32>
func.func @matmul_vector(%a: !torch.vtensor<[3,5],f32>, %b: !torch.vtensor<[5],f32>) -> !torch.vtensor<[3],f32> {
  %0 = torch.aten.matmul %a, %b : !torch.vtensor<[3,5],f32>, !torch.vtensor<[5],f32> -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// conv2d is a convolution, not transposed.
// CHECK-LABEL: func.func @conv2d(
// CHECK:         %[[C:.*]] = torch.aten.convolution %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %false, %{{.*}}, %int1
// CHECK:         return %[[C]]
func.func @conv2d(%x: !torch.vtensor<[1,3,8,8],f32>, %w: !torch.vtensor<[4,3,3,3],f32>) -> !torch.vtensor<[1,4,6,6],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %false = torch.constant.bool false
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv2d %x, %w, %none, %ones, %zeros, %ones, %int1 : !torch.vtensor<[1,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,4,6,6],f32>
  return %0 : !torch.vtensor<[1,4,6,6],f32>
}

// -----

// layer_norm over the last dim: centered, times rsqrt(mean of squares + eps),
// times weight, plus bias.
// CHECK-LABEL: func.func @layer_norm(
// CHECK:         %[[MEAN:.*]] = torch.aten.mean.dim {{.*}} -> !torch.vtensor<[2,3,1],f32>
// CHECK:         %[[C:.*]] = torch.aten.sub.Tensor %{{.*}}, %[[MEAN]]
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %[[C]], %[[C]]
// CHECK:         %[[VAR:.*]] = torch.aten.mean.dim %[[SQ]]
// CHECK:         %[[EPS:.*]] = torch.aten.add.Scalar %[[VAR]]
// CHECK:         %[[R:.*]] = torch.aten.rsqrt %[[EPS]]
// CHECK:         %[[N:.*]] = torch.aten.mul.Tensor %[[C]], %[[R]]
// CHECK:         %[[S:.*]] = torch.aten.mul.Tensor %[[N]], %{{.*}}
// CHECK:         torch.aten.add.Tensor %[[S]]
func.func @layer_norm(%x: !torch.vtensor<[2,3,8],f32>, %w: !torch.vtensor<[8],f32>, %b: !torch.vtensor<[8],f32>) -> !torch.vtensor<[2,3,8],f32> {
  %int8 = torch.constant.int 8
  %eps = torch.constant.float 1.000000e-05
  %true = torch.constant.bool true
  %shape = torch.prim.ListConstruct %int8 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.layer_norm %x, %shape, %w, %b, %eps, %true : !torch.vtensor<[2,3,8],f32>, !torch.list<int>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,3,8],f32>
  return %0 : !torch.vtensor<[2,3,8],f32>
}

// -----

// index_put with a mask beside an integer index: the mask's nonzero
// positions become the integer index of its dim.
// CHECK-LABEL: func.func @index_put_mask_and_int(
// CHECK:         %[[NZ:.*]] = torch.aten.nonzero %{{.*}} : !torch.vtensor<[4],i1> -> !torch.vtensor<[?,1],si64>
// CHECK:         %[[COL:.*]] = torch.aten.select.int %[[NZ]], %{{.*}}, %{{.*}} : !torch.vtensor<[?,1],si64>, !torch.int, !torch.int -> !torch.vtensor<[?],si64>
// CHECK:         %[[L:.*]] = torch.prim.ListConstruct %[[COL]], %{{.*}} : (!torch.vtensor<[?],si64>, !torch.vtensor<[3],si64>)
// CHECK:         torch.aten.index_put %{{.*}}, %[[L]]
func.func @index_put_mask_and_int(%x: !torch.vtensor<[4,3],f32>, %m: !torch.vtensor<[4],i1>, %i: !torch.vtensor<[3],si64>, %v: !torch.vtensor<[3],f32>) -> !torch.vtensor<[4,3],f32> {
  %false = torch.constant.bool false
  %list = torch.prim.ListConstruct %m, %i : (!torch.vtensor<[4],i1>, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index_put %x, %list, %v, %false : !torch.vtensor<[4,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3],f32>, !torch.bool -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// fft_rfft along dim 1 with norm "ortho": a one-sided _fft_r2c scaled by
// 1/sqrt(n) (code 1).
// CHECK-LABEL: func.func @rfft(
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %int1
// CHECK:         torch.aten._fft_r2c %{{.*}}, %[[DIMS]], %int1{{.*}}, %true : {{.*}} -> !torch.vtensor<[2,5],complex<f32>>
func.func @rfft(%x: !torch.vtensor<[2,8],f32>) -> !torch.vtensor<[2,5],complex<f32>> {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %ortho = torch.constant.str "ortho"
  %0 = torch.aten.fft_rfft %x, %none, %int1, %ortho : !torch.vtensor<[2,8],f32>, !torch.none, !torch.int, !torch.str -> !torch.vtensor<[2,5],complex<f32>>
  return %0 : !torch.vtensor<[2,5],complex<f32>>
}

// -----

// hardswish = x * hardtanh(x + 3, 0, 6) / 6.
// CHECK-LABEL: func.func @hardswish(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[S:.*]] = torch.aten.add.Scalar %[[X]], %float3{{.*}}
// CHECK:         %[[H:.*]] = torch.aten.hardtanh %[[S]], %float0{{.*}}, %float6{{.*}}
// CHECK:         %[[D:.*]] = torch.aten.div.Scalar %[[H]], %float6
// CHECK:         torch.aten.mul.Tensor %[[X]], %[[D]]
func.func @hardswish(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.hardswish %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// scaled_dot_product_attention, causal: q k^T * 1/sqrt(E), the future
// (col - row > 0) set to -inf, softmax, times v.
// CHECK-LABEL: func.func @attention_causal(
// CHECK:         %[[KT:.*]] = torch.aten.transpose.int {{.*}} -> !torch.vtensor<[2,8,5],f32>
// CHECK:         torch.aten.bmm {{.*}} -> !torch.vtensor<[2,5,5],f32>
// CHECK:         torch.aten.mul.Scalar {{.*}}, %float3.535{{.*}}e-01
// CHECK:         %[[F:.*]] = torch.aten.gt.Scalar {{.*}} -> !torch.vtensor<[5,5],i1>
// CHECK:         torch.aten.masked_fill.Scalar %{{.*}}, %[[F]], %float-inf
// CHECK:         torch.aten.amax
// CHECK:         torch.aten.bmm {{.*}} -> !torch.vtensor<[2,5,8],f32>
// CHECK-NOT:     torch.aten.scaled_dot_product_attention
func.func @attention_causal(%q: !torch.vtensor<[2,5,8],f32>, %k: !torch.vtensor<[2,5,8],f32>, %v: !torch.vtensor<[2,5,8],f32>) -> !torch.vtensor<[2,5,8],f32> {
  %none = torch.constant.none
  %float0 = torch.constant.float 0.000000e+00
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %none, %float0, %true, %none, %false : !torch.vtensor<[2,5,8],f32>, !torch.vtensor<[2,5,8],f32>, !torch.vtensor<[2,5,8],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,5,8],f32>
  return %0 : !torch.vtensor<[2,5,8],f32>
}

// -----

// group_norm: [N, C, H, W] viewed as [N, G, -1], normalized over the last
// dim, viewed back, times the weight as [1, C, 1, 1].
// CHECK-LABEL: func.func @group_norm(
// CHECK:         %[[G:.*]] = torch.aten.view {{.*}} -> !torch.vtensor<[?,2,12],f32>
// CHECK:         torch.aten.mean.dim %[[G]]
// CHECK:         torch.aten.rsqrt {{.*}} -> !torch.vtensor<[?,2,1],f32>
// CHECK:         torch.aten.view {{.*}} -> !torch.vtensor<[?,4,3,2],f32>
// CHECK:         torch.aten.view {{.*}} -> !torch.vtensor<[1,4,1,1],f32>
// CHECK-NOT:     torch.aten.group_norm
func.func @group_norm(%x: !torch.vtensor<[?,4,3,2],f32>, %w: !torch.vtensor<[4],f32>) -> !torch.vtensor<[?,4,3,2],f32> {
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %eps = torch.constant.float 1.000000e-05
  %false = torch.constant.bool false
  %0 = torch.aten.group_norm %x, %int2, %w, %none, %eps, %false : !torch.vtensor<[?,4,3,2],f32>, !torch.int, !torch.vtensor<[4],f32>, !torch.none, !torch.float, !torch.bool -> !torch.vtensor<[?,4,3,2],f32>
  return %0 : !torch.vtensor<[?,4,3,2],f32>
}

// -----

// einsum "bii->b": the repeated letter as a diagonal, then summed.
// CHECK-LABEL: func.func @einsum_trace(
// CHECK:         torch.aten.diagonal %{{.*}}, %int0, %int1, %int2 {{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK:         torch.aten.sum.dim_IntList {{.*}} -> !torch.vtensor<[2],f32>
// CHECK-NOT:     torch.aten.einsum
func.func @einsum_trace(%x: !torch.vtensor<[2,3,3],f32>) -> !torch.vtensor<[2],f32> {
  %str = torch.constant.str "bii->b"
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %x : (!torch.vtensor<[2,3,3],f32>) -> !torch.list<vtensor>
  %1 = torch.aten.einsum %str, %0, %none : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor<[2],f32>
  return %1 : !torch.vtensor<[2],f32>
}

// -----

// einsum "bij,bjk->bki" of static shapes: one bmm of [b, i, j] by [b, j, k],
// then the output's order (no broadcast product over every letter).
// CHECK-LABEL: func.func @einsum_contraction(
// CHECK:         %[[MM:.*]] = torch.aten.bmm %{{.*}}, %{{.*}} : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,4,5],f32> -> !torch.vtensor<[2,3,5],f32>
// CHECK:         torch.aten.permute %[[MM]], {{.*}} -> !torch.vtensor<[2,5,3],f32>
// CHECK-NOT:     torch.aten.reshape
// CHECK-NOT:     torch.aten.mul.Tensor
// CHECK-NOT:     torch.aten.einsum
func.func @einsum_contraction(%x: !torch.vtensor<[2,3,4],f32>, %y: !torch.vtensor<[2,4,5],f32>) -> !torch.vtensor<[2,5,3],f32> {
  %str = torch.constant.str "bij,bjk->bki"
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %x, %y : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,4,5],f32>) -> !torch.list<vtensor>
  %1 = torch.aten.einsum %str, %0, %none : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor<[2,5,3],f32>
  return %1 : !torch.vtensor<[2,5,3],f32>
}

// -----

// A letter only one operand has and the output lacks ("ij,j->" sums i and
// contracts j): summed from that operand first, then the bmm.
// CHECK-LABEL: func.func @einsum_summed_first(
// CHECK:         %[[S:.*]] = torch.aten.sum.dim_IntList %arg0, {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         torch.aten.bmm {{.*}} : !torch.vtensor<[1,1,4],f32>, !torch.vtensor<[1,4,1],f32> -> !torch.vtensor<[1,1,1],f32>
func.func @einsum_summed_first(%x: !torch.vtensor<[3,4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[],f32> {
  %str = torch.constant.str "ij,j->"
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %x, %y : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[4],f32>) -> !torch.list<vtensor>
  %1 = torch.aten.einsum %str, %0, %none : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor<[],f32>
  return %1 : !torch.vtensor<[],f32>
}

// -----

// A dynamic size: the broadcast product over all letters, then sums.
// CHECK-LABEL: func.func @einsum_dynamic(
// CHECK:         torch.aten.mul.Tensor {{.*}} -> !torch.vtensor<[?,4,5],f32>
// CHECK:         torch.aten.sum.dim_IntList {{.*}} -> !torch.vtensor<[?,5],f32>
func.func @einsum_dynamic(%x: !torch.vtensor<[?,4],f32>, %y: !torch.vtensor<[4,5],f32>) -> !torch.vtensor<[?,5],f32> {
  %str = torch.constant.str "ij,jk->ik"
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %x, %y : (!torch.vtensor<[?,4],f32>, !torch.vtensor<[4,5],f32>) -> !torch.list<vtensor>
  %1 = torch.aten.einsum %str, %0, %none : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor<[?,5],f32>
  return %1 : !torch.vtensor<[?,5],f32>
}

// -----

// Operators the registry lacks, by name: fft_irfft trims the bins to
// n // 2 + 1 and is _fft_c2r (ortho: code 1); the no-training batch norm
// whose statistics nobody reads is batch_norm, then its arithmetic.
// CHECK-LABEL: func.func @irfft_operator(
// CHECK:         %[[T:.*]] = torch.aten.slice.Tensor %{{.*}}, %int1, %int0, %int3, %int1{{.*}} -> !torch.vtensor<[2,3],complex<f32>>
// CHECK:         torch.aten._fft_c2r %[[T]], %{{.*}}, %int1{{.*}}, %int5{{.*}} -> !torch.vtensor<[2,5],f32>
// CHECK-LABEL: func.func @batch_norm_operator(
// CHECK-NOT:     torch.operator
// CHECK:         torch.aten.rsqrt
func.func @irfft_operator(%x: !torch.vtensor<[2,4],complex<f32>>) -> !torch.vtensor<[2,5],f32> {
  %int5 = torch.constant.int 5
  %int-1 = torch.constant.int -1
  %str = torch.constant.str "ortho"
  %0 = torch.operator "aten.fft_irfft"(%x, %int5, %int-1, %str) : (!torch.vtensor<[2,4],complex<f32>>, !torch.int, !torch.int, !torch.str) -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}
func.func @batch_norm_operator(%x: !torch.vtensor<[2,3,4],f32>, %c: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %momentum = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %0:3 = torch.operator "aten._native_batch_norm_legit_no_training"(%x, %c, %c, %c, %c, %momentum, %eps) : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.float, !torch.float) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[0],f32>, !torch.vtensor<[0],f32>)
  return %0#0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// logsumexp without keepdim: log(sum(exp(x - m))) + m, m the max with
// infinities taken as 0, then the dim squeezed.
// CHECK-LABEL: func.func @logsumexp(
// CHECK:         %[[M:.*]] = torch.aten.amax {{.*}} -> !torch.vtensor<[3,1],f32>
// CHECK:         torch.aten.eq.Scalar
// CHECK:         torch.aten.masked_fill.Scalar
// CHECK:         torch.aten.log
// CHECK:         torch.aten.squeeze.dim {{.*}} -> !torch.vtensor<[3],f32>
func.func @logsumexp(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3],f32> {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %0 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %1 = torch.aten.logsumexp %x, %0, %false : !torch.vtensor<[3,4],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3],f32>
  return %1 : !torch.vtensor<[3],f32>
}

// -----

// A grouped 1-D convolution (the lowering takes grouped 2-D only): one
// convolution per group on its channel slices, concatenated.
// CHECK-LABEL: func.func @grouped_conv1d(
// CHECK:         torch.aten.slice.Tensor %{{.*}}, %int1, %int0, %int2, %int1{{.*}} -> !torch.vtensor<[1,2,9],f32>
// CHECK:         torch.aten.slice.Tensor %{{.*}}, %int0, %int0, %int3, %int1{{.*}} -> !torch.vtensor<[3,2,3],f32>
// CHECK:         torch.aten.convolution {{.*}} -> !torch.vtensor<[1,3,7],f32>
// CHECK:         torch.aten.convolution {{.*}} -> !torch.vtensor<[1,3,7],f32>
// CHECK:         torch.aten.cat {{.*}} -> !torch.vtensor<[1,6,7],f32>
func.func @grouped_conv1d(%x: !torch.vtensor<[1,4,9],f32>, %w: !torch.vtensor<[6,2,3],f32>) -> !torch.vtensor<[1,6,7],f32> {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %ones = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.convolution %x, %w, %none, %ones, %zeros, %ones, %false, %zeros, %int2 : !torch.vtensor<[1,4,9],f32>, !torch.vtensor<[6,2,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,6,7],f32>
  return %0 : !torch.vtensor<[1,6,7],f32>
}

// -----

// conv2d with padding "same" and an even kernel: the odd unit on the far
// side by constant_pad_nd, the rest symmetric.
// CHECK-LABEL: func.func @conv_same(
// CHECK:         %[[P:.*]] = torch.aten.constant_pad_nd {{.*}} -> !torch.vtensor<[1,1,6,7],f32>
// CHECK:         torch.aten.convolution %[[P]], {{.*}} -> !torch.vtensor<[1,2,5,6],f32>
func.func @conv_same(%x: !torch.vtensor<[1,1,5,6],f32>, %w: !torch.vtensor<[2,1,2,2],f32>) -> !torch.vtensor<[1,2,5,6],f32> {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %str = torch.constant.str "same"
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv2d.padding %x, %w, %none, %ones, %str, %ones, %int1 : !torch.vtensor<[1,1,5,6],f32>, !torch.vtensor<[2,1,2,2],f32>, !torch.none, !torch.list<int>, !torch.str, !torch.list<int>, !torch.int -> !torch.vtensor<[1,2,5,6],f32>
  return %0 : !torch.vtensor<[1,2,5,6],f32>
}

// -----

// prims.convert_element_type is to.dtype; view_as_complex pairs the last
// dim's two floats.
// CHECK-LABEL: func.func @convert_and_complex(
// CHECK:         torch.aten.to.dtype %{{.*}}, %int7, %false, %false, %none {{.*}} -> !torch.vtensor<[3],f64>
// CHECK:         %[[RE:.*]] = torch.aten.select.int %{{.*}}, %int-1, %int0
// CHECK:         %[[IM:.*]] = torch.aten.select.int %{{.*}}, %int-1, %int1
// CHECK:         torch.aten.complex %[[RE]], %[[IM]] {{.*}} -> !torch.vtensor<[4],complex<f32>>
func.func @convert_and_complex(%x: !torch.vtensor<[3],f32>, %y: !torch.vtensor<[4,2],f32>) -> (!torch.vtensor<[3],f64>, !torch.vtensor<[4],complex<f32>>) {
  %int7 = torch.constant.int 7
  %0 = torch.prims.convert_element_type %x, %int7 : !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[3],f64>
  %1 = torch.aten.view_as_complex %y : !torch.vtensor<[4,2],f32> -> !torch.vtensor<[4],complex<f32>>
  return %0, %1 : !torch.vtensor<[3],f64>, !torch.vtensor<[4],complex<f32>>
}

// -----

// upsample_nearest2d.vec by 2: each spatial dim read at floor(o * 0.5).
// CHECK-LABEL: func.func @upsample_nearest(
// CHECK:         %[[P:.*]] = torch.aten.arange.start_step %int0, %int6, {{.*}} -> !torch.vtensor<[6],f32>
// CHECK:         %[[S:.*]] = torch.aten.mul.Scalar %[[P]], %float5.000000e-01
// CHECK:         torch.aten.floor %[[S]]
// CHECK:         torch.aten.index_select %{{.*}}, %int2, {{.*}} -> !torch.vtensor<[1,2,6,3],f32>
// CHECK:         torch.aten.index_select %{{.*}}, %int3, {{.*}} -> !torch.vtensor<[1,2,6,6],f32>
func.func @upsample_nearest(%x: !torch.vtensor<[1,2,3,3],f32>) -> !torch.vtensor<[1,2,6,6],f32> {
  %none = torch.constant.none
  %float2 = torch.constant.float 2.000000e+00
  %0 = torch.prim.ListConstruct %float2, %float2 : (!torch.float, !torch.float) -> !torch.list<float>
  %1 = torch.aten.upsample_nearest2d.vec %x, %none, %0 : !torch.vtensor<[1,2,3,3],f32>, !torch.none, !torch.list<float> -> !torch.vtensor<[1,2,6,6],f32>
  return %1 : !torch.vtensor<[1,2,6,6],f32>
}

// -----

// quantize_per_tensor, an operator: clamp(round(x * 20) + 3, -128, 127) as si8.
// CHECK-LABEL: func.func @quantize(
// CHECK:         %[[S:.*]] = torch.aten.mul.Scalar %{{.*}}, %float{{2.0*e\+?01|1.99*e\+?01}}
// CHECK:         %[[R:.*]] = torch.aten.round %[[S]]
// CHECK:         %[[Z:.*]] = torch.aten.add.Scalar %[[R]], %int3
// CHECK:         %[[C:.*]] = torch.aten.clamp %[[Z]], %int-128, %int127
// CHECK:         torch.aten.to.dtype %[[C]], %int1{{.*}} -> !torch.vtensor<[3,5],si8>
func.func @quantize(%x: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[3,5],si8> {
  %scale = torch.constant.float 5.000000e-02
  %int3 = torch.constant.int 3
  %int-128 = torch.constant.int -128
  %int127 = torch.constant.int 127
  %int1 = torch.constant.int 1
  %0 = torch.operator "quantized_decomposed.quantize_per_tensor"(%x, %scale, %int3, %int-128, %int127, %int1) : (!torch.vtensor<[3,5],f32>, !torch.float, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[3,5],si8>
  return %0 : !torch.vtensor<[3,5],si8>
}

// -----

// _softmax (not half_to_float) along dim 1 and log_softmax.int (no dtype)
// along -1 of a dynamic dim: the stable forms, the reduced dim kept.
// CHECK-LABEL: func.func @softmax_variants(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,?,5],f32>)
// CHECK:         %[[D1:.*]] = torch.prim.ListConstruct %int1
// CHECK:         %[[M:.*]] = torch.aten.amax %[[X]], %[[D1]], %true : {{.*}} -> !torch.vtensor<[2,1,5],f32>
// CHECK:         %[[S:.*]] = torch.aten.sub.Tensor %[[X]], %[[M]], %int1
// CHECK:         %[[E:.*]] = torch.aten.exp %[[S]]
// CHECK:         %[[SUM:.*]] = torch.aten.sum.dim_IntList %[[E]], %[[D1]], %true, %none : {{.*}} -> !torch.vtensor<[2,1,5],f32>
// CHECK:         %[[SM:.*]] = torch.aten.div.Tensor %[[E]], %[[SUM]]
// CHECK:         %[[D2:.*]] = torch.prim.ListConstruct %int2
// CHECK:         %[[M2:.*]] = torch.aten.amax %[[X]], %[[D2]], %true : {{.*}} -> !torch.vtensor<[2,?,1],f32>
// CHECK:         %[[S2:.*]] = torch.aten.sub.Tensor %[[X]], %[[M2]], %int1
// CHECK:         %[[E2:.*]] = torch.aten.exp %[[S2]]
// CHECK:         %[[SUM2:.*]] = torch.aten.sum.dim_IntList %[[E2]], %[[D2]], %true, %none
// CHECK:         %[[L:.*]] = torch.aten.log %[[SUM2]]
// CHECK:         %[[LSM:.*]] = torch.aten.sub.Tensor %[[S2]], %[[L]], %int1 : {{.*}} -> !torch.vtensor<[2,?,5],f32>
// CHECK:         return %[[SM]], %[[LSM]]
// CHECK-NOT:     torch.aten._softmax
// CHECK-NOT:     torch.aten.log_softmax.int
func.func @softmax_variants(%x: !torch.vtensor<[2,?,5],f32>) -> (!torch.vtensor<[2,?,5],f32>, !torch.vtensor<[2,?,5],f32>) {
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.aten._softmax %x, %int1, %false : !torch.vtensor<[2,?,5],f32>, !torch.int, !torch.bool -> !torch.vtensor<[2,?,5],f32>
  %1 = torch.aten.log_softmax.int %x, %int-1, %none : !torch.vtensor<[2,?,5],f32>, !torch.int, !torch.none -> !torch.vtensor<[2,?,5],f32>
  return %0, %1 : !torch.vtensor<[2,?,5],f32>, !torch.vtensor<[2,?,5],f32>
}

// -----

// _softmax with half_to_float (an f16 input, an f32 result) stays.
// CHECK-LABEL: func.func @softmax_half_to_float(
// CHECK:         torch.aten._softmax %{{.*}}, %int1, %true
// CHECK-NOT:     torch.aten.amax
func.func @softmax_half_to_float(%x: !torch.vtensor<[2,5],f16>) -> !torch.vtensor<[2,5],f32> {
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %0 = torch.aten._softmax %x, %int1, %true : !torch.vtensor<[2,5],f16>, !torch.int, !torch.bool -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}

// -----

// _assert_async and _assert_async.msg, operators: _assert_scalar of
// int(bool(t)), with the given message or a default one.
// CHECK-LABEL: func.func @assert_async(
// CHECK-SAME:      %[[T:.*]]: !torch.vtensor<[],i1>)
// CHECK-DAG:     %[[MSG:.*]] = torch.constant.str "x must be positive"
// CHECK-DAG:     %[[DEF:.*]] = torch.constant.str "_assert_async failed"
// CHECK:         %[[B:.*]] = torch.aten.Bool.Tensor %[[T]]
// CHECK:         %[[I:.*]] = torch.aten.Int.bool %[[B]]
// CHECK:         torch.aten._assert_scalar %[[I]], %[[DEF]]
// CHECK:         %[[B1:.*]] = torch.aten.Bool.Tensor %[[T]]
// CHECK:         %[[I1:.*]] = torch.aten.Int.bool %[[B1]]
// CHECK:         torch.aten._assert_scalar %[[I1]], %[[MSG]]
// CHECK-NOT:     torch.operator
func.func @assert_async(%t: !torch.vtensor<[],i1>) {
  %msg = torch.constant.str "x must be positive"
  torch.operator "aten._assert_async"(%t) : (!torch.vtensor<[],i1>) -> ()
  torch.operator "aten._assert_async.msg"(%t, %msg) : (!torch.vtensor<[],i1>, !torch.str) -> ()
  return
}

// -----

// nll_loss_forward, mean reduction, class weights, ignore_index -100: the
// [N, C] mask of each row's target class (rows whose target is ignored all
// false) times the weight gives w per row; the output is the sum of the
// negated picked losses over sum(w), the total weight sum(w).
// CHECK-LABEL: func.func @nll_loss_forward(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4,3],f32>, %[[T:.*]]: !torch.vtensor<[4],si64>, %[[W:.*]]: !torch.vtensor<[3],f32>)
// CHECK:         %[[C:.*]] = torch.aten.arange.start_step %int0, %int3, {{.*}} -> !torch.vtensor<[3],si64>
// CHECK:         %[[ROW:.*]] = torch.aten.unsqueeze %[[C]], %int0 : {{.*}} -> !torch.vtensor<[1,3],si64>
// CHECK:         %[[COL:.*]] = torch.aten.unsqueeze %[[T]], %int1 : {{.*}} -> !torch.vtensor<[4,1],si64>
// CHECK:         %[[HIT:.*]] = torch.aten.eq.Tensor %[[ROW]], %[[COL]] : {{.*}} -> !torch.vtensor<[4,3],i1>
// CHECK:         %[[KEEP:.*]] = torch.aten.ne.Scalar %[[COL]], %int-100
// CHECK:         %[[MASK:.*]] = torch.aten.logical_and %[[HIT]], %[[KEEP]]
// CHECK:         %[[MF:.*]] = torch.aten.to.dtype %[[MASK]], %int6, {{.*}} -> !torch.vtensor<[4,3],f32>
// CHECK:         %[[WS:.*]] = torch.aten.mul.Tensor %[[MF]], %[[W]] : {{.*}} -> !torch.vtensor<[4,3],f32>
// CHECK:         %[[ROWS:.*]] = torch.aten.neg {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         %[[TOTAL:.*]] = torch.aten.sum %[[WS]], %none : {{.*}} -> !torch.vtensor<[],f32>
// CHECK:         %[[SUM:.*]] = torch.aten.sum %[[ROWS]], %none : {{.*}} -> !torch.vtensor<[],f32>
// CHECK:         %[[MEAN:.*]] = torch.aten.div.Tensor %[[SUM]], %[[TOTAL]]
// CHECK:         return %[[MEAN]], %[[TOTAL]]
// CHECK-NOT:     torch.aten.nll_loss_forward
func.func @nll_loss_forward(%x: !torch.vtensor<[4,3],f32>, %t: !torch.vtensor<[4],si64>, %w: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[],f32>, !torch.vtensor<[],f32>) {
  %int1 = torch.constant.int 1
  %int-100 = torch.constant.int -100
  %0:2 = torch.aten.nll_loss_forward %x, %t, %w, %int1, %int-100 : !torch.vtensor<[4,3],f32>, !torch.vtensor<[4],si64>, !torch.vtensor<[3],f32>, !torch.int, !torch.int -> !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
  return %0#0, %0#1 : !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
}

// -----

// nll_loss_forward without reduction: the [N] losses, total_weight 0.
// CHECK-LABEL: func.func @nll_loss_forward_none(
// CHECK:         torch.aten.ne.Scalar %{{.*}}, %int2
// CHECK:         %[[ROWS:.*]] = torch.aten.neg {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         %[[Z:.*]] = torch.aten.zeros_like {{.*}} -> !torch.vtensor<[],f32>
// CHECK:         return %[[ROWS]], %[[Z]]
// CHECK-NOT:     torch.aten.nll_loss_forward
func.func @nll_loss_forward_none(%x: !torch.vtensor<[4,3],f32>, %t: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[],f32>) {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %0:2 = torch.aten.nll_loss_forward %x, %t, %none, %int0, %int2 : !torch.vtensor<[4,3],f32>, !torch.vtensor<[4],si64>, !torch.none, !torch.int, !torch.int -> !torch.vtensor<[4],f32>, !torch.vtensor<[],f32>
  return %0#0, %0#1 : !torch.vtensor<[4],f32>, !torch.vtensor<[],f32>
}

// -----

// conv1d and conv3d are convolutions, not transposed, with zero output
// padding of their rank; stride, padding, dilation and bias passed through.
// CHECK-LABEL: func.func @conv1d(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3,9],f32>, %[[W:.*]]: !torch.vtensor<[4,3,3],f32>, %[[B:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[S:.*]] = torch.prim.ListConstruct %int2
// CHECK:         %[[P:.*]] = torch.prim.ListConstruct %int1
// CHECK:         %[[D:.*]] = torch.prim.ListConstruct %int3
// CHECK:         %[[OP:.*]] = torch.prim.ListConstruct %int0
// CHECK:         %[[R:.*]] = torch.aten.convolution %[[X]], %[[W]], %[[B]], %[[S]], %[[P]], %[[D]], %false, %[[OP]], %int1 : {{.*}} -> !torch.vtensor<[2,4,3],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.conv1d
func.func @conv1d(%x: !torch.vtensor<[2,3,9],f32>, %w: !torch.vtensor<[4,3,3],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[2,4,3],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %s = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.conv1d %x, %w, %b, %s, %p, %d, %int1 : !torch.vtensor<[2,3,9],f32>, !torch.vtensor<[4,3,3],f32>, !torch.vtensor<[4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[2,4,3],f32>
  return %0 : !torch.vtensor<[2,4,3],f32>
}
// CHECK-LABEL: func.func @conv3d(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[1,2,5,6,7],f32>, %[[W:.*]]: !torch.vtensor<[4,2,3,3,3],f32>)
// CHECK:         %[[S:.*]] = torch.prim.ListConstruct %int1, %int1, %int1
// CHECK:         %[[P:.*]] = torch.prim.ListConstruct %int0, %int0, %int0
// CHECK:         %[[OP:.*]] = torch.prim.ListConstruct %int0, %int0, %int0
// CHECK:         %[[R:.*]] = torch.aten.convolution %[[X]], %[[W]], %none, %[[S]], %[[P]], %[[S]], %false, %[[OP]], %int1 : {{.*}} -> !torch.vtensor<[1,4,3,4,5],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.conv3d
func.func @conv3d(%x: !torch.vtensor<[1,2,5,6,7],f32>, %w: !torch.vtensor<[4,2,3,3,3],f32>) -> !torch.vtensor<[1,4,3,4,5],f32> {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  %s = torch.prim.ListConstruct %int1, %int1, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0, %int0 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv3d %x, %w, %none, %s, %p, %s, %int1 : !torch.vtensor<[1,2,5,6,7],f32>, !torch.vtensor<[4,2,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,4,3,4,5],f32>
  return %0 : !torch.vtensor<[1,4,3,4,5],f32>
}

// -----

// conv1d.padding "same" with an even kernel (4: 3 in all) pads the odd unit
// at the end first ([0, 1]) and 1 on both sides in the convolution;
// conv3d.padding "valid" is no padding.
// CHECK-LABEL: func.func @conv1d_same(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[1,2,7],f32>, %[[W:.*]]: !torch.vtensor<[3,2,4],f32>)
// CHECK:         %[[PADS:.*]] = torch.prim.ListConstruct %int0, %int1
// CHECK:         %[[XP:.*]] = torch.aten.constant_pad_nd %[[X]], %[[PADS]], %float0.000000e00 : {{.*}} -> !torch.vtensor<[1,2,8],f32>
// CHECK:         %[[P:.*]] = torch.prim.ListConstruct %int1
// CHECK:         %[[R:.*]] = torch.aten.convolution %[[XP]], %[[W]], %none, %{{.*}}, %[[P]], %{{.*}}, %false, {{.*}} -> !torch.vtensor<[1,3,7],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.conv1d.padding
func.func @conv1d_same(%x: !torch.vtensor<[1,2,7],f32>, %w: !torch.vtensor<[3,2,4],f32>) -> !torch.vtensor<[1,3,7],f32> {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %str = torch.constant.str "same"
  %s = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.conv1d.padding %x, %w, %none, %s, %str, %s, %int1 : !torch.vtensor<[1,2,7],f32>, !torch.vtensor<[3,2,4],f32>, !torch.none, !torch.list<int>, !torch.str, !torch.list<int>, !torch.int -> !torch.vtensor<[1,3,7],f32>
  return %0 : !torch.vtensor<[1,3,7],f32>
}
// CHECK-LABEL: func.func @conv3d_valid(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[1,2,5,6,7],f32>, %[[W:.*]]: !torch.vtensor<[4,2,3,3,3],f32>)
// CHECK-NOT:     torch.aten.constant_pad_nd
// CHECK:         %[[P:.*]] = torch.prim.ListConstruct %int0, %int0, %int0
// CHECK:         %[[R:.*]] = torch.aten.convolution %[[X]], %[[W]], %none, %{{.*}}, %[[P]], %{{.*}}, %false, {{.*}} -> !torch.vtensor<[1,4,3,4,5],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.conv3d.padding
func.func @conv3d_valid(%x: !torch.vtensor<[1,2,5,6,7],f32>, %w: !torch.vtensor<[4,2,3,3,3],f32>) -> !torch.vtensor<[1,4,3,4,5],f32> {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %str = torch.constant.str "valid"
  %s = torch.prim.ListConstruct %int1, %int1, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv3d.padding %x, %w, %none, %s, %str, %s, %int1 : !torch.vtensor<[1,2,5,6,7],f32>, !torch.vtensor<[4,2,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.str, !torch.list<int>, !torch.int -> !torch.vtensor<[1,4,3,4,5],f32>
  return %0 : !torch.vtensor<[1,4,3,4,5],f32>
}

// -----

// conv_tbc(x [T=9, B=2, C=4], w [K=3, C=4, O=5], b, pad=1): x as [B, C, T],
// w as [O, C, K], a conv1d with padding 1, the result back as [T, B, O].
// CHECK-LABEL: func.func @conv_tbc(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[9,2,4],f32>, %[[W:.*]]: !torch.vtensor<[3,4,5],f32>, %[[B:.*]]: !torch.vtensor<[5],f32>)
// CHECK:         %[[XO:.*]] = torch.prim.ListConstruct %int1, %int2, %int0
// CHECK:         %[[XP:.*]] = torch.aten.permute %[[X]], %[[XO]] : {{.*}} -> !torch.vtensor<[2,4,9],f32>
// CHECK:         %[[WO:.*]] = torch.prim.ListConstruct %int2, %int1, %int0
// CHECK:         %[[WP:.*]] = torch.aten.permute %[[W]], %[[WO]] : {{.*}} -> !torch.vtensor<[5,4,3],f32>
// CHECK:         %[[S:.*]] = torch.prim.ListConstruct %int1
// CHECK:         %[[P:.*]] = torch.prim.ListConstruct %int1
// CHECK:         %[[C:.*]] = torch.aten.convolution %[[XP]], %[[WP]], %[[B]], %[[S]], %[[P]], %{{.*}}, %false, %{{.*}}, %int1 : {{.*}} -> !torch.vtensor<[2,5,9],f32>
// CHECK:         %[[RO:.*]] = torch.prim.ListConstruct %int2, %int0, %int1
// CHECK:         %[[R:.*]] = torch.aten.permute %[[C]], %[[RO]] : {{.*}} -> !torch.vtensor<[9,2,5],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.conv_tbc
func.func @conv_tbc(%x: !torch.vtensor<[9,2,4],f32>, %w: !torch.vtensor<[3,4,5],f32>, %b: !torch.vtensor<[5],f32>) -> !torch.vtensor<[9,2,5],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.conv_tbc %x, %w, %b, %int1 : !torch.vtensor<[9,2,4],f32>, !torch.vtensor<[3,4,5],f32>, !torch.vtensor<[5],f32>, !torch.int -> !torch.vtensor<[9,2,5],f32>
  return %0 : !torch.vtensor<[9,2,5],f32>
}

// -----

// conv_transpose1d/2d/3d are transposed convolutions: (input, weight, bias,
// stride, padding, output_padding, groups, dilation) reordered into
// convolution's (..., stride, padding, dilation, true, output_padding,
// groups).
// CHECK-LABEL: func.func @conv_transpose(
// CHECK-SAME:      %[[X1:[^:]*]]: !torch.vtensor<[1,4,5],f32>, %[[W1:[^:]*]]: !torch.vtensor<[4,2,3],f32>, %[[X2:[^:]*]]: !torch.vtensor<[1,4,5,5],f32>, %[[W2:[^:]*]]: !torch.vtensor<[4,2,3,3],f32>, %[[X3:[^:]*]]: !torch.vtensor<[1,4,2,3,3],f32>, %[[W3:[^:]*]]: !torch.vtensor<[4,2,2,2,2],f32>)
// CHECK:         %[[S1:.*]] = torch.prim.ListConstruct %int3
// CHECK:         %[[P1:.*]] = torch.prim.ListConstruct %int1
// CHECK:         %[[OP1:.*]] = torch.prim.ListConstruct %int2
// CHECK:         %[[D1:.*]] = torch.prim.ListConstruct %int1
// CHECK:         %[[R1:.*]] = torch.aten.convolution %[[X1]], %[[W1]], %none, %[[S1]], %[[P1]], %[[D1]], %true, %[[OP1]], %int1 : {{.*}} -> !torch.vtensor<[1,2,15],f32>
// CHECK:         %[[R2:.*]] = torch.aten.convolution %[[X2]], %[[W2]], %none, {{.*}}, %true, {{.*}} -> !torch.vtensor<[1,2,7,7],f32>
// CHECK:         %[[R3:.*]] = torch.aten.convolution %[[X3]], %[[W3]], %none, {{.*}}, %true, {{.*}} -> !torch.vtensor<[1,2,3,4,4],f32>
// CHECK:         return %[[R1]], %[[R2]], %[[R3]]
// CHECK-NOT:     torch.aten.conv_transpose
func.func @conv_transpose(%x1: !torch.vtensor<[1,4,5],f32>, %w1: !torch.vtensor<[4,2,3],f32>, %x2: !torch.vtensor<[1,4,5,5],f32>, %w2: !torch.vtensor<[4,2,3,3],f32>, %x3: !torch.vtensor<[1,4,2,3,3],f32>, %w3: !torch.vtensor<[4,2,2,2,2],f32>) -> (!torch.vtensor<[1,2,15],f32>, !torch.vtensor<[1,2,7,7],f32>, !torch.vtensor<[1,2,3,4,4],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %none = torch.constant.none
  %s1 = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %p1 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %op1 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %d1 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.conv_transpose1d %x1, %w1, %none, %s1, %p1, %op1, %int1, %d1 : !torch.vtensor<[1,4,5],f32>, !torch.vtensor<[4,2,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int, !torch.list<int> -> !torch.vtensor<[1,2,15],f32>
  %ones2 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros2 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.conv_transpose2d.input %x2, %w2, %none, %ones2, %zeros2, %zeros2, %int1, %ones2 : !torch.vtensor<[1,4,5,5],f32>, !torch.vtensor<[4,2,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int, !torch.list<int> -> !torch.vtensor<[1,2,7,7],f32>
  %ones3 = torch.prim.ListConstruct %int1, %int1, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %zeros3 = torch.prim.ListConstruct %int0, %int0, %int0 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.conv_transpose3d.input %x3, %w3, %none, %ones3, %zeros3, %zeros3, %int1, %ones3 : !torch.vtensor<[1,4,2,3,3],f32>, !torch.vtensor<[4,2,2,2,2],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int, !torch.list<int> -> !torch.vtensor<[1,2,3,4,4],f32>
  return %0, %1, %2 : !torch.vtensor<[1,2,15],f32>, !torch.vtensor<[1,2,7,7],f32>, !torch.vtensor<[1,2,3,4,4],f32>
}

// -----

// fft_fft of a real input is a two-sided _fft_r2c (norm None: code 0); of a
// complex one with norm "forward" a forward _fft_c2c scaled by 1/n (2);
// fft_ifft (norm None) an inverse _fft_c2c scaled by 1/n.
// CHECK-LABEL: func.func @fft_ifft(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[3,8],f32>, %[[Y:.*]]: !torch.vtensor<[3,8],complex<f32>>)
// CHECK:         %[[D0:.*]] = torch.prim.ListConstruct %int-1
// CHECK:         %[[R0:.*]] = torch.aten._fft_r2c %[[X]], %[[D0]], %int0, %false : {{.*}} -> !torch.vtensor<[3,8],complex<f32>>
// CHECK:         %[[D1:.*]] = torch.prim.ListConstruct %int0
// CHECK:         %[[R1:.*]] = torch.aten._fft_c2c %[[Y]], %[[D1]], %int2, %true
// CHECK:         %[[D2:.*]] = torch.prim.ListConstruct %int-1
// CHECK:         %[[R2:.*]] = torch.aten._fft_c2c %[[Y]], %[[D2]], %int2, %false
// CHECK:         return %[[R0]], %[[R1]], %[[R2]]
// CHECK-NOT:     torch.aten.fft_fft
// CHECK-NOT:     torch.aten.fft_ifft
func.func @fft_ifft(%x: !torch.vtensor<[3,8],f32>, %y: !torch.vtensor<[3,8],complex<f32>>) -> (!torch.vtensor<[3,8],complex<f32>>, !torch.vtensor<[3,8],complex<f32>>, !torch.vtensor<[3,8],complex<f32>>) {
  %none = torch.constant.none
  %int-1 = torch.constant.int -1
  %int0 = torch.constant.int 0
  %fwd = torch.constant.str "forward"
  %0 = torch.aten.fft_fft %x, %none, %int-1, %none : !torch.vtensor<[3,8],f32>, !torch.none, !torch.int, !torch.none -> !torch.vtensor<[3,8],complex<f32>>
  %1 = torch.aten.fft_fft %y, %none, %int0, %fwd : !torch.vtensor<[3,8],complex<f32>>, !torch.none, !torch.int, !torch.str -> !torch.vtensor<[3,8],complex<f32>>
  %2 = torch.aten.fft_ifft %y, %none, %int-1, %none : !torch.vtensor<[3,8],complex<f32>>, !torch.none, !torch.int, !torch.none -> !torch.vtensor<[3,8],complex<f32>>
  return %0, %1, %2 : !torch.vtensor<[3,8],complex<f32>>, !torch.vtensor<[3,8],complex<f32>>, !torch.vtensor<[3,8],complex<f32>>
}

// -----

// fft_rfft2 and fft_irfft2, operators, over dims (-2, -1): a one-sided
// _fft_r2c over [1, 2]; _fft_c2r scaled by 1/n (2) with the last dim's
// length 2 * (5 - 1) = 8 by default, or with s = (4, 6) the bins cut to
// 6 // 2 + 1 = 4 first.
// CHECK-LABEL: func.func @rfft2(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,4,6],f32>)
// CHECK:         %[[D:.*]] = torch.prim.ListConstruct %int1, %int2
// CHECK:         %[[R:.*]] = torch.aten._fft_r2c %[[X]], %[[D]], %int0, %true : {{.*}} -> !torch.vtensor<[2,4,4],complex<f32>>
// CHECK:         return %[[R]]
// CHECK-LABEL: func.func @irfft2(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,4,5],complex<f32>>)
// CHECK:         %[[D:.*]] = torch.prim.ListConstruct %int1, %int2
// CHECK:         %[[R0:.*]] = torch.aten._fft_c2r %[[X]], %[[D]], %int2, %int8 : {{.*}} -> !torch.vtensor<[2,4,8],f32>
// CHECK:         %[[T:.*]] = torch.aten.slice.Tensor %[[X]], %int2, %int0, %int4, %int1 : {{.*}} -> !torch.vtensor<[2,4,4],complex<f32>>
// CHECK:         %[[R1:.*]] = torch.aten._fft_c2r %[[T]], %{{.*}}, %int2, %int6 : {{.*}} -> !torch.vtensor<[2,4,6],f32>
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.operator
func.func @rfft2(%x: !torch.vtensor<[2,4,6],f32>) -> !torch.vtensor<[2,4,4],complex<f32>> {
  %none = torch.constant.none
  %int-2 = torch.constant.int -2
  %int-1 = torch.constant.int -1
  %d = torch.prim.ListConstruct %int-2, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.operator "aten.fft_rfft2"(%x, %none, %d, %none) : (!torch.vtensor<[2,4,6],f32>, !torch.none, !torch.list<int>, !torch.none) -> !torch.vtensor<[2,4,4],complex<f32>>
  return %0 : !torch.vtensor<[2,4,4],complex<f32>>
}
func.func @irfft2(%x: !torch.vtensor<[2,4,5],complex<f32>>) -> (!torch.vtensor<[2,4,8],f32>, !torch.vtensor<[2,4,6],f32>) {
  %none = torch.constant.none
  %int-2 = torch.constant.int -2
  %int-1 = torch.constant.int -1
  %int4 = torch.constant.int 4
  %int6 = torch.constant.int 6
  %d = torch.prim.ListConstruct %int-2, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int4, %int6 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.operator "aten.fft_irfft2"(%x, %none, %d, %none) : (!torch.vtensor<[2,4,5],complex<f32>>, !torch.none, !torch.list<int>, !torch.none) -> !torch.vtensor<[2,4,8],f32>
  %1 = torch.operator "aten.fft_irfft2"(%x, %s, %d, %none) : (!torch.vtensor<[2,4,5],complex<f32>>, !torch.list<int>, !torch.list<int>, !torch.none) -> !torch.vtensor<[2,4,6],f32>
  return %0, %1 : !torch.vtensor<[2,4,8],f32>, !torch.vtensor<[2,4,6],f32>
}
