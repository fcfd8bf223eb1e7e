# Sourced by the fuzz scripts that need several package modules: builds each module of the
# package as its own Swift module with libFuzzer's coverage (one object file and one
# .swiftmodule per module, in dependency order), so names may repeat across modules as
# they do in the package. One package name for all, as SwiftPM gives them, so `package`
# declarations (TipsRuntime's lock) are visible across modules. The targets share one
# folder (Fuzz/out/modules): the flags are the same for all, so CI's seed runs compile each
# module once instead of once per target.
#
#   build_modules OUT MODULE...      (modules in dependency order)
#   objects OUT MODULE...            (prints the object files to link)
build_modules() {
    local out="$1"; shift
    local root
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    mkdir -p "$out"
    # A module is rebuilt when one of its sources is newer than its object or its files are
    # not the ones it was built from, and so is every module after it (they may depend on it);
    # also when a module before it was rebuilt since (by another target's run: the folder is
    # shared).
    local stale=0
    local earlier=()
    for module in "$@"; do
        local newer_dependency=0
        for e in "${earlier[@]}"; do
            if [ "$out/$e.o" -nt "$out/$module.o" ]; then newer_dependency=1; fi
        done
        earlier+=("$module")
        local files=()
        while IFS= read -r f; do files+=("$f"); done < <(find "$root/Sources/$module" -name '*.swift' | sort)
        # Its file list too: a deleted file leaves nothing newer behind.
        local list
        list="$(printf '%s\n' "${files[@]}")"
        if [ "$stale" = 0 ] && [ "$newer_dependency" = 0 ] && [ -f "$out/$module.o" ] && [ "$list" = "$(cat "$out/$module.files" 2>/dev/null)" ] \
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
