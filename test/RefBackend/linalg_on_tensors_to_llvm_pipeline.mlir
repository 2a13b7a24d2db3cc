// RUN: torch-mlir-opt %s -refback-linalg-on-tensors-to-llvm-pipeline | FileCheck %s --implicit-check-not=linalg. --implicit-check-not=memref. --implicit-check-not=scf. --implicit-check-not=cf. --implicit-check-not=tensor.

// An elementwise add on a dynamic dimension comes out as LLVM dialect only:
// the function allocates its result, computes it in a loop, hands it to
// refback_results_add (through its C interface: one pointer to an unranked
// descriptor), which owns it from then on (the function does not free it),
// and returns nothing.
// CHECK-LABEL: llvm.func private @refback_results_add(%{{.*}}: i64, %{{.*}}: !llvm.ptr)
// CHECK:         llvm.call @_mlir_ciface_refback_results_add(%{{.*}}) : (!llvm.ptr) -> ()
// CHECK:       llvm.func @_mlir_ciface_refback_results_add(!llvm.ptr)
// CHECK-LABEL: llvm.func @add(
// CHECK:         llvm.call @malloc
// CHECK:         llvm.fadd %{{.*}}, %{{.*}} : f32
// CHECK-NOT:     llvm.call @free
// CHECK:         llvm.call @refback_results_add(%{{.*}}, %{{.*}}) : (i64, !llvm.ptr) -> ()
// CHECK-NEXT:    llvm.return{{$}}
// The C interface the JIT calls: a pointer to each argument's descriptor.
// CHECK-LABEL: llvm.func @_mlir_ciface_add(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// CHECK:         llvm.call @add(
#id = affine_map<(i) -> (i)>
func.func @add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %empty = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
       ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%empty : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
