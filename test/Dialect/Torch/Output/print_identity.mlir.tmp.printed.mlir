module {
  func.func @every_type(%arg0: !torch.int, %arg1: !torch.float, %arg2: !torch.bool, %arg3: !torch.str, %arg4: !torch.none, %arg5: !torch.number, %arg6: !torch.any, %arg7: !torch.Device, %arg8: !torch.Generator, %arg9: !torch.list<int>, %arg10: !torch.optional<vtensor>, %arg11: !torch.tuple<int, float>, %arg12: !torch.union<int, float>, %arg13: !torch.dict<str, tensor>, %arg14: !torch.nn.Module<"Net">, %arg15: !torch.tensor, %arg16: !torch.tensor<[2,?],f32>, %arg17: !torch.vtensor<*,si64>, %arg18: !torch.vtensor<[],f32>, %arg19: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> {
    %int1 = torch.constant.int 1
    %int0 = torch.constant.int 0
    %true = torch.constant.bool true
    %none = torch.constant.none
    %0 = torch.aten.add.Tensor %arg19, %arg19, %int1 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.int -> !torch.vtensor<[3,4],f32>
    %1 = torch.aten.mul.Tensor %0, %arg19 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32> -> !torch.vtensor<[3,4],f32>
    %2 = torch.aten.relu %1 : !torch.vtensor<[3,4],f32> -> !torch.vtensor<[3,4],f32>
    %3 = torch.aten.transpose.int %2, %int0, %int1 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,3],f32>
    %4 = torch.aten.mm %2, %3 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[4,3],f32> -> !torch.vtensor<[3,3],f32>
    %5 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
    %6 = torch.aten.sum.dim_IntList %4, %5, %true, %none : !torch.vtensor<[3,3],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[3,1],f32>
    %7 = torch.aten.sigmoid %6 : !torch.vtensor<[3,1],f32> -> !torch.vtensor<[3,1],f32>
    %8 = torch.aten.mul.Tensor %2, %7 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,1],f32> -> !torch.vtensor<[3,4],f32>
    %9 = torch.aten.tanh %8 : !torch.vtensor<[3,4],f32> -> !torch.vtensor<[3,4],f32>
    %values, %indices = torch.aten.max.dim %9, %int1, %true : !torch.vtensor<[3,4],f32>, !torch.int, !torch.bool -> !torch.vtensor<[3,1],f32>, !torch.vtensor<[3,1],si64>
    %10 = torch.aten.sub.Tensor %9, %values, %int1 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,1],f32>, !torch.int -> !torch.vtensor<[3,4],f32>
    return %10 : !torch.vtensor<[3,4],f32>
  }
}

