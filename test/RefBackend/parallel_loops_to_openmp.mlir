// RUN: torch-mlir-opt %s -split-input-file -refback-parallel-loops-to-openmp="threads=3" | FileCheck %s

// A module with a parallel loop: an OpenMP construct of 3 threads, and the
// module marked as using them.
// CHECK:       module attributes {refback.threads = 3 : i64}
// CHECK-LABEL: func.func @parallel
// CHECK:         omp.parallel num_threads
// CHECK:           omp.wsloop
// CHECK-NOT:     scf.parallel
func.func @parallel(%buffer: memref<64xf32>, %value: f32) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i) = (%c0) to (%c64) step (%c8) {
    memref.store %value, %buffer[%i] : memref<64xf32>
    scf.reduce
  }
  return
}

// -----

// Without one: left as it is, unmarked.
// CHECK-NOT:   refback.threads
// CHECK-LABEL: func.func @serial
// CHECK:         scf.for
// CHECK-NOT:     omp.
func.func @serial(%buffer: memref<64xf32>, %value: f32) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c8 {
    memref.store %value, %buffer[%i] : memref<64xf32>
  }
  return
}
