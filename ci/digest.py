"""The sha256 of a file, read in chunks (wheels and cache blobs can be large)."""

import hashlib


def sha256_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()
