// refback-read-only-arguments: the tensor arguments of public functions are
// not writable for bufferization; private functions and scalars are left
// alone. Bufferized, an op that would update an argument in place writes a
// copy of it.
// RUN: torch-mlir-opt %s -refback-read-only-arguments | FileCheck %s
// RUN: torch-mlir-opt %s -refback-read-only-arguments -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s --check-prefix=BUFFERS

// CHECK-LABEL: func.func @main(
// CHECK-SAME:    %{{.*}}: tensor<4xf32> {bufferization.writable = false},
// CHECK-SAME:    %{{.*}}: f32)
// BUFFERS-LABEL: func.func @main(
// BUFFERS-SAME:    %[[X:.*]]: memref<4xf32
// BUFFERS:         %[[COPY:.*]] = memref.alloc() {{.*}} : memref<4xf32>
// BUFFERS:         memref.copy %[[X]], %[[COPY]]
// BUFFERS:         linalg.generic {{.*}} outs(%[[COPY]] :
func.func @main(%x: tensor<4xf32>, %s: f32) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
       outs(%x : tensor<4xf32>) {
  ^bb0(%out: f32):
    %sum = arith.addf %out, %s : f32
    linalg.yield %sum : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func private @helper(
// CHECK-SAME:    %{{.*}}: tensor<4xf32>) -> tensor<4xf32>
func.func private @helper(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
