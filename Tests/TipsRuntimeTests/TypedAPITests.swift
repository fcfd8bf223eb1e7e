import Foundation
import Testing
@testable import TipsRuntime

// Keys as `tipc gen swift` declares them, for the catalog below.
private enum Plan: String, CaseIterable, Sendable, TipEnumeration { case free, pro, team }

extension TipParameter where Value == Bool { fileprivate static var flag: TipParameter<Bool> { .init("flag") } }
extension TipParameter where Value == Int { fileprivate static var count: TipParameter<Int> { .init("count") } }
extension TipParameter where Value == Double { fileprivate static var speed: TipParameter<Double> { .init("speed") } }
extension TipParameter where Value == String { fileprivate static var label: TipParameter<String> { .init("label") } }
extension TipParameter where Value == Date { fileprivate static var launch: TipParameter<Date> { .init("launch") } }
extension TipParameter where Value == Date? { fileprivate static var export: TipParameter<Date?> { .init("export") } }
extension TipParameter where Value == Set<String> { fileprivate static var tags: TipParameter<Set<String>> { .init("tags") } }
extension TipParameter where Value == Plan { fileprivate static var plan: TipParameter<Plan> { .init("plan") } }
extension TipParameter where Value == Int? { fileprivate static var streak: TipParameter<Int?> { .init("streak") } }
extension TipEvent {
    fileprivate static func saved(plan: Plan, words: Int) -> TipEvent {
        TipEvent("saved", payload: ["plan": plan.tipValue, "words": words.tipValue])
    }
}
extension TipKey { fileprivate static var proTip: TipKey { TipKey("ProTip") } }
extension TipAction { fileprivate static var upgrade: TipAction { TipAction("upgrade") } }
extension TipGroupKey { fileprivate static var main: TipGroupKey { TipGroupKey("Main") } }

private let catalog = """
    enum Plan { free, pro, team }
    param flag: Bool = false
    param count: Int = 0
    param speed: Double = 0.0
    param label: String = ""
    param launch: Date = date("2026-03-02T09:00:00Z")
    param export: Date?
    param tags: Set<String> = []
    param plan: Plan = .free
    param streak: Int?
    event saved(plan: Plan, words: Int)
    tip ProTip {
        title "Go Pro"
        rule count(saved where plan == .pro && words > 10) >= 1
        action "upgrade" {
            title "Upgrade"
            set plan = .pro
            invalidate
        }
    }
    tip OtherTip {
        title "Other"
        rule flag
    }
    group Main { ProTip, OtherTip }
    """

/// The typed overloads of `TipStore` (`TipStore+Typed.swift`) and the value conversions
/// generated code relies on.
@Suite struct TypedAPITests {
    @Test func everyParameterTypeRoundTripsThroughTheStoreAndTheJournal() throws {
        let f = try Fixture(catalog)
        let launch = Date(timeIntervalSince1970: 1_800_000_000.123)
        try f.store.setParameter(.flag, to: true)
        try f.store.setParameter(.count, to: 42)
        try f.store.setParameter(.speed, to: 2.5)
        try f.store.setParameter(.label, to: "Ada")
        try f.store.setParameter(.launch, to: launch)
        try f.store.setParameter(.export, to: nil)
        try f.store.setParameter(.tags, to: ["a", "b"])
        try f.store.setParameter(.plan, to: .team)
        try f.store.setParameter(.streak, to: 7)
        for relaunch in [false, true] {
            let store = relaunch ? try f.reopen() : f.store
            #expect(try store.parameter(.flag) == true)
            #expect(try store.parameter(.count) == 42)
            #expect(try store.parameter(.speed) == 2.5)
            #expect(try store.parameter(.label) == "Ada")
            // Instants are kept to the millisecond.
            #expect(try store.parameter(.launch) == Date(timeIntervalSince1970: 1_800_000_000.123))
            #expect(try store.parameter(.export) == nil)
            #expect(try store.parameter(.tags) == ["a", "b"])
            #expect(try store.parameter(.plan) == .team)
            #expect(try store.parameter(.streak) == 7)
        }
        #expect(try f.store.parameter(dynamic: "plan") == .enumCase("team"))
    }

    @Test func defaultsReadBackTyped() throws {
        let f = try Fixture(catalog)
        #expect(try f.store.parameter(.launch) == ISO8601DateFormatter().date(from: "2026-03-02T09:00:00Z"))
        #expect(try f.store.parameter(.streak) == nil)
        #expect(try f.store.parameter(.plan) == .free)
    }

    @Test func aKeyOfTheWrongTypeIsAWrongTypeError() throws {
        let f = try Fixture(catalog)
        #expect(throws: TipStoreError(.wrongType, "parameter 'flag' holds false, not a String")) {
            try f.store.parameter(TipParameter<String>("flag"))
        }
        #expect(throws: TipStoreError.self) { try f.store.setParameter(TipParameter<String>("flag"), to: "x") }
        #expect(throws: TipStoreError.self) { try f.store.setParameter(TipParameter<Int>("nope"), to: 1) }
    }

    @Test func typedDonationsFeedRulesAndDateTheirInstant() throws {
        let f = try Fixture(catalog)
        try f.store.donate(.saved(plan: .pro, words: 5))
        #expect(try f.store.status(of: .proTip) == .pending)
        let at = Date(timeIntervalSince1970: Double(f.clock.now()) / 1000 - 60)
        try f.store.donate(.saved(plan: .pro, words: 11), at: at)
        #expect(try f.store.status(of: .proTip) == .available)
        #expect(try f.journalLines().last?.contains("\"at\":\(f.clock.now() - 60_000)") == true)
    }

    @Test func actionsAndGroupsByKey() throws {
        let f = try Fixture(catalog)
        try f.store.donate(.saved(plan: .pro, words: 20))
        #expect(try f.store.currentTip(inGroup: .main) == .proTip)
        #expect(try f.store.content(of: .proTip).actions.map(\.action) == [.upgrade])
        try f.store.perform(.upgrade, of: .proTip)
        #expect(try f.store.status(of: .proTip) == .invalidated(.actionPerformed))
        #expect(try f.store.parameter(.plan) == .pro)
        try f.store.setParameter(.flag, to: true)
        #expect(try f.store.currentTip(inGroup: .main) == TipKey("OtherTip"))
        #expect(throws: TipStoreError.self) { try f.store.currentTip(inGroup: TipGroupKey("Nope")) }
    }

    @Test(arguments: [
        (TipValue.int(3), "Int 3, Double 3.0, Int? 3"),
        (.double(2.5), "Double 2.5"),
        (.null, "Int? nil, Plan? nil"),
        (.enumCase("pro"), "Plan pro, Plan? pro"),
        (.enumCase("gold"), ""),
        (.string("pro"), "String pro"),
        (.bool(true), "Bool true"),
    ])
    func valuesConvertOnlyToTheirOwnType(_ value: TipValue, _ expected: String) {
        var got: [String] = []
        if let v = Int(tipValue: value) { got.append("Int \(v)") }
        if let v = Double(tipValue: value) { got.append("Double \(v)") }
        if let v = Int?(tipValue: value) { got.append("Int? \(v.map(String.init) ?? "nil")") }
        if let v = Plan?(tipValue: value) { got.append("Plan? \(v?.rawValue ?? "nil")") }
        if let v = Plan(tipValue: value) { got.append("Plan \(v.rawValue)") }
        if let v = String(tipValue: value) { got.append("String \(v)") }
        if let v = Bool(tipValue: value) { got.append("Bool \(v)") }
        #expect(got.sorted().joined(separator: ", ") == expected.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.sorted().joined(separator: ", "))
    }

    @Test func descriptionsNameTheDeclarations() {
        #expect(TipEvent.saved(plan: .pro, words: 3).description == "saved(plan: .pro, words: 3)")
        #expect(TipParameter<Plan>.plan.description == "plan")
        #expect(TipGroupKey.main.description == "Main")
        #expect(TipAction.upgrade.description == "upgrade")
    }
}
