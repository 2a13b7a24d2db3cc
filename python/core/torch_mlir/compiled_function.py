"""One compiled function, under both front ends' compiled callables.

fx.compile's CompiledProgram and onnx.compile's CompiledModel differ only in
what they take and give (torch tensors in eager's structure; numpy arrays by
input name, a dict of outputs). Under both is a CompiledFunction: the module
JIT-compiled by the reference backend with one BackendOptions, called with
arrays as compiled code takes them (torch_mlir.dtypes' carriers), its results
always a tuple, and the backend's errors naming the input (by the labels the
front end gives) rather than an argument index. The named dimensions both
front ends check before a call are torch_mlir.named_dims'.
"""

from .refbackend import BackendOptions, RefBackend

__all__ = ["CompiledFunction"]


class CompiledFunction:
    def __init__(self, module, options=None, *, function="main", labels=None):
        """`module`: at the linalg-on-tensors backend contract; `options`: a
        BackendOptions (None: its defaults); `labels`: what to call each
        argument in errors ("input 'x'"), None to keep "argument N"."""
        options = options if options is not None else BackendOptions()
        backend = RefBackend(options.opt_level, options.seed, options.vectorize,
                             options.threads)
        self._invoker = backend.load(backend.compile(module))
        self.function = function
        self.signature = self._invoker.signature(function)
        self._labels = list(labels) if labels is not None else None

    def __call__(self, *arrays):
        """The results of one call, as a tuple (of carrier arrays)."""
        expected = len(self.signature.arguments)
        if len(arrays) != expected:
            raise ValueError(f"the compiled function takes {expected} argument(s), "
                             f"the call gives {len(arrays)}")
        try:
            results = self._invoker.invoke(self.function, *arrays)
        except ValueError as error:
            raise ValueError(self._renamed(str(error))) from None
        if not self.signature.results:
            return ()
        return results if len(self.signature.results) > 1 else (results,)

    def _renamed(self, message):
        """The invoker's "argument N of main() ..." with argument N's label."""
        for index, label in enumerate(self._labels or ()):
            prefix = f"argument {index} of "
            if message.startswith(prefix):
                rest = message.index(" (") if " (" in message else len(prefix)
                return label + message[rest:]
        return message
