"""Torch-linked tests, on each torch release the torch-mlir wheel claims.

The wheel's Requires-Dist (python/version.bzl's TORCH_REQUIREMENT) names a
range; its oldest and newest releases are pinned (utils/bazel/deps.bzl), and
`torch_py_test` makes one py_test per release it is given:

    torch_py_test(name = "compile_test", torch = TORCH_RANGE, ...)

gives `compile_test` on the oldest release (2.13.0, what every torch-linked
test runs on) and `compile_test_torch_2_14` on the newest. The macro adds the
torch itself, so the libraries a test uses must not depend on a torch: they
are tagged "torch-linked" (which the torch-free closure check reads) and
leave the choice to the test. `args_by_torch` replaces `args` for a release.

CI's budget does not hold every test twice: a release in `manual` gets a test
tagged "manual" and "nightly", which `//test/...` leaves out and the nightly
runs (tools/release: every test tagged "nightly", NIGHTLY_TAG below). All the
tests of a release, manual ones included:

    ./bazelw test $(./bazelw query 'attr(tags, "torch-2.14", //test/...)')
"""

# Tests per-change CI leaves out (they are also "manual", so `//test/...`
# skips them) and the nightly runs: tools/release/release.py queries for it.
NIGHTLY_TAG = "nightly"
NIGHTLY = ["manual", NIGHTLY_TAG]

TORCH_OLDEST = "2.13"
TORCH_NEWEST = "2.14"

# The claimed range's ends, for tests that run on both.
TORCH_RANGE = [TORCH_OLDEST, TORCH_NEWEST]

# Each pinned release's py_library.
_TORCH = {
    "2.13": "@pypi_torch//:pkg",
    "2.14": "@pypi_torch_2_14//:pkg",
}

# The torchvision built for each (a test passes `torchvision = True`).
_TORCHVISION = {
    "2.13": "@pypi_torchvision//:pkg",
    "2.14": "@pypi_torchvision_2_14//:pkg",
}

def torch_py_test(name, torch = [TORCH_OLDEST], deps = [], tags = [], args = [],
                  args_by_torch = {}, manual = [], torchvision = False, **kwargs):
    """A py_test per torch release in `torch`; the oldest's keeps `name`.
    Those of the releases in `manual` run only when named, and in the
    nightly; with
    `torchvision`, each gets the torchvision built for its torch."""
    main = kwargs.pop("main", name + ".py")
    for release in manual:
        if release not in torch:
            fail("%s: manual names %s, which torch does not" % (name, release))
    for release in torch:
        if release not in _TORCH:
            fail("%s: no pinned torch %s (pinned: %s)" % (name, release, ", ".join(_TORCH)))
        suffix = "" if release == TORCH_OLDEST else "_torch_" + release.replace(".", "_")
        native.py_test(
            name = name + suffix,
            main = main,
            args = args_by_torch.get(release, args),
            deps = deps + [_TORCH[release]] +
                   ([_TORCHVISION[release]] if torchvision else []),
            tags = tags + ["torch-linked", "torch-" + release] +
                   ([t for t in NIGHTLY if t not in tags] if release in manual else []),
            python_version = "PY3",
            **kwargs
        )
