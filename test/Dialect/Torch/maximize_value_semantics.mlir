// torch-maximize-value-semantics: a fresh mutable tensor's reads become the
// value it holds there, its writes replace that value; views see later
// writes, and writes through views scatter into the tensor.
// RUN: torch-mlir-opt %s -torch-maximize-value-semantics -split-input-file | FileCheck %s

// Reads before and after a write.
// CHECK-LABEL: func.func @read_write_read(
// CHECK-SAME:      %[[A:.*]]: !torch.vtensor<[2],f32>, %[[B:.*]]: !torch.vtensor<[2],f32>)
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @read_write_read(%a: !torch.vtensor<[2],f32>, %b: !torch.vtensor<[2],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>) {
  %t = torch.copy.to_tensor %a : !torch.tensor<[2],f32>
  %0 = torch.copy.to_vtensor %t : !torch.vtensor<[2],f32>
  torch.overwrite.tensor.contents %b overwrites %t : !torch.vtensor<[2],f32>, !torch.tensor<[2],f32>
  %1 = torch.copy.to_vtensor %t : !torch.vtensor<[2],f32>
  return %0, %1 : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>
}

// -----

// A view taken before a write and read after it sees the write: the view is
// taken again of the new value where it is read.
// CHECK-LABEL: func.func @view_sees_later_write(
// CHECK-SAME:      %[[A:.*]]: !torch.vtensor<[2,3],f32>, %[[B:.*]]: !torch.vtensor<[2,3],f32>)
// CHECK:         %[[T:.*]] = torch.aten.transpose.int %[[B]], %{{.*}}, %{{.*}} : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[3,2],f32>
// CHECK-NEXT:    return %[[T]]
// CHECK-NOT:     torch.copy
func.func @view_sees_later_write(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[3,2],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %t = torch.copy.to_tensor %a : !torch.tensor<[2,3],f32>
  %v = torch.aten.transpose.int %t, %int0, %int1 : !torch.tensor<[2,3],f32>, !torch.int, !torch.int -> !torch.tensor<[3,2],f32>
  torch.overwrite.tensor.contents %b overwrites %t : !torch.vtensor<[2,3],f32>, !torch.tensor<[2,3],f32>
  %0 = torch.copy.to_vtensor %v : !torch.vtensor<[3,2],f32>
  return %0 : !torch.vtensor<[3,2],f32>
}

// -----

// A write to a row (select) of a column block (slice) scatters into the
// slice, which scatters into the tensor.
// CHECK-LABEL: func.func @write_through_views(
// CHECK-SAME:      %[[A:.*]]: !torch.vtensor<[4,3],f32>, %[[ROW:.*]]: !torch.vtensor<[2],f32>)
// CHECK:         %[[SLICE:.*]] = torch.aten.slice.Tensor %[[A]], {{.*}} -> !torch.vtensor<[4,2],f32>
// CHECK:         %[[INNER:.*]] = torch.aten.select_scatter %[[SLICE]], %[[ROW]], {{.*}} -> !torch.vtensor<[4,2],f32>
// CHECK:         %[[OUTER:.*]] = torch.aten.slice_scatter %[[A]], %[[INNER]], {{.*}} -> !torch.vtensor<[4,3],f32>
// CHECK:         return %[[OUTER]]
func.func @write_through_views(%a: !torch.vtensor<[4,3],f32>, %row: !torch.vtensor<[2],f32>) -> !torch.vtensor<[4,3],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %t = torch.copy.to_tensor %a : !torch.tensor<[4,3],f32>
  %cols = torch.aten.slice.Tensor %t, %int1, %int1, %int3, %int1 : !torch.tensor<[4,3],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.tensor<[4,2],f32>
  %r = torch.aten.select.int %cols, %int0, %int1 : !torch.tensor<[4,2],f32>, !torch.int, !torch.int -> !torch.tensor<[2],f32>
  torch.overwrite.tensor.contents %row overwrites %r : !torch.vtensor<[2],f32>, !torch.tensor<[2],f32>
  %0 = torch.copy.to_vtensor %t : !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// Writes through transpose, permute, unsqueeze and view are undone by their
// inverse.
// CHECK-LABEL: func.func @write_through_layout_views(
// CHECK:         torch.aten.transpose.int %{{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK:         torch.aten.permute %{{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK:         torch.aten.squeeze.dim %{{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK:         %[[LAST:.*]] = torch.aten.view %{{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK:         return %[[LAST]]
func.func @write_through_layout_views(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[3,2],f32>, %c: !torch.vtensor<[1,2,3],f32>, %d: !torch.vtensor<[6],f32>) -> !torch.vtensor<[2,3],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int6 = torch.constant.int 6
  %t = torch.copy.to_tensor %a : !torch.tensor<[2,3],f32>
  %tr = torch.aten.transpose.int %t, %int0, %int1 : !torch.tensor<[2,3],f32>, !torch.int, !torch.int -> !torch.tensor<[3,2],f32>
  torch.overwrite.tensor.contents %b overwrites %tr : !torch.vtensor<[3,2],f32>, !torch.tensor<[3,2],f32>
  %dims = torch.prim.ListConstruct %int1, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %pe = torch.aten.permute %t, %dims : !torch.tensor<[2,3],f32>, !torch.list<int> -> !torch.tensor<[3,2],f32>
  torch.overwrite.tensor.contents %b overwrites %pe : !torch.vtensor<[3,2],f32>, !torch.tensor<[3,2],f32>
  %un = torch.aten.unsqueeze %t, %int0 : !torch.tensor<[2,3],f32>, !torch.int -> !torch.tensor<[1,2,3],f32>
  torch.overwrite.tensor.contents %c overwrites %un : !torch.vtensor<[1,2,3],f32>, !torch.tensor<[1,2,3],f32>
  %size = torch.prim.ListConstruct %int6 : (!torch.int) -> !torch.list<int>
  %fl = torch.aten.view %t, %size : !torch.tensor<[2,3],f32>, !torch.list<int> -> !torch.tensor<[6],f32>
  torch.overwrite.tensor.contents %d overwrites %fl : !torch.vtensor<[6],f32>, !torch.tensor<[6],f32>
  %0 = torch.copy.to_vtensor %t : !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// What stays mutable: a write in a nested region, a return of the mutable
// tensor, and a write through a view that does not say where it writes
// (expand).
// CHECK-LABEL: func.func @stays(
// CHECK:         torch.copy.to_tensor
// CHECK:         torch.overwrite.tensor.contents
// CHECK-LABEL: func.func @returned(
// CHECK:         torch.copy.to_tensor
// CHECK-LABEL: func.func @through_expand(
// CHECK:         torch.aten.expand
// CHECK:         torch.overwrite.tensor.contents
func.func @stays(%a: !torch.vtensor<[2],f32>, %b: !torch.vtensor<[2],f32>, %c: !torch.bool) -> !torch.vtensor<[2],f32> {
  %t = torch.copy.to_tensor %a : !torch.tensor<[2],f32>
  torch.prim.If %c -> () {
    torch.overwrite.tensor.contents %b overwrites %t : !torch.vtensor<[2],f32>, !torch.tensor<[2],f32>
    torch.prim.If.yield
  } else {
    torch.prim.If.yield
  }
  %0 = torch.copy.to_vtensor %t : !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

func.func @returned(%a: !torch.vtensor<[2],f32>) -> !torch.tensor<[2],f32> {
  %t = torch.copy.to_tensor %a : !torch.tensor<[2],f32>
  return %t : !torch.tensor<[2],f32>
}

func.func @through_expand(%a: !torch.vtensor<[1],f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[1],f32> {
  %false = torch.constant.bool false
  %int3 = torch.constant.int 3
  %size = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %t = torch.copy.to_tensor %a : !torch.tensor<[1],f32>
  %e = torch.aten.expand %t, %size, %false : !torch.tensor<[1],f32>, !torch.list<int>, !torch.bool -> !torch.tensor<[3],f32>
  torch.overwrite.tensor.contents %b overwrites %e : !torch.vtensor<[3],f32>, !torch.tensor<[3],f32>
  %0 = torch.copy.to_vtensor %t : !torch.vtensor<[1],f32>
  return %0 : !torch.vtensor<[1],f32>
}
