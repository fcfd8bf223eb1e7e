#!/usr/bin/env bash
# Type-checks the SwiftUI and UIKit views of TipsUI (and of the example app) against stub
# `SwiftUI` and `UIKit` modules (scripts/stubs/): each stub declares exactly the API the
# views use, with signatures and availability transcribed from Apple's documentation; the
# bodies are empty. With a stub on the search path `#if canImport(SwiftUI)` is true, so the
# views compile as on a Mac, under Swift 6 with warnings as errors. What this can't show
# (layout, behaviour, the real SDK's declarations) is in Docs/views.md.
# Then a planted mistake in each toolkit's branch must fail, so the check can fail.
# Usage: scripts/check-views.sh [--build-path .build]  (after swift build / swift test: it uses
# the build's TipsRuntime module and tipc)
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build
if [ "${1:-}" = "--build-path" ]; then build="$2"; fi
modules="$build/debug/Modules"
[ -f "$modules/TipsRuntime.swiftmodule" ] || { echo "check-views: no $modules/TipsRuntime.swiftmodule (run swift build first)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-swift-version 6 -warnings-as-errors -module-cache-path "$work/cache" -I "$work" -I "$modules")

emit() {  # emit NAME FILE: the stub module NAME
    swiftc -emit-module -parse-as-library -swift-version 6 -module-name "$1" -emit-module-path "$work/$1.swiftmodule" \
        -module-cache-path "$work/cache" -I "$work" "$2"
}
emit SwiftUI scripts/stubs/SwiftUI.swift
emit UIKit scripts/stubs/UIKit.swift

sources=(Sources/TipsUI/*.swift Sources/TipsUI/SwiftUI/*.swift Sources/TipsUI/UIKit/*.swift)
swiftc -typecheck "${flags[@]}" -module-name TipsUI "${sources[@]}"
echo "check-views: TipsUI type-checks against the SwiftUI and UIKit stubs (${#sources[@]} files)"

# The example app's views (Examples/ListDetail/Sources/ListDetail/Views) against the same
# stubs, with a TipsUI module built from the sources above with its views in it, and the
# example's generated API as the plugin writes it.
mkdir -p "$work/views"
swiftc -emit-module -parse-as-library "${flags[@]}" -module-name TipsUI -emit-module-path "$work/views/TipsUI.swiftmodule" "${sources[@]}"
"$build/debug/tipc" gen swift --color never Examples/ListDetail/Sources/ListDetail/Tips -o "$work/ListDetail+Tips.swift"
example=(Examples/ListDetail/Sources/ListDetail/*.swift Examples/ListDetail/Sources/ListDetail/Views/*.swift)
swiftc -typecheck -swift-version 6 -warnings-as-errors -module-cache-path "$work/cache" -I "$work/views" -I "$work" -I "$modules" \
    -module-name ListDetail "${example[@]}" "$work/ListDetail+Tips.swift"
echo "check-views: the example's views type-check against the stubs (${#example[@]} files)"

# The check must be able to fail: a use of an API no stub declares, in each branch.
for toolkit in SwiftUI UIKit; do
    printf '#if canImport(%s)\nlet tipsViewsProbe = %s.NotAnAPI()\n#endif\n' "$toolkit" "$toolkit" > "$work/Probe.swift"
    if swiftc -typecheck "${flags[@]}" -module-name TipsUI "${sources[@]}" "$work/Probe.swift" > "$work/probe.log" 2>&1; then
        echo "check-views: error: a planted mistake in the $toolkit branch type-checked: the branch is not compiled" >&2
        exit 1
    fi
    grep -q "NotAnAPI" "$work/probe.log" || { cat "$work/probe.log" >&2; exit 1; }
done
echo "check-views: planted mistakes in the SwiftUI and UIKit branches fail as they should"
