"""Second WORKSPACE step: @llvm-project from @llvm-raw through LLVM's overlay."""

load("@llvm-raw//utils/bazel:configure.bzl", "llvm_configure")

def torch_mlir_llvm_configure():
    if not native.existing_rule("llvm-project"):
        # X86 only: the one host we build for, and the least to compile.
        llvm_configure(name = "llvm-project", targets = ["X86"])
