#!/bin/sh
# $1: update_torch_registry, $2: the checked-in registry. Exit 1 with a diff if stale.
exec "$1" --check --registry "$2"
