#!/usr/bin/env python3
"""Builds one wheel from files laid out by the py_wheel rule (rules/py_wheel.bzl).

Reproducible: entries sorted, every timestamp SOURCE_DATE_EPOCH, no paths
from the build machine. The `wheel` package writes the archive and RECORD;
the stdlib's email module writes METADATA and WHEEL. ELF files are stripped
of symbols not needed for dynamic linking. For a platform wheel, the
manylinux tag must be the lowest one auditwheel's policies allow for the
symbol versions the ELF files need; a mismatch with the declared tag fails
the build with the tag to declare.

METADATA is version 2.4: License-Expression and License-File (the files go
under .dist-info/licenses/), classifiers, project URLs, and a Markdown
description. The version must be a canonical PEP 440 version, the form pip
and indexes name files by.
"""

import argparse
import configparser
import email.message
import email.policy
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from elftools.common.exceptions import ELFError
from elftools.elf.elffile import ELFFile
from packaging.version import InvalidVersion, Version
from wheel.wheelfile import WheelFile

GENERATOR = "torch-mlir wheelmaker"


def is_elf(path):
    with open(path, "rb") as f:
        return f.read(4) == b"\x7fELF"


def required_symbol_versions(path):
    """{'GLIBC': {'2.34', ...}, 'GLIBCXX': {...}, 'CXXABI': {...}} needed by an ELF file."""
    needed = {}
    with open(path, "rb") as f:
        try:
            elf = ELFFile(f)
        except ELFError:
            return needed
        section = elf.get_section_by_name(".gnu.version_r")
        if section is None:
            return needed
        for _, auxiliaries in section.iter_versions():
            for aux in auxiliaries:
                name = aux.name
                if "_" not in name:
                    continue
                lib, _, version = name.partition("_")
                if version[:1].isdigit():
                    needed.setdefault(lib, set()).add(version)
    return needed


def _version_key(version):
    return tuple(int(p) if p.isdigit() else 0 for p in version.split("."))


def lowest_manylinux_tag(needed, arch="x86_64"):
    """The lowest manylinux policy (by glibc) whose symbol versions cover `needed`."""
    import auditwheel

    policy_file = Path(auditwheel.__file__).parent / "policy" / "manylinux-policy.json"
    policies = [p for p in json.loads(policy_file.read_text()) if p["name"].startswith("manylinux_")]
    policies.sort(key=lambda p: _version_key(p["name"].split("_", 1)[1].replace("_", ".")))
    for policy in policies:
        allowed = policy["symbol_versions"].get(arch, {})
        if all(versions <= set(allowed.get(lib, [])) for lib, versions in needed.items()):
            return f"{policy['name']}_{arch}"
    raise SystemExit(f"wheelmaker: no manylinux policy allows the symbol versions {needed}")


def check_version(version):
    """The version as given, if it is canonical PEP 440; else a clear exit."""
    try:
        canonical = str(Version(version))
    except InvalidVersion:
        raise SystemExit(f"wheelmaker: {version!r} is not a PEP 440 version "
                         "(e.g. 0.1.0, 0.1.0rc1, 0.1.0.dev20261130)")
    if canonical != version:
        raise SystemExit(f"wheelmaker: version {version!r} is not in canonical form; "
                         f"use {canonical!r} (indexes and pip name files by it)")
    return version


def write_metadata(args):
    msg = email.message.Message(policy=email.policy.compat32)
    msg["Metadata-Version"] = "2.4"
    msg["Name"] = args.name
    msg["Version"] = args.version
    msg["Summary"] = args.summary
    msg["License-Expression"] = args.license
    for _, name in args.license_file:
        msg["License-File"] = name
    for classifier in args.classifier:
        msg["Classifier"] = classifier
    for url in args.project_url:
        msg["Project-URL"] = url
    if args.requires_python:
        msg["Requires-Python"] = args.requires_python
    for requirement in args.requires_dist:
        msg["Requires-Dist"] = requirement
    for extra in sorted({m for r in args.requires_dist
                         for m in re.findall(r"""extra\s*==\s*['"]([^'"]+)['"]""", r)}):
        msg["Provides-Extra"] = extra
    if args.description:
        msg["Description-Content-Type"] = "text/markdown"
        msg.set_payload(Path(args.description).read_text())
    return msg.as_string()


def write_wheel_file(tag, pure):
    msg = email.message.Message(policy=email.policy.compat32)
    msg["Wheel-Version"] = "1.0"
    msg["Generator"] = GENERATOR
    msg["Root-Is-Purelib"] = "true" if pure else "false"
    msg["Tag"] = tag
    return msg.as_string()


def write_entry_points(entry_points):
    """entry_points.txt for 'name=module:function' (console_scripts) and
    'group:name=module:object' (any other group) entries."""
    config = configparser.ConfigParser(delimiters=("=",))
    config.optionxform = str
    groups = {}
    for entry in sorted(entry_points):
        key, value = entry.split("=", 1)
        group, _, name = key.rpartition(":")
        groups.setdefault(group or "console_scripts", {})[name] = value
    for group in sorted(groups):
        config[group] = groups[group]
    out = io.StringIO()
    config.write(out)
    return out.getvalue()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--tag", required=True, help="python-abi-platform, e.g. cp311-cp311-manylinux_2_35_x86_64")
    parser.add_argument("--summary", default="")
    parser.add_argument("--license", default="Apache-2.0 WITH LLVM-exception")
    parser.add_argument("--description", help="Markdown file for METADATA's body")
    parser.add_argument("--classifier", action="append", default=[])
    parser.add_argument("--project-url", action="append", default=[], help="'Label, URL'")
    parser.add_argument("--license-file", action="append", default=[],
                        help="SRC=NAME, put at .dist-info/licenses/NAME")
    parser.add_argument("--requires-python")
    parser.add_argument("--requires-dist", action="append", default=[])
    parser.add_argument("--entry-point", action="append", default=[])
    parser.add_argument("--file", action="append", default=[], help="SRC=DEST in the wheel")
    parser.add_argument("--strip", default="strip")
    args = parser.parse_args(argv)
    os.environ.setdefault("SOURCE_DATE_EPOCH", "315532800")  # 1980-01-01, zip's earliest.
    check_version(args.version)
    licenses = []
    for spec in args.license_file:
        src, _, name = spec.partition("=")
        if not name or "/" in name or name in [n for _, n in licenses]:
            raise SystemExit(f"wheelmaker: --license-file {spec!r}: want SRC=NAME, one plain name each")
        licenses.append((src, name))
    args.license_file = licenses
    for url in args.project_url:
        if not re.fullmatch(r"[^,]{1,32}, \S+://\S+", url):
            raise SystemExit(f"wheelmaker: --project-url {url!r}: want 'Label, scheme://...'")

    files = {}
    for spec in args.file:
        src, _, dest = spec.partition("=")
        if dest in files:
            raise SystemExit(f"wheelmaker: two files for {dest}: {files[dest]} and {src}")
        files[dest] = src

    platform = args.tag.split("-")[2]
    pure = platform == "any"
    dist_info = f"{args.name.replace('-', '_')}-{args.version}.dist-info"
    with tempfile.TemporaryDirectory() as tmp:
        staged = {}  # dest -> file to put there
        elf = set()  # dests that are ELF binaries (stripped copies, mode 0755)
        needed = {}
        for dest in sorted(files):
            src = files[dest]
            if is_elf(src):
                copy = Path(tmp) / dest
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, copy)
                subprocess.run([args.strip, "--strip-unneeded", str(copy)], check=True)
                for lib, versions in required_symbol_versions(copy).items():
                    needed.setdefault(lib, set()).update(versions)
                staged[dest] = copy
                elf.add(dest)
            else:
                staged[dest] = Path(src)
        if pure and elf:
            raise SystemExit(f"wheelmaker: {args.name} is declared pure but contains ELF files: "
                             + ", ".join(sorted(elf)))
        if not pure:
            lowest = lowest_manylinux_tag(needed)
            if platform != lowest:
                raise SystemExit(
                    f"wheelmaker: {args.name} declares platform {platform}, but its binaries "
                    f"need {lowest} (symbol versions {sorted((k, max(v, key=_version_key)) for k, v in needed.items())}). "
                    f"Declare platform = \"{lowest}\".")

        with WheelFile(args.out, "w") as wheel:
            for dest in sorted(staged):
                info = wheel_zipinfo(dest, 0o755 if dest in elf else 0o644)
                wheel.writestr(info, staged[dest].read_bytes())
            for src, name in licenses:
                wheel.writestr(wheel_zipinfo(f"{dist_info}/licenses/{name}", 0o644),
                               Path(src).read_bytes())
            wheel.writestr(wheel_zipinfo(f"{dist_info}/METADATA", 0o644), write_metadata(args))
            wheel.writestr(wheel_zipinfo(f"{dist_info}/WHEEL", 0o644), write_wheel_file(args.tag, pure))
            if args.entry_point:
                wheel.writestr(wheel_zipinfo(f"{dist_info}/entry_points.txt", 0o644),
                               write_entry_points(args.entry_point))
    return 0


def wheel_zipinfo(name, mode):
    """A deflated entry dated SOURCE_DATE_EPOCH (zip can't go before 1980)."""
    epoch = int(os.environ["SOURCE_DATE_EPOCH"])
    info = zipfile.ZipInfo(name, date_time=time.gmtime(max(epoch, 315532800))[:6])
    info.external_attr = (0o100000 | mode) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


if __name__ == "__main__":
    sys.exit(main())
