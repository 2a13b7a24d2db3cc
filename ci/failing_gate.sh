#!/bin/sh
# Fails on purpose: release_check.py proves that a failing gate stops a release.
echo "failing_gate: this release gate fails on purpose"
exit 1
