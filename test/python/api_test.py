"""The torch_mlir Python API, as a user of the installed core wheel sees it.

Run by //test/wheels:core_wheel_test inside a fresh venv holding only the
wheel. Argument: directory of lit inputs to parse and print.
"""

import ctypes
import math
import os
import struct
import sys
import unittest
from pathlib import Path

import torch_mlir.ir as ir
from torch_mlir.dialects import func
from torch_mlir.dialects import torch as torch_d
from torch_mlir.dialects import torch_c
from torch_mlir.execution_engine import ExecutionEngine
from torch_mlir.passmanager import PassManager

LIT_DIR = None


class TypesTest(unittest.TestCase):
    def test_every_type_builds_prints_and_downcasts(self):
        with ir.Context():
            f32 = ir.F32Type.get()
            i = torch_d.IntType.get()
            cases = [
                (i, "!torch.int", torch_d.IntType),
                (torch_d.FloatType.get(), "!torch.float", torch_d.FloatType),
                (torch_d.BoolType.get(), "!torch.bool", torch_d.BoolType),
                (torch_d.StringType.get(), "!torch.str", torch_d.StringType),
                (torch_d.NoneType.get(), "!torch.none", torch_d.NoneType),
                (torch_d.NumberType.get(), "!torch.number", torch_d.NumberType),
                (torch_d.AnyType.get(), "!torch.any", torch_d.AnyType),
                (torch_d.DeviceType.get(), "!torch.Device", torch_d.DeviceType),
                (torch_d.GeneratorType.get(), "!torch.Generator", torch_d.GeneratorType),
                (torch_d.ListType.get(i), "!torch.list<int>", torch_d.ListType),
                (torch_d.OptionalType.get(i), "!torch.optional<int>", torch_d.OptionalType),
                (torch_d.TupleType.get([i, f32]), "!torch.tuple<int, f32>", torch_d.TupleType),
                (torch_d.UnionType.get([i, torch_d.NoneType.get()]), "!torch.union<int, none>", torch_d.UnionType),
                (torch_d.DictType.get(torch_d.StringType.get(), i), "!torch.dict<str, int>", torch_d.DictType),
                (torch_d.NnModuleType.get("Net"), '!torch.nn.Module<"Net">', torch_d.NnModuleType),
                (torch_d.ValueTensorType.get([3, -1], f32), "!torch.vtensor<[3,?],f32>", torch_d.ValueTensorType),
                (torch_d.NonValueTensorType.get(), "!torch.tensor", torch_d.NonValueTensorType),
            ]
            for built, text, cls in cases:
                with self.subTest(text):
                    self.assertEqual(str(built), text)
                    parsed = ir.Type.parse(text)
                    self.assertEqual(parsed, built)
                    self.assertIsInstance(parsed, cls)
                    self.assertTrue(cls.isinstance(parsed))
            self.assertFalse(torch_d.IntType.isinstance(torch_d.FloatType.get()))

    def test_tensor_accessors(self):
        with ir.Context():
            si64 = ir.IntegerType.get_signed(64)
            ranked = torch_d.ValueTensorType.get([2, -1, 4], si64)
            self.assertEqual(ranked.sizes, [2, -1, 4])
            self.assertEqual(ranked.dtype, si64)
            unranked = torch_d.ValueTensorType.get(None, si64)
            self.assertIsNone(unranked.sizes)
            self.assertEqual(str(unranked), "!torch.vtensor<*,si64>")
            bare = torch_d.NonValueTensorType.get()
            self.assertIsNone(bare.dtype)
            self.assertEqual(torch_d.ValueTensorType.get([], ir.F32Type.get()).sizes, [])
            with self.assertRaisesRegex(ValueError, "sizes must be >= 0"):
                torch_d.ValueTensorType.get([-2], si64)

    def test_container_accessors(self):
        with ir.Context():
            i, f = torch_d.IntType.get(), torch_d.FloatType.get()
            self.assertEqual(torch_d.ListType.get(i).contained_type, i)
            self.assertEqual(torch_d.TupleType.get([i, f]).types, [i, f])
            self.assertEqual(torch_d.DictType.get(i, f).value_type, f)
            self.assertEqual(torch_d.NnModuleType.get("A.B").class_name, "A.B")


class OpsTest(unittest.TestCase):
    def test_builders_make_verified_ir(self):
        with ir.Context(), ir.Location.unknown():
            torch_d.register_dialect(ir.Context.current)
            vt = torch_d.ValueTensorType.get([2, 3], ir.F32Type.get())
            module = ir.Module.create()
            with ir.InsertionPoint(module.body):
                fn = func.FuncOp("add", ir.FunctionType.get([vt, vt], [vt]))
                with ir.InsertionPoint(fn.add_entry_block()):
                    a, b = fn.arguments
                    one = torch_d.ConstantIntOp(ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 1))
                    add = torch_d.AtenAddTensorOp(vt, a, b, one.result)
                    func.ReturnOp([add.result])
            self.assertTrue(module.operation.verify())
            text = str(module)
            self.assertIn("%int1 = torch.constant.int 1", text)
            self.assertIn("torch.aten.add.Tensor %arg0, %arg1, %int1 : !torch.vtensor<[2,3],f32>, "
                          "!torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>", text)
            # The operand accessors carry the schema's argument names.
            self.assertEqual(add.self_, a)
            self.assertEqual(add.alpha, one.result)

    def test_torch_c_builders(self):
        with ir.Context() as ctx, ir.Location.unknown():
            torch_c.register_dialect(ctx)
            i64 = ir.IntegerType.get_signless(64)
            module = ir.Module.create()
            with ir.InsertionPoint(module.body):
                fn = func.FuncOp("bridge", ir.FunctionType.get([torch_d.IntType.get()], [i64]))
                with ir.InsertionPoint(fn.add_entry_block()):
                    lowered = torch_c.ToI64Op(i64, fn.arguments[0])
                    func.ReturnOp([lowered.result])
            self.assertTrue(module.operation.verify())
            self.assertIn("torch_c.to_i64 %arg0", str(module))

    def test_one_mlir_per_process(self):
        # A type made by _torchMlir and one parsed by _mlir are the same object
        # in the same context: both modules use the one libTorchMLIRAggregateCAPI.
        with ir.Context(), ir.Location.unknown():
            ours = torch_d.ListType.get(torch_d.ValueTensorType.get([2], ir.F32Type.get()))
            parsed = ir.Type.parse("!torch.list<vtensor<[2],f32>>")
            self.assertEqual(ours, parsed)
            self.assertEqual(ours.typeid, parsed.typeid)
            fn_type = ir.FunctionType.get([ours], [])
            self.assertEqual(str(fn_type), "(!torch.list<vtensor<[2],f32>>) -> ()")
            self.assertIsInstance(fn_type.inputs[0], torch_d.ListType)

    def test_result_type_inferred_when_the_schema_fixes_it(self):
        with ir.Context(), ir.Location.unknown():
            module = ir.Module.create()
            with ir.InsertionPoint(module.body):
                attr = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 2)
                a = torch_d.ConstantIntOp(attr)
                total = torch_d.AtenAddIntOp(a.result, a.result)
            self.assertEqual(str(total.result.type), "!torch.int")

    def test_lit_suite_parses_and_prints(self):
        with ir.Context():
            for path in sorted(Path(LIT_DIR).glob("*.mlir")):
                if path.name.startswith("invalid") or path.name == "canonicalize.mlir":
                    continue
                with self.subTest(path.name):
                    module = ir.Module.parse(path.read_text())
                    self.assertTrue(module.operation.verify())
                    again = ir.Module.parse(str(module))
                    self.assertEqual(str(again), str(module))


class PassesAndErrorsTest(unittest.TestCase):
    def test_canonicalize_folds(self):
        with ir.Context():
            module = ir.Module.parse("""
              func.func @f() -> !torch.int {
                %a = torch.constant.int 6
                %b = torch.constant.int 7
                %c = torch.aten.mul.int %a, %b : !torch.int, !torch.int -> !torch.int
                return %c : !torch.int
              }""")
            PassManager.parse("builtin.module(canonicalize)").run(module.operation)
            self.assertIn("torch.constant.int 42", str(module))
            self.assertNotIn("torch.aten.mul.int", str(module))

    def test_bad_ir_raises_with_the_diagnostic(self):
        with ir.Context():
            with self.assertRaises(ir.MLIRError) as caught:
                ir.Module.parse("func.func private @f(!torch.vtensor<[2],i64>)")
            self.assertIn("invalid dtype 'i64' for a Torch tensor type", str(caught.exception))
            with self.assertRaises(ir.MLIRError):
                ir.Module.parse("func.func @f( {")

    def test_contexts_are_single_threaded(self):
        # Each Context would otherwise start a thread pool for the verifier and
        # the pass manager (_site_initialize_0.disable_multithreading).
        def threads():
            return len(os.listdir("/proc/self/task"))

        source = "\n".join(f"""func.func @f{i}(%x: !torch.int) -> !torch.int {{
                 %one = torch.constant.int 1
                 %y = torch.aten.add.int %x, %one : !torch.int, !torch.int -> !torch.int
                 return %y : !torch.int
               }}""" for i in range(8))
        grew = {}
        for enabled in (False, True):
            with ir.Context() as context:
                if enabled:
                    context.enable_multithreading(True)
                before = threads()
                module = ir.Module.parse(source)
                PassManager.parse("builtin.module(func.func(canonicalize,cse))").run(
                    module.operation)
                grew[enabled] = threads() - before
        self.assertEqual(grew[False], 0, "a new Context ran passes on threads of its own")
        if os.cpu_count() > 1:  # the check sees a pool where there is one
            self.assertGreater(grew[True], 0, "enable_multithreading(True) started no thread")

    def test_unknown_pass_raises(self):
        with ir.Context():
            with self.assertRaises(ValueError):
                PassManager.parse("builtin.module(no-such-pass)")


# LLVM-dialect functions as MLIR's func-to-llvm would emit them for
# `llvm.emit_c_interface`: `_mlir_ciface_<name>`, which ExecutionEngine.invoke
# calls with a pointer to each argument and, first, to the result.
JIT_SOURCE = """
llvm.func @_mlir_ciface_fma(%r: !llvm.ptr, %a: f32, %b: f32, %c: f32) {
  %0 = llvm.fmul %a, %b : f32
  %1 = llvm.fadd %0, %c : f32
  llvm.store %1, %r : f32, !llvm.ptr
  llvm.return
}
llvm.func @_mlir_ciface_sum(%r: !llvm.ptr, %p: !llvm.ptr, %n: i64) {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %fzero = llvm.mlir.constant(0.0 : f64) : f64
  llvm.br ^loop(%zero, %fzero : i64, f64)
^loop(%i: i64, %acc: f64):
  %done = llvm.icmp "sge" %i, %n : i64
  llvm.cond_br %done, ^exit, ^body
^body:
  %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  %x = llvm.load %q : !llvm.ptr -> f64
  %next = llvm.fadd %acc, %x : f64
  %i1 = llvm.add %i, %one : i64
  llvm.br ^loop(%i1, %next : i64, f64)
^exit:
  llvm.store %acc, %r : f64, !llvm.ptr
  llvm.return
}
"""


class ExecutionEngineTest(unittest.TestCase):
    """MLIR's JIT from the wheel, with no compiler on the side: compiled, then called."""

    def engine(self):
        module = ir.Module.parse(JIT_SOURCE)
        return ExecutionEngine(module, opt_level=2)

    def test_scalar_function_matches_float32_arithmetic(self):
        with ir.Context():
            engine = self.engine()
            for a, b, c in [(1.5, -2.25, 0.125), (3.0e7, 1.0e-3, -7.5), (0.0, 0.0, -0.0)]:
                result = ctypes.c_float()
                # Packed calling convention: a pointer to each argument's value,
                # so the `!llvm.ptr` result argument is a pointer to a pointer.
                engine.invoke("fma", ctypes.pointer(ctypes.pointer(result)), ctypes.pointer(ctypes.c_float(a)),
                              ctypes.pointer(ctypes.c_float(b)), ctypes.pointer(ctypes.c_float(c)))
                f32 = lambda x: struct.unpack("f", struct.pack("f", x))[0]
                # Two roundings to float32 (multiply, then add); a fused multiply-add
                # would be one and could differ in the last bit.
                expected = f32(f32(f32(a) * f32(b)) + f32(c))
                self.assertTrue(math.isclose(result.value, expected, rel_tol=1e-6),
                                (a, b, c, result.value, expected))

    def test_loop_reads_caller_memory(self):
        with ir.Context():
            engine = self.engine()
            values = [0.5 * i - 3.0 for i in range(1000)]
            buffer = (ctypes.c_double * len(values))(*values)
            result = ctypes.c_double()
            engine.invoke("sum", ctypes.pointer(ctypes.pointer(result)),
                          ctypes.pointer(ctypes.cast(buffer, ctypes.c_void_p)),
                          ctypes.pointer(ctypes.c_int64(len(values))))
            self.assertEqual(result.value, math.fsum(values))  # exact: halves, small sums
            engine.invoke("sum", ctypes.pointer(ctypes.pointer(result)),
                          ctypes.pointer(ctypes.cast(buffer, ctypes.c_void_p)),
                          ctypes.pointer(ctypes.c_int64(0)))
            self.assertEqual(result.value, 0.0)

    def test_unknown_function_raises(self):
        with ir.Context():
            with self.assertRaisesRegex(RuntimeError, "Unknown function nope"):
                self.engine().invoke("nope")

    def test_module_that_is_not_llvm_raises(self):
        with ir.Context():
            module = ir.Module.parse("func.func @f() { return }")
            with self.assertRaises(RuntimeError):
                ExecutionEngine(module)


if __name__ == "__main__":
    LIT_DIR = sys.argv.pop(1)
    unittest.main()
