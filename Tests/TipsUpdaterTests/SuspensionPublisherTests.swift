import Foundation
import Testing
import TipsDriver
import TipsRuntime
import TipsSignature
import TipsTestSupport

/// `tipc suspend`'s library half, `SuspensionPublisher.plan`, round trip: the documents it
/// writes into a published folder are what the runtime's `applySuspension` accepts (a tip
/// hidden, every tip, lifted), and what it refuses to write (a serial not above the
/// folder's, a tip the catalog lacks, another catalog) would be refused by apps or is a
/// mistake.
@Suite struct SuspensionPublisherTests {
    static func request(_ tips: SuspensionPublisher.Tips, serial: UInt64? = nil, catalog: String? = nil,
                        key: Ed25519.PrivateKey = Publisher.key, keyID: String = Publisher.keyID,
                        allowUnknown: Bool = false) -> SuspensionPublisher.Request {
        .init(tips: tips, catalog: catalog, serial: serial, key: key, keyID: keyID, allowUnknownTips: allowUnknown)
    }

    /// Plans and writes, as the command does.
    @discardableResult
    static func write(_ request: SuspensionPublisher.Request, into site: String) throws -> SuspensionPublisher.Plan {
        let plan = try SuspensionPublisher.plan(request, into: site)
        try Data(plan.bytes).write(to: URL(fileURLWithPath: plan.path))
        return plan
    }

    @Test func documentsWrittenIntoTheFolderAreWhatTheRuntimeApplies() throws {
        let folder = try TemporaryDirectory()
        try Publisher.publish(in: folder, version: 6)
        let site = folder.path + "/site"
        let store = try TipStore(bundle: Publisher.bundle, clock: ManualClock(start: 1_800_000_000_000))
        let before = try store.status(of: "WelcomeTip")
        #expect(before != .pending, "the test needs a tip that shows: \(before)")

        let hide = try Self.write(Self.request(.named(["WelcomeTip"])), into: site)
        #expect(hide.path == site + "/" + SuspensionPublisher.fileName)
        #expect(hide.suspension.serial == 1 && hide.suspension.catalog == Publisher.catalog && hide.previous == nil)
        #expect(hide.publishedVersion == 6)
        try store.applySuspension(hide.bytes, trustedKeys: Publisher.trustedKeys, catalog: Publisher.catalog)
        #expect(try store.status(of: "WelcomeTip") == .pending)
        #expect(try store.explanation(of: "WelcomeTip").suspended)

        // The next serial comes from the folder's document; every tip, then none.
        let all = try Self.write(Self.request(.all), into: site)
        #expect(all.suspension.serial == 2 && all.suspension.tips == [CatalogSuspension.everyTip])
        #expect(all.previous?.tips == ["WelcomeTip"])
        try store.applySuspension(all.bytes, trustedKeys: Publisher.trustedKeys, catalog: Publisher.catalog)
        #expect(store.availableTips().isEmpty)
        let lift = try Self.write(Self.request(.none), into: site)
        #expect(lift.suspension.serial == 3 && lift.suspension.tips.isEmpty)
        try store.applySuspension(lift.bytes, trustedKeys: Publisher.trustedKeys, catalog: Publisher.catalog)
        #expect(try store.status(of: "WelcomeTip") == before)
        #expect(try !store.explanation(of: "WelcomeTip").suspended)

        // The first document again is a replay: the runtime refuses it, and changes nothing.
        #expect {
            try store.applySuspension(hide.bytes, trustedKeys: Publisher.trustedKeys, catalog: Publisher.catalog)
        } throws: { ($0 as? CatalogUpdateError)?.kind == .notNewer }
        #expect(try store.status(of: "WelcomeTip") == before)
        // Signed with a key the app does not trust: refused as any download would be.
        let stranger = Ed25519.PrivateKey()
        let foreign = try SuspensionPublisher.plan(Self.request(.all, key: stranger, keyID: "stranger"), into: site)
        #expect {
            try store.applySuspension(foreign.bytes, trustedKeys: Publisher.trustedKeys, catalog: Publisher.catalog)
        } throws: { ($0 as? CatalogUpdateError)?.kind == .untrustedKey }
    }

    @Test func theSerialOnlyGrows() throws {
        let folder = try TemporaryDirectory()
        try Publisher.publish(in: folder, version: 1)
        let site = folder.path + "/site"
        try Self.write(Self.request(.named(["WelcomeTip"]), serial: 5), into: site)
        for serial: UInt64 in [1, 5] {
            #expect {
                try SuspensionPublisher.plan(Self.request(.none, serial: serial), into: site)
            } throws: { error in
                guard case SuspensionPublisher.Failure.serialNotNewer(previous: 5, requested: serial) = error else { return false }
                return "\(error)".contains("omit --serial for 6")
            }
        }
        #expect(try SuspensionPublisher.plan(Self.request(.none), into: site).suspension.serial == 6)
        #expect(try SuspensionPublisher.plan(Self.request(.none, serial: 9), into: site).suspension.serial == 9)
    }

    @Test func namesAndCatalogAreChecked() throws {
        let folder = try TemporaryDirectory()
        try Publisher.publish(in: folder, version: 1)
        let site = folder.path + "/site"
        #expect {
            try SuspensionPublisher.plan(Self.request(.named(["WelcomeTipp", "WelcomeTip"])), into: site)
        } throws: { error in
            guard case SuspensionPublisher.Failure.unknownTips(["WelcomeTipp"], let known, version: 1) = error else { return false }
            return known.contains("WelcomeTip") && "\(error)".contains("--allow-unknown")
        }
        let allowed = try SuspensionPublisher.plan(Self.request(.named(["WelcomeTipp"]), allowUnknown: true), into: site)
        #expect(allowed.unknownTips == ["WelcomeTipp"])
        #expect(throws: SuspensionPublisher.Failure.self) {
            try SuspensionPublisher.plan(Self.request(.named(["*"])), into: site)
        }
        #expect {
            try SuspensionPublisher.plan(Self.request(.all, catalog: "com.example.other"), into: site)
        } throws: { error in
            guard case SuspensionPublisher.Failure.catalogChanged(previous: Publisher.catalog, requested: "com.example.other") = error
            else { return false }
            return true
        }
        // A folder with nothing published needs the id; a broken suspension.json stops it.
        let empty = try TemporaryDirectory()
        #expect(throws: SuspensionPublisher.Failure.self) { try SuspensionPublisher.plan(Self.request(.all), into: empty.path) }
        #expect(try SuspensionPublisher.plan(Self.request(.all, catalog: "c"), into: empty.path).suspension.catalog == "c")
        _ = try empty.write(SuspensionPublisher.fileName, "{}")
        #expect {
            try SuspensionPublisher.plan(Self.request(.all, catalog: "c"), into: empty.path)
        } throws: { error in
            guard case SuspensionPublisher.Failure.previous = error else { return false }
            return true
        }
    }
}
