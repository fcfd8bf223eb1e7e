// An app module that names its own types like the standard library's, Foundation's,
// TipsRuntime's and TipKit's: generated code spells every type it uses with its module, so
// none of these changes what it means. Compiled with the generated file by SwiftCompileTests
// (-warnings-as-errors). `StringLiteralType` would change the type of an untyped literal.
import Foundation
import TipsRuntime

struct String {}
struct Int {}
struct Bool {}
struct Double {}
struct Set<Element> {}
struct Array<Element> {}
struct Dictionary<Key, Value> {}
struct Optional<Wrapped> {}
struct UInt8 {}
struct Never {}
struct Data {}
struct URL {}
struct Date {}
protocol CaseIterable {}
protocol Sendable {}
protocol RawRepresentable {}
typealias StringLiteralType = Swift.StaticString
struct TipKey {}
struct TipEvent {}
struct TipParameter<Value> {}
struct TipGroupKey {}
struct TipAction {}
struct TipStore {}
struct TipEnumeration {}
struct TipClock {}
struct SystemClock {}
struct TestingOverrides {}
struct Tip {}
enum Tips {}
struct TipGroup {}
struct Parameter {}
struct Event {}
struct Action {}

/// The generated API still reads as documented from this module.
func useGeneratedAPI(journal: Foundation.URL) throws {
    let store = try AppTips.makeStore(journalURL: journal)
    try store.donate(.noteSaved(method: .menu, words: 1, autosave: true, ratio: 0.5, folder: "Inbox"))
    try store.setParameter(.pinnedTags, to: ["a"])
    let plan: AppTips.Plan = try store.parameter(.plan)
    _ = (plan, try store.status(of: .templateTip(templateID: "t", week: 1, plan: .team, isNew: true)))
    _ = AppTips.bundle.count
}
