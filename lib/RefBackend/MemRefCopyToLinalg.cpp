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

class MemRefCopyToLinalg
    : public mlir::torch::RefBackend::impl::MemRefCopyToLinalgBase<
          MemRefCopyToLinalg> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) { copies.push_back(copy); });
    for (memref::CopyOp copy : copies) {
      OpBuilder builder(copy);
      builder.create<linalg::CopyOp>(copy.getLoc(), copy.getSource(),
                                     copy.getTarget());
      copy.erase();
    }
  }
};

} // namespace
