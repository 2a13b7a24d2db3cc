//===- TorchBase.td - The Torch dialect and its base op class ---*- tablegen -*-===//

#ifndef TORCH_BASE
#define TORCH_BASE

include "mlir/IR/OpBase.td"

def Torch_Dialect : Dialect {
  let name = "torch";
  let cppNamespace = "::mlir::torch::Torch";
  let summary = "PyTorch programs in MLIR: the TorchScript and ATen type system and ops.";
  let description = [{
    The Torch dialect models PyTorch programs as `torch.export` and TorchScript
    produce them: Python scalars (`!torch.int`, `!torch.float`, ...), containers
    (`!torch.list<T>`, `!torch.tuple<...>`, ...), tensors with optional static
    shape and dtype (`!torch.vtensor<[3,?],f32>` with value semantics,
    `!torch.tensor` without), one op per ATen operator overload
    (`torch.aten.add.Tensor`), and the `torch.prim.*` control flow and
    `torch.constant.*` ops.
  }];
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
  private:
    void registerTypes();
  }];
}

class Torch_Op<string mnemonic, list<Trait> traits = []>
    : Op<Torch_Dialect, mnemonic, traits>;

#endif // TORCH_BASE
