# The seed's smoke test: builds a module holding one torch.constant.none and prints it.
import torch_mlir.ir
from torch_mlir.dialects import torch as torch_d
with torch_mlir.ir.Context() as ctx:
    torch_d.register_dialect(ctx)
    with torch_mlir.ir.Location.unknown() as loc:
        module = torch_mlir.ir.Module.create(loc)
        with torch_mlir.ir.InsertionPoint(module.body):
            torch_d.ConstantNoneOp()
        module.operation.print()
