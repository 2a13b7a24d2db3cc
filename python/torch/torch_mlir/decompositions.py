"""The decompositions fx.export_and_import applies before import.

`table()` is PyTorch's Core ATen decomposition table, plus PyTorch's own
decompositions of a few more ops (`EXTRA`), plus ours (`OURS`) where
PyTorch's would leave `prims.*` ops (which have no ATen schema to import),
in-place ops in a functional graph, or `as_strided` views, and where it has
none that suits (kthvalue, median, bucketize, searchsorted, logcumsumexp,
round with decimals, _trilinear, rrelu outside training, grouped
convolutions other than 2-D, conv_tbc, adaptive max pooling and 3-D
average pooling, scatter with reduce=, index.Tensor
with index tensors apart, as_strided of a view, PT2E's `quantized_decomposed`
ops). Each of ours rewrites an op into ATen ops that convert-torch-to-linalg
lowers.
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


def _dims(input, dim):
    """`dim` (None, an int or a list of ints) as a sorted list of
    non-negative dimensions of `input`."""
    rank = max(input.dim(), 1)
    if dim is None:
        dims = range(input.dim())
    elif isinstance(dim, int):
        dims = [dim]
    else:
        dims = dim if len(dim) else range(input.dim())
    return sorted({d % rank for d in dims})


def _var_mean(input, dim=None, *, correction=None, keepdim=False):
    dims = _dims(input, dim)
    count = 1
    for d in dims:
        count = count * input.shape[d]
    dof = count - (1 if correction is None else correction)
    centered = input - aten.mean.dim(input, dims, True)
    var = aten.sum.dim_IntList(centered * centered, dims, keepdim) / dof
    return var, aten.mean.dim(input, dims, keepdim)


def _var(input, dim=None, *, correction=None, keepdim=False):
    return _var_mean(input, dim, correction=correction, keepdim=keepdim)[0]


def _std(input, dim=None, *, correction=None, keepdim=False):
    return torch.sqrt(_var(input, dim, correction=correction, keepdim=keepdim))


def _squeeze(input, dim=None):
    """squeeze, squeeze.dim and squeeze.dims as one view."""
    dims = _dims(input, dim)
    shape = [size for d, size in enumerate(input.shape) if not (d in dims and size == 1)]
    return aten.view.default(input, shape)


def _split_with_sizes(input, split_sizes, dim=0):
    dim = dim % input.dim()
    parts, start = [], 0
    for size in split_sizes:
        parts.append(aten.slice.Tensor(input, dim, start, start + size))
        start = start + size
    return parts


def _split(input, split_size, dim=0):
    total = input.shape[dim % input.dim()]
    sizes = [split_size] * (total // split_size)
    if total % split_size:
        sizes.append(total % split_size)
    return _split_with_sizes(input, sizes or [0], dim)


def _flip(input, dims):
    for d in _dims(input, list(dims)):
        n = input.shape[d]
        input = aten.index_select.default(
            input, d, torch.arange(n - 1, -1, -1, device=input.device))
    return input


OURS = {
    aten.var_mean.correction: _var_mean,
    aten.var.correction: _var,
    aten.std.correction: _std,
    aten.squeeze.default: _squeeze,
    aten.squeeze.dim: _squeeze,
    aten.squeeze.dims: _squeeze,
    aten.split_with_sizes.default: _split_with_sizes,
    aten.split.Tensor: _split,
    aten.flip.default: _flip,
}


def _batch_norm_inference(input, weight, bias, running_mean, running_var, momentum, eps):
    """_native_batch_norm_legit_no_training without touching the running
    statistics (PyTorch's own decomposition calls the in-place training op,
    which a functional graph cannot hold). Like PyTorch on CPU, the saved mean
    and inverse deviation come back empty."""
    del momentum  # only training updates the running statistics
    shape = [1, -1] + [1] * (input.dim() - 2)
    scale = torch.rsqrt(running_var + eps)
    if weight is not None:
        scale = scale * weight
    out = (input - running_mean.reshape(shape)) * scale.reshape(shape)
    if bias is not None:
        out = out + bias.reshape(shape)
    empty = input.new_zeros((0,))
    return out, empty, empty


OURS[aten._native_batch_norm_legit_no_training.default] = _batch_norm_inference


def _group_norm(input, weight, bias, n, c, hw, groups, eps):
    """native_group_norm as views, means and an rsqrt (PyTorch's own
    decomposition leaves an as_strided view)."""
    del hw
    grouped = aten.view.default(input, [n, groups, -1])
    mean = aten.mean.dim(grouped, [2], True)
    centered = grouped - mean
    rstd = torch.rsqrt(aten.mean.dim(centered * centered, [2], True) + eps)
    out = aten.view.default(centered * rstd, list(input.shape))
    shape = [1, c] + [1] * (input.dim() - 2)
    if weight is not None:
        out = out * aten.view.default(weight, shape)
    if bias is not None:
        out = out + aten.view.default(bias, shape)
    return out, aten.view.default(mean, [n, groups]), aten.view.default(rstd, [n, groups])


OURS[aten.native_group_norm.default] = _group_norm


def _grouped_convolution(input, weight, bias, stride, padding, dilation, transposed,
                         output_padding, groups):
    """A convolution with groups, other than the 2-D forward one convert-torch-
    to-linalg lowers whole, as one ungrouped convolution per group,
    concatenated along the channels; any other convolution stays."""
    if groups == 1 or (not transposed and input.dim() == 4):
        return NotImplemented
    inputs = torch.chunk(input, groups, 1)
    weights = torch.chunk(weight, groups, 0)
    biases = torch.chunk(bias, groups, 0) if bias is not None else [None] * groups
    parts = [aten.convolution.default(x, w, b, stride, padding, dilation, transposed,
                                      output_padding, 1)
             for x, w, b in zip(inputs, weights, biases)]
    return torch.cat(parts, 1)


OURS[aten.convolution.default] = _grouped_convolution


def _conv_tbc(input, weight, bias, pad=0):
    """conv_tbc: input (time, batch, channels), weight (kernel, in, out): a
    conv1d of the batch-first, channels-first views."""
    out = aten.convolution.default(input.permute(1, 2, 0), weight.permute(2, 1, 0), bias,
                                   [1], [pad], [1], False, [0], 1)
    return out.permute(2, 0, 1)


OURS[aten.conv_tbc.default] = _conv_tbc


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


def _as_strided(input, size, stride, storage_offset=None):
    """as_strided reads `input`'s storage. When `input` is itself a view
    (transposed, selected, sliced, ...), its elements sit in that storage at
    its strides and offset, not in row-major order. Each position read is
    found among `input`'s elements (along its dims by decreasing stride:
    k = (position - offset) // stride % size) and the result gathers
    `input`, flattened, there. A contiguous input at offset 0 stays as it is
    (the lowering reads it in row-major order); a position no element of
    `input` holds (the view hides it) cannot be said on values:
    NotImplemented."""
    shape, strides, base = list(input.shape), list(input.stride()), input.storage_offset()
    if not all(isinstance(v, int) for v in shape + strides + list(size) + list(stride) + [base]):
        return NotImplemented
    offset = base if storage_offset is None else storage_offset
    if not isinstance(offset, int) or (input.is_contiguous() and base == 0):
        return NotImplemented
    count = 1
    for n in list(size):
        count *= n
    if count > 1 << 22:
        return NotImplemented
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
        if element(offset + sum(i * s for i, s in zip(at, stride))) is None:
            return NotImplemented
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


def _scatter_reduce(self, dim, index, src, reduce):
    """scatter with reduce="add" or "multiply": scatter_reduce with sum or
    prod, self included."""
    mode = {"add": "sum", "multiply": "prod"}.get(reduce)
    if mode is None:
        return NotImplemented
    return aten.scatter_reduce.two(self, dim, index, src, mode, include_self=True)


def _scatter_value_reduce(self, dim, index, value, reduce):
    src = torch.full(index.shape, value, dtype=self.dtype, device=self.device)
    return _scatter_reduce(self, dim, index, src, reduce)


OURS[aten.scatter.reduce] = _scatter_reduce
OURS[aten.scatter.value_reduce] = _scatter_value_reduce


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


def _index_put_impl(self, indices, values, accumulate=False, unsafe=False):
    """What functionalizing an in-place `index_put_` leaves: index_put."""
    del unsafe
    return aten.index_put.default(self, indices, values, accumulate)


OURS[aten._index_put_impl.default] = _index_put_impl


def _trilinear(i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim=1):
    """Each input unsqueezed at its `expand` dims, the three multiplied
    (broadcast) and summed over `sumdim` (bilinear's kernel)."""
    del unroll_dim  # how ATen schedules it, not what it computes

    def expanded(t, dims):
        for d in sorted(dims):
            t = t.unsqueeze(d)
        return t

    product = expanded(i1, expand1) * expanded(i2, expand2) * expanded(i3, expand3)
    return aten.sum.dim_IntList(product, list(sumdim)) if len(sumdim) else product


OURS[aten._trilinear.default] = _trilinear


def _rrelu_eval(self, lower=0.125, upper=1.0 / 3.0, training=False):
    """rrelu outside training: leaky_relu with the mean slope. (Training
    draws a slope per element: left to a random-number lowering.)"""
    if training:
        return NotImplemented
    return aten.leaky_relu.default(self, (lower + upper) / 2)


def _rrelu(self, lower=0.125, upper=1.0 / 3.0, training=False, generator=None):
    del generator
    return _rrelu_eval(self, lower, upper, training)


def _rrelu_with_noise(self, noise, lower=0.125, upper=1.0 / 3.0, training=False,
                      generator=None):
    del noise, generator
    return _rrelu_eval(self, lower, upper, training)


def _rrelu_with_noise_functional(self, noise, lower=0.125, upper=1.0 / 3.0, training=False,
                                 generator=None):
    del generator
    out = _rrelu_eval(self, lower, upper, training)
    return NotImplemented if out is NotImplemented else (out, noise)


def _rrelu_with_noise_backward(grad_output, self, noise, lower, upper, training,
                               self_is_result):
    """The noise holds the slopes training drew; otherwise the slope is the
    mean, as leaky_relu's gradient (`self` is positive where the result is)."""
    del self_is_result
    if training and upper - lower > 1e-6:
        return grad_output * noise
    return torch.where(self > 0, grad_output, grad_output * ((lower + upper) / 2))


OURS[aten.rrelu.default] = _rrelu
OURS[aten.rrelu_with_noise.default] = _rrelu_with_noise
OURS[aten.rrelu_with_noise_backward.default] = _rrelu_with_noise_backward
if hasattr(aten, "rrelu_with_noise_functional"):
    OURS[aten.rrelu_with_noise_functional.default] = _rrelu_with_noise_functional


def _kthvalue(self, k, dim=-1, keepdim=False):
    """The k-th smallest along `dim` (1-based) and its index: a stable sort."""
    if self.dim() == 0:
        return NotImplemented
    values, indices = aten.sort.stable(self, stable=True, dim=dim)
    values = aten.slice.Tensor(values, dim, k - 1, k)
    indices = aten.slice.Tensor(indices, dim, k - 1, k)
    if not keepdim:
        values, indices = values.squeeze(dim), indices.squeeze(dim)
    return values, indices


OURS[aten.kthvalue.default] = _kthvalue


def _bucketize(self, boundaries, *, out_int32=False, right=False):
    """The bucket of each element among sorted 1-D `boundaries`: how many
    boundaries lie below it (right=False) or at or below it (right=True)."""
    x = self.unsqueeze(-1)
    below = (x >= boundaries) if right else (x > boundaries)
    return aten.sum.dim_IntList(below, [-1], dtype=torch.int32 if out_int32 else torch.int64)


OURS[aten.bucketize.Tensor] = _bucketize


def _searchsorted(sorted_sequence, self, *, out_int32=False, right=False, side=None,
                  sorter=None):
    """searchsorted into a 1-D sorted sequence: bucketize with it."""
    if sorted_sequence.dim() != 1 or sorter is not None:
        return NotImplemented
    right = right or side == "right"
    return _bucketize(self, sorted_sequence, out_int32=out_int32, right=right)


OURS[aten.searchsorted.Tensor] = _searchsorted


def _median_dim(self, dim=0, keepdim=False):
    """The lower median along `dim` and its index: the ((n - 1) // 2 + 1)-th
    smallest."""
    if self.dim() == 0 or not isinstance(self.shape[dim], int):
        return NotImplemented
    return _kthvalue(self, (self.shape[dim] - 1) // 2 + 1, dim, keepdim)


OURS[aten.median.dim] = _median_dim


def _logcumsumexp(self, dim):
    """log(cumsum(exp(x - max))) + max, the max along `dim` taken first."""
    if self.dim() == 0:
        return self
    top = aten.amax.default(self, [dim], True)
    # An all -inf (or +inf) slice keeps its infinities unshifted.
    top = torch.where(top.abs() == float("inf"), torch.zeros_like(top), top)
    return torch.log(torch.cumsum(torch.exp(self - top), dim)) + top


OURS[aten.logcumsumexp.default] = _logcumsumexp


def _round_decimals(self, *, decimals=0):
    """round(x * 10^d) / 10^d, half to even as torch.round."""
    scale = 10.0 ** decimals
    return torch.round(self * scale) / scale


OURS[aten.round.decimals] = _round_decimals


def _quantize_per_tensor(input, scale, zero_point, quant_min, quant_max, dtype):
    """round(x / scale) + zero_point, clamped to [quant_min, quant_max] and
    stored as `dtype` (PyTorch's reference quantization: scale inverted first)."""
    if input.dtype in (torch.float16, torch.bfloat16):
        input = input.to(torch.float32)
    q = torch.round(input * (1.0 / scale)) + zero_point
    return torch.clamp(q, quant_min, quant_max).to(dtype)


def _dequantize_per_tensor(input, scale, zero_point, quant_min, quant_max, dtype, *,
                           out_dtype=None):
    del quant_min, quant_max, dtype
    out_dtype = out_dtype or torch.float32
    return (input.to(out_dtype) - zero_point) * scale


def _along(values, axis, rank):
    """A 1-D per-channel `values` shaped to broadcast along `axis`."""
    shape = [1] * rank
    shape[axis % rank] = -1
    return values.reshape(shape)


def _quantize_per_channel(input, scales, zero_points, axis, quant_min, quant_max, dtype):
    """Per tensor, with the scales and zero points broadcast along `axis`."""
    rank = input.dim()
    return _quantize_per_tensor(input, _along(scales, axis, rank),
                                _along(zero_points, axis, rank), quant_min, quant_max, dtype)


def _dequantize_per_channel(input, scales, zero_points, axis, quant_min, quant_max, dtype,
                            *, out_dtype=None):
    """Per tensor, with the scales and zero points (None: 0) broadcast along `axis`."""
    rank = input.dim()
    zero_points = 0 if zero_points is None else _along(zero_points, axis, rank)
    return _dequantize_per_tensor(input, _along(scales, axis, rank), zero_points, quant_min,
                                  quant_max, dtype, out_dtype=out_dtype)


def _quantized_decomposed():
    """Decompositions of PyTorch's quantized_decomposed ops (what PT2E
    quantization leaves in a graph), once that library is registered."""
    try:
        import torch.ao.quantization.fx._decomposed  # noqa: F401 - registers the ops
    except ImportError:
        return {}
    q = torch.ops.quantized_decomposed
    found = {}
    for name, fn in [("quantize_per_tensor", _quantize_per_tensor),
                     ("dequantize_per_tensor", _dequantize_per_tensor),
                     ("quantize_per_channel", _quantize_per_channel),
                     ("dequantize_per_channel", _dequantize_per_channel)]:
        packet = getattr(q, name, None)
        for overload in ("default", "tensor", "tensor2"):
            if packet is not None and overload in packet.overloads():
                found[getattr(packet, overload)] = fn
    return found


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
    table.update(_quantized_decomposed())
    return table


def table():
    """The default decomposition table (a new dict each time)."""
    return dict(_table())
