#!/usr/bin/env python3
"""The availability check (Docs/availability.md): every declaration that code shipping to
apps uses must exist at the package's declared Apple floors, and everything that runs on
the developer's Mac (tipc, the plugin, tips-demo) at its macOS floor, unless the use sits
under a matching `#available` / `@available`.

    python3 scripts/availability/check.py [--package-path DIR] [--build-path DIR]
                                          [--skip-build] [--verbose]

Exit status: 0 no violations, 1 violations, 2 the check could not run (build failed, ...).
Python 3 standard library only; needs the Swift toolchain (swift, swiftc,
swift-symbolgraph-extract, libIndexStore).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import indexstore  # noqa: E402
import swiftscope  # noqa: E402
import symbolgraphs  # noqa: E402
from swiftscope import APPLE, UNAVAILABLE, version_text  # noqa: E402

# What ships to apps: this library product and everything it links.
APP_PRODUCTS = ["TipsRuntime", "TipsUI", "TipsUpdater"]
# What runs on the developer's Mac: these executables, every plugin, and what they link.
MAC_PRODUCTS = ["tipc", "tips-gen", "tips-demo"]
# The generated Swift (`tipc gen swift`) is checked as app code for each catalog in
# Definitions/, for each example app target with .tips files (with that app's sources),
# and for these catalogs (the generator's catalog with every construct), also with the
# options given.
GENERATED_INPUTS = [("Tests/TipsSwiftGenTests/Inputs/everything", ["--access", "public"])]

# USR of an accessor: the property's (...vp) or subscript's (...ip) with the accessor kind
# (g getter, s setter, M modify, r read, w willSet, W didSet, a/l addressors, u unsafe).
ACCESSOR = re.compile(r"^(.*[vi])[gsMrwWalu](Z?)$")
DISPLAY = {"macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS",
           "visionos": "visionOS", "maccatalyst": "macCatalyst"}


def log_to(verbose):
    start = time.time()

    def log(message):
        if verbose:
            print(f"availability: [{time.time() - start:6.1f}s] {message}", file=sys.stderr)
    return log


def run(cmd, cwd=None, what=None):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout[-6000:] + r.stderr[-6000:])
        fail(f"{what or ' '.join(cmd)} failed (exit {r.returncode})")
    return r.stdout


def fail(message):
    print(f"availability: error: {message}", file=sys.stderr)
    sys.exit(2)


def floors_text(floors):
    return " / ".join(f"{p} {version_text(floors[p], minor=False)}" for p in APPLE if p in floors)


class Side:
    """Where a module's code runs: shipped in apps (every declared floor) or on the Mac."""

    def __init__(self, kind, floors, label):
        self.kind = kind      # "app" or "mac"
        self.floors = floors  # platform -> version tuple
        self.label = label    # "ships to apps" / "runs on the developer's Mac (tipc)"


class Checked:
    """One source file to check."""

    def __init__(self, path, module, side, display, subject=None):
        self.path = path        # absolute
        self.module = module
        self.side = side
        self.display = display  # the path in messages
        self.subject = subject or module
        self.generated = subject is not None


def closure(targets, roots):
    seen, stack = set(), list(roots)
    while stack:
        name = stack.pop()
        if name in seen or name not in targets:
            continue
        seen.add(name)
        stack.extend(targets[name].get("target_dependencies") or [])
    return seen


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--package-path", default=os.path.normpath(os.path.join(here, "..", "..")))
    ap.add_argument("--build-path", default=None, help="default: PACKAGE/.build/availability")
    ap.add_argument("--skip-build", action="store_true", help="use the index of the last build as it is")
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--list-guarded", action="store_true", help="print each guarded use that was accepted")
    ap.add_argument("--symbolgraph-cache", default=None,
                    help="where extracted symbol graphs are kept, per toolchain "
                         "(default: PACKAGE/.build/availability/symbolgraphs, whatever the build path)")
    args = ap.parse_args()
    started = time.time()
    log = log_to(args.verbose)

    package = os.path.realpath(args.package_path)
    build = os.path.realpath(args.build_path or os.path.join(package, ".build", "availability"))
    swift = os.environ.get("SWIFT", "swift")
    swiftc = os.environ.get("SWIFTC", "swiftc")

    # -- the toolchain ---------------------------------------------------------------------
    info = json.loads(run([swiftc, "-print-target-info"]))
    triple = info["target"]["triple"]
    resource = info["paths"]["runtimeResourcePath"]
    platform_modules = info["paths"]["runtimeLibraryImportPaths"][0]
    found = shutil.which(swiftc)
    if not found:
        fail(f"{swiftc} not found on PATH")
    bin_dir = os.path.dirname(os.path.realpath(found))
    extractor = os.path.join(bin_dir, "swift-symbolgraph-extract")
    library = os.path.normpath(os.path.join(bin_dir, "..", "lib", "libIndexStore.so"))
    plugin_api = os.path.join(resource, "pm", "PluginAPI")
    for tool in (extractor, library):
        if not os.path.exists(tool):
            fail(f"{tool} not found (a Swift toolchain for Linux has it)")

    # -- the package ------------------------------------------------------------------------
    describe = json.loads(run([swift, "package", "--package-path", package, "describe", "--type", "json"]))
    manifest = json.loads(run([swift, "package", "--package-path", package, "dump-package"]))
    floors = {}
    for p in manifest.get("platforms") or []:
        name = DISPLAY.get(p["platformName"].lower())
        if name in APPLE:
            floors[name] = swiftscope.parse_version(p["version"])
    if not floors:
        fail("Package.swift declares no Apple platform: nothing to check against")
    if "macOS" not in floors:
        fail("Package.swift declares no macOS floor, which the Mac-side code is checked against")
    app_side = Side("app", floors, "ships to apps")
    targets = {t["name"]: t for t in describe["targets"]}
    products = {p["name"]: p for p in describe["products"]}
    for name in APP_PRODUCTS + MAC_PRODUCTS:
        if name not in products:
            fail(f"product {name} not in Package.swift (update APP_PRODUCTS / MAC_PRODUCTS in {__file__})")
    app_targets = closure(targets, [t for p in APP_PRODUCTS for t in products[p]["targets"]])
    plugins = [n for n, t in targets.items() if t["type"] == "plugin"]
    mac_roots = [t for p in MAC_PRODUCTS for t in products[p]["targets"]] + plugins
    mac_targets = closure(targets, mac_roots) - app_targets
    mac_side = Side("mac", {"macOS": floors["macOS"]},
                    "runs on the developer's Mac (" + ", ".join(MAC_PRODUCTS + plugins) + ")")
    unchecked = sorted(n for n, t in targets.items()
                       if n not in app_targets | mac_targets and t["type"] != "test")
    log(f"app-side: {', '.join(sorted(app_targets))}; Mac-side: {', '.join(sorted(mac_targets))}; "
        f"not checked: {', '.join(unchecked)}; floors {floors_text(floors)}")

    # -- build with an index store ---------------------------------------------------------
    build_cmd = [swift, "build", "--package-path", package, "--build-path", build, "--enable-index-store"]
    if not args.skip_build:
        covered = set()
        for product in MAC_PRODUCTS + APP_PRODUCTS:
            roots = products[product]["targets"]
            if set(roots) <= covered:
                continue
            if "executable" in products[product]["type"]:
                flag = ["--product", product]
            else:  # an automatic library product: its targets
                flag = [x for t in roots for x in ("--target", t)][:2]
            log(f"swift build {' '.join(flag)}")
            run(build_cmd + flag, what=f"swift build {' '.join(flag)}")
            covered |= closure(targets, roots)
    bin_path = run(build_cmd + ["--show-bin-path"]).strip()
    modules_dir = os.path.join(bin_path, "Modules")
    module_cache = os.path.join(bin_path, "ModuleCache")
    # The check's own files stay in .build/availability whatever the build path.
    work = os.path.join(package, ".build", "availability")
    extra_store = os.path.join(work, "availability-index")
    generated_dir = os.path.join(work, "generated")

    files = {}
    for name in app_targets | mac_targets:
        t = targets[name]
        if t["type"] == "plugin" or t.get("module_type") != "SwiftTarget":
            continue
        side = app_side if name in app_targets else mac_side
        for src in t.get("sources", []):
            if src.endswith(".swift"):
                path = os.path.realpath(os.path.join(package, t["path"], src))
                files[path] = Checked(path, name, side, os.path.relpath(path, package))

    # -- the plugin and the generated code, each compiled with an index store --------------
    # (seconds: always afresh, so no unit of an earlier run can linger)
    for d in (extra_store, generated_dir):
        if os.path.isdir(d):
            shutil.rmtree(d)
    os.makedirs(extra_store)
    os.makedirs(generated_dir)
    compile_jobs = []
    base = [swiftc, "-c", "-parse-as-library", "-swift-version", "6", "-index-store-path", extra_store,
            "-index-ignore-system-modules", "-module-cache-path", module_cache]
    tools_version = describe.get("tools_version", "6.0")
    for name in plugins:
        t = targets[name]
        out = os.path.join(work, "plugin-objects", name)
        os.makedirs(out, exist_ok=True)
        sources = [os.path.realpath(os.path.join(package, t["path"], s)) for s in t["sources"] if s.endswith(".swift")]
        for path in sources:
            files[path] = Checked(path, name, mac_side, os.path.relpath(path, package))
        compile_jobs.append((f"plugin {name}", base + ["-module-name", name, "-I", plugin_api,
                                                       "-package-description-version", tools_version,
                                                       "-working-directory", out] + sources))

    tipc = os.path.join(bin_path, "tipc")
    catalogs = []
    definitions = os.path.join(package, "Definitions")
    if os.path.isdir(definitions):
        for d in sorted(os.listdir(definitions)):
            full = os.path.join(definitions, d)
            if os.path.isdir(full) and any(f.endswith(".tips") for f in os.listdir(full)):
                catalogs.append((f"Definitions/{d}", [full], [], []))
    for rel, options in GENERATED_INPUTS:
        full = os.path.join(package, rel)
        if os.path.isdir(full):
            catalogs.append((rel, [full], [], []))
            if options:
                catalogs.append((rel + " " + " ".join(options), [full], options, []))
    examples = os.path.join(package, "Examples")
    if os.path.isdir(examples):
        for ex in sorted(os.listdir(examples)):
            srcs = os.path.join(examples, ex, "Sources")
            if not os.path.isdir(srcs):
                continue
            for target in sorted(os.listdir(srcs)):
                tips, swift_files = [], []
                for root, _, names in os.walk(os.path.join(srcs, target)):
                    tips += [os.path.join(root, n) for n in names if n.endswith(".tips")]
                    swift_files += [os.path.realpath(os.path.join(root, n)) for n in names if n.endswith(".swift")]
                if tips:
                    # The example app's own code goes with its generated API: what adopters copy.
                    catalogs.append((f"Examples/{ex}/Sources/{target}", sorted(tips), [], sorted(swift_files)))
    generated_modules = []
    for label, inputs, options, app_sources in catalogs:
        words = label.split(" ")[0].rstrip("/").split("/")[-1:] + [o.lstrip("-") for o in options]
        module = "GeneratedTips_" + re.sub(r"\W", "_", "_".join(words))
        while module in generated_modules:
            module += "_"
        out = os.path.join(generated_dir, module)
        os.makedirs(out)
        path = os.path.join(out, "AppTips+Tips.swift")
        run([tipc, "gen", "swift", "--color", "never"] + options + inputs + ["-o", path],
            what=f"tipc gen swift {label}")
        generated_modules.append(module)
        path = os.path.realpath(path)
        files[path] = Checked(path, module, app_side, os.path.relpath(path, package),
                              subject=f"generated Swift (tipc gen swift {label})")
        for src in app_sources:
            files[src] = Checked(src, module, app_side, os.path.relpath(src, package),
                                 subject=f"the example app {label}")
        compile_jobs.append((f"generated Swift of {label}", base + ["-module-name", module, "-I", modules_dir,
                                                                     "-working-directory", out, path] + app_sources))
    log(f"compiling {len(compile_jobs)} modules with an index store (plugins, generated code)")
    with ThreadPoolExecutor(max_workers=max(1, min(2, os.cpu_count() or 1))) as pool:
        for _ in pool.map(lambda job: run(job[1], what=f"swiftc ({job[0]})"), compile_jobs):
            pass

    # -- read the index -------------------------------------------------------------------
    log("reading the index stores")
    chosen = {}
    stores = []
    imported = set()
    for path in (os.path.join(bin_path, "index", "store"), extra_store):
        if not os.path.isdir(path):
            fail(f"no index store at {path} (build first, without --skip-build)")
        store = indexstore.IndexStore(path, library)
        stores.append(store)
        for unit in store.units():
            if unit.is_system:
                continue
            main = os.path.realpath(unit.main_file) if unit.main_file else ""
            if main not in files:
                continue
            imported |= {m for m, system in unit.modules if system}
            old = chosen.get(main)
            if old is None or unit.mtime > old[1].mtime:
                chosen[main] = (store, unit)
    missing = sorted(files[p].display for p in files if p not in chosen)
    if missing:
        fail(f"{len(missing)} source files have no index unit (did the build run?): {', '.join(missing[:5])}")
    stale = sorted(files[p].display for p, (_, u) in chosen.items() if u.mtime + 1 < os.path.getmtime(p))
    if stale:
        fail(f"the index is older than {', '.join(stale[:5])}: build again (without --skip-build)")

    # -- the symbol graphs ----------------------------------------------------------------
    key, toolchain = symbolgraphs.toolchain_key(swiftc)
    cache_root = args.symbolgraph_cache or os.path.join(package, ".build", "availability", "symbolgraphs")
    cache = os.path.join(os.path.realpath(cache_root), key)
    toolchain_modules = {f[:-len(".swiftmodule")] for f in os.listdir(platform_modules) if f.endswith(".swiftmodule")}
    wanted = toolchain_modules | {"PackagePlugin"} | imported
    table = symbolgraphs.load_modules(wanted, cache, extractor, triple, {"PackagePlugin": [plugin_api]}, log)
    known = table.with_apple_availability()
    log(f"{known} symbols with Apple availability in {len(table.modules)} modules ({toolchain}); "
        f"no symbol graph: {', '.join(sorted(table.missing))}")

    # -- scopes, own declarations, uses -----------------------------------------------------
    scopes = {}
    occurrences = {}
    for path, (store, unit) in chosen.items():
        with open(path, "rb") as fh:
            scopes[path] = swiftscope.FileScopes(fh.read())
        occ = []
        for record, source in unit.records:
            if os.path.realpath(source) == path:
                occ += store.occurrences(record)
        occurrences[path] = occ
    for s in stores:
        s.close()

    # Declarations of the package under @available / #available: their uses need it too.
    own = {}
    for path, occ in occurrences.items():
        sc = scopes[path]
        for o in occ:
            if o.roles & (indexstore.ROLE_DEFINITION | indexstore.ROLE_DECLARATION) and not o.roles & indexstore.ROLE_IMPLICIT:
                cov, _ = sc.coverage(sc.offset(o.line, o.col))
                if cov:
                    own[o.usr] = (o.name, {p: (symbolgraphs.Availability(unavailable=True) if v == UNAVAILABLE
                                               else symbolgraphs.Availability(introduced=v)) for p, v in cov.items()})

    defined = {o.usr for occ in occurrences.values() for o in occ
               if o.roles & (indexstore.ROLE_DEFINITION | indexstore.ROLE_DECLARATION)}
    violations = []
    unresolved = {}
    uses = with_data = guarded = linux_only = in_graph = 0
    implicit = 0
    seen = set()
    modules_checked = set()
    for path, occ in occurrences.items():
        f = files[path]
        sc = scopes[path]
        modules_checked.add(f.module)
        for o in occ:
            if not o.roles & indexstore.ROLE_REFERENCE or o.kind == indexstore.KIND_MODULE:
                continue
            k = (path, o.line, o.col, o.usr)
            if k in seen:
                continue
            seen.add(k)
            uses += 1
            if o.roles & indexstore.ROLE_IMPLICIT:
                implicit += 1
            offset = sc.offset(o.line, o.col)
            platforms = [p for p in APPLE if p in f.side.floors and p in sc.platforms_at(offset)]
            if not platforms:
                linux_only += 1
                continue
            usr = o.usr
            if usr not in table:
                # An accessor (getter:count) stands for its property or subscript (count).
                usr = ACCESSOR.sub(r"\1p\2", usr)
            if usr in table:
                in_graph += 1
            elif o.usr not in defined and o.usr.startswith("s:"):
                unresolved[o.usr] = unresolved.get(o.usr, 0) + 1
            avail = table.get(usr)
            name = table.name(usr)
            if not avail and o.usr in own:
                name, avail = own[o.usr]
            if not avail:
                continue
            with_data += 1
            cov, why = sc.coverage(offset)
            problems, raised = [], False
            for p in platforms:
                a = avail.get(p)
                if a is None:
                    continue
                c = cov.get(p)
                if c == UNAVAILABLE:
                    raised = raised or a.unavailable or (a.introduced and a.introduced > f.side.floors[p])
                    continue
                floor = f.side.floors[p]
                context = max(floor, c) if c else floor
                if a.unavailable:
                    problems.append(p)
                elif a.introduced and a.introduced > context:
                    problems.append(p)
                elif a.obsoleted and floor >= a.obsoleted:
                    problems.append(p)
                elif a.deprecated and floor >= a.deprecated:
                    problems.append(p)
                elif a.introduced and a.introduced > floor:
                    raised = True
            if problems:
                violations.append((f, o, name or o.name, avail, problems, cov, why))
            elif raised:
                guarded += 1
                if args.list_guarded:
                    print(f"{f.display}:{o.line}:{o.col}: note: '{name}' accepted under "
                          + "; ".join(sorted(set(why.values()))) + " [availability]")

    # One line per position: `Mutex(0)` uses the type and its initializer; name the more
    # specific (the member).
    by_position = {}
    for v in violations:
        k = (v[0].display, v[1].line, v[1].col)
        if k not in by_position or len(v[2]) > len(by_position[k][2]):
            by_position[k] = v
    violations = [by_position[k] for k in sorted(by_position)]
    for f, o, name, avail, problems, cov, why in violations:
        declared = [p for p in APPLE if p in avail]
        introduced = [f"{p} {version_text(avail[p].introduced)}" for p in declared
                      if avail[p].introduced and not avail[p].unavailable]
        parts = [" / ".join(introduced)] if introduced else []
        unavailable = [p for p in declared if avail[p].unavailable]
        if unavailable:
            parts.append("unavailable on " + " / ".join(unavailable))
        obsoleted = [f"{p} {version_text(avail[p].obsoleted)}" for p in problems
                     if avail[p].obsoleted and f.side.floors[p] >= avail[p].obsoleted]
        if obsoleted:
            parts.append("obsoleted in " + " / ".join(obsoleted))
        deprecated = [f"{p} {version_text(avail[p].deprecated)}" for p in problems
                      if avail[p].deprecated and f.side.floors[p] >= avail[p].deprecated]
        if deprecated:
            parts.append("deprecated in " + " / ".join(deprecated))
        message = (f"{f.display}:{o.line}:{o.col}: error: '{name}' is {', '.join(parts)}; "
                   f"{f.subject} {f.side.label} at {floors_text(f.side.floors)}")
        guards = sorted({why[p] for p in why})
        if guards:
            message += f" (guarded only by {'; '.join(guards)}, not enough for {', '.join(problems)})"
        print(message + " [availability]")

    if args.verbose:
        package_modules = set(targets) | set(generated_modules)
        outside = {u: n for u, n in unresolved.items() if not any(m in u for m in package_modules)}
        log(f"uses of Swift declarations found neither in a symbol graph nor in the checked sources: "
            f"{sum(outside.values())} uses of {len(outside)} declarations (accessors, underscored or "
            f"synthesized members, declarations of unchecked modules); the most used: "
            + ", ".join(f"{u} x{n}" for u, n in sorted(outside.items(), key=lambda x: -x[1])[:int(os.environ.get("AVAILABILITY_SHOW", "8"))]))
    elapsed = time.time() - started
    app_mods = len({files[p].module for p in chosen if files[p].side.kind == "app" and not files[p].generated})
    mac_mods = len({files[p].module for p in chosen if files[p].side.kind == "mac"})
    print(f"availability: {known} symbols with Apple availability known ({len(table.modules)} toolchain modules); "
          f"{uses} uses checked in {len(modules_checked)} modules ({app_mods} app-side, {mac_mods} Mac-side, "
          f"{len(generated_modules)} of generated code and example apps): {in_graph} of toolchain "
          f"declarations found in their symbol graphs ({with_data} of declarations with Apple availability), "
          f"{implicit} implicit; {guarded} guarded uses accepted; {linux_only} uses in Linux-only #if branches "
          f"skipped; {len(violations)} violations ({elapsed:.1f}s)")
    sys.exit(1 if violations else 0)


if __name__ == "__main__":
    main()
