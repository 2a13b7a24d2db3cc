// The Done-when file of the dialect issue: every type and ten ATen ops, written
// exactly as torch-mlir-opt prints them, so printing it changes nothing:
//   ./bazelw run //:torch-mlir-opt -- $PWD/test/Dialect/Torch/Inputs/every_type_and_ten_aten_ops.mlir
// RUN: torch-mlir-opt %S/Inputs/every_type_and_ten_aten_ops.mlir > %t.printed.mlir
// RUN: diff %S/Inputs/every_type_and_ten_aten_ops.mlir %t.printed.mlir
