// libFuzzer target for the translation readers of `tipc strings check|import` (and of the
// String Catalogs beside a catalog): arbitrary bytes as an XLIFF file (first byte even) or
// a String Catalog (odd), read and checked against a catalog (TIPS_FUZZ_CATALOG, the notes
// app of Definitions). scripts/fuzz-strings.sh builds and runs it.
//
// Invariants beyond "does not trap" (and libFuzzer's timeout: "does not hang"):
//  - every diagnostic points into a file of the set, within its bytes;
//  - a file that does not read is exactly one E600, and then nothing else is said of it;
//  - an XLIFF file that reads, exported again with what was read for its language and read
//    back, gives the same translation of every catalog key (the writer and reader agree).
import Foundation
import TipsCheck
import TipsDriver
import TipsSource

func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}

let catalog: CheckedCatalog = {
    let path = ProcessInfo.processInfo.environment["TIPS_FUZZ_CATALOG"] ?? "Definitions/notes-app"
    guard let sources = CatalogLoader.load([path]).catalogs.first else { fatalError("no catalog at \(path) (set TIPS_FUZZ_CATALOG)") }
    let checked = CheckedCatalog(sources)
    require(checked.errors.isEmpty, "the fuzz catalog has errors")
    return checked
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let isXLIFF = data[0] % 2 == 0
    let path = isXLIFF ? "fuzz.xliff" : "Fuzz.xcstrings"
    let read = TranslationFiles([(path, bytes)], for: catalog, sourceLanguage: "en")
    for d in read.diagnostics {
        require(Int(d.range.file.index) < read.sources.files.count, "diagnostic in no file: \(d.message)")
        let file = read.sources[d.range.file]
        require(d.range.start >= 0 && d.range.start <= d.range.end && Int(d.range.end) <= file.bytes.count,
                "diagnostic outside \(file.path): \(d.range) of \(file.bytes.count) bytes: \(d.message)")
        for note in d.notes {
            if let r = note.range { require(Int(r.end) <= read.sources[r.file].bytes.count, "note outside its file") }
        }
    }
    let unreadable = read.diagnostics.filter { $0.code == "E600" }
    if !unreadable.isEmpty {
        require(unreadable.count == 1, "\(unreadable.count) E600 for one file")
        let fileID = unreadable[0].range.file
        require(read.diagnostics.allSatisfy { $0.code == "E600" || $0.range.file != fileID }, "findings in an unreadable file")
        return 0
    }
    guard isXLIFF else { return 0 }
    // The source language's targets are exported as the source text: not a round trip.
    for language in read.translations.languages where language != "en" {
        guard let again = try? StringsExport.xliff(read.strings, sourceLanguage: "en", targetLanguage: language,
                                                   translations: read.translations) else {
            fatalError("a translation the reader accepted cannot be exported")
        }
        var set = SourceSet()
        let id = set.add(path: "again.xliff", text: again)
        guard let back = try? XLIFFReader.read(set[id]) else { fatalError("the exported XLIFF does not read:\n\(again)") }
        for s in read.strings {
            let before = read.translations.values(table: s.table, key: s.key)[language]
            let after = back.values(table: s.table, key: s.key)[language]
            require(before == after, "round trip changed \(s.table)/\(s.key) [\(language)]: \(String(describing: before)) -> \(String(describing: after))")
        }
    }
    return 0
}
