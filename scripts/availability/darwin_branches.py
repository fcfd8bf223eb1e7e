#!/usr/bin/env python3
"""Darwin-only `#if` branches (scripts/check-darwin-branches.sh): lists every clause of
Sources/, Examples/ and Plugins/ that an Apple platform compiles and Linux does not
(`#if canImport(Darwin)`, `#elseif os(macOS)`, the `#else` of `#if canImport(Glibc)`,
...), and runs `swiftc -parse` over the files that hold one.

What that proves: the Swift parser reads inactive clauses too, so each Darwin-only branch
is well-formed Swift (balanced, complete statements and declarations, valid `#if`
conditions). It does not prove that the names in it exist or type-check: that needs an
Apple SDK, which Linux has not.

    python3 scripts/availability/darwin_branches.py [--package-path DIR]
"""

import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import swiftscope  # noqa: E402

ROOTS = ("Sources", "Examples", "Plugins")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--package-path", default=os.path.normpath(os.path.join(here, "..", "..")))
    args = ap.parse_args()
    package = os.path.realpath(args.package_path)
    listed = subprocess.run(["git", "-C", package, "ls-files", "-z", "-co", "--exclude-standard", "--"]
                            + [f"{r}/*.swift" for r in ROOTS], capture_output=True, check=True).stdout
    files = sorted(f for f in listed.decode().split("\0") if f.endswith(".swift")
                   and os.path.isfile(os.path.join(package, f)))
    with_branches = []
    branches = lines = 0
    for rel in files:
        with open(os.path.join(package, rel), "rb") as fh:
            scopes = swiftscope.FileScopes(fh.read())
        found = False
        for c in sorted(scopes.clauses, key=lambda c: c.start):
            if not c.platforms or c.linux is not False:
                continue
            first = scopes.line_col(c.directive)[0]
            last = scopes.line_col(c.end)[0]
            directive = scopes.text[c.directive:scopes.text.find("\n", c.directive)].strip()
            platforms = "all Apple platforms" if c.platforms == set(swiftscope.APPLE) else \
                ", ".join(p for p in swiftscope.APPLE if p in c.platforms)
            print(f"{rel}:{first}: {directive}  ({last - first - 1} lines, {platforms})")
            branches += 1
            lines += last - first - 1
            found = True
        if found:
            with_branches.append(rel)
    # One swiftc per batch of files with distinct names (it refuses two Platform.swift).
    batches = []
    for rel in with_branches:
        for batch in batches:
            if all(os.path.basename(b) != os.path.basename(rel) for b in batch):
                batch.append(rel)
                break
        else:
            batches.append([rel])
    for batch in batches:
        r = subprocess.run([os.environ.get("SWIFTC", "swiftc"), "-parse"] + batch, cwd=package,
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stdout + r.stderr)
            print("darwin-branches: error: swiftc -parse failed on files with Darwin-only branches", file=sys.stderr)
            sys.exit(1)
    print(f"darwin-branches: {branches} Darwin-only branches ({lines} lines) in {len(with_branches)} files "
          f"parsed by swiftc -parse: well-formed Swift; not type-checked (no Apple SDK on Linux)")


if __name__ == "__main__":
    main()
