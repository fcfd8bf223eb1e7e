import Testing
import TipsBytecode
import TipsCompile
import TipsSource

/// Every instruction points at the file, line and column of the expression it implements.
@Suite struct SourceMapTests {
    @Test func instructionsPointAtTheirExpressions() throws {
        var sources = SourceSet()
        sources.add(path: "params.tips", text: "param flag: Bool = false\nparam n: Int = 0\nevent save\n")
        sources.add(path: "tips.tips", text: """
            tip T {
                title "t"
                rule flag &&
                    n + 1 > count(save within 1d)
                action "go" {
                    title "Go"
                    set n = n * 2
                }
            }
            """)
        let catalog = try TestCatalog(sources)
        let b = catalog.bundle
        #expect(b.files.map { b.strings[Int($0)] } == ["tips.tips"])
        let rule = b.programs[Int(b.tips[0].rules[0])]
        let positions = rule.sourceMap.map { "\($0.line):\($0.column)" }
        // LOAD_PARAM flag, JUMP_IF_FALSE_OR_POP (the &&), LOAD_PARAM n, PUSH_INT 1, ADD_INT (n + 1),
        // COUNT_WITHIN, GT (the comparison), RET (the whole rule).
        #expect(catalog.listing().map { $0.split(separator: " ").first.map(String.init) ?? "" }
                == ["LOAD_PARAM", "JUMP_IF_FALSE_OR_POP", "LOAD_PARAM", "PUSH_INT", "ADD_INT", "COUNT_WITHIN", "GT", "RET"])
        #expect(positions == ["3:10", "3:10", "4:9", "4:13", "4:9", "4:17", "4:9", "3:10"])
        let set = b.programs[Int(b.tips[0].actions[0].effects.compactMap { effect -> UInt32? in
            if case .set(_, let p) = effect { return p } else { return nil }
        }[0])]
        #expect(set.sourceMap.map { "\($0.line):\($0.column)" } == ["7:17", "7:21", "7:17", "7:17"])
        #expect(Disassembler.disassemble(b).contains("; tips.tips:4:17"))
    }

    @Test func sourceMapCanBeLeftOut() throws {
        let catalog = try TestCatalog("param flag: Bool = false\ntip T {\n    title \"t\"\n    rule flag\n}\n",
                                      options: CompileOptions(sourceMap: false))
        #expect(catalog.bundle.programs.allSatisfy { $0.sourceMap.isEmpty })
        #expect(catalog.bundle.files.isEmpty)
        _ = try Verifier.verify(catalog.bundle)
    }
}
