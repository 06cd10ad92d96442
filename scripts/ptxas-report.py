#!/usr/bin/env python3
"""Registers, stack frame and spills of every CUDA kernel of one source file, from ptxas, on a
machine without a GPU (nvcc compiles for sm_90 anywhere): the check a kernel refactoring needs
before device time is spent on it.

  scripts/ptxas-report.py SOURCE [--build build/cuda] [--against REV]

SOURCE is compiled with its command from BUILD/compile_commands.json (a configured CUDA build)
plus -Xptxas=-v. With --against REV the same file of commit REV (a temporary git worktree) is
compiled too and the kernels compared; the exit status is 1 when any kernel's registers, stack
or spills differ. Kernel names are shortened to their functor type (what tells the variants
apart); lambdas' translation-unit hashes are dropped (they differ between checkouts).
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile


def compile_command(build, source):
    entries = json.load(open(os.path.join(build, "compile_commands.json")))
    for e in entries:
        if os.path.realpath(e["file"]) == os.path.realpath(source):
            return e
    sys.exit(f"ptxas-report: {source} is not in {build}/compile_commands.json")


def ptxas_stats(entry, repo, checkout):
    """{kernel: (registers, stack, spill stores, spill loads)} of the file compiled in `checkout`."""
    args = shlex.split(entry["command"])
    out = args.index("-o")
    with tempfile.TemporaryDirectory() as tmp:
        args[out + 1] = os.path.join(tmp, "kernel.o")
        args = [a.replace(repo, checkout) if a.startswith(("-I", "/")) else a for a in args]
        run = subprocess.run(args + ["-Xptxas=-v"], cwd=entry["directory"], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"ptxas-report: compilation failed in {checkout}:\n{run.stderr[-4000:]}")
    stats, name = {}, None
    for line in run.stderr.splitlines():
        m = re.search(r"(?:Compiling entry function|Function properties for) '?([^' ]+)'?", line)
        if m:
            name = short_name(m.group(1))
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m and name:
            stats.setdefault(name, [None, 0, 0, 0])[1:] = [int(x) for x in m.groups()]
        m = re.search(r"Used (\d+) registers", line)
        if m and name:
            stats.setdefault(name, [None, 0, 0, 0])[0] = int(m.group(1))
    return {k: tuple(v) for k, v in stats.items()}


def short_name(mangled):
    """The demangled name without lambdas' translation-unit hashes (they differ between checkouts)."""
    demangled = subprocess.run(["c++filt", mangled], capture_output=True, text=True).stdout.strip() or mangled
    return re.sub(r"_INTERNAL_[0-9a-f]+_[0-9A-Za-z_]+?::", "", demangled)


def display(name):
    """The first tessera type in a kernel's name (its functor: what tells the variants apart)."""
    start = name.find("tessera::")
    if start < 0:
        return name if len(name) <= 160 else name[:157] + "..."
    depth, end = 0, start
    while end < len(name):
        c = name[end]
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
            if depth == 0:
                end += 1
                break
        elif depth == 0 and c in ",)":
            break
        end += 1
    return name[start:end]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source")
    parser.add_argument("--build", default="build/cuda")
    parser.add_argument("--against", metavar="REV")
    a = parser.parse_args()
    repo = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True).stdout.strip()
    entry = compile_command(a.build, os.path.abspath(a.source))
    now = ptxas_stats(entry, repo, repo)
    if not a.against:
        for name, (regs, stack, st, ld) in sorted(now.items()):
            print(f"{regs:4} regs {stack:5} B stack {st:4}/{ld:4} B spilled  {display(name)}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        tree = os.path.join(tmp, "tree")
        subprocess.run(["git", "worktree", "add", "--detach", tree, a.against], cwd=repo, check=True, capture_output=True)
        try:
            before = ptxas_stats(entry, repo, tree)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", tree], cwd=repo, capture_output=True)
    changed = 0
    for name in sorted(set(now) | set(before)):
        if now.get(name) != before.get(name):
            changed += 1
            print(f"{before.get(name)} -> {now.get(name)}  {display(name)}")
    print(f"{len(now)} kernels, {changed} changed against {a.against}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
