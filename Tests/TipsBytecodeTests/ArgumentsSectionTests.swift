import Testing
@testable import TipsBytecode

/// The `arguments` section (format version 4): constants bound to reusable tips' arguments,
/// written only when a rule reads one, read back equal, and verified.
@Suite struct ArgumentsSectionTests {
    /// A reusable tip `ItemTip(itemID: String, level: Int, rank: Int)` and a plain tip, with the
    /// bindings `bind` adds (tip, argument, placeholder constant).
    static func bundle(_ bind: (inout BundleBuilder) -> Void = { _ in }) -> TipsBundle {
        var b = BundleBuilder()
        _ = b.addEvent("viewed", fields: [("id", .string)])
        let name = b.string("ItemTip")
        let arguments = [FieldSchema(name: b.string("itemID"), type: .string), FieldSchema(name: b.string("level"), type: .int),
                         FieldSchema(name: b.string("rank"), type: .int)]
        _ = b.addTip(TipSchema(name: name, id: Template([.literal(name), .argument(0)]), arguments: arguments,
                               title: .plain(Template([.literal(b.string("Item"))]))))
        let plain = b.string("PlainTip")
        _ = b.addTip(TipSchema(name: plain, id: Template([.literal(plain)]), title: .plain(Template([.literal(plain)]))))
        bind(&b)
        return b.bundle
    }

    static func error(_ bundle: TipsBundle) -> BundleError? {
        do { _ = try Verifier.verify(bundle); return nil } catch { return error }
    }

    @Test func withoutBindingsTheVersionIsUnchanged() {
        #expect(BundleWriter.encode(Self.bundle())[4] == 2)
    }

    @Test func roundTrip() throws {
        let b = Self.bundle { b in
            _ = b.argumentConstant(tip: 0, argument: 1, placeholder: .int(0))
            _ = b.argumentConstant(tip: 0, argument: 0, placeholder: .string(b.string("")))
        }
        #expect(b.argumentBindings.count == 2)
        let bytes = BundleWriter.encode(b)
        #expect(bytes[4] == 4)
        #expect(bytes[12] == 19)
        let loaded = try BundleLoader.load(bytes)
        #expect(loaded.bundle == b)
        // One constant per argument, never shared with an equal constant.
        var again = BundleBuilder()
        let first = again.argumentConstant(tip: 0, argument: 0, placeholder: .int(0))
        #expect(again.argumentConstant(tip: 0, argument: 0, placeholder: .int(0)) == first)
        #expect(again.constant(.int(0)) != first)
    }

    @Test func withKeysOneVersionFourLayout() throws {
        // Keys and argument bindings together: one version 4 bundle, every section present.
        let both = Self.bundle { b in
            b.addKey(.event, index: 0, key: "com.shop.viewed")
            _ = b.argumentConstant(tip: 0, argument: 0, placeholder: .string(b.string("")))
        }
        let bytes = BundleWriter.encode(both)
        #expect(bytes[4] == 4 && bytes[12] == 19)
        #expect(try BundleLoader.load(bytes).bundle == both)
        // Keys alone: the same layout, with an empty `arguments` section.
        let keysOnly = Self.bundle { b in b.addKey(.event, index: 0, key: "com.shop.viewed") }
        let loaded = try BundleLoader.load(BundleWriter.encode(keysOnly))
        #expect(loaded.bundle.argumentBindings.isEmpty && loaded.bundle.keys.count == 1)
        #expect(BundleSection.body(version: 4).suffix(4) == [.renames, .keys, .assets, .arguments])
        #expect(BundleSection.body(version: 3).last == .renames)
    }

    @Test func verifierRules() {
        func with(_ bindings: [ArgumentBinding], constants: [Constant] = [.int(0)]) -> BundleError? {
            var b = Self.bundle()
            b.constants += constants
            b.argumentBindings = bindings
            return Self.error(b)
        }
        #expect(with([ArgumentBinding(tip: 0, argument: 1, constant: 0)]) == nil)
        #expect(with([ArgumentBinding(tip: 2, argument: 0, constant: 0)]) == .indexOutOfRange(.tip, index: 2, at: .item(.arguments, 0)))
        #expect(with([ArgumentBinding(tip: 1, argument: 0, constant: 0)])
                == .indexOutOfRange(.argument, index: 0, at: .item(.arguments, 0)))
        #expect(with([ArgumentBinding(tip: 0, argument: 1, constant: 5)])
                == .indexOutOfRange(.constant, index: 5, at: .item(.arguments, 0)))
        #expect(with([ArgumentBinding(tip: 0, argument: 0, constant: 0)])
                == .invalidValue(.item(.arguments, 0), rule: "an argument's constant has the argument's type"))
        #expect(with([ArgumentBinding(tip: 0, argument: 1, constant: 0)], constants: [.nil(.int)])
                == .invalidValue(.item(.arguments, 0), rule: "an argument's constant has the argument's type"))
        #expect(with([ArgumentBinding(tip: 0, argument: 1, constant: 0), ArgumentBinding(tip: 0, argument: 1, constant: 1)],
                     constants: [.int(0), .int(1)])
                == .invalidValue(.item(.arguments, 1), rule: "an argument is bound once"))
        #expect(with([ArgumentBinding(tip: 0, argument: 1, constant: 0), ArgumentBinding(tip: 0, argument: 2, constant: 0)])
                == .invalidValue(.item(.arguments, 1), rule: "a constant is bound to one argument"))
    }

    @Test func truncatedSectionIsRefused() throws {
        let b = Self.bundle { b in _ = b.argumentConstant(tip: 0, argument: 1, placeholder: .int(0)) }
        var bytes = BundleWriter.encode(b)
        // The section is last: without its final byte it ends before its one binding does.
        bytes.removeLast()
        #expect(throws: BundleError.truncated(.arguments)) { try BundleLoader.load(VerifierTests.reseal(bytes)) }
    }
}
