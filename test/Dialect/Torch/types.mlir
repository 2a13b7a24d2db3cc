// Every Torch type parses, prints in upstream torch-mlir's form, and survives a round trip.
// RUN: torch-mlir-opt %s | torch-mlir-opt | FileCheck %s

// CHECK-LABEL: func.func private @scalars(
// CHECK-SAME: !torch.int, !torch.float, !torch.bool, !torch.str, !torch.none, !torch.number, !torch.any, !torch.Device, !torch.Generator, !torch.LinearParams)
func.func private @scalars(!torch.int, !torch.float, !torch.bool, !torch.str, !torch.none, !torch.number, !torch.any, !torch.Device, !torch.Generator, !torch.LinearParams)

// CHECK-LABEL: func.func private @containers(
// CHECK-SAME: !torch.list<int>, !torch.list<list<float>>, !torch.optional<int>, !torch.optional<vtensor<[2],f32>>
// CHECK-SAME: !torch.tuple<>, !torch.tuple<int, float>, !torch.union<int, float, none>
// CHECK-SAME: !torch.dict<str, tensor>, !torch.dict<int, list<vtensor>>, !torch.nn.Module<"__torch__.Net">)
func.func private @containers(!torch.list<int>, !torch.list<list<float>>, !torch.optional<int>, !torch.optional<vtensor<[2],f32>>, !torch.tuple<>, !torch.tuple<int, float>, !torch.union<int, float, none>, !torch.dict<str, tensor>, !torch.dict<int, list<vtensor>>, !torch.nn.Module<"__torch__.Net">)

// Fully qualified nested types are accepted and print short.
// CHECK-LABEL: func.func private @qualified_nested(
// CHECK-SAME: !torch.list<int>, !torch.tuple<int, vtensor>)
func.func private @qualified_nested(!torch.list<!torch.int>, !torch.tuple<!torch.int, !torch.vtensor>)

// CHECK-LABEL: func.func private @value_tensors(
// CHECK-SAME: !torch.vtensor, !torch.vtensor<[3,?,4],f32>, !torch.vtensor<*,si64>, !torch.vtensor<[],f32>
// CHECK-SAME: !torch.vtensor<[2],unk>, !torch.vtensor<[?,?],bf16>, !torch.vtensor<[1],i1>
func.func private @value_tensors(!torch.vtensor, !torch.vtensor<[3,?,4],f32>, !torch.vtensor<*,si64>, !torch.vtensor<[],f32>, !torch.vtensor<[2],unk>, !torch.vtensor<[?,?],bf16>, !torch.vtensor<[1],i1>)

// CHECK-LABEL: func.func private @tensors(
// CHECK-SAME: !torch.tensor, !torch.tensor<[2,3],f64>, !torch.tensor<*,ui8>, !torch.tensor<[4],complex<f32>>
func.func private @tensors(!torch.tensor, !torch.tensor<[2,3],f64>, !torch.tensor<*,ui8>, !torch.tensor<[4],complex<f32>>)

// `<*,unk>` says nothing, so it prints as the bare type.
// CHECK-LABEL: func.func private @no_information(
// CHECK-SAME: !torch.vtensor, !torch.tensor)
func.func private @no_information(!torch.vtensor<*,unk>, !torch.tensor<*,unk>)

// CHECK-LABEL: func.func private @dtypes(
// CHECK-SAME: !torch.vtensor<[1],si8>, !torch.vtensor<[1],si16>, !torch.vtensor<[1],si32>, !torch.vtensor<[1],f16>
// CHECK-SAME: !torch.vtensor<[1],f8E4M3FN>, !torch.vtensor<[1],f8E5M2>, !torch.vtensor<[1],complex<f64>>
// CHECK-SAME: !torch.vtensor<[1],!torch.qint8>, !torch.vtensor<[1],!torch.quint8>, !torch.vtensor<[1],!torch.qint32>)
func.func private @dtypes(!torch.vtensor<[1],si8>, !torch.vtensor<[1],si16>, !torch.vtensor<[1],si32>, !torch.vtensor<[1],f16>, !torch.vtensor<[1],f8E4M3FN>, !torch.vtensor<[1],f8E5M2>, !torch.vtensor<[1],complex<f64>>, !torch.vtensor<[1],!torch.qint8>, !torch.vtensor<[1],!torch.quint8>, !torch.vtensor<[1],!torch.qint32>)

// Builtin types inside containers print and parse as themselves (but a bare
// `tensor<...>` there is Torch's own non-value tensor, as in upstream).
// CHECK-LABEL: func.func private @builtin_contained(
// CHECK-SAME: !torch.tuple<int, f32>, !torch.list<i64>, !torch.optional<complex<f32>>)
func.func private @builtin_contained(!torch.tuple<int, f32>, !torch.list<i64>, !torch.optional<complex<f32>>)
