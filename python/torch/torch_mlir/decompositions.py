"""The decompositions fx.export_and_import applies before import.

`table()` is PyTorch's Core ATen decomposition table, plus PyTorch's own
decompositions of a few more ops (`EXTRA`), plus ours (`OURS`) where
PyTorch's would leave `prims.*` ops (which have no ATen schema to import),
in-place ops in a functional graph, or `as_strided` views. Each of ours
rewrites an op into ATen ops that convert-torch-to-linalg lowers.
"""

import functools

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


def _grouped_transposed_convolution(input, weight, bias, stride, padding, dilation,
                                    transposed, output_padding, groups):
    """A transposed convolution with groups as one ungrouped transposed
    convolution per group, concatenated; any other convolution stays."""
    if not transposed or groups == 1:
        return NotImplemented
    inputs = torch.chunk(input, groups, 1)
    weights = torch.chunk(weight, groups, 0)
    biases = torch.chunk(bias, groups, 0) if bias is not None else [None] * groups
    parts = [aten.convolution.default(x, w, b, stride, padding, dilation, True,
                                      output_padding, 1)
             for x, w, b in zip(inputs, weights, biases)]
    return torch.cat(parts, 1)


OURS[aten.convolution.default] = _grouped_transposed_convolution


def _adaptive_max_pool2d(input, output_size):
    """adaptive_max_pool2d as a gather of every window (padded to the widest
    by repeating its last element, which changes neither the max nor the
    first index of it) and max over it. Windows are PyTorch's:
    [floor(i * n / m), ceil((i + 1) * n / m))."""
    h, w = input.shape[-2:]
    oh, ow = output_size
    if not all(isinstance(v, int) for v in (h, w, oh, ow)):
        return NotImplemented

    def windows(n, m):
        # Positions read for each output (m, k), clamped into the window.
        k = max(-(-(i + 1) * n // m) - (i * n // m) for i in range(m))
        i = torch.arange(m, device=input.device)
        start = torch.div(i * n, m, rounding_mode="floor")
        end = torch.div((i + 1) * n + m - 1, m, rounding_mode="floor")
        at = start.unsqueeze(1) + torch.arange(k, device=input.device).unsqueeze(0)
        return torch.minimum(at, (end - 1).unsqueeze(1)), k

    rows, kh = windows(h, oh)
    cols, kw = windows(w, ow)
    lead = [None] * (input.dim() - 2)
    gathered = aten.index.Tensor(
        input, lead + [rows.reshape(oh, kh, 1, 1), cols.reshape(1, 1, ow, kw)])
    dims = list(range(input.dim() - 2))
    n = len(dims)
    gathered = gathered.permute(dims + [n, n + 2, n + 1, n + 3])
    gathered = gathered.reshape(list(input.shape[:-2]) + [oh, ow, kh * kw])
    values, local = torch.max(gathered, -1)
    # The flat index (row * w + col) of every window position.
    flat = (rows.reshape(oh, 1, kh, 1) * w + cols.reshape(1, ow, 1, kw)).reshape(oh, ow, kh * kw)
    flat = flat.expand(list(input.shape[:-2]) + [oh, ow, kh * kw])
    indices = torch.gather(flat, -1, local.unsqueeze(-1)).squeeze(-1)
    return values, indices


OURS[aten.adaptive_max_pool2d.default] = _adaptive_max_pool2d


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
    return table


def table():
    """The default decomposition table (a new dict each time)."""
    return dict(_table())
