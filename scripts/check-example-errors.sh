#!/bin/sh
# Proves, on a copy of Examples/ListDetail, that the build catches mistakes where an app
# developer makes them:
#   (a) a misspelt tip name in app code is a Swift compile error at its line and column;
#   (b) an error in a .tips file fails `swift build` with `file:line:col: error:` at its line;
#   (c) a misspelt case of a generated enum is an error naming the generated enum (not
#       `String`: the string API is `donate(dynamic:)`, so it doesn't compete);
#   (d) a misspelt key in the target's tips-gen.json fails the build, naming the file and key.
# The copy lives at a fixed place under .build/ (ignored by git) with its own scratch
# folder, so after the first run (a full build of the Tips package, ~1.5 min on 2 cores)
# only the app target is rebuilt. The example itself is never modified.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
work="$root/.build/example-errors"
app="$work/ListDetail"
rm -rf "$app"
mkdir -p "$app" "$work/scratch"
cp -R Examples/ListDetail/Package.swift Examples/ListDetail/Sources Examples/ListDetail/Tests "$app"/
trap 'rm -rf "$app"' EXIT INT TERM

# `sed -i` differs between GNU and BSD: edit through a temporary file.
edit() { sed "$1" "$2" > "$work/edit.tmp" && mv "$work/edit.tmp" "$2"; }
# The dependency by absolute path, as the copy is elsewhere.
edit "s|path: \"../..\"|path: \"$root\"|" "$app/Package.swift"

fail() { echo "check-example-errors: $*" >&2; exit 1; }

build() {
    # Expected to fail: capture everything it printed.
    if swift build --package-path "$app" --scratch-path "$work/scratch" >"$work/out.txt" 2>&1; then
        cat "$work/out.txt" >&2
        fail "$1: the build succeeded but should have failed"
    fi
}

# (a) FavoriteTip misspelt where the detail screen's presenter names it.
detail="$app/Sources/ListDetail/DetailScreen.swift"
cp "$detail" "$work/DetailScreen.swift.orig"
line=$(grep -n "tip: .favoriteTip," "$detail" | head -1 | cut -d: -f1)
[ -n "$line" ] || fail "(a) DetailScreen.swift no longer names the tip as 'tip: .favoriteTip,'"
edit "${line}s/tip: .favoriteTip,/tip: .favouriteTip,/" "$detail"
build "(a) misspelt tip"
grep -q "DetailScreen.swift:$line:[0-9]*: error: type 'TipKey' has no member 'favouriteTip'" "$work/out.txt" \
    || { cat "$work/out.txt" >&2; fail "(a) no compile error at DetailScreen.swift:$line"; }
echo "check-example-errors: (a) misspelt tip name: $(grep -o "DetailScreen.swift:$line:[0-9]*: error: [^[]*" "$work/out.txt" | head -1)"
cp "$work/DetailScreen.swift.orig" "$detail"

# (b) an undeclared event in a rule of tips.tips.
tips="$app/Sources/ListDetail/Tips/tips.tips"
line=$(grep -n "rule count(detailViewed) >= 2" "$tips" | head -1 | cut -d: -f1)
[ -n "$line" ] || fail "(b) tips.tips no longer has the rule 'count(detailViewed) >= 2'"
cp "$tips" "$work/tips.tips.orig"
edit "${line}s/detailViewed/detailVeiwed/" "$tips"
build "(b) .tips error"
grep -q "Tips/tips.tips:$line:[0-9]*: error: " "$work/out.txt" \
    || { cat "$work/out.txt" >&2; fail "(b) no 'tips.tips:$line:COL: error:' line in the build output"; }
echo "check-example-errors: (b) .tips error: $(grep -o "tips.tips:$line:[0-9]*: error: .*" "$work/out.txt" | head -1)"
cp "$work/tips.tips.orig" "$tips"

# (c) a misspelt enum case in a donation.
line=$(grep -n "itemFavorited(source: .button)" "$detail" | head -1 | cut -d: -f1)
[ -n "$line" ] || fail "(c) DetailScreen.swift no longer donates '.itemFavorited(source: .button)'"
edit "${line}s/source: .button/source: .swype/" "$detail"
build "(c) misspelt enum case"
grep -q "DetailScreen.swift:$line:[0-9]*: error: type 'AppTips.FavoriteSource' has no member 'swype'" "$work/out.txt" \
    || { cat "$work/out.txt" >&2; fail "(c) no error naming AppTips.FavoriteSource at DetailScreen.swift:$line"; }
echo "check-example-errors: (c) misspelt case: $(grep -o "DetailScreen.swift:$line:[0-9]*: error: [^[]*" "$work/out.txt" | head -1)"
cp "$work/DetailScreen.swift.orig" "$detail"

# (d) a misspelt option in the target's tips-gen.json.
printf '{ "acess": "public" }\n' > "$app/Sources/ListDetail/tips-gen.json"
build "(d) tips-gen.json"
grep -q "tips-gen.json: unknown key 'acess'; valid keys: access, typeName; did you mean 'access'?" "$work/out.txt" \
    || { cat "$work/out.txt" >&2; fail "(d) no error naming tips-gen.json and its key"; }
echo "check-example-errors: (d) tips-gen.json: $(grep -o "tips-gen.json: unknown key[^\"]*" "$work/out.txt" | head -1)"
rm "$app/Sources/ListDetail/tips-gen.json"
echo "check-example-errors: every mistake fails the build where it is"
