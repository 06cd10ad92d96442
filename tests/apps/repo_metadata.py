#!/usr/bin/env python3
"""The repository's licence, citation and changelog agree with each other and with the build:
LICENSE is BSD-3-Clause for "The Tessera developers"; CITATION.cff is Citation File Format
1.2.0 with the keys that format requires (also in every reference), the BSD-3-Clause licence
and the version of project(VERSION); CHANGELOG.md's newest entry is that version; and
`tessera --version` prints it.   repo_metadata.py <tessera binary>   (exit 77: no PyYAML)"""
import pathlib
import re
import subprocess
import sys

try:
    import yaml
except ImportError:
    print("SKIPPED: no python3 yaml")
    sys.exit(77)

repo = pathlib.Path(__file__).resolve().parents[2]
problems = []


def check(condition, what):
    if not condition:
        problems.append(what)


licence = (repo / "LICENSE").read_text()
check(licence.startswith("BSD 3-Clause License"), "LICENSE is not the BSD 3-Clause text")
check("Copyright (c) 2026, The Tessera developers" in licence, "LICENSE does not name The Tessera developers")
check("Neither the name of the copyright holder" in licence, "LICENSE lacks BSD-3's third clause")

project = re.search(r"project\(Tessera VERSION ([0-9.]+)", (repo / "CMakeLists.txt").read_text())
version = project.group(1) if project else None
check(version is not None, "no project(Tessera VERSION x.y.z) in CMakeLists.txt")

cff = yaml.safe_load((repo / "CITATION.cff").read_text())
for key in ("cff-version", "message", "title", "authors"):
    check(key in cff, f"CITATION.cff lacks {key}")
check(cff.get("cff-version") == "1.2.0", "CITATION.cff is not cff-version 1.2.0")
check(cff.get("license") == "BSD-3-Clause", "CITATION.cff licence is not BSD-3-Clause")
check(str(cff.get("version")) == version, f"CITATION.cff version {cff.get('version')} != CMake {version}")


def valid_person_or_entity(author):
    return isinstance(author, dict) and bool(author.get("name") or author.get("family-names") or author.get("given-names"))


check(all(valid_person_or_entity(a) for a in cff.get("authors", [])), "CITATION.cff: an author without a name")
references = cff.get("references", [])
check(len(references) == 3, f"CITATION.cff cites {len(references)} papers, expected the 3 of ../shared/papers")
for ref in references:
    for key in ("type", "title", "authors"):
        check(key in ref, f"CITATION.cff reference {ref.get('title')} lacks {key}")
    check(all(valid_person_or_entity(a) for a in ref.get("authors", [])), f"{ref.get('title')}: an author without a name")

changelog = (repo / "CHANGELOG.md").read_text()
newest = re.search(r"^## \[?([0-9.]+)\]?", changelog, re.MULTILINE)
check(newest is not None and newest.group(1) == version,
      f"CHANGELOG.md's newest entry {newest.group(1) if newest else None} != CMake {version}")

if len(sys.argv) > 1:
    printed = subprocess.run([sys.argv[1], "--version"], capture_output=True, text=True).stdout
    check(printed.startswith(f"tessera {version} "), f"tessera --version prints '{printed.splitlines()[:1]}', not {version}")

for p in problems:
    print("FAIL:", p, file=sys.stderr)
sys.exit(1 if problems else 0)
