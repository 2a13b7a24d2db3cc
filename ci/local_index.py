"""A real package index on 127.0.0.1 for the release check and tests: pypiserver, uploads
behind a password (htpasswd), reads open, packages in a temporary directory.

    with LocalIndex() as idx:
        idx.repository_url   # twine uploads here
        idx.index_url        # pip and the release tool read here (/simple/)
        idx.credentials()    # {"TWINE_USERNAME": ..., "TWINE_PASSWORD": ...}
"""

import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from ci.loopback import free_port, listening_addresses

USER = "nightly"


class LocalIndex:
    def __init__(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="local-index-", dir=os.environ.get("TEST_TMPDIR")))
        self.packages = self.tmp / "packages"
        self.packages.mkdir()
        self.password = secrets.token_hex(12)
        self.port = free_port()
        self.repository_url = f"http://127.0.0.1:{self.port}/"
        self.index_url = f"http://127.0.0.1:{self.port}/simple/"
        self.process = None

    def credentials(self, password=None):
        return {"TWINE_USERNAME": USER,
                "TWINE_PASSWORD": self.password if password is None else password}

    def start(self):
        from passlib.apache import HtpasswdFile

        htpasswd = HtpasswdFile(str(self.tmp / "htpasswd"), new=True)
        htpasswd.set_password(USER, self.password)
        htpasswd.save()
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        self.log = open(self.tmp / "server.log", "w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pypiserver", "run", "--interface", "127.0.0.1",
             "--port", str(self.port), "--passwords", str(self.tmp / "htpasswd"),
             "--authenticate", "update", str(self.packages)],
            stdout=self.log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("pypiserver exited at start:\n" + self.server_log())
            try:
                with urllib.request.urlopen(self.index_url, timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                time.sleep(0.2)
        else:
            self.stop()
            raise RuntimeError("pypiserver did not answer within 30 s:\n" + self.server_log())
        # Loopback only: the server's own listening sockets, all on 127.0.0.1.
        addresses = {address for address, _ in listening_addresses(self.process.pid)}
        if addresses != {"127.0.0.1"}:
            self.stop()
            raise RuntimeError(f"pypiserver listens on {addresses}, not only on 127.0.0.1")
        return self

    def server_log(self):
        return (self.tmp / "server.log").read_text()

    def files(self):
        return sorted(p.name for p in self.packages.iterdir())

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        if getattr(self, "log", None):
            self.log.close()
            self.log = None

    def remove(self):
        self.stop()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.remove()
