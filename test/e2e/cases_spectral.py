"""Fourier transforms of real and complex tensors (rfft, fft, ifft, rfft2,
their norms) and the complex results' magnitudes. Complex results are
compared like floats, real and imaginary parts each within the tolerance."""

import torch
from torch.export import Dim

from framework import fn_case


def r(*shape):
    return torch.randn(*shape)


SPECTRAL = {
    "rfft_abs": (lambda x: torch.fft.rfft(x).abs(), lambda: (r(3, 16),)),
    "rfft": (lambda x: torch.fft.rfft(x), lambda: (r(2, 10),)),
    "rfft_odd": (lambda x: torch.fft.rfft(x), lambda: (r(2, 9),)),
    "rfft_dim0": (lambda x: torch.fft.rfft(x, dim=0), lambda: (r(8, 3),)),
    "rfft_ortho": (lambda x: torch.fft.rfft(x, norm="ortho"), lambda: (r(2, 8),)),
    "rfft_forward_norm": (lambda x: torch.fft.rfft(x, norm="forward"), lambda: (r(2, 8),)),
    "rfft_f64": (lambda x: torch.fft.rfft(x), lambda: (r(2, 12).double(),)),
    "fft_real": (lambda x: torch.fft.fft(x), lambda: (r(2, 6),)),
    "fft_of_complex": (lambda x: torch.fft.fft(torch.fft.rfft(x)), lambda: (r(2, 8),)),
    "ifft_roundtrip_abs": (lambda x: torch.fft.ifft(torch.fft.fft(x)).abs(), lambda: (r(3, 8),)),
    "rfft2_abs": (lambda x: torch.fft.rfft2(x).abs(), lambda: (r(2, 4, 6),)),
    "rfft_long": (lambda x: torch.fft.rfft(x).abs(), lambda: (r(1, 256),)),
}
for name, (fn, inputs) in SPECTRAL.items():
    fn_case(f"spectral_{name}", fn, inputs)

fn_case("spectral_rfft_dynamic", lambda x: torch.fft.rfft(x).abs(), lambda: (r(3, 16),),
        dynamic_shapes=({0: Dim("n")},), make_other_inputs=lambda: (r(5, 16),))
