//===- MemRefCopyToLinalg.cpp - memref.copy as linalg.copy ----------------===//
//
// refback-memref-copy-to-linalg; Passes.td says why.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/RefBackend/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"

namespace mlir::torch::RefBackend {
#define GEN_PASS_DEF_MEMREFCOPYTOLINALG
#include "RefBackend/Passes.h.inc"
} // namespace mlir::torch::RefBackend

using namespace mlir;

namespace {

// A buffer whose copy the LLVM lowering makes a memcpy: a memref with the
// identity layout.
bool isContiguous(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.getLayout().isIdentity();
}

class MemRefCopyToLinalg
    : public mlir::torch::RefBackend::impl::MemRefCopyToLinalgBase<
          MemRefCopyToLinalg> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) {
      if (!isContiguous(copy.getSource().getType()) ||
          !isContiguous(copy.getTarget().getType()))
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies) {
      OpBuilder builder(copy);
      builder.create<linalg::CopyOp>(copy.getLoc(), copy.getSource(),
                                     copy.getTarget());
      copy.erase();
    }
  }
};

} // namespace
