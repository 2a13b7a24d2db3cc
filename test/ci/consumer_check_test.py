"""How the consumer check tells whose C++ a build compiled, from Bazel's execution log."""

import unittest

from ci import consumer_check as cc


def compile_spawn(source, hit=False):
    return {"mnemonic": "CppCompile", "remoteCacheHit": hit,
            "commandArgs": ["external/torch_mlir/utils/bazel/toolchain/zig-cc", "-MD", "-c",
                            source, "-o", "x.o"]}


class ConsumerCheckTest(unittest.TestCase):
    def test_owner_by_exec_path(self):
        self.assertEqual(cc.owner("external/torch_mlir_cc/lib/Dialect/Torch/IR/TorchOps.cpp"),
                         cc.OURS)
        self.assertEqual(cc.owner("external/llvm-project/mlir/lib/IR/Value.cpp"), cc.LLVM)
        # A unity batch is generated under bazel-out.
        self.assertEqual(cc.owner(
            "bazel-out/k8-opt/bin/external/llvm-project/llvm/CodeGen_unity/lib_CodeGen_0.cpp"),
            cc.LLVM)
        # Our C++ compiled under the name the consumer gives torch-mlir: not shared.
        self.assertEqual(cc.owner("external/torch_mlir/lib/InitAll/InitAll.cpp"), "@torch_mlir")
        self.assertEqual(cc.owner("lib/FoldDoubleRelu.cpp"), cc.OWN)

    def test_counts_only_compiles_that_ran(self):
        spawns = [
            compile_spawn("lib/FoldDoubleRelu.cpp"),
            compile_spawn("tools/consumer-opt.cpp"),
            compile_spawn("external/torch_mlir_cc/lib/InitAll/InitAll.cpp", hit=True),
            compile_spawn("external/torch_mlir/lib/CAPI/Dialects.cpp"),
            {"mnemonic": "CppLink", "commandArgs": ["zig-cc", "-o", "consumer-opt"]},
        ]
        sources, cached = cc.compiles_that_ran(spawns)
        self.assertEqual({who: len(s) for who, s in sources.items()}, {cc.OWN: 2, "@torch_mlir": 1})
        self.assertEqual(sources["@torch_mlir"], ["external/torch_mlir/lib/CAPI/Dialects.cpp"])
        self.assertEqual(cached, 1)

    def test_a_compile_without_its_source_is_named_unknown(self):
        self.assertEqual(cc.compiled_source({"commandArgs": ["zig-cc", "-c"]}), "?")


if __name__ == "__main__":
    unittest.main()
