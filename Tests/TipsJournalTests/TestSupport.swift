import Foundation
import TipsBenchSupport
@testable import TipsJournal

/// A fresh directory under the system temp dir, removed by `cleanup()`.
struct TempDir {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("tips-journal-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String = "state.jsonl") -> String { path + "/" + name }

    func cleanup() { try? FileManager.default.removeItem(atPath: path) }
}

func readFile(_ path: String) -> [UInt8] {
    (FileManager.default.contents(atPath: path)).map { [UInt8]($0) } ?? []
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

/// Offsets of each line start in `bytes`.
func lineStarts(_ bytes: [UInt8]) -> [Int] {
    var starts = [0]
    for (i, b) in bytes.enumerated() where b == 0x0A && i + 1 < bytes.count { starts.append(i + 1) }
    return starts
}

/// A varied record, driven by the generator: every record type and value type appears.
func randomRecord(_ rng: inout SeededGenerator, tips: [String] = ["A", "B", "C", "gone-tip"]) -> JournalRecord {
    let at = Int64.random(in: 1_700_000_000_000...1_700_000_100_000, using: &rng)
    let tip = tips.randomElement(using: &rng) ?? "A"
    switch Int.random(in: 0..<20, using: &rng) {
    case 0..<4:
        return .param(name: ["flag", "count", "name", "tags"].randomElement(using: &rng) ?? "p",
                      value: randomValue(&rng), at: at)
    case 4..<11:
        return .donate(event: ["save", "open", "buy"].randomElement(using: &rng) ?? "e", at: at,
                       payload: ["kind": randomValue(&rng), "n": .int(Int64.random(in: -5...5, using: &rng))])
    case 11..<14: return .displayBegan(tip: tip, at: at)
    case 14..<17: return .displayEnded(tip: tip, at: at)
    case 17: return .invalidate(tip: tip, reason: "actionPerformed", at: at)
    case 18: return .resetEligibility(tip: tip, at: at)
    default:
        return Int.random(in: 0..<4, using: &rng) == 0 ? .resetStore(at: at) : .displayBegan(tip: tip, at: at)
    }
}

func randomValue(_ rng: inout SeededGenerator) -> JournalValue {
    switch Int.random(in: 0..<8, using: &rng) {
    case 0: return .bool(Bool.random(using: &rng))
    case 1: return .int(Int64.random(in: Int64.min...Int64.max, using: &rng))
    case 2: return .double(Double.random(in: -1e6...1e6, using: &rng))
    case 3: return .string(["", "a\"b", "é\n\u{1}", "✓ 😀", "plain"].randomElement(using: &rng) ?? "")
    case 4: return .date(Int64.random(in: 0...2_000_000_000_000, using: &rng))
    case 5: return .set(Set(["x", "y", "zz", "é"].filter { _ in Bool.random(using: &rng) }))
    case 6: return .enumCase("pro")
    default: return .null
    }
}

/// Where `swift build` put the crash writer: next to the test bundle, or under .build.
func crashWriterPath() -> String? {
    var candidates: [String] = []
    if let exe = Bundle.main.executablePath {
        // .build/<triple>/debug/TipsPackageTests.xctest (Linux) or …/X.xctest/Contents/MacOS/X
        var url = URL(fileURLWithPath: exe).deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(url.appendingPathComponent("journal-crash-writer").path)
            url = url.deletingLastPathComponent()
        }
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(root.appendingPathComponent(".build/debug/journal-crash-writer").path)
    candidates.append(root.appendingPathComponent(".build/release/journal-crash-writer").path)
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}
