"""Dimensions a program names alike, checked before compiled code runs.

A model compiled once for every size still ties some sizes together: an
ONNX graph's `dim_param`s ("batch" in two inputs), torch.export's `Dim`s (one
symbol in two places), each perhaps with a range. Compiled code indexes by
those sizes, so a call whose inputs disagree must be refused before it runs,
by name. fx.compile and onnx.compile both check through `NamedDims`; the
compiled code checks again what only it can see (SymbolicShapesToChecks).
"""

__all__ = ["NamedDims"]


class NamedDims:
    """`uses`: (input label, axis, name) for each input dimension that has a
    name; `ranges`: name -> (lowest, highest) size, either None for unbounded.
    Names may be any hashable (strings, sympy symbols); labels are shown as
    they are (an index, or a quoted input name)."""

    def __init__(self, uses, ranges=None, prefix=""):
        self._uses = list(uses)
        self._ranges = dict(ranges or {})
        self._prefix = prefix

    def __bool__(self):
        return bool(self._uses)

    def bind(self, shapes):
        """{name: size} from `shapes` (input label -> shape); raises
        ValueError for the first dimension that disagrees with an earlier
        one of its name or lies outside its name's range. A dimension past
        an input's rank is left to the rank check."""
        seen = {}  # name -> (size, label, axis)
        for label, axis, name in self._uses:
            shape = shapes.get(label)
            if shape is None or axis >= len(shape):
                continue
            size = shape[axis]
            first = seen.setdefault(name, (size, label, axis))
            if first[0] != size:
                raise ValueError(
                    f"{self._prefix}input {label} dimension {axis} is {size}, but input "
                    f"{first[1]} dimension {first[2]} is {first[0]}; the model gives both "
                    f"the same dynamic dimension ({name})")
            low, high = self._ranges.get(name, (None, None))
            if (low is not None and size < low) or (high is not None and size > high):
                shown = f"[{low}, {'inf' if high is None else high}]"
                raise ValueError(
                    f"{self._prefix}input {label} dimension {axis} is {size}, outside "
                    f"{shown}, the range of its dimension ({name})")
        return {name: size for name, (size, _, _) in seen.items()}
