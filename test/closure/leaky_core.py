"""Stands in for core code that wrongly depends on torch-linked code; never imported."""
