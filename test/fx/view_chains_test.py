"""Random chains of view ops, then as_strided, through fx.compile against eager.

Each chain starts from an input of random shape and applies one to four
views drawn from view, reshape, _unsafe_view, expand, slice, narrow,
select, transpose, permute, unsqueeze, squeeze, alias, detach, a piece of
split or unbind, with parameters that eager accepts (each is tried on a real
tensor as the chain is drawn). Half the chains end in an `as_strided` that
reads the chain's storage at random sizes, strides and offset within it;
the rest return the view itself. Chains are compiled together, one program
per batch, and every result must equal eager's exactly (views move values,
they compute none).

A run draws a bounded sample; its seed is printed, and `--seed` replays it.
"""

import argparse
import random
import sys
import time
import unittest

import torch

import unpacked_wheels

ARGS = None
fx = None
aten = torch.ops.aten
BATCHES = 4
CHAINS_PER_BATCH = 16


def setUpModule():
    global fx
    unpacked_wheels.use(ARGS.wheel)
    from torch_mlir import fx as fx_module

    fx = fx_module


def draw_view(rng, t):
    """One view op applicable to `t`: (its description, a function applying it)."""
    rank = t.dim()
    choices = ["alias", "detach", "unsqueeze", "expand", "reshape"]
    if rank:
        choices += ["slice", "narrow", "select", "transpose", "permute", "squeeze", "view",
                    "unsafe_view", "split", "unbind"]
    kind = rng.choice(choices)
    d = rng.randrange(rank) if rank else 0
    if kind == "alias":
        return kind, aten.alias.default
    if kind == "detach":
        return kind, lambda x: x.detach()
    if kind == "unsqueeze":
        at = rng.randrange(rank + 1)
        return f"unsqueeze({at})", lambda x: x.unsqueeze(at)
    if kind == "expand":
        ones = [i for i, n in enumerate(t.shape) if n == 1]
        if not ones:
            return "expand(new leading 3)", lambda x: x.expand(3, *x.shape)
        at = rng.choice(ones)
        sizes = [-1] * rank
        sizes[at] = rng.randint(2, 4)
        return f"expand({sizes})", lambda x: x.expand(*sizes)
    if kind == "reshape" or kind == "view" or kind == "unsafe_view":
        numel = t.numel()
        shape = []
        left = numel
        while left > 1 and len(shape) < 3:
            factors = [f for f in range(2, left + 1) if left % f == 0]
            f = rng.choice(factors)
            shape.append(f)
            left //= f
        shape.append(left)
        rng.shuffle(shape)
        if kind == "reshape":
            return f"reshape({shape})", lambda x: x.reshape(shape)
        try:
            t.view(shape)
        except RuntimeError:
            return f"reshape({shape})", lambda x: x.reshape(shape)
        if kind == "view":
            return f"view({shape})", lambda x: x.view(shape)
        return f"_unsafe_view({shape})", lambda x: aten._unsafe_view.default(x, shape)
    n = t.shape[d]
    if kind == "slice":
        start = rng.randrange(n)
        end = rng.randint(start + 1, n)
        step = rng.randint(1, 2)
        return f"slice({d}, {start}, {end}, {step})", lambda x: aten.slice.Tensor(x, d, start,
                                                                                     end, step)
    if kind == "narrow":
        start = rng.randrange(n)
        length = rng.randint(1, n - start)
        return f"narrow({d}, {start}, {length})", lambda x: x.narrow(d, start, length)
    if kind == "select":
        if n == 0:
            return "alias", aten.alias.default
        i = rng.randrange(n)
        return f"select({d}, {i})", lambda x: x.select(d, i)
    if kind == "transpose":
        e = rng.randrange(rank)
        return f"transpose({d}, {e})", lambda x: x.transpose(d, e)
    if kind == "permute":
        order = list(range(rank))
        rng.shuffle(order)
        return f"permute({order})", lambda x: x.permute(order)
    if kind == "squeeze":
        return f"squeeze({d})", lambda x: x.squeeze(d)
    if kind == "split":
        size = rng.randint(1, max(1, n))
        pieces = (n + size - 1) // size
        i = rng.randrange(pieces)
        return f"split({size}, {d})[{i}]", lambda x: x.split(size, d)[i]
    i = rng.randrange(n)
    return f"unbind({d})[{i}]", lambda x: x.unbind(d)[i]


def storage_size(t):
    return t.untyped_storage().nbytes() // t.element_size()


def draw_chain(rng):
    """(description, input shape, function) of one chain eager accepts."""
    shape = [rng.randint(1, 5) for _ in range(rng.randint(1, 4))]
    x = torch.randn(shape)
    steps, t = [], x
    for _ in range(rng.randint(1, 4)):
        name, apply = draw_view(rng, t)
        t = apply(t)
        steps.append((name, apply))
    if rng.random() < 0.5:
        limit = storage_size(t)
        sizes = [rng.randint(1, 4) for _ in range(rng.randint(1, 3))]
        strides = [rng.randint(0, 6) for _ in sizes]
        span = sum((n - 1) * s for n, s in zip(sizes, strides))
        if span < limit:
            offset = rng.randint(0, limit - 1 - span)
            steps.append((f"as_strided({sizes}, {strides}, {offset})",
                          lambda v: v.as_strided(sizes, strides, offset)))

    def chain(v):
        for _, apply in steps:
            v = apply(v)
        return v

    chain(x)  # eager takes it
    return " -> ".join(name for name, _ in steps), shape, chain


class Chains(torch.nn.Module):
    def __init__(self, chains):
        super().__init__()
        self.chains = chains

    def forward(self, xs: list):
        # `+ 0` gives each result its own storage: a program's outputs that
        # alias its inputs are returned as copies anyway.
        return tuple(chain(x) + 0 for chain, x in zip(self.chains, xs))


class ViewChainsTest(unittest.TestCase):
    def test_random_chains(self):
        seed = ARGS.seed if ARGS.seed is not None else int(time.time())
        print(f"view chains: seed {seed} (replay with --seed={seed})", flush=True)
        rng = random.Random(seed)
        torch.manual_seed(seed)
        wrong = []
        for batch in range(BATCHES):
            drawn = [draw_chain(rng) for _ in range(CHAINS_PER_BATCH)]
            inputs = [torch.randn(shape) for _, shape, _ in drawn]
            model = Chains([chain for _, _, chain in drawn])
            try:
                compiled = fx.compile(model, inputs)
            except Exception as e:  # name the batch's chains with the error
                chains = "\n  ".join(d for d, _, _ in drawn)
                self.fail(f"seed {seed}, batch {batch}: {type(e).__name__}: "
                          f"{str(e).splitlines()[0]}\nchains:\n  {chains}")
            expected = model(inputs)
            got = compiled(inputs)
            for (description, shape, _), e, g in zip(drawn, expected, got):
                if e.shape != g.shape or not torch.equal(e, g):
                    wrong.append(f"{shape}: {description}")
        self.assertEqual(wrong, [], f"seed {seed}: chains whose values differ from eager's")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", action="append", required=True)
    parser.add_argument("--seed", type=int, default=None)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
