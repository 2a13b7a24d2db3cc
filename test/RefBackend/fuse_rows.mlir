// RUN: torch-mlir-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(refback-fuse-rows))' | FileCheck %s
// RUN: torch-mlir-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(refback-fuse-rows{threads=2}))' | FileCheck %s --check-prefix=THREADS

#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
#in = affine_map<(d0, d1, d2) -> (d0, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>

// A softmax as refback-fuse-elementwise leaves it: one loop over tiles of
// 16 rows (16 KiB of 256 floats), the max, exp, sum and division inside,
// the exp computed once for the sum and the division; its intermediates
// are tensors of a tile. Nothing is left outside but the empty results.
// With threads, 32768 points: the loop is marked.
// CHECK-LABEL: func.func @softmax
// CHECK-NOT:     linalg.generic
// CHECK:         scf.for {{.*}} step %c16 iter_args
// CHECK:           %[[MAX:.*]] = linalg.generic {{.*}} ins({{.*}} : tensor<16x256xf32>) outs({{.*}} : tensor<16x1xf32>)
// CHECK:             arith.maximumf
// CHECK:           %[[EMPTY:.*]] = tensor.empty() : tensor<16x256xf32>
// CHECK:           %[[EXP:.*]] = linalg.generic {{.*}} outs(%[[EMPTY]] : tensor<16x256xf32>)
// CHECK:             math.exp
// CHECK:           %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[EXP]] : tensor<16x256xf32>)
// CHECK:             arith.addf
// CHECK:           linalg.generic {{.*}} ins(%[[EXP]], %[[SUM]] : tensor<16x256xf32>, tensor<16x1xf32>)
// CHECK:             arith.divf
// CHECK-NOT:       math.exp
// CHECK:           tensor.insert_slice
// CHECK:         }
// CHECK-NOT:     linalg.generic
// CHECK:         return
// THREADS-LABEL: func.func @softmax
// THREADS:         scf.for {{.*}} step %c16 {{.*}} {
// THREADS:         } {refback.parallel}
func.func @softmax(%x: tensor<128x256xf32>) -> tensor<128x256xf32> {
  %low = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<128x1xf32>
  %lows = linalg.generic {indexing_maps = [#rows], iterator_types = ["parallel", "parallel"]} outs(%e1 : tensor<128x1xf32>) {
  ^bb0(%o: f32):
    linalg.yield %low : f32
  } -> tensor<128x1xf32>
  %max = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<128x256xf32>) outs(%lows : tensor<128x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %o : f32
    linalg.yield %m : f32
  } -> tensor<128x1xf32>
  %e = tensor.empty() : tensor<128x256xf32>
  %exp = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<128x256xf32>, tensor<128x1xf32>) outs(%e : tensor<128x256xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %v = math.exp %d : f32
    linalg.yield %v : f32
  } -> tensor<128x256xf32>
  %e2 = tensor.empty() : tensor<128x1xf32>
  %zeros = linalg.generic {indexing_maps = [#rows], iterator_types = ["parallel", "parallel"]} outs(%e2 : tensor<128x1xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  } -> tensor<128x1xf32>
  %sum = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%exp : tensor<128x256xf32>) outs(%zeros : tensor<128x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<128x1xf32>
  %r = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<128x256xf32>, tensor<128x1xf32>) outs(%e : tensor<128x256xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %q = arith.divf %a, %s : f32
    linalg.yield %q : f32
  } -> tensor<128x256xf32>
  return %r : tensor<128x256xf32>
}

// -----

#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
#in = affine_map<(d0, d1, d2) -> (d0, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>

// Stay outside, computed once: a bias every tile reads whole, the exp that
// is also returned, and a matrix product. 40 rows are two tiles of 16 and
// a remainder of 8 (peeled); 40x256 is too little work for threads.
// CHECK-LABEL: func.func @outside
// CHECK:         linalg.matmul
// CHECK:         %[[BIAS:.*]] = linalg.generic
// CHECK:           arith.mulf
// CHECK:         %[[EXP:.*]] = linalg.generic
// CHECK:           math.exp
// CHECK:         scf.for {{.*}} = %c0 to %c32 step %c16
// CHECK:           tensor.extract_slice %[[EXP]]
// CHECK:           arith.addf
// CHECK:           linalg.generic {{.*}} ins({{.*}}, %[[BIAS]] : tensor<16x256xf32>, tensor<16x1xf32>, tensor<256xf32>)
// CHECK-NOT:       math.exp
// CHECK:         }
// CHECK:         linalg.generic {{.*}} ins({{.*}}, %[[BIAS]] : tensor<8x256xf32>, tensor<8x1xf32>, tensor<256xf32>)
// CHECK-NOT:     math.exp
// CHECK:         return
// THREADS-LABEL: func.func @outside
// THREADS-NOT:     refback.parallel
// THREADS:         return
func.func @outside(%a: tensor<40x64xf32>, %w: tensor<64x256xf32>, %b: tensor<256xf32>)
    -> (tensor<40x256xf32>, tensor<40x256xf32>) {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<40x256xf32>
  %filled = linalg.fill ins(%zero : f32) outs(%e : tensor<40x256xf32>) -> tensor<40x256xf32>
  %x = linalg.matmul ins(%a, %w : tensor<40x64xf32>, tensor<64x256xf32>) outs(%filled : tensor<40x256xf32>) -> tensor<40x256xf32>
  %eb = tensor.empty() : tensor<256xf32>
  %bias = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%b : tensor<256xf32>) outs(%eb : tensor<256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %two : f32
    linalg.yield %m : f32
  } -> tensor<256xf32>
  %exp = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<40x256xf32>) outs(%e : tensor<40x256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %x1 = math.exp %v : f32
    linalg.yield %x1 : f32
  } -> tensor<40x256xf32>
  %e1 = tensor.empty() : tensor<40x1xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%e1 : tensor<40x1xf32>) -> tensor<40x1xf32>
  %sum = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%exp : tensor<40x256xf32>) outs(%zeros : tensor<40x1xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %o : f32
    linalg.yield %s : f32
  } -> tensor<40x1xf32>
  %r = linalg.generic {indexing_maps = [#rows, #row, affine_map<(d0, d1) -> (d1)>, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum, %bias : tensor<40x256xf32>, tensor<40x1xf32>, tensor<256xf32>) outs(%e : tensor<40x256xf32>) {
  ^bb0(%v: f32, %s: f32, %c: f32, %o: f32):
    %q = arith.divf %v, %s : f32
    %p = arith.addf %q, %c : f32
    linalg.yield %p : f32
  } -> tensor<40x256xf32>
  return %exp, %r : tensor<40x256xf32>, tensor<40x256xf32>
}

// -----

#rows = affine_map<(d0, d1) -> (d0, d1)>

// Without a reduction in the kernel, nothing changes.
// CHECK-LABEL: func.func @no_reduction
// CHECK-NOT:     scf.for
// CHECK:         return
func.func @no_reduction(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %e = tensor.empty() : tensor<64x256xf32>
  %y = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = math.tanh %v : f32
    linalg.yield %t : f32
  } -> tensor<64x256xf32>
  %z = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = math.exp %v : f32
    linalg.yield %t : f32
  } -> tensor<64x256xf32>
  return %z : tensor<64x256xf32>
}

// -----

// A sum over no elements (a [2, 0, 4] input) is left alone: its empty loop
// has no tiles.
// CHECK-LABEL: func.func @empty_sum
// CHECK-NOT:     scf.for
// CHECK:         return
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @empty_sum(%x: tensor<2x0x4xf32>) -> tensor<2x1x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x1x4xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%e : tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>],
                         iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%x : tensor<2x0x4xf32>) outs(%zeros : tensor<2x1x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %o : f32
    linalg.yield %s : f32
  } -> tensor<2x1x4xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%sum : tensor<2x1x4xf32>) outs(%e : tensor<2x1x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %l = math.log %v : f32
    linalg.yield %l : f32
  } -> tensor<2x1x4xf32>
  return %r : tensor<2x1x4xf32>
}
