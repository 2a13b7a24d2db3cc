#!/bin/sh
# Fails on purpose; see BUILD.bazel (release_check).
echo "failing_gate: this release gate fails on purpose"
exit 1
