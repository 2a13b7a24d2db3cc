"""The wheels as built, unpacked side by side (as pip would lay them out) into
a scratch directory, so tests import the packages users get, not the tree."""

import os
import sys
import tempfile
import zipfile
from pathlib import Path


def unpack(wheels):
    """Unpacks `wheels` into one new directory under $TEST_TMPDIR; returns it."""
    site = Path(tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR")))
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as z:
            z.extractall(site)
    return site


def use(wheels):
    """unpack(), then put the directory first on sys.path; returns it."""
    site = unpack(wheels)
    sys.path.insert(0, str(site))
    return site
