import Foundation
import Testing
import TipsBytecode
import TipsTestSupport

/// `tipc disasm`: golden listing of a small catalog, and every way a bundle file can be bad.
@Suite struct DisasmCommandTests {
    /// A catalog touching every part of the listing: enum, optional and transient params,
    /// events with payloads and limits, filtered and grouped queries, a reusable tip, an
    /// action with set/donate/invalidate effects, a filtered trigger, options and a group.
    static let catalog = """
        config {
            displayFrequency daily
            donationLimit 500
        }

        enum Plan { free, pro }

        param hasSeenList: Bool = false
        param plan: Plan = .free
        param lastPromo: Date?
        transient param launches: Int = 0

        event manualSave
        event buy(price: Double, kind: Plan) limit 100 maxAge 30d

        tip ShortcutTip {
            title "Save Faster"
            rule hasSeenList == true && count(manualSave within 7d) >= 3
            rule largestGroup(buy by kind where price > 9.5 within 30d) >= 2 || plan == .pro
            action "upgrade" {
                title "Upgrade"
                set plan = .pro
                set lastPromo = now
                donate buy(price: 10.0, kind: .pro)
                invalidate
            }
            invalidate when buy where kind == .pro reason tipClosed
            maxDisplayCount 3
            maxDisplayDuration 2m
        }

        tip ItemTip(item: String) {
            id "item-\\(item)"
            title "About \\(item)"
            rule launches > 2
            ignoresDisplayFrequency
        }

        tip PromoTip {
            title "Go Pro"
            rule lastPromo == nil || now - (lastPromo ?? now) >= 7d
            maxDisplayCount 1
        }

        group Onboarding ordered { ShortcutTip, PromoTip }

        """

    func compile(_ dir: TemporaryDirectory) throws -> String {
        let source = try dir.write("cat/main.tips", Self.catalog)
        let out = dir.path + "/cat.tipsb"
        let run = tipc("compile", source, "-o", out)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        return out
    }

    @Test func listingMatchesGolden() throws {
        let dir = try TemporaryDirectory()
        let out = try compile(dir)
        let run = tipc("disasm", out)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        // The temporary path differs per run: the golden file says FILE. The bundle itself names
        // source files relative to the catalog, so its size and listing do not depend on it.
        let listing = run.stdout.replacingOccurrences(of: out, with: "FILE")
        expectGolden(listing, "disasm.txt")
    }

    /// A tip's goal is listed under the tip, with its filter and window; the bundle is version 7.
    @Test func goalsAreListed() throws {
        let dir = try TemporaryDirectory()
        let source = try dir.write("goal/main.tips", """
            enum Target { email, link }
            event shared(target: Target, recipients: Int)
            tip ShareTip {
                title "Share"
                goal shared where target == .link && recipients >= 1 within 7d
            }
            tip PlainTip { title "Plain" }

            """)
        let out = dir.path + "/goal.tipsb"
        #expect(tipc("compile", source, "-o", out).status == 0)
        let run = tipc("disasm", out)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(": format version 7, "), "\(run.stdout)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let goal = try #require(lines.firstIndex { $0.hasPrefix("  goal ") })
        #expect(lines[goal].hasPrefix("  goal shared where target == "), "\(lines[goal])")
        #expect(lines[goal].hasSuffix(" within 7d"))
        #expect(lines[..<goal].last { $0.hasPrefix("tip ") }?.hasPrefix("tip 0 ShareTip") == true)
        #expect(lines.filter { $0.hasPrefix("  goal ") }.count == 1)
    }

    /// A tip's experiment is listed under the tip: salt, holdout, each variant's share and
    /// overrides, a variant's rule as its program; the bundle is version 8.
    @Test func experimentsAreListed() throws {
        let dir = try TemporaryDirectory()
        let source = try dir.write("experiment/main.tips", """
            event opened
            tip T {
                title "T"
                experiment copy {
                    holdout 12.5%
                    variant short 50% { title "S" maxDisplayCount 2 }
                    variant strict 37.5% { rule count(opened) > 1 }
                }
            }

            """)
        let out = dir.path + "/experiment.tipsb"
        #expect(tipc("compile", source, "-o", out).status == 0)
        let run = tipc("disasm", out)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(": format version 9, "), "\(run.stdout)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("  experiment copy salt \"T.copy\" holdout 12.5%"), "\(run.stdout)")
        #expect(lines.contains("    variant short 50%: title \"S\", maxDisplayCount 2"), "\(run.stdout)")
        let strict = try #require(lines.firstIndex(of: "    variant strict 37.5%"))
        #expect(lines[strict + 1].hasPrefix("      rule 1: program "), "\(lines[strict + 1])")
    }

    /// A snooze effect is listed under its action, and makes the bundle version 10.
    @Test(arguments: [("snooze 3d limit 2", "    snooze 3d limit 2"), ("snooze 12h", "    snooze 12h")])
    func snoozeIsListed(_ effect: String, _ listed: String) throws {
        let dir = try TemporaryDirectory()
        let source = try dir.write("snooze/main.tips", "tip T {\n title \"T\"\n action \"later\" { title \"Later\" \(effect) }\n}\n")
        let out = dir.path + "/snooze.tipsb"
        #expect(tipc("compile", source, "-o", out).status == 0)
        let run = tipc("disasm", out)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(": format version 10, "), "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").map(String.init).contains(listed), "\(run.stdout)")
    }

    @Test func everyInstructionHasAddressOpcodeAndSourceLine() throws {
        let dir = try TemporaryDirectory()
        let run = tipc("disasm", try compile(dir))
        let instructions = run.stdout.split(separator: "\n").filter { $0.range(of: #"^\s+\d{4}  [A-Z_]+"#, options: .regularExpression) != nil }
        #expect(instructions.count > 10)
        for line in instructions {
            #expect(line.range(of: #"; main\.tips:\d+:\d+$"#, options: .regularExpression) != nil, "\(line)")
        }
    }

    @Test func truncatedBundleIsRejectedWithTheReaderError() throws {
        let dir = try TemporaryDirectory()
        let out = try compile(dir)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        bytes.removeLast(10)
        try Data(bytes).write(to: URL(fileURLWithPath: out))
        let run = tipc("disasm", out)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == "tipc: error: \(out): bundle length mismatch: header says \(bytes.count + 10) bytes, got \(bytes.count)\n")

        try Data(bytes.prefix(10)).write(to: URL(fileURLWithPath: out))
        #expect(tipc("disasm", out).stderr == "tipc: error: \(out): truncated header section\n")
    }

    @Test func flippedByteIsAChecksumMismatch() throws {
        let dir = try TemporaryDirectory()
        let out = try compile(dir)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        bytes[bytes.count / 2] ^= 0x40
        try Data(bytes).write(to: URL(fileURLWithPath: out))
        let run = tipc("disasm", out)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("tipc: error: \(out): checksum mismatch: stored 0x"))
    }

    @Test func badMagicAndVersion() throws {
        let dir = try TemporaryDirectory()
        let out = try compile(dir)
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        var magic = good
        magic[0] = UInt8(ascii: "X")
        try Data(magic).write(to: URL(fileURLWithPath: out))
        #expect(tipc("disasm", out).stderr == "tipc: error: \(out): not a tips bundle (bad magic)\n")
        var version = good
        version[4] = 14
        try Data(version).write(to: URL(fileURLWithPath: out))
        #expect(tipc("disasm", out).stderr == "tipc: error: \(out): unsupported bundle format version 14 (this reader reads 1 to 13)\n")
    }

    /// A well-formed, correctly checksummed bundle whose program is wrong reaches the verifier.
    @Test func verifierErrorIsReported() throws {
        let dir = try TemporaryDirectory()
        var bundle = try BundleReader.decode(try [UInt8](Data(contentsOf: URL(fileURLWithPath: try compile(dir)))))
        // Make the first rule program return an Int: pushInt 1; ret.
        bundle.programs[0].code = [Instruction(.pushInt, sBx: 1), Instruction(.ret)]
        bundle.programs[0].sourceMap = []
        let path = dir.path + "/bad.tipsb"
        try Data(BundleWriter.encode(bundle)).write(to: URL(fileURLWithPath: path))
        let run = tipc("disasm", path)
        #expect(run.status == 1)
        let expected: String
        do {
            _ = try Verifier.verify(bundle)
            expected = "<verified>"
        } catch {
            expected = error.description
        }
        #expect(run.stderr == "tipc: error: \(path): \(expected)\n")
    }

    @Test func usageAndIOErrors() throws {
        let dir = try TemporaryDirectory()
        let missing = tipc("disasm", dir.path + "/nope.tipsb")
        #expect(missing.status == 2)
        #expect(missing.stderr == "tipc: error: no such file or directory: \(dir.path)/nope.tipsb\n")
        let none = tipc("disasm")
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("tipc: error: missing bundle file\nusage: tipc disasm FILE\n"))
        #expect(tipc("disasm", "a", "b").status == 2)
        let directory = tipc("disasm", dir.path)
        #expect(directory.status == 2)
        #expect(directory.stderr.hasPrefix("tipc: error: cannot read \(dir.path): "))
        #expect(tipc("help", "disasm").stdout.hasPrefix("usage: tipc disasm FILE"))
    }
}
