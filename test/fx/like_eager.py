"""One result against eager's, for the differential tests: the same dtype and
shape, integers and bools exactly, floats within `tolerances[dtype]`
((rtol, atol)), NaN where eager has NaN."""

import torch


def assert_like_eager(test, what, expected, got, tolerances):
    test.assertEqual((got.dtype, got.shape), (expected.dtype, expected.shape), what)
    if expected.dtype in tolerances:
        rtol, atol = tolerances[expected.dtype]
        torch.testing.assert_close(got, expected, rtol=rtol, atol=atol, equal_nan=True,
                                   msg=lambda m: f"{what}: {m}")
    else:
        test.assertTrue(torch.equal(got, expected), f"{what}: {got} != {expected}")
