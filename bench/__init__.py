"""Benchmarks: scripts that print figures, never tests. Run each from the
repository root as a module (`python3 -m bench.build_profile`); common.py
holds what several share (venvs, our built wheels, upstream's wheel)."""
