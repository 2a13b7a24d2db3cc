"""Which overlay libraries unity.bzl compiles in batches, and what stays alone.

UNITY_LIBRARIES: label -> batch size, what unity.bzl batches: libraries of
@llvm-project, in batches of 16 (one header parse for twice the sources:
two of CodeGen's batches of 8 compiled as one in 0.84x the time), and
torch-mlir's own multi-source libraries in @torch_mlir_cc, where our C++
compiles once for every workspace (utils/bazel/rules/cc.bzl), in batches of
8 (a changed source recompiles its batch). Each of our sources spends most of
its 10-30 s compile parsing MLIR's and the Torch dialect's headers, so
batches of 8 save about half of our C++'s share of a cold build. The Torch dialect's IR is left alone: its two sources are each a
long compile of generated code, and one batch of both would lengthen the
build's critical path. For the edit loop, --config=no-unity-ours compiles our
sources one by one again (the flag //utils/bazel/unity:batch_ours=false),
LLVM's staying batched.

The overlay libraries of three or more sources that take most of a cold
build's compile time (bench/build_profile.py) and that a macro can batch:
LLVM's Support, code generator, JIT, optimizer and object formats, MLIR's
core, transforms and analyses, the dialects and translations the lowering
uses, and MLIR's Python bindings (compiled once per CPython); torch-mlir's
cut-down MLIR transforms (utils/bazel/mlir_subsets). Support chooses some
sources by platform (a select, which a macro cannot split): the patch moves
those to the macro's platform_srcs.
Left as the overlay has them: MLIR's C API, made by another macro;
TargetParser, which chooses sources by platform too; libraries of one or two
sources; and the TableGen tools, whose emitters define the same static names
(options, helpers, constants) over and over: with a cc_binary macro tried,
llvm-tblgen's batches still failed after 28 of its 67 sources were kept alone.

COMPILED_ALONE: label -> sources (as the overlay names them) that do not
compile in one translation unit with the others of their batch, found by
building (find_alone.py): each defines or makes ambiguous a name another
source of its batch defines too (a static function or constant, a
command-line option, an anonymous class, a statistic). Support's hash
functions (MD5, SHA1, SHA256, SipHash, xxhash) are kept alone by hand: they
leave short macros defined (MD5's F, G, H and I, SHA256's CH and MAJ) that
would change the sources after them, which need not fail a build.
"""

_LLVM = "@llvm-project//llvm:"
_MLIR = "@llvm-project//mlir:"

UNITY_LIBRARIES = dict(
    [(_LLVM + name, 16) for name in [
        "Analysis",
        "AsmParser",
        "BinaryFormat",
        "BitReader",
        "BitWriter",
        "CodeGen",
        "Core",
        "DebugInfoCodeView",
        "DebugInfoDWARF",
        "DebugInfoMSF",
        "ExecutionEngine",
        "FrontendOpenMP",
        "InstCombine",
        "Instrumentation",
        "JITLink",
        "MC",
        "MCDisassembler",
        "MCParser",
        "ObjCARC",
        "Object",
        "Option",
        "OrcJIT",
        "OrcShared",
        "OrcTargetProcess",
        "ProfileData",
        "Remarks",
        "Scalar",
        "Support",
        "TableGen",
        "Target",
        "TextAPI",
        "TransformUtils",
        "X86CodeGen",
        "X86UtilsAndDesc",
    ]] + [(_MLIR + name, 16) for name in [
        "AffineAnalysis",
        "AffineDialect",
        "AffineUtils",
        "Analysis",
        "ArithDialect",
        "AsmParser",
        "BufferizationDialect",
        "BufferizationTransforms",
        "ComplexDialect",
        "Debug",
        "DialectUtils",
        "FuncTransforms",
        "IR",
        "IRDLDialect",
        "IndexDialect",
        "LLVMCommonConversion",
        "LLVMDialect",
        "LLVMIRTransforms",
        "LinalgDialect",
        "MLIRBindingsPythonCoreNoCAPI",
        "MathDialect",
        "MemRefDialect",
        "MemRefToLLVM",
        "PDLToPDLInterp",
        "Pass",
        "QuantOps",
        "Rewrite",
        "SCFDialect",
        "SparseTensorDialect",
        "Support",
        "TableGen",
        "TensorDialect",
        "ToLLVMIRTranslation",
        "TosaDialect",
        "TosaToArith",
        "TosaToLinalg",
        "TosaToSCF",
        "TosaToTensor",
        "TransformUtils",
        "Transforms",
        "VectorDialect",
    ]] + [(_MLIR + "torch_mlir_" + name, 16) for name in [
        # torch-mlir's cut-down transforms (utils/bazel/mlir_subsets).
        "arith_transforms",
        "linalg_transforms",
        "memref_transforms",
        "scf_transforms",
        "vector_transforms",
    ]] + [("@torch_mlir_cc//lib/" + name, 8) for name in [
        # torch-mlir's own (see above).
        "Conversion/TorchOnnxToTorch:TorchOnnxToTorch",
        "Conversion:Conversion",
        "Dialect/Torch/Transforms:Transforms",
        "Dialect/TorchConversion/Transforms:Transforms",
        "RefBackend:RefBackend",
    ]],
)

COMPILED_ALONE = {
    _LLVM + "BinaryFormat": [
        "lib/BinaryFormat/Minidump.cpp",
        "lib/BinaryFormat/MsgPackWriter.cpp",
    ],
    _LLVM + "BitReader": [
        "lib/Bitcode/Reader/MetadataLoader.cpp",
    ],
    _LLVM + "CodeGen": [
        "lib/CodeGen/ExpandLargeFpConvert.cpp",
        "lib/CodeGen/FinalizeISel.cpp",
        "lib/CodeGen/LiveDebugValues/LiveDebugValues.cpp",
        "lib/CodeGen/LiveRangeCalc.cpp",
        "lib/CodeGen/MIRParser/MIParser.cpp",
        "lib/CodeGen/MLRegAllocEvictAdvisor.cpp",
        "lib/CodeGen/MachineBasicBlock.cpp",
        "lib/CodeGen/MachineBlockFrequencyInfo.cpp",
        "lib/CodeGen/MachineBlockPlacement.cpp",
        "lib/CodeGen/MachineOutliner.cpp",
        "lib/CodeGen/PostRASchedulerList.cpp",
        "lib/CodeGen/RegAllocPriorityAdvisor.cpp",
        "lib/CodeGen/SelectionDAG/ScheduleDAGRRList.cpp",
        "lib/CodeGen/SelectionDAG/SelectionDAGBuilder.cpp",
        "lib/CodeGen/TypePromotion.cpp",
    ],
    _LLVM + "Core": [
        "lib/IR/Function.cpp",
    ],
    _LLVM + "DebugInfoCodeView": [
        "lib/DebugInfo/CodeView/MergingTypeTableBuilder.cpp",
        "lib/DebugInfo/CodeView/TypeRecordMapping.cpp",
    ],
    _LLVM + "ExecutionEngine": [
        "lib/ExecutionEngine/RuntimeDyld/RuntimeDyldELF.cpp",
    ],
    _LLVM + "Instrumentation": [
        "lib/Transforms/Instrumentation/HWAddressSanitizer.cpp",
        "lib/Transforms/Instrumentation/MemProfiler.cpp",
        "lib/Transforms/Instrumentation/MemorySanitizer.cpp",
    ],
    _LLVM + "JITLink": [
        "lib/ExecutionEngine/JITLink/ELF_loongarch.cpp",
        "lib/ExecutionEngine/JITLink/ELF_riscv.cpp",
        "lib/ExecutionEngine/JITLink/ELF_x86_64.cpp",
    ],
    _LLVM + "MC": [
        "lib/MC/WinCOFFObjectWriter.cpp",
    ],
    _LLVM + "MCParser": [
        "lib/MC/MCParser/MasmParser.cpp",
    ],
    _LLVM + "ObjCARC": [
        "lib/Transforms/ObjCARC/ObjCARCOpts.cpp",
    ],
    _LLVM + "Object": [
        "lib/Object/MachOUniversal.cpp",
        "lib/Object/Minidump.cpp",
    ],
    _LLVM + "OrcJIT": [
        "lib/ExecutionEngine/Orc/ELFNixPlatform.cpp",
        "lib/ExecutionEngine/Orc/ObjectTransformLayer.cpp",
    ],
    _LLVM + "ProfileData": [
        "lib/ProfileData/InstrProfReader.cpp",
        "lib/ProfileData/InstrProfWriter.cpp",
    ],
    _LLVM + "Scalar": [
        "lib/Transforms/Scalar/BDCE.cpp",
        "lib/Transforms/Scalar/ConstraintElimination.cpp",
        "lib/Transforms/Scalar/GVNSink.cpp",
        "lib/Transforms/Scalar/LICM.cpp",
        "lib/Transforms/Scalar/LoopInterchange.cpp",
        "lib/Transforms/Scalar/LoopUnrollPass.cpp",
    ],
    _LLVM + "Support": [
        "lib/Support/MD5.cpp",
        "lib/Support/SHA1.cpp",
        "lib/Support/SHA256.cpp",
        "lib/Support/SipHash.cpp",
        "lib/Support/SlowDynamicAPInt.cpp",
        "lib/Support/xxhash.cpp",
    ],
    _LLVM + "TransformUtils": [
        "lib/Transforms/Utils/LowerGlobalDtors.cpp",
        "lib/Transforms/Utils/LowerInvoke.cpp",
    ],
    _LLVM + "X86CodeGen": [
        "lib/Target/X86/X86FastTileConfig.cpp",
        "lib/Target/X86/X86FixupVectorConstants.cpp",
        "lib/Target/X86/X86ISelLowering.cpp",
        "lib/Target/X86/X86LoadValueInjectionRetHardening.cpp",
        "lib/Target/X86/X86LowerAMXType.cpp",
        "lib/Target/X86/X86SpeculativeLoadHardening.cpp",
        "lib/Target/X86/X86WinEHState.cpp",
    ],
    _MLIR + "BufferizationTransforms": [
        "lib/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.cpp",
        "lib/Dialect/Bufferization/Transforms/OneShotModuleBufferize.cpp",
        "lib/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation.cpp",
    ],
    _MLIR + "Debug": [
        "lib/Debug/DebuggerExecutionContextHook.cpp",
    ],
    _MLIR + "FuncTransforms": [
        "lib/Dialect/Func/Transforms/FuncBufferize.cpp",
    ],
    _MLIR + "LLVMCommonConversion": [
        "lib/Conversion/LLVMCommon/StructBuilder.cpp",
        "lib/Conversion/LLVMCommon/TypeConverter.cpp",
    ],
    _MLIR + "MLIRBindingsPythonCoreNoCAPI": [
        "lib/Bindings/Python/IRCore.cpp",
        "lib/Bindings/Python/IRTypes.cpp",
    ],
    _MLIR + "TableGen": [
        "lib/TableGen/Constraint.cpp",
        "lib/TableGen/Predicate.cpp",
        "lib/TableGen/Property.cpp",
    ],
    _MLIR + "TransformUtils": [
        "lib/Transforms/Utils/RegionUtils.cpp",
    ],
    _MLIR + "Transforms": [
        "lib/Transforms/RemoveDeadValues.cpp",
        "lib/Transforms/SCCP.cpp",
        "lib/Transforms/SROA.cpp",
        "lib/Transforms/StripDebugInfo.cpp",
        "lib/Transforms/SymbolDCE.cpp",
    ],
    _MLIR + "torch_mlir_arith_transforms": [
        "lib/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.cpp",
    ],
    _MLIR + "torch_mlir_vector_transforms": [
        "lib/Dialect/Vector/Transforms/VectorTransforms.cpp",
    ],
}
