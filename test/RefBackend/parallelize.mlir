// RUN: torch-mlir-opt %s -pass-pipeline='builtin.module(func.func(refback-parallelize))' | FileCheck %s

// A marked loop that yields its buffer back unchanged becomes scf.parallel;
// one that carries a value, or is not marked, stays a loop. No mark is left.
// CHECK-LABEL: func.func @loops
// CHECK:         scf.parallel (%[[I:.*]]) = (%c0) to (%c64) step (%c8) {
// CHECK:           memref.subview %arg0[%[[I]]] [8] [1]
// CHECK:         scf.for {{.*}} iter_args
// CHECK:         scf.for
// CHECK-NOT:     refback.parallel
func.func @loops(%buffer: memref<64xf32>, %value: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %r = scf.for %i = %c0 to %c64 step %c8 iter_args(%b = %buffer) -> (memref<64xf32>) {
    %tile = memref.subview %b[%i] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1], offset: ?>>
    linalg.fill ins(%value : f32) outs(%tile : memref<8xf32, strided<[1], offset: ?>>)
    scf.yield %b : memref<64xf32>
  } {refback.parallel}
  %sum = scf.for %i = %c0 to %c64 step %c8 iter_args(%s = %value) -> (f32) {
    %t = arith.addf %s, %value : f32
    scf.yield %t : f32
  } {refback.parallel}
  scf.for %i = %c0 to %c64 step %c8 {
    memref.store %value, %buffer[%i] : memref<64xf32>
  }
  return %sum : f32
}
