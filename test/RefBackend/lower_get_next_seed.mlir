// refback-lower-get-next-seed: one private i64 global starting at the seed
// option; each draw loads it, takes one LCG step, stores and returns it.
// RUN: torch-mlir-opt %s -refback-lower-get-next-seed="seed=42" | FileCheck %s

// CHECK:       memref.global "private" @refback_rng_state : memref<i64> = dense<42>
// CHECK-LABEL: func.func @two_draws(
// CHECK:         %[[G:.*]] = memref.get_global @refback_rng_state : memref<i64>
// CHECK:         %[[S:.*]] = memref.load %[[G]][] : memref<i64>
// CHECK:         %[[M:.*]] = arith.muli %[[S]], %{{.*}} : i64
// CHECK:         %[[N:.*]] = arith.addi %[[M]], %{{.*}} : i64
// CHECK:         memref.store %[[N]], %[[G]][] : memref<i64>
// CHECK:         %[[G2:.*]] = memref.get_global @refback_rng_state
// CHECK:         memref.load %[[G2]][]
// CHECK:         memref.store
// CHECK:         return %[[N]],
// CHECK-NOT:     torch_c.get_next_seed
func.func @two_draws() -> (i64, i64) {
  %0 = torch_c.get_next_seed : () -> i64
  %1 = torch_c.get_next_seed : () -> i64
  return %0, %1 : i64, i64
}

// A module without draws gets no global.
// RUN: echo 'func.func @f() { return }' | torch-mlir-opt -refback-lower-get-next-seed | FileCheck %s --check-prefix=NONE
// NONE-NOT: memref.global
