"""Publishing wheels to a package index, safely re-runnable.

Reads the index through its simple API (PEP 503: one HTML page per project,
a link per file, `#sha256=` in the link when the index gives it), so a
publish can tell, before uploading anything:
  - a file that is already there with the same bytes: skipped (a re-run of
    the same night is a no-op);
  - a file that is there with other bytes: the whole publish is refused (a
    version on an index is immutable; stamp another one).
Uploads go through twine, core wheels first, so that the torch wheel never
points at a core wheel the index does not have. Credentials are twine's
(TWINE_USERNAME/TWINE_PASSWORD or ~/.pypirc); nothing here reads or prints them.
"""

import hashlib
import html.parser
import os
import re
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

TIMEOUT_S = 30


class PublishError(Exception):
    """Something the user must fix; the message says what. Nothing half-done is reported as done."""


def sha256_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def normalize(project):
    """PEP 503's normalized project name."""
    return re.sub(r"[-_.]+", "-", project).lower()


def project_of(wheel_name):
    """'torch_mlir_core-0.1.0-cp311-...whl' -> 'torch-mlir-core'."""
    return normalize(wheel_name.split("-")[0])


def default_index_url(repository_url):
    """Where to read what an upload URL holds: its /simple/ (pypiserver, devpi's
    index root). Indexes that read elsewhere (PyPI) need --index-url."""
    return repository_url.rstrip("/") + "/simple/"


class _Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.links.append(href)


def _get(url):
    request = urllib.request.Request(url, headers={"Accept": "text/html"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:
            return response.status, response.read(), response.geturl()
    except urllib.error.HTTPError as e:
        return e.code, b"", url
    except (urllib.error.URLError, OSError) as e:
        reason = getattr(e, "reason", e)
        raise PublishError(f"cannot reach the index at {url}: {reason}. Is the server up, "
                           "and is --repository-url (or --index-url) right?") from None


def files_on_index(index_url, project):
    """{file name: (sha256 or None, absolute URL)} the index lists for `project`."""
    page = urllib.parse.urljoin(index_url.rstrip("/") + "/", normalize(project) + "/")
    status, body, final_url = _get(page)
    if status == 404:
        return {}
    if status in (401, 403):
        raise PublishError(f"the index refused to list {project} ({page}: HTTP {status}); "
                           "reading it must not need credentials")
    if status != 200:
        raise PublishError(f"the index answered HTTP {status} for {page}")
    parser = _Links()
    parser.feed(body.decode("utf-8", "replace"))
    found = {}
    for href in parser.links:
        url, _, fragment = href.partition("#")
        name = urllib.parse.unquote(url.rsplit("/", 1)[-1])
        digest = fragment[len("sha256="):] if fragment.startswith("sha256=") else None
        found[name] = (digest, urllib.parse.urljoin(final_url, url))
    return found


def _remote_sha256(url):
    status, body, _ = _get(url)
    if status != 200:
        raise PublishError(f"the index lists {url} but answered HTTP {status} for it")
    return hashlib.sha256(body).hexdigest()


@dataclass
class Plan:
    upload: list  # Paths to upload, in order
    identical: list  # Paths whose file is on the index with the same bytes
    conflicts: list  # (Path, sha256 here, sha256 there)


def plan(wheels, index_url):
    """What publishing `wheels` would do, read from the index; uploads nothing."""
    listings = {}
    result = Plan([], [], [])
    for wheel in wheels:
        project = project_of(wheel.name)
        if project not in listings:
            listings[project] = files_on_index(index_url, project)
        there = listings[project].get(wheel.name)
        if there is None:
            result.upload.append(wheel)
            continue
        digest, url = there
        remote = digest or _remote_sha256(url)
        local = sha256_file(wheel)
        if remote == local:
            result.identical.append(wheel)
        else:
            result.conflicts.append((wheel, local, remote))
    return result


def upload_order(wheels):
    """Core wheels before the torch wheel that requires them."""
    return sorted(wheels, key=lambda w: (project_of(w.name) != "torch-mlir-core", w.name))


def twine_upload(wheels, repository_url):
    """Uploads with twine, in order; stops at the first failure."""
    from twine import cli as twine_cli

    os.environ.setdefault("COLUMNS", "160")  # rich wraps file names at 80 when not on a terminal

    argv = ["--no-color", "upload", "--non-interactive", "--disable-progress-bar",
            "--repository-url", repository_url] + [str(w) for w in wheels]
    try:
        twine_cli.dispatch(argv)
    except Exception as e:  # twine raises requests' and its own exceptions
        raise PublishError(_explain_upload_failure(e, repository_url)) from None


def _explain_upload_failure(error, repository_url):
    response = getattr(error, "response", None)
    status = getattr(response, "status_code", None)
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    if status in (401, 403):
        return (f"the index at {repository_url} refused the upload (HTTP {status}): wrong or "
                "missing credentials. Set TWINE_USERNAME and TWINE_PASSWORD (or ~/.pypirc).")
    if status == 409:
        return (f"the index at {repository_url} already has a file of this name (HTTP 409), "
                "which it did not list when asked; nothing was overwritten")
    if status is not None:
        return f"the index at {repository_url} refused the upload: HTTP {status} ({text})"
    if type(error).__name__ in ("ConnectionError", "NewConnectionError", "MaxRetryError"):
        return f"cannot reach the index at {repository_url} to upload: {text}"
    return f"upload to {repository_url} failed: {type(error).__name__}: {text}"


def publish(wheels, repository_url, index_url, log=print):
    """Publishes `wheels` (Paths): refuses on a conflict, skips identical files,
    uploads the rest, then checks the index lists every one with our sha256.
    Returns the Plan it carried out."""
    wheels = upload_order(wheels)
    todo = plan(wheels, index_url)
    if todo.conflicts:
        lines = [f"  {w.name}: sha256 {here} here, {there} on the index"
                 for w, here, there in todo.conflicts]
        raise PublishError(
            "refusing to publish: the index already has these files with other contents\n"
            + "\n".join(lines)
            + "\nA version on an index is immutable. Stamp another version (another --date, "
              "or another release VERSION); nothing was uploaded.")
    for wheel in todo.identical:
        log(f"already on the index, identical: {wheel.name}")
    if todo.upload:
        log(f"uploading {len(todo.upload)} wheel(s) to {repository_url}")
        twine_upload(todo.upload, repository_url)
    else:
        log("nothing to upload: every wheel is already on the index")
    verify_listed(wheels, index_url)
    return todo


def verify_listed(wheels, index_url):
    """Raises unless the index lists every wheel with the same sha256."""
    after = plan(wheels, index_url)
    missing = [w.name for w in after.upload]
    if missing or after.conflicts:
        raise PublishError("after the upload the index does not list "
                           + ", ".join(missing + [w.name for w, _, _ in after.conflicts])
                           + " with our sha256")


def listing(index_url, projects, version):
    """[(file name, sha256)] of `version` on the index, for the summary."""
    rows = []
    for project in projects:
        for name, (digest, url) in sorted(files_on_index(index_url, project).items()):
            if name.split("-")[1] == version:
                rows.append((name, digest or _remote_sha256(url)))
    return rows
