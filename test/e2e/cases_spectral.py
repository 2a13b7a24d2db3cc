"""Fourier transforms of real and complex tensors (rfft, fft, ifft, irfft,
rfft2/irfft2, their norms), complex arithmetic and the ways back to floats
(abs, angle, real, imag, view_as_real). Complex results are compared like
floats, real and imaginary parts each within the tolerance."""

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
    "irfft_roundtrip": (lambda x: torch.fft.irfft(torch.fft.rfft(x), n=8), lambda: (r(3, 8),)),
    "irfft_odd_length": (lambda x: torch.fft.irfft(torch.fft.rfft(x), n=9), lambda: (r(2, 9),)),
    "irfft_default_length": (lambda x: torch.fft.irfft(torch.fft.rfft(x)), lambda: (r(2, 10),)),
    "irfft_ortho": (lambda x: torch.fft.irfft(torch.fft.rfft(x, norm="ortho"), n=6, norm="ortho"),
                    lambda: (r(2, 6),)),
    "irfft2_roundtrip": (lambda x: torch.fft.irfft2(torch.fft.rfft2(x), s=(4, 6)),
                         lambda: (r(2, 4, 6),)),
    # Spectral filtering: the spectrum times a real gain per bin, then back.
    "lowpass_filter": (lambda x, g: torch.fft.irfft(torch.fft.rfft(x) * g, n=16),
                       lambda: (r(3, 16), torch.rand(9))),
    "complex_mul": (lambda x, y: torch.fft.rfft(x) * torch.fft.rfft(y), lambda: (r(2, 8), r(2, 8))),
    "complex_add_sub_div": (lambda x, y: (torch.fft.fft(x) + torch.fft.fft(y))
                            / (torch.fft.fft(y) - 3.0), lambda: (r(2, 6), r(2, 6))),
    "complex_neg_conj": (lambda x: (-torch.fft.rfft(x)).conj() * 2.0, lambda: (r(2, 8),)),
    "real_imag": (lambda x: (torch.fft.rfft(x).real, torch.fft.rfft(x).imag), lambda: (r(2, 8),)),
    "view_as_real": (lambda x: torch.view_as_real(torch.fft.rfft(x)), lambda: (r(3, 8),)),
    "angle": (lambda x: torch.fft.rfft(x).angle(), lambda: (r(2, 8),)),
    "complex_and_polar": (lambda a, b: (torch.complex(a, b), torch.polar(a.abs(), b)),
                          lambda: (r(2, 3), r(2, 3))),
}
for name, (fn, inputs) in SPECTRAL.items():
    fn_case(f"spectral_{name}", fn, inputs)

fn_case("spectral_rfft_dynamic", lambda x: torch.fft.rfft(x).abs(), lambda: (r(3, 16),),
        dynamic_shapes=({0: Dim("n")},), make_other_inputs=lambda: (r(5, 16),))
