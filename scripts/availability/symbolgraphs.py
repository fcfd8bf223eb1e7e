"""Apple availability of the toolchain's modules, from `swift-symbolgraph-extract`.

The toolchain's symbol graphs carry the `@available` attributes of the standard library,
Foundation (swift-foundation), Dispatch, Observation, Synchronization, ... with their
Apple platforms even when extracted on Linux. Each module is extracted once per toolchain
and kept as a compact JSON file (USR → name, per-platform availability, parents) under
the cache folder; parents (the type or extension a member belongs to, the protocol of a
requirement) pass their introduction version and unavailability on to their members.
"""

import hashlib
import json
import os
import shutil
import subprocess
import tempfile

from swiftscope import APPLE, parse_version

DOMAINS = {"macOS": "macOS", "iOS": "iOS", "tvOS": "tvOS", "watchOS": "watchOS",
           "visionOS": "visionOS", "macCatalyst": "macCatalyst"}
PARENT_RELATIONS = {"memberOf", "extensionTo", "requirementOf", "optionalRequirementOf"}
CACHE_FORMAT = 3


def _version(v):
    if not v:
        return None
    parts = [v.get("major", 0), v.get("minor", 0), v.get("patch", 0)]
    return ".".join(str(p) for p in parts)


def toolchain_key(swiftc):
    out = subprocess.run([swiftc, "--version"], capture_output=True, text=True).stdout
    real = os.path.realpath(shutil.which(swiftc) or swiftc)
    return hashlib.sha256((out + real + str(CACHE_FORMAT)).encode()).hexdigest()[:16], out.strip().splitlines()[0]


def extract(module, extractor, triple, search_paths, cache_file):
    """Extracts `module`'s symbol graphs and writes the compact form to cache_file.
    Returns False when the module has no symbol graph (not a Swift module of the toolchain)."""
    with tempfile.TemporaryDirectory(prefix="symbolgraph-") as out:
        cmd = [extractor, "-module-name", module, "-target", triple, "-output-dir", out,
               "-minimum-access-level", "public", "-skip-synthesized-members",
               "-emit-extension-block-symbols"]
        for p in search_paths:
            cmd += ["-I", p]
        run = subprocess.run(cmd, capture_output=True, text=True)
        files = [f for f in os.listdir(out) if f.endswith(".symbols.json")]
        if run.returncode != 0 or not files:
            return False
        symbols = {}
        for f in files:
            with open(os.path.join(out, f)) as fh:
                graph = json.load(fh)
            parents, defaults = {}, {}
            for rel in graph.get("relationships", []):
                if rel.get("kind") in PARENT_RELATIONS:
                    parents.setdefault(rel["source"], []).append(rel["target"])
                elif rel.get("kind") == "defaultImplementationOf":
                    defaults.setdefault(rel["target"], []).append(rel["source"])
            for s in graph.get("symbols", []):
                usr = s["identifier"]["precise"]
                avail = {}
                for a in s.get("availability", []):
                    p = DOMAINS.get(a.get("domain"))
                    if not p:
                        continue
                    avail[p] = [_version(a.get("introduced")), _version(a.get("deprecated")),
                                _version(a.get("obsoleted")), bool(a.get("isUnconditionallyUnavailable"))]
                name = ".".join(s.get("pathComponents") or [s["names"]["title"]])
                old = symbols.get(usr)
                if old:
                    old[1].update(avail)
                    old[2] = sorted(set(old[2]) | set(parents.get(usr, [])))
                    old[3] = sorted(set(old[3]) | set(defaults.get(usr, [])))
                else:
                    symbols[usr] = [name, avail, parents.get(usr, []), defaults.get(usr, [])]
            for usr, impls in defaults.items():
                # A default implementation in another module's graph file: keep the link.
                if usr not in symbols:
                    symbols[usr] = ["", {}, [], impls]
    tmp = cache_file + ".tmp"
    with open(tmp, "w") as fh:
        json.dump({"module": module, "symbols": symbols}, fh, separators=(",", ":"))
    os.replace(tmp, cache_file)
    return True


class Availability:
    """One symbol's availability on one platform."""
    __slots__ = ("introduced", "deprecated", "obsoleted", "unavailable")

    def __init__(self, introduced=None, deprecated=None, obsoleted=None, unavailable=False):
        self.introduced, self.deprecated, self.obsoleted, self.unavailable = introduced, deprecated, obsoleted, unavailable


class SymbolTable:
    def __init__(self):
        # usr -> [name, {platform: [intro, dep, obs, unavailable]}, parents, default implementations]
        self.raw = {}
        self.modules = []
        self.missing = []
        self._effective = {}

    def load(self, cache_file):
        with open(cache_file) as fh:
            data = json.load(fh)
        self.modules.append(data["module"])
        for usr, entry in data["symbols"].items():
            old = self.raw.get(usr)
            if old:
                old[0] = old[0] or entry[0]
                old[1].update(entry[1])
                old[2] = list(set(old[2]) | set(entry[2]))
                old[3] = list(set(old[3]) | set(entry[3]))
            else:
                self.raw[usr] = entry

    def __contains__(self, usr):
        return usr in self.raw

    def name(self, usr):
        e = self.raw.get(usr)
        return e[0] if e else None

    def with_apple_availability(self):
        return sum(1 for usr in self.raw if self.get(usr))

    def get(self, usr):
        """{platform: Availability} with what the parents impose, or {} (no Apple constraint)."""
        cached = self._effective.get(usr)
        if cached is not None:
            return cached
        self._effective[usr] = {}  # cycle guard
        entry = self.raw.get(usr)
        result = {}
        if entry:
            for p, (intro, dep, obs, unav) in entry[1].items():
                result[p] = Availability(parse_version(intro) if intro else None,
                                         parse_version(dep) if dep else None,
                                         parse_version(obs) if obs else None, unav)
            for parent in entry[2]:
                for p, a in self.get(parent).items():
                    mine = result.setdefault(p, Availability())
                    if a.introduced and (mine.introduced is None or a.introduced > mine.introduced):
                        mine.introduced = a.introduced
                    mine.unavailable = mine.unavailable or a.unavailable
            infer_vision_os(result)
            result = {p: a for p, a in result.items()
                      if a.introduced or a.deprecated or a.obsoleted or a.unavailable}
            # A requirement added to a protocol later (FixedWidthInteger.&* in Swift 6)
            # with a default implementation: a call on a concrete type compiles at the
            # older floors through the default, so the least restrictive of them counts.
            for impl in entry[3]:
                other = self.get(impl)
                for p in list(result):
                    o = other.get(p)
                    if o is None:
                        del result[p]
                        continue
                    a = result[p]
                    a.unavailable = a.unavailable and o.unavailable
                    if a.introduced and (o.introduced is None or o.introduced < a.introduced):
                        a.introduced = o.introduced
                    if not (a.introduced or a.unavailable):
                        del result[p]
        self._effective[usr] = result
        return result


def infer_vision_os(result):
    """visionOS inherits iOS availability where a declaration names iOS but not visionOS
    (iOS 17 and older map to visionOS 1, iOS 18 to visionOS 2, ...). Stricter than
    ignoring it when the compiler does not inherit."""
    ios = result.get("iOS")
    if ios is None or "visionOS" in result:
        return

    def remap(v):
        if v is None:
            return None
        if v[0] <= 17:
            return (1,)
        return (v[0] - 16,) + tuple(v[1:])

    result["visionOS"] = Availability(remap(ios.introduced), remap(ios.deprecated), remap(ios.obsoleted),
                                      ios.unavailable)


def load_modules(modules, cache_dir, extractor, triple, search_paths, log):
    """The symbol table of `modules`, extracting what the cache lacks."""
    table = SymbolTable()
    os.makedirs(cache_dir, exist_ok=True)
    for module in sorted(modules):
        cache_file = os.path.join(cache_dir, module + ".json")
        missing_file = os.path.join(cache_dir, module + ".none")
        if os.path.exists(missing_file):
            table.missing.append(module)
            continue
        if not os.path.exists(cache_file):
            log(f"extracting the symbol graph of {module}")
            if not extract(module, extractor, triple, search_paths.get(module, []), cache_file):
                open(missing_file, "w").close()
                table.missing.append(module)
                continue
        table.load(cache_file)
    return table


__all__ = ["APPLE", "SymbolTable", "Availability", "load_modules", "toolchain_key"]
