// RUN: torch-mlir-opt %s -pass-pipeline='builtin.module(func.func(refback-memref-copy-to-linalg))' | FileCheck %s

// A copy into a strided view (a pad's interior) becomes linalg.copy, and
// then loops; one between buffers of the identity layout stays a
// memref.copy, which LLVM lowers to memcpy.
// CHECK-LABEL: func.func @copies
// CHECK:         linalg.copy ins(%{{.*}} : memref<4x4xf32>) outs(%{{.*}} : memref<4x4xf32, strided<[6, 1], offset: 7>>)
// CHECK:         memref.copy %{{.*}}, %{{.*}} : memref<4x4xf32> to memref<4x4xf32>
// CHECK-NOT:     linalg.copy
func.func @copies(%a: memref<4x4xf32>, %b: memref<6x6xf32>, %c: memref<4x4xf32>) {
  %interior = memref.subview %b[1, 1] [4, 4] [1, 1] : memref<6x6xf32> to memref<4x4xf32, strided<[6, 1], offset: 7>>
  memref.copy %a, %interior : memref<4x4xf32> to memref<4x4xf32, strided<[6, 1], offset: 7>>
  memref.copy %a, %c : memref<4x4xf32> to memref<4x4xf32>
  return
}
