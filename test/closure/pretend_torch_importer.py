"""Stands in for torch-linked code in the closure test; never imported."""
