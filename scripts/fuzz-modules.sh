# Sourced by the fuzz scripts that need several package modules: builds each module of the
# package as its own Swift module with libFuzzer's coverage (one object file and one
# .swiftmodule per module, in dependency order), so names may repeat across modules as
# they do in the package. One package name for all, as SwiftPM gives them, so `package`
# declarations (TipsRuntime's lock) are visible across modules.
#
#   build_modules OUT MODULE...      (modules in dependency order)
#   objects OUT MODULE...            (prints the object files to link)
build_modules() {
    local out="$1"; shift
    local root
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    mkdir -p "$out"
    # A module is rebuilt when one of its sources is newer than its object or its files are
    # not the ones it was built from, and so is every module after it (they may depend on it).
    local stale=0
    for module in "$@"; do
        local files=()
        while IFS= read -r f; do files+=("$f"); done < <(find "$root/Sources/$module" -name '*.swift' | sort)
        # Its file list too: a deleted file leaves nothing newer behind.
        local list
        list="$(printf '%s\n' "${files[@]}")"
        if [ "$stale" = 0 ] && [ -f "$out/$module.o" ] && [ "$list" = "$(cat "$out/$module.files" 2>/dev/null)" ] \
            && [ -z "$(find "$root/Sources/$module" -name '*.swift' -newer "$out/$module.o")" ]; then
            echo "  $module is up to date" >&2
            continue
        fi
        stale=1
        echo "  compiling $module (${#files[@]} files)" >&2
        swiftc -sanitize=fuzzer -parse-as-library -O -g -wmo -module-name "$module" -package-name tips -I "$out" \
            -c "${files[@]}" -emit-module -emit-module-path "$out/$module.swiftmodule" -o "$out/$module.o"
        printf '%s\n' "$list" > "$out/$module.files"
    done
}

objects() {
    local out="$1"; shift
    for module in "$@"; do printf '%s ' "$out/$module.o"; done
}
