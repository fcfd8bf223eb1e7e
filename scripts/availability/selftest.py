#!/usr/bin/env python3
"""Self-test of the availability check (scripts/test-check-availability.sh).

Copies the package (its git-tracked and untracked, not ignored, files) to a work folder,
checks that the copy passes, then plants regressions and guarded uses in the copy,
rebuilds it (incrementally) and checks that the check reports exactly the regressions,
each at the file:line:col of the use with the platform versions, and accepts the guarded
uses:

  (a) String(validating:as:) in TipsRuntime (ships to apps)
  (b) Synchronization.Mutex in TipsScenario (runs on the Mac)
  (c) String(validating:as:) in the Swift `tipc gen swift` writes (a generator change)
  (d) newer APIs correctly guarded: if #available, guard #available, @available on the
      function, @available(macOS 15, *) for Mac-only code, an unavailable-on-iOS API in a
      Linux-only #if branch - all must pass
  (e) a use guarded for macOS only in app code (the other platforms still fail)
  (f) a call of the package's own @available function from unguarded code
  (g) an API unavailable on iOS / tvOS / watchOS (FileManager.homeDirectoryForCurrentUser)

    python3 scripts/availability/selftest.py [--work DIR]

With --work DIR the copy and its build are kept there, so a second run rebuilds
incrementally. The symbol graphs are shared with the real tree's check.
"""

import argparse
import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

# Markers in the planted sources: `/*!a*/` before a use the check must report (the letter
# names the case), `/*ok*/` before a guarded use it must accept, `/*linux*/` before a use
# in a Linux-only branch it must skip; `/*!b>NAME*/` marks the next NAME instead of the
# next token (Swift allows no comment between `.` and a member).
RUNTIME_PLANT = """\
import Foundation

// Planted by scripts/availability/selftest.py.
enum PlantedAvailabilityProbe {
    static func unguarded(_ bytes: [UInt8]) -> String? {
        /*!a*/String(validating: bytes, as: UTF8.self)
    }

    static func guarded(_ bytes: [UInt8]) -> String? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return /*ok*/String(validating: bytes, as: UTF8.self)
        }
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return nil }
        return /*ok*/String(validating: bytes, as: UTF8.self)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func available(_ bytes: [UInt8]) -> String? {
        /*ok*/String(validating: bytes, as: UTF8.self)
    }

    static func guardedForMacOnly(_ bytes: [UInt8]) -> String? {
        if #available(macOS 15, *) {
            return /*!e*/String(validating: bytes, as: UTF8.self)
        }
        return nil
    }

    static func callsAvailable(_ bytes: [UInt8]) -> String? {
        /*!f*/available(bytes)
    }

    static func home() -> URL {
        #if canImport(Darwin)
        URL(fileURLWithPath: NSHomeDirectory())
        #else
        /*linux>homeDirectoryForCurrentUser*/FileManager.default.homeDirectoryForCurrentUser
        #endif
    }

    static func homeEverywhere() -> URL {
        /*!g>homeDirectoryForCurrentUser*/FileManager.default.homeDirectoryForCurrentUser
    }
}
"""

SCENARIO_PLANT = """\
import Synchronization

// Planted by scripts/availability/selftest.py.
enum PlantedAvailabilityProbe {
    static func unguarded() -> Int {
        let counter = /*!b*/Mutex(0)
        return /*!b>withLock*/counter.withLock { $0 }
    }

    @available(macOS 15, *)
    static func guarded() -> Int {
        let counter = /*ok*/Mutex(1)
        return counter.withLock { $0 }
    }
}
"""

GENERATOR_FILE = "Sources/TipsSwiftGen/SwiftGenerator.swift"
GENERATOR_ANCHOR = 'out.line("\\(out.access) static let bundle: [UInt8] = decodeBundle()")\n'
GENERATOR_PLANT = ('        out.line("\\(out.access) static let bundleText = '
                   'String(validating: bundle, as: UTF8.self)")\n')
GENERATED_USE = "String(validating: bundle, as: UTF8.self)"

# What the symbol graphs say (Apple's SDKs): the versions the messages must carry.
VALIDATING = "'String.init(validating:as:)' is iOS 18.0 / macOS 15.0 / tvOS 18.0 / watchOS 11.0 / visionOS 2.0"
MUTEX = "'Mutex.init(_:)' is iOS 18.0 / macOS 15.0 / tvOS 18.0 / watchOS 11.0 / visionOS 2.0"
HOME = "unavailable on iOS / tvOS / watchOS"
WITHLOCK = "'Mutex.withLock(_:)' is iOS 18.0 / macOS 15.0 / tvOS 18.0 / watchOS 11.0 / visionOS 2.0"
OWN = "'available(_:)' is iOS 18.0 / macOS 15.0 / tvOS 18.0 / watchOS 11.0 / visionOS 2.0"


def log(message):
    print(f"selftest: {message}", flush=True)


def failure(message):
    print(f"selftest: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def package_files(root):
    out = subprocess.run(["git", "-C", root, "ls-files", "-z", "-co", "--exclude-standard"],
                         capture_output=True, check=True).stdout
    return [f for f in out.decode().split("\0") if f and os.path.isfile(os.path.join(root, f))]


def sync(root, tree):
    """Makes tree hold exactly the package's files, rewriting only those that differ (so a
    kept build stays incremental)."""
    files = package_files(root)
    wanted = set(files)
    for dirpath, dirnames, filenames in os.walk(tree):
        rel = os.path.relpath(dirpath, tree)
        if rel == ".":
            dirnames[:] = [d for d in dirnames if d not in (".build", ".git")]
        for name in filenames:
            path = os.path.normpath(os.path.join(rel, name))
            if path not in wanted:
                os.remove(os.path.join(tree, path))
    for f in files:
        src, dst = os.path.join(root, f), os.path.join(tree, f)
        if os.path.exists(dst) and filecmp.cmp(src, dst, shallow=False):
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if os.path.exists(dst):
            with open(src, "rb") as a, open(dst, "wb") as b:  # same inode: same file to the build
                b.write(a.read())
            shutil.copystat(src, dst)
        else:
            shutil.copy2(src, dst)


def markers(path, text):
    """{(kind, letter): [(line, col)]} for /*!x*/ and /*ok*/ markers: the position of the
    token right after each."""
    result = {}
    for m in re.finditer(r"/\*(!(\w)|ok|linux)(>(\w+))?\*/", text):
        at = text.index(m.group(4), m.end()) if m.group(4) else m.end()
        before = text[:at].encode()
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        key = ("bad", m.group(2)) if m.group(2) else (m.group(1), None)
        result.setdefault(key, []).append((path, line, col))
    return result


def check(tree, cache, extra=()):
    cmd = [sys.executable, os.path.join(tree, "scripts", "availability", "check.py"), "--package-path", tree,
           "--symbolgraph-cache", cache, "--list-guarded"] + list(extra)
    started = time.time()
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r, time.time() - started


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--work", help="keep the copy and its build here (default: a temporary folder)")
    ap.add_argument("--symbolgraph-cache", default=os.path.join(ROOT, ".build", "availability", "symbolgraphs"))
    args = ap.parse_args()
    work = os.path.realpath(args.work) if args.work else tempfile.mkdtemp(prefix="tips-availability-")
    tree = os.path.join(work, "tree")
    os.makedirs(tree, exist_ok=True)
    cache = os.path.realpath(args.symbolgraph_cache)
    try:
        run(tree, cache)
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)


def run(tree, cache):
    sync(ROOT, tree)
    log(f"copied the package to {tree}")

    # The copy as it is must pass.
    r, took = check(tree, cache)
    if r.returncode != 0:
        failure(f"the unchanged tree does not pass (exit {r.returncode}):\n{r.stdout}{r.stderr}")
    log(f"unchanged tree passes ({took:.0f}s): {r.stdout.strip().splitlines()[-1]}")

    # Plant.
    planted = {"Sources/TipsRuntime/PlantedAvailabilityProbe.swift": RUNTIME_PLANT,
               "Sources/TipsScenario/PlantedAvailabilityProbe.swift": SCENARIO_PLANT}
    expected = {}
    for rel, text in planted.items():
        with open(os.path.join(tree, rel), "w") as fh:
            fh.write(text)
        for k, v in markers(rel, text).items():
            expected.setdefault(k, []).extend(v)
    generator = os.path.join(tree, GENERATOR_FILE)
    with open(generator) as fh:
        source = fh.read()
    if GENERATOR_ANCHOR not in source:
        failure(f"{GENERATOR_FILE} no longer has the line the generator plant follows: {GENERATOR_ANCHOR.strip()}")
    with open(generator, "w") as fh:
        fh.write(source.replace(GENERATOR_ANCHOR, GENERATOR_ANCHOR + GENERATOR_PLANT, 1))

    r, took = check(tree, cache)
    out = r.stdout
    log(f"planted tree checked ({took:.0f}s): {out.strip().splitlines()[-1] if out.strip() else r.stderr}")
    if r.returncode != 1:
        failure(f"the check should exit 1 with violations, exit {r.returncode}:\n{out}{r.stderr}")
    errors = [line for line in out.splitlines() if ": error: " in line]
    notes = [line for line in out.splitlines() if ": note: " in line]
    manifest = json.loads(subprocess.run(["swift", "package", "--package-path", tree, "dump-package"],
                                         capture_output=True, text=True, check=True).stdout)
    names = {"macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"}
    declared = {names[p["platformName"]]: p["version"] for p in manifest["platforms"] if p["platformName"] in names}
    order = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]

    def floor(p):
        v = declared[p]
        return v[:-2] if v.endswith(".0") else v

    app_floors = " / ".join(f"{p} {floor(p)}" for p in order if p in declared)
    mac_floor = f"macOS {floor('macOS')}"

    wanted = []  # (file, line, col, texts the line must hold)
    for (kind, letter), positions in expected.items():
        if kind != "bad":
            continue
        for path, line, col in positions:
            symbol = {"a": VALIDATING, "e": VALIDATING, "b": MUTEX if line == positions[0][1] else WITHLOCK,
                      "f": OWN, "g": HOME}[letter]
            where = (f"TipsScenario runs on the developer's Mac" if letter == "b" else "TipsRuntime ships to apps")
            floors = mac_floor if letter == "b" else app_floors
            texts = [symbol, f"{where} (" if letter == "b" else where, f"at {floors}", "[availability]"]
            if letter == "e":
                texts.append("guarded only by #available(macOS 15, *)")
            wanted.append((path, line, col, texts, letter))
    generated_root = os.path.join(tree, ".build", "availability", "generated")
    generated = []
    for module in sorted(os.listdir(generated_root)):
        path = os.path.join(generated_root, module, "AppTips+Tips.swift")
        with open(path) as fh:
            text = fh.read()
        at = text.find(GENERATED_USE)
        if at < 0:
            failure(f"the planted generator did not write {GENERATED_USE!r} into {path}")
        before = text[:at].encode()
        line, col = before.count(b"\n") + 1, len(before) - (before.rfind(b"\n") + 1) + 1
        rel = os.path.relpath(path, tree)
        generated.append(rel)
        wanted.append((rel, line, col, [VALIDATING, "generated Swift (tipc gen swift ", f") ships to apps at {app_floors} [availability]"], "c"))

    unexpected = list(errors)
    for path, line, col, texts, letter in wanted:
        prefix = f"{path}:{line}:{col}: error: "
        hits = [e for e in errors if e.startswith(prefix)]
        if not hits:
            failure(f"({letter}) not reported at {path}:{line}:{col}; the check said:\n{out}")
        for t in texts:
            if t not in hits[0]:
                failure(f"({letter}) at {path}:{line}:{col}: the message lacks {t!r}:\n{hits[0]}")
        unexpected.remove(hits[0])
    if unexpected:
        failure("reported but not planted (or guarded and still reported):\n" + "\n".join(unexpected))
    for path, line, col in expected.get(("ok", None), []):
        if not any(n.startswith(f"{path}:{line}:{col}: note: ") for n in notes):
            failure(f"the guarded use at {path}:{line}:{col} was not listed as accepted:\n{out}")
    linux = expected.get(("linux", None), [])
    for path, line, col in linux:
        if any(f"{path}:{line}:" in line_ for line_ in out.splitlines()):
            failure(f"the use in a Linux-only branch at {path}:{line}:{col} was reported")
    counts = {}
    for *_, letter in wanted:
        counts[letter] = counts.get(letter, 0) + 1
    log("reported, each at its file:line:col with the platform versions: "
        + ", ".join(f"({k}) x{v}" for k, v in sorted(counts.items()))
        + f"; accepted {len(expected.get(('ok', None), []))} guarded uses (d) and the Linux-only use")
    for e in sorted(errors):
        print("  " + e)
    log("ok")


if __name__ == "__main__":
    main()
