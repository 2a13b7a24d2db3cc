//===- Passes.td - The reference backend's passes ---------------*- tablegen -*-===//

#ifndef TORCH_MLIR_REFBACKEND_PASSES
#define TORCH_MLIR_REFBACKEND_PASSES

include "mlir/Pass/PassBase.td"

def MungeCallingConventions
    : Pass<"refback-munge-calling-conventions", "ModuleOp"> {
  let summary = "Hands each public function's results to a callback, so the "
                "JIT can return buffers of any shape";
  let description = [{
    Runs after bufferization and buffer deallocation. Every public
    `func.func` with a body:

    - gets `llvm.emit_c_interface`, so the JIT exposes
      `_mlir_ciface_<name>(<pointer to each argument's memref descriptor>)`;
    - loses its results: each `func.return` becomes a call to
      `@refback_results_<name>` with the values it returned (ranked memrefs
      cast to unranked ones, scalars as they are), then an empty return.

    `@refback_results_<name>` is declared here, private and external, also
    with `llvm.emit_c_interface`; the caller provides it when it loads the
    program). The callback receives the buffers and owns them: buffer
    deallocation, which ran before, left the returned buffers to the caller
    (returning an argument or a constant, it returns a clone), so
    torch_mlir.refbackend's callback wraps them in numpy arrays without a
    copy and frees each when its last array is garbage.

    One callback per function, not per result signature: the caller knows each
    function's result types from the module it compiled.
  }];
  let dependentDialects = ["memref::MemRefDialect", "func::FuncDialect"];
}

def ReadOnlyArguments : Pass<"refback-read-only-arguments", "ModuleOp"> {
  let summary = "Marks the arguments of public functions read-only for "
                "bufferization";
  let description = [{
    Runs before one-shot bufferization. Each argument of a public
    `func.func` gets `bufferization.writable = false`, so bufferization
    copies a tensor argument before an op would write it in place (by
    default, function arguments are writable). The caller can then pass its
    own arrays without a defensive copy: the compiled code only reads them.
  }];
  let dependentDialects = ["bufferization::BufferizationDialect"];
}

def MemRefCopyToLinalg
    : Pass<"refback-memref-copy-to-linalg", "func::FuncOp"> {
  let summary = "Turns a memref.copy that is not between contiguous "
                "buffers into linalg.copy, so that it becomes loops";
  let description = [{
    The LLVM lowering of a `memref.copy` between buffers that are not both
    contiguous (a strided view, an expanded or collapsed one) is a call to
    `memrefCopy` from MLIR's C runner utilities, a library the JIT does not
    load. As `linalg.copy`, the copy lowers to loops with the rest.

    A copy between two buffers of the identity layout stays: its lowering
    is LLVM's memcpy intrinsic, which is faster than any loop of ours (a
    loop over elements was 1 element a cycle, serial, for every copy
    bufferization made of a fill several ops write into).
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def LowerGetNextSeed : Pass<"refback-lower-get-next-seed", "ModuleOp"> {
  let summary = "Gives the module one random-number generator: a global state "
                "each torch_c.get_next_seed advances and returns";
  let description = [{
    The state is a private `memref.global` of one i64, starting at `seed`.
    Each `torch_c.get_next_seed` loads it, takes one step of a 64-bit linear
    congruential generator (Knuth's MMIX constants), stores the new state
    and returns it. The state lives as long as the JIT-compiled module, so
    repeated calls draw fresh values, and two modules compiled with the
    same seed draw the same stream. The random ops hash the seed with each
    element's position (convert-torch-to-linalg), so a weak step is enough.
  }];
  let options = [
    Option<"seed", "seed", "int64_t", /*default=*/"0",
           "The generator's state when the module is loaded">,
  ];
  let dependentDialects = ["arith::ArithDialect", "memref::MemRefDialect"];
}

def ChecksToErrors : Pass<"refback-checks-to-errors", "ModuleOp"> {
  let summary = "Turns a failed run-time check (cf.assert) of a public "
                "function into an error its caller receives, instead of an "
                "abort of the process";
  let description = [{
    Runs after refback-munge-calling-conventions and after structured control
    flow became `cf` branches, so that every `cf.assert` of a public function
    is in the function's own region and the function returns nothing.

    Each such assert becomes a conditional branch: on success to the rest of
    its block; on failure to a block that calls
    `@refback_check_failed(i64 index)` and returns at once (what the function
    had allocated so far is not freed: an error path only). `index` counts
    the module's checks from 0; the module attribute `refback.checks` lists
    their messages, each prefixed with the assert's location. The caller
    provides `refback_check_failed` when it loads the program
    (torch_mlir.refbackend raises a ValueError with the message).

    Asserts in private functions stay as they are (an abort when they fail).
  }];
  let dependentDialects = ["arith::ArithDialect", "cf::ControlFlowDialect",
                           "func::FuncDialect", "LLVM::LLVMDialect"];
}

def FuseElementwise : Pass<"refback-fuse-elementwise", "func::FuncOp"> {
  let summary = "Fuses elementwise linalg ops into their consumers where no "
                "element is computed twice";
  let description = [{
    Linalg's elementwise fusion (with its reshape folding, constant folding
    of transposes and canonicalizations), except that a producer is fused
    into a consumer only if the consumer reads each of its elements once:
    its indexing map there is a permutation. Linalg's own pass also fuses
    through projections, so that a matrix product fused with the bias and
    ReLU of the product before it recomputed them for every output column
    (in an FFN block, 256 times over).

    A batched matrix product whose right operand is one matrix broadcast
    along the batch reads the matrix itself: a generic product with loops
    (b, m, n, k), so that the broadcast is never built.

    A generic op reading an expansion that only adds unit dimensions (the
    [rows, 1, cols] input reshape propagation gives a row's max) reads the
    expansion's source, the unit dimensions dropped from its map, where
    their loops are indexed elsewhere: a row kernel (refback-fuse-rows)
    needs producer and consumer adjacent.

    A dense_resource constant (the ONNX importer's weights) that only a
    linalg.transpose reads becomes dense elements, so that constant folding
    transposes it here, once, as it does the FX importer's dense literals,
    instead of on every call (a Gemm with transB).
  }];
  let dependentDialects = ["affine::AffineDialect", "linalg::LinalgDialect",
                           "tensor::TensorDialect"];
}

def ConvolutionsToProducts
    : Pass<"refback-convolutions-to-products", "func::FuncOp"> {
  let summary = "Rewrites 2-D convolutions as matrix products of their filter "
                "and an im2col tensor";
  let description = [{
    Runs on linalg-on-tensors, before refback-tile-and-vectorize, whose
    register tiles then take the product.

    A static `linalg.conv_2d_nchw_fchw` (f32 or f64, no dilation; the
    input already padded) becomes:
    - its im2col tensor, [n, c * kh * kw, oh * ow]: row (c, kh, kw) of
      batch n holds `input[n, c, oh * sh + kh, ow * sw + kw]` for every
      output position. Loops over (n, c, kh, kw, oh) copy an output row's
      worth at a time, 16 columns to a vector: a contiguous read at stride
      1, a read of every s-th element (one wider read and a shuffle) at
      stride s. A 1x1 filter at stride 1 reads the input as it is (a
      collapse, no copy).
    - the product of the filter, [f, c * kh * kw], and the im2col tensor,
      batched along n, into the output: a `linalg.generic` with loops
      (n, f, oh * ow, k).
    MLIR's own im2col builds each element apart, with divisions and
    remainders for its indices, and stays scalar; it still takes
    `linalg.conv_2d_nhwc_hwcf`.

    Where the output rows take row panels (see lowering.md) and the
    convolution's only user is an elementwise linalg.generic over its
    output (a batch norm, a ReLU, a residual's addition: an epilogue), the
    panels' loops compute the epilogue too: each product's tile, added
    into a tile-sized fill, goes through a tile of the epilogue, and the
    loops carry the epilogue's result. The convolution's result is never
    built whole, and the epilogue runs on the threads of the panels' loop.

    A convolution of fewer than `min-work` multiply-adds is left alone.
  }];
  let options = [
    Option<"threads", "threads", "int64_t", /*default=*/"1",
           "Threads the compiled code may run on">,
    Option<"minWork", "min-work", "int64_t", /*default=*/"0",
           "The fewest iteration points (multiply-adds) a convolution needs to be rewritten (0: every one)">,
  ];
  let dependentDialects = ["linalg::LinalgDialect", "scf::SCFDialect",
                           "tensor::TensorDialect", "vector::VectorDialect"];
}

def FuseRows : Pass<"refback-fuse-rows", "func::FuncOp"> {
  let summary = "Fuses reductions along rows with their producers and "
                "consumers into loops over tiles of rows (row kernels)";
  let description = [{
    Runs on linalg-on-tensors, after refback-fuse-elementwise and before
    refback-tile-and-vectorize. A softmax or a layer norm is a few ops over
    the whole tensor, each a pass through memory: max, exp, sum, divide.
    Here they become one loop over tiles of rows, each tile computing all
    of them while its rows are in the L1 cache.

    The root of a kernel is an op whose loops are all parallel (the last op
    of a softmax). It is tiled by rows: one index of each loop but the last
    two, a few of the next to last (as many as fit 16 KiB of the widest
    element type), all of the last. Its producers join the kernel, each
    computing in a tile the part of it the tile reads, where:
    - the producer is a structured op on tensors, not a matrix product
      (with m and n dimensions) or a convolution, whose maps pick loops;
    - the tile reads a part of it, not all of it (a bias of a row's length
      is read whole by every tile: it stays outside, computed once);
    - every use of it is in the kernel, and all read the same tiles of it.
    A kernel none of whose ops reduces is left alone, and so is a root of
    fewer than `min-work` points. Where two tiles read
    the same part of one producer (the exp of a softmax, which its sum and
    its division read), the part is computed once.

    The loop over full tiles of rows is peeled from the rest. With
    `threads` above 1, the outermost tile loop with two tiles or more, of a
    root with 32768 points or more, is marked `refback.parallel`.
  }];
  let options = [
    Option<"threads", "threads", "int64_t", /*default=*/"1",
           "Threads the compiled code may run on">,
    Option<"minWork", "min-work", "int64_t", /*default=*/"0",
           "The fewest iteration points a kernel's root needs (0: every one)">,
  ];
  let dependentDialects = ["linalg::LinalgDialect", "scf::SCFDialect",
                           "tensor::TensorDialect"];
}

def TileAndVectorize : Pass<"refback-tile-and-vectorize", "func::FuncOp"> {
  let summary = "Tiles linalg ops on tensors and turns their full tiles into "
                "vector ops, with matrix products as register tiles";
  let description = [{
    Runs on linalg-on-tensors, before bufferization. The fast path of the
    reference backend's CPU code; without it, every linalg op becomes
    scalar loops.

    - A contraction with an n dimension (matmul, batch_matmul, the product
      of a convolution, a generic one) is tiled 8 rows of its innermost m
      dimension by two vector registers of its innermost n dimension, by
      one step of k (an m or n dimension smaller than that: all of it).
      Its tile becomes a `vector.contract` of an 8x1 column and a 1x2V row
      into an 8x2V accumulator, which is hoisted out of the k loop: 16
      registers of FMAs per step. The column tiles' loop is outside the row
      tiles': a column panel of the right operand stays in cache while all
      rows pass.
    - Where that right operand is a [k, n] matrix over 32 KiB, with several
      panels and row tiles, each panel is first copied into a contiguous
      buffer (packed), a row of vectors at a time; the register tiles read
      the copy, whose rows are adjacent instead of a page apart.
    - Every other structured op (elementwise chains, reductions, fills,
      copies, transposes) is tiled by one vector register along its
      innermost loop and 1 along the others; a row narrower than a register
      (the 8 columns of a late CNN stage) by the widest power of two lanes
      in it, down to 4.
    - A static pad with one padding value becomes a fill of its result and
      the source in its interior. Where the source is made by ops that
      write into a `tensor.empty`, the fill goes ahead of them and the
      source is inserted (refback-in-place-destinations has them write into
      the interior); else its rows are copied into the fill, a vector at a
      time.
    - Each tiled loop is peeled: all but a last partial iteration take full
      tiles, whose static shapes vectorize (`linalg::vectorize`); the
      partial tiles stay linalg ops, scalar loops later. A loop whose static
      size is below its tile is not tiled at all.

    Left alone (scalar loops as before): ops on element types without a
    vector layout (i1, sub-byte integers, f16, bf16, complex), convolutions
    refback-convolutions-to-products does not take, pools, and tiles `linalg::vectorize` declines
    (gathers through `tensor.extract`, unrecognized reductions).
    So are ops and pads of fewer than `min-work` iteration points, counting
    the trip counts of the scf.for loops around them (a row kernel's tile
    is all its tiles' work). The pipeline sets it to its min-vector-work,
    4096 by default: a scalar op that small takes microseconds, and its
    vector code would cost more compile time than it saves.

    A vector register is `vector-bits` wide; 0 asks the host (512 with
    AVX-512, 256 with AVX, else 128), as the JIT targets the host CPU.

    With `threads` above 1, the outermost tile loop over a parallel
    dimension with two tiles or more (for a packed product, its panels), of
    an op whose iteration space has 32768 points or more, is marked
    `refback.parallel` (what refback-parallelize takes).
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"0",
           "The width of a vector register in bits (0: the host's)">,
    Option<"threads", "threads", "int64_t", /*default=*/"1",
           "Mark loops for threads when above 1">,
    Option<"minWork", "min-work", "int64_t", /*default=*/"0",
           "The fewest iteration points an op or a pad needs to be tiled (with the loops around it) (0: every one)">,
  ];
  let dependentDialects = ["affine::AffineDialect", "arith::ArithDialect",
                           "scf::SCFDialect", "tensor::TensorDialect",
                           "vector::VectorDialect"];
}

def InPlaceDestinations
    : Pass<"refback-in-place-destinations", "func::FuncOp"> {
  let summary = "Gives ops destinations that one-shot bufferization writes "
                "in place: a fill of their own, the slice of an insert";
  let description = [{
    Runs last before bufferization, after CSE.

    - A fill (`linalg.fill`, or the loops refback-tile-and-vectorize made of
      one: an op without memory effects whose only tensor operands are
      `tensor.empty`) that several ops write into (as their init, a loop's
      iter_arg, an insert's destination) is cloned, once for each of them
      but one. CSE makes one value of equal fills: the zeros of several
      pads, the zero init of convolutions of one shape. Bufferization then
      copied the shared fill for each writer, serially.
    - Where the source of a `tensor.insert_slice` is made by ops that write
      into a `tensor.empty` (through the inits of destination-style ops and
      loops), and the insert's destination is defined before the first of
      them, that op writes into the slice of the destination instead: what
      MLIR's eliminate-empty-tensors does, but after the fills are cloned
      (CSE merges empties, and that pass would give every user of a merged
      one the slice). The source's other readers, after the insert, read
      the slice of the insert's result: one-shot analysis takes a read of
      the source after the insert for a conflict, and copies the slice out.
      A pad refback-tile-and-vectorize leaves as a fill and an insert is so
      written in place by the ops that make its source, on their threads.
  }];
  let dependentDialects = ["tensor::TensorDialect"];
}

def Parallelize : Pass<"refback-parallelize", "func::FuncOp"> {
  let summary = "Turns the tile loops marked refback.parallel into "
                "scf.parallel, for convert-scf-to-openmp";
  let description = [{
    Runs after bufferization, when each marked loop writes its tiles into
    one buffer: the iter_args it yields back unchanged are dropped, and the
    loop becomes a one-dimensional `scf.parallel` over the same range. A
    marked loop that still carries a value, or that sits inside a parallel
    loop already, stays a loop. The marks are removed.

    convert-scf-to-openmp then makes OpenMP constructs of them, and MLIR's
    translation to LLVM IR outlines those into calls of OpenMP's runtime
    entry points, which torch-mlir defines over a pool of its own threads
    (lib/RefBackend/Runtime/ParallelRuntime.cpp; no OpenMP library ships).
  }];
  let dependentDialects = ["scf::SCFDialect"];
}

def ParallelLoopsToOpenMP
    : Pass<"refback-parallel-loops-to-openmp", "ModuleOp"> {
  let summary = "convert-scf-to-openmp and a canonicalization, if the "
                "module has parallel loops; marks the module as using threads";
  let description = [{
    Runs after refback-parallelize. Where a module has an `scf.parallel`,
    runs MLIR's convert-scf-to-openmp (with `threads` threads) and the
    canonicalizer on it (the stack scope the conversion puts around each
    body goes where the body has no alloca, as none of ours has:
    scf-to-cf would give the scope several blocks), and sets the module's
    `refback.threads` to `threads`: the Python invoker wakes the thread
    pool ahead of a call only for such a module. A module without parallel
    loops (one of small ops) is left as it is, and costs neither pass.
  }];
  let options = [
    Option<"threads", "threads", "int64_t", /*default=*/"2",
           "The threads an OpenMP construct runs on">,
  ];
  let dependentDialects = ["LLVM::LLVMDialect", "memref::MemRefDialect",
                           "omp::OpenMPDialect"];
}

def LowerVectors : Pass<"refback-lower-vectors", "func::FuncOp"> {
  let summary = "Lowers the vector ops refback-tile-and-vectorize made, on "
                "buffers, to 1-D vector loads, stores, FMAs and reductions";
  let description = [{
    Runs after bufferization. f32 math on vectors (tanh, exp, log, erf,
    ...) becomes MLIR's polynomial approximations in vector arithmetic
    (scalar math stays libm's). `vector.contract` becomes outer products
    and those become FMAs of a broadcast element by a row; multi-dimensional
    reductions, broadcasts, transposes and shape casts become 1-D ops;
    transfers lose their permutation maps, contiguous ones become
    `vector.load`/`vector.store`, and the rest are unrolled into one 1-D
    transfer per row (strided ones, element by element). A float vector
    divided by a broadcast scalar (a softmax's row sum) is multiplied by
    the scalar's reciprocal instead: a vector division takes several times
    as long as a multiplication.
  }];
  let dependentDialects = ["affine::AffineDialect", "arith::ArithDialect",
                           "math::MathDialect", "memref::MemRefDialect",
                           "scf::SCFDialect", "vector::VectorDialect"];
}

def ConvertVectorToLLVM : Pass<"refback-convert-vector-to-llvm", "ModuleOp"> {
  let summary = "Converts vector ops to the LLVM dialect";
  let description = [{
    MLIR's vector-to-LLVM patterns, with floating-point reductions allowed
    to reassociate (a tree of shuffles rather than a chain of adds). A
    vector op left without a conversion is an error.
  }];
  let dependentDialects = ["LLVM::LLVMDialect"];
}

#endif // TORCH_MLIR_REFBACKEND_PASSES
