"""The decompositions fx.export_and_import applies before import.

`table()` is PyTorch's Core ATen decomposition table, plus PyTorch's own
decompositions of a few more ops (`EXTRA`), less the ops our C++ middle end
(torch-decompose-complex-ops, which the ONNX road runs too) breaks down or
the lowering takes whole (`MIDDLE_END`: their math lives once, in C++), plus
ours (`OURS`) only where the middle end cannot yet and PyTorch's own would
leave `prims.*` ops (no ATen schema to import), in-place ops in a functional
graph or `as_strided` views, or has none that suits: adaptive max pooling
and 3-D average pooling with uneven windows, as_strided of a tensor not
in row-major order (and a restride in place with symbolic sizes),
index.Tensor with index tensors apart, _trilinear, rrelu_with_noise outside
training, and `view` where the retrace's strides forbid it. Each of ours rewrites an op into ATen ops that the middle end or
convert-torch-to-linalg takes. (PT2E's `quantized_decomposed` ops are no
ATen ops: no table holds them, and the middle end matches them by name.)
"""

import functools
import itertools

import torch

aten = torch.ops.aten

# PyTorch's decompositions we take beyond the Core ATen table.
EXTRA = [
    "_softmax.default", "_log_softmax.default", "native_layer_norm.default",
    "repeat.default", "_adaptive_avg_pool2d.default",
    "upsample_nearest2d.vec", "upsample_bilinear2d.vec", "upsample_bilinear2d.default",
    "linalg_vector_norm.default", "native_dropout.default",
    "_native_batch_norm_legit.no_stats", "_native_batch_norm_legit_functional.default",
]


# Ops left whole for torch-decompose-complex-ops (our C++ middle end, which
# every front end runs) or lowered whole by convert-torch-to-linalg: taken
# out of the table, so that their math lives once, in C++.
MIDDLE_END = [
    "var_mean.correction", "var.correction", "std.correction",
    "squeeze.default", "squeeze.dim",
    "split_with_sizes.default", "split.Tensor", "flip.default",
    "_native_batch_norm_legit_no_training.default", "group_norm.default",
    "native_group_norm.default", "convolution.default", "conv_tbc.default",
    "kthvalue.default", "logcumsumexp.default", "round.decimals",
    "bucketize.Tensor", "_index_put_impl.default", "scatter.reduce",
    "scatter.value_reduce", "rrelu.default", "rrelu_with_noise_backward.default",
    "median.dim", "searchsorted.Tensor",
]

# Ours, each where the middle end cannot break the op down yet (the reason
# with each): what PyTorch's own decomposition would leave is no better.
OURS = {}


def _squeeze_dims(input, dims):
    """squeeze.dims as one view: the registry has no squeeze.dims (PyTorch's
    own decompositions, logsumexp's and batch norm's, emit it)."""
    rank = max(input.dim(), 1)
    dims = {d % rank for d in dims} if len(dims) else set(range(input.dim()))
    shape = [size for d, size in enumerate(input.shape) if not (d in dims and size == 1)]
    return aten.view.default(input, shape)


OURS[aten.squeeze.dims] = _squeeze_dims


def _adaptive_windows(n, m, device):
    """PyTorch's adaptive pooling windows of `m` outputs over `n` inputs, as
    tensors of their starts and ends: [floor(i * n / m), ceil((i + 1) * n / m))."""
    i = torch.arange(m, device=device)
    start = torch.div(i * n, m, rounding_mode="floor")
    end = torch.div((i + 1) * n + m - 1, m, rounding_mode="floor")
    return start, end


def _adaptive_max_pool(input, output_size):
    """adaptive_max_pool2d and 3d as a gather of every window (padded to the
    widest by repeating its last element, which changes neither the max nor
    the first index of it) and max over it. Windows are PyTorch's:
    [floor(i * n / m), ceil((i + 1) * n / m)). Indices are flat over the
    spatial dims, as PyTorch's."""
    spatial = len(output_size)
    sizes = list(input.shape[-spatial:])
    if not all(isinstance(v, int) for v in sizes + list(output_size)):
        return NotImplemented
    device = input.device

    def windows(n, m):
        # Positions read for each output (m, k), clamped into the window.
        k = max(-(-(i + 1) * n // m) - (i * n // m) for i in range(m))
        start, end = _adaptive_windows(n, m, device)
        at = start.unsqueeze(1) + torch.arange(k, device=device).unsqueeze(0)
        return torch.minimum(at, (end - 1).unsqueeze(1)), k

    lead = input.dim() - spatial
    positions = [windows(n, m) for n, m in zip(sizes, output_size)]
    # Gather one spatial dim at a time, last first: dim j becomes (m_j, k_j).
    gathered = input
    for j in reversed(range(spatial)):
        index = [None] * (lead + j) + [positions[j][0]]
        gathered = aten.index.Tensor(gathered, index)
    # (..., m0, k0, m1, k1, ...) -> (..., m0, m1, ..., k0 * k1 * ...)
    outs = [lead + 2 * j for j in range(spatial)]
    ks = [lead + 2 * j + 1 for j in range(spatial)]
    gathered = gathered.permute(list(range(lead)) + outs + ks)
    window = 1
    for _, k in positions:
        window *= k
    gathered = gathered.reshape(list(input.shape[:lead]) + list(output_size) + [window])
    values, local = torch.max(gathered, -1)
    # The flat spatial index of every window position, in the same layout.
    flat = torch.zeros([1] * (2 * spatial), dtype=torch.long, device=device)
    for j, (at, k) in enumerate(positions):
        shape = [1] * (2 * spatial)
        shape[j], shape[spatial + j] = at.shape
        flat = flat * sizes[j] + at.reshape(shape)
    flat = flat.expand(list(output_size) + [k for _, k in positions])
    flat = flat.reshape(list(output_size) + [window])
    flat = flat.expand(list(input.shape[:lead]) + list(output_size) + [window])
    indices = torch.gather(flat, -1, local.unsqueeze(-1)).squeeze(-1)
    return values, indices


OURS[aten.adaptive_max_pool2d.default] = _adaptive_max_pool
OURS[aten.adaptive_max_pool3d.default] = _adaptive_max_pool


def _known(condition):
    """True only if `condition` holds for every size: a bool as it is, a
    symbolic one only when the shape environment can prove it (no guard)."""
    if isinstance(condition, bool):
        return condition
    from torch.fx.experimental.symbolic_shapes import statically_known_true

    return statically_known_true(condition)


def _row_major(shape, strides):
    """Whether a tensor of `shape` and `strides` holds its elements in
    row-major order (dims of size 1 have any stride), as far as is known."""
    expected = 1
    for n, s in reversed(list(zip(shape, strides))):
        if not _known(n == 1):
            if not _known(s == expected):
                return False
            expected = expected * n
    return True


def _restrides_in_place(input, size, stride, offset):
    """Whether as_strided(input, size, stride, offset) of a row-major `input`
    at offset 0 reads each element at its own place: the same sizes, and the
    row-major stride for every dim not of size 1. ATen's adaptive_avg_pool2d
    does this to give its (n, c, 1, 1) mean channels-last strides; with a
    dynamic batch the sizes are symbolic, which the lowering cannot take."""
    return (offset in (None, 0) and len(size) == input.dim()
            and all(_known(a == b) for a, b in zip(size, input.shape))
            and _row_major(size, stride))


def _as_strided(input, size, stride, storage_offset=None):
    """as_strided reads `input`'s storage (torch_mlir.decompose points it at
    the tensor owning the storage first, so `input` is no view of another
    tensor of the program). A row-major `input` at offset 0 stays as it is:
    the lowering reads it in row-major order, which is its storage's. An
    input laid out otherwise (a transposed or channels-last result, say) has
    its elements elsewhere in the storage: each position read is found among
    them (along its dims by decreasing stride: k = (position - offset) //
    stride % size) and the result gathers `input`, flattened, there. What
    cannot be said on values raises, rather than read the wrong elements: a
    position no element of `input` holds, or such a layout with sizes known
    only at run time."""
    if _known(input.storage_offset() == 0) and _row_major(input.shape, input.stride()):
        if _restrides_in_place(input, size, stride, storage_offset):
            return aten.clone.default(input)
        return NotImplemented
    offset = input.storage_offset() if storage_offset is None else storage_offset
    shape, strides, base = list(input.shape), list(input.stride()), input.storage_offset()
    if not all(isinstance(v, int) for v in shape + strides + list(size) + list(stride)
               + [base, offset]):
        raise NotImplementedError(
            "as_strided of a tensor not in row-major order at storage offset 0 (strides "
            f"{tuple(strides)}, offset {base}) with sizes known only at run time")
    count = 1
    for n in list(size):
        count *= n
    if count > 1 << 22:
        raise NotImplementedError(
            f"as_strided reading {count} elements of a tensor not in row-major order at storage "
            f"offset 0 (strides {tuple(strides)}, offset {base}): at most {1 << 22}")
    dims = sorted((d for d in range(len(shape)) if strides[d] != 0 and shape[d] > 1),
                  key=lambda d: -strides[d])

    def element(position):
        """The input index holding storage `position`, or None."""
        index = [0] * len(shape)
        for d in dims:
            index[d] = (position - base) // strides[d] % shape[d]
        held = base + sum(i * s for i, s in zip(index, strides))
        return index if held == position else None

    for at in itertools.product(*[range(n) for n in size]):
        position = offset + sum(i * s for i, s in zip(at, stride))
        if element(position) is None:
            raise NotImplementedError(
                f"as_strided(size={list(size)}, stride={list(stride)}, storage_offset={offset}) "
                f"reads storage position {position}, which no element of its input (shape "
                f"{shape}, strides {tuple(strides)}, offset {base}) holds: its value is not "
                "the program's to say")
    # The same arithmetic on tensors: positions read, then the input index.
    device = input.device
    positions = torch.full(list(size), offset, dtype=torch.long, device=device)
    for j, (n, s) in enumerate(zip(size, stride)):
        view = [1] * len(size)
        view[j] = n
        positions = positions + (torch.arange(n, device=device) * s).reshape(view)
    flat = torch.zeros(list(size), dtype=torch.long, device=device)
    row_major = 1
    for d in reversed(range(len(shape))):
        if d in dims:
            k = torch.remainder(torch.div(positions - base, strides[d], rounding_mode="floor"),
                                shape[d])
            flat = flat + k * row_major
        row_major *= shape[d]
    values = aten.view.default(aten.clone.default(input, memory_format=torch.contiguous_format),
                               [-1])
    return aten.view.default(aten.index_select.default(values, 0, flat.reshape(-1)), list(size))


OURS[aten.as_strided.default] = _as_strided


def _viewable(shape, strides, new_shape):
    """Whether a tensor of `shape` and `strides` can be viewed as
    `new_shape` without a copy, as far as is known: each run of dims laid
    out one inside the other (a stride the next dim's size times its stride)
    must be split or merged into new dims whose sizes multiply to the run's."""
    runs, outer = [], None
    for n, s in zip(shape, strides):
        if _known(n == 1):
            continue
        if runs and _known(outer == n * s):
            runs[-1] = runs[-1] * n
        else:
            runs.append(n)
        outer = s
    sizes = [n for n in new_shape if not _known(n == 1)]
    at = 0
    for run in runs:
        product = 1
        while not _known(product == run):
            if at == len(sizes):
                return False
            product = product * sizes[at]
            at += 1
    return at == len(sizes)


def _view(input, size):
    """view, or a contiguous copy viewed where the retrace's strides forbid
    the view. Decompositions give some results other strides than eager's
    kernels do (scaled_dot_product_attention's, for one), so a view the
    exported program took on eager's layout can fail in the retrace (GPT-2:
    "Cannot view a tensor with shape [2, 7, 32] and strides (32, 64, 1)").
    On values a view is a reshape: the copy changes no result."""
    size = list(size)
    inferred = [d for d, n in enumerate(size) if isinstance(n, int) and n == -1]
    if inferred:  # the inferred size, for the check only
        known = 1
        for n in size:
            known = known if isinstance(n, int) and n == -1 else known * n
        if _known(known == 0):
            return NotImplemented
        size[inferred[0]] = input.numel() // known
    if _known(input.numel() == 0) or _viewable(list(input.shape), list(input.stride()), size):
        return NotImplemented
    return aten.view.default(aten.clone.default(input, memory_format=torch.contiguous_format),
                             size)


OURS[aten.view.default] = _view


def _index_apart(self, indices):
    """index.Tensor with index tensors not next to each other (`x[i, :, j]`):
    PyTorch puts their broadcast dims first, then the dims left, in order;
    so does indexing the input permuted to have the indexed dims first."""
    indices = list(indices)
    at = [d for d, index in enumerate(indices) if index is not None]
    if not at or at == list(range(at[0], at[-1] + 1)):
        return NotImplemented
    if any(indices[d].dtype == torch.bool for d in at):
        return NotImplemented
    rest = [d for d in range(self.dim()) if d not in at]
    return aten.index.Tensor(self.permute(at + rest), [indices[d] for d in at])


OURS[aten.index.Tensor] = _index_apart


def _adaptive_avg_pool(input, output_size):
    """adaptive_avg_pool over the last len(output_size) dims, one dim at a
    time: each window [floor(i * n / m), ceil((i + 1) * n / m)) summed as a
    difference of a cumulative sum, divided by its length."""
    spatial = len(output_size)
    sizes = list(input.shape[-spatial:])
    if not all(isinstance(v, int) for v in sizes + list(output_size)):
        return NotImplemented
    device = input.device
    out = input
    for j, (n, m) in enumerate(zip(sizes, output_size)):
        d = input.dim() - spatial + j
        start, end = _adaptive_windows(n, m, device)
        zero_shape = list(out.shape)
        zero_shape[d] = 1
        sums = torch.cat([torch.zeros(zero_shape, dtype=out.dtype, device=device),
                          torch.cumsum(out, d)], d)
        window = aten.index_select.default(sums, d, end) - aten.index_select.default(sums, d, start)
        count_shape = [1] * out.dim()
        count_shape[d] = m
        out = window / (end - start).to(out.dtype).reshape(count_shape)
    return out


OURS[aten._adaptive_avg_pool3d.default] = _adaptive_avg_pool
OURS[aten.adaptive_avg_pool3d.default] = _adaptive_avg_pool


def _trilinear(i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim=1):
    """Each input unsqueezed at its `expand` dims, the three multiplied
    (broadcast) and summed over `sumdim` (bilinear's kernel)."""
    if any(_known(n == 0) for t in (i1, i2, i3) for n in t.shape):
        # ATen's kernel sizes an empty product its own way (not by
        # broadcasting: [0, 2, 6] with [1, 2, 6] twice gives [1, 2, 6]),
        # and fills it with zeros. Its shape, from the kernel on meta tensors.
        shapes = [list(t.shape) for t in (i1, i2, i3)]
        if not all(isinstance(n, int) for shape in shapes for n in shape):
            return NotImplemented
        from torch._subclasses.fake_tensor import unset_fake_temporarily
        from torch.fx.experimental.proxy_tensor import disable_proxy_modes_tracing

        with unset_fake_temporarily(), disable_proxy_modes_tracing():
            meta = [torch.empty(shape, device="meta", dtype=i1.dtype) for shape in shapes]
            size = list(aten._trilinear.default(*meta, expand1, expand2, expand3, sumdim,
                                                unroll_dim).shape)
        return aten.new_zeros.default(i1, size)
    del unroll_dim  # how ATen schedules it, not what it computes

    def expanded(t, dims):
        for d in sorted(dims):
            t = t.unsqueeze(d)
        return t

    product = expanded(i1, expand1) * expanded(i2, expand2) * expanded(i3, expand3)
    return aten.sum.dim_IntList(product, list(sumdim)) if len(sumdim) else product


OURS[aten._trilinear.default] = _trilinear


def _threshold_backward(grad_output, self, threshold):
    """grad where self > threshold, else 0, in the promotion of grad's and
    self's dtypes, as ATen's CPU kernel gives it (an int grad with a float
    self is float); PyTorch's decomposition and meta kernel keep grad's."""
    dtype = torch.promote_types(grad_output.dtype, self.dtype)
    return aten.where.ScalarSelf(aten.le.Scalar(self, threshold), 0,
                                 aten._to_copy.default(grad_output, dtype=dtype))


OURS[aten.threshold_backward.default] = _threshold_backward


def _float_result(self, other):
    """The dtype copysign and hypot compute in: the operands' promotion, and
    the default float for integers."""
    dtype = torch.result_type(self, other)
    return dtype if dtype.is_floating_point else torch.get_default_dtype()


def _copysign(self, other):
    """copysign with integer operands or a Python scalar: both converted to
    the float result first (the lowering takes floats of one dtype)."""
    dtype = _float_result(self, other)
    if not isinstance(other, torch.Tensor):
        other = aten.full.default([], other, dtype=dtype, device=self.device)
    elif self.dtype == dtype and other.dtype == dtype:
        return NotImplemented
    return aten.copysign.Tensor(aten._to_copy.default(self, dtype=dtype),
                                aten._to_copy.default(other, dtype=dtype))


OURS[aten.copysign.Tensor] = _copysign
OURS[aten.copysign.Scalar] = _copysign


def _hypot(self, other):
    """sqrt(a^2 + b^2) without overflow: the larger magnitude times
    sqrt(1 + (smaller / larger)^2), and 0 where both are 0. (The registry
    has no hypot.)"""
    dtype = _float_result(self, other)
    a = aten.abs.default(aten._to_copy.default(self, dtype=dtype))
    b = aten.abs.default(aten._to_copy.default(other, dtype=dtype))
    large, small = aten.maximum.default(a, b), aten.minimum.default(a, b)
    ratio = aten.div.Tensor(small, aten.where.ScalarSelf(aten.eq.Scalar(large, 0), 1, large))
    return aten.mul.Tensor(large, aten.sqrt.default(aten.add.Scalar(aten.mul.Tensor(ratio, ratio),
                                                                    1)))


OURS[aten.hypot.default] = _hypot


def _rrelu_eval(self, lower=0.125, upper=1.0 / 3.0, training=False):
    """rrelu outside training: leaky_relu with the mean slope. (Training
    draws a slope per element: left to a random-number lowering.)"""
    if training:
        return NotImplemented
    return aten.leaky_relu.default(self, (lower + upper) / 2)


def _rrelu_with_noise(self, noise, lower=0.125, upper=1.0 / 3.0, training=False,
                      generator=None):
    del noise, generator
    return _rrelu_eval(self, lower, upper, training)


def _rrelu_with_noise_functional(self, noise, lower=0.125, upper=1.0 / 3.0, training=False,
                                 generator=None):
    del generator
    out = _rrelu_eval(self, lower, upper, training)
    return NotImplemented if out is NotImplemented else (out, noise)


OURS[aten.rrelu_with_noise.default] = _rrelu_with_noise
if hasattr(aten, "rrelu_with_noise_functional"):
    OURS[aten.rrelu_with_noise_functional.default] = _rrelu_with_noise_functional




@functools.lru_cache(maxsize=None)
def _table():
    from torch._decomp import get_decompositions

    table = dict(torch.export.default_decompositions())
    overloads = []
    for name in EXTRA:
        packet, overload = name.split(".")
        overloads.append(getattr(getattr(aten, packet), overload))
    table.update(get_decompositions(overloads))
    table.update(OURS)
    for name in MIDDLE_END:
        packet, overload = name.split(".")
        table.pop(getattr(getattr(aten, packet), overload), None)
    return table


def table():
    """The default decomposition table (a new dict each time)."""
    return dict(_table())
