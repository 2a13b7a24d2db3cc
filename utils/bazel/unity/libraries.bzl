"""Which overlay libraries unity.bzl compiles in batches, and what stays alone.

UNITY_LIBRARIES: label -> batch size. The libraries with the most compile time
in a cold build's profile (bench/build_profile.py) that a macro can batch:
LLVM's code generator, JIT and optimizer, and MLIR's libraries of many sources
(its core, transforms, analyses, parsers, TableGen). LLVM's Support and
TargetParser choose sources by platform (a select), which a macro cannot split;
MLIR's C API and Python bindings are made by other macros (or from a
filegroup), and most of its libraries have one or two sources. Those stay as
the overlay has them.

COMPILED_ALONE: label -> sources (as the overlay names them) that do not
compile in one translation unit with the others of their batch, found by
building (find_alone.py): each defines or makes ambiguous a name another
source of its batch defines too (a static function or constant, a
command-line option, an anonymous class, a statistic).
"""

_LLVM = "@llvm-project//llvm:"
_MLIR = "@llvm-project//mlir:"

UNITY_LIBRARIES = dict(
    [(_LLVM + name, 8) for name in [
        "Analysis",
        "CodeGen",
        "Core",
        "DebugInfoCodeView",
        "DebugInfoDWARF",
        "InstCombine",
        "Instrumentation",
        "JITLink",
        "MC",
        "Object",
        "OrcJIT",
        "ProfileData",
        "Scalar",
        "TransformUtils",
        "X86CodeGen",
    ]] + [(_MLIR + name, 8) for name in [
        "Analysis",
        "AsmParser",
        "BufferizationDialect",
        "BufferizationTransforms",
        "IR",
        "LLVMCommonConversion",
        "LLVMDialect",
        "Pass",
        "TableGen",
        "TransformUtils",
        "Transforms",
    ]],
)

COMPILED_ALONE = {
    _LLVM + "CodeGen": [
        "lib/CodeGen/ExpandLargeFpConvert.cpp",
        "lib/CodeGen/LiveDebugValues/LiveDebugValues.cpp",
        "lib/CodeGen/LiveRangeCalc.cpp",
        "lib/CodeGen/MIRParser/MIParser.cpp",
        "lib/CodeGen/MLRegAllocEvictAdvisor.cpp",
        "lib/CodeGen/MachineBasicBlock.cpp",
        "lib/CodeGen/MachineBlockFrequencyInfo.cpp",
        "lib/CodeGen/MachineBlockPlacement.cpp",
        "lib/CodeGen/PostRASchedulerList.cpp",
        "lib/CodeGen/RegAllocPriorityAdvisor.cpp",
        "lib/CodeGen/SelectionDAG/ScheduleDAGRRList.cpp",
        "lib/CodeGen/SelectionDAG/SelectionDAGBuilder.cpp",
        "lib/CodeGen/TypePromotion.cpp",
    ],
    _LLVM + "DebugInfoCodeView": [
        "lib/DebugInfo/CodeView/MergingTypeTableBuilder.cpp",
        "lib/DebugInfo/CodeView/TypeRecordMapping.cpp",
    ],
    _LLVM + "Instrumentation": [
        "lib/Transforms/Instrumentation/HWAddressSanitizer.cpp",
    ],
    _LLVM + "JITLink": [
        "lib/ExecutionEngine/JITLink/ELF_riscv.cpp",
        "lib/ExecutionEngine/JITLink/ELF_x86_64.cpp",
    ],
    _LLVM + "MC": [
        "lib/MC/WinCOFFObjectWriter.cpp",
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
        "lib/Transforms/Scalar/LoopInterchange.cpp",
        "lib/Transforms/Scalar/LoopUnrollPass.cpp",
    ],
    _LLVM + "TransformUtils": [
        "lib/Transforms/Utils/LowerGlobalDtors.cpp",
        "lib/Transforms/Utils/LowerInvoke.cpp",
    ],
    _LLVM + "X86CodeGen": [
        "lib/Target/X86/X86FastTileConfig.cpp",
        "lib/Target/X86/X86FixupVectorConstants.cpp",
        "lib/Target/X86/X86LoadValueInjectionRetHardening.cpp",
        "lib/Target/X86/X86LowerAMXType.cpp",
        "lib/Target/X86/X86SpeculativeLoadHardening.cpp",
        "lib/Target/X86/X86WinEHState.cpp",
    ],
    _MLIR + "BufferizationTransforms": [
        "lib/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.cpp",
        "lib/Dialect/Bufferization/Transforms/OneShotModuleBufferize.cpp",
    ],
    _MLIR + "LLVMCommonConversion": [
        "lib/Conversion/LLVMCommon/StructBuilder.cpp",
        "lib/Conversion/LLVMCommon/TypeConverter.cpp",
    ],
    _MLIR + "TableGen": [
        "lib/TableGen/Constraint.cpp",
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
}
