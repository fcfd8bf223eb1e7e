# Sourced by the fuzz scripts: the corpus each target keeps in git, as one compressed
# archive per target (Fuzz/<Target>/Corpus.tar.xz: a few hundred KB instead of thousands of
# files), made by scripts/fuzz-keep.sh from a campaign's corpus.
#
#   kept_corpus TARGET_DIR OUT     extracts Fuzz/TARGET_DIR/Corpus.tar.xz into OUT/kept and
#                                  prints that folder (nothing when there is no archive)
kept_corpus() {
    local archive out
    archive="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/Fuzz/$1/Corpus.tar.xz"
    out="$2/kept"
    [ -f "$archive" ] || return 0
    if ! command -v xz > /dev/null; then
        echo "xz is not installed: skipping the kept corpus $archive" >&2
        return 0
    fi
    rm -rf "$out"
    mkdir -p "$out"
    tar -C "$out" -xJf "$archive"
    echo "$out"
}
