import Testing
import TipsBytecode
import TipsTestSupport

/// Disassembly text, including source positions and operand names.
struct DisassemblerTests {
    @Test func shortcutTipRule() throws {
        var b = BundleBuilder()
        b.addParam("hasSeenList", type: .bool, default: .bool(false))
        b.addEvent("manualSave")
        let file = b.file("main.tips")
        var p = ProgramBuilder()
        p.location = SourceMapEntry(file: file, line: 7, column: 10)
        p.emit(.paramEqConst, a: Int(b.constant(.bool(true))), k: 0)
        let l = p.emitJump(.jumpIfFalseOrPop)
        p.location = SourceMapEntry(file: file, line: 8, column: 10)
        p.emit(.countAtLeast, a: 3, k: Int(b.query(Query(event: 0, window: 604_800_000))))
        p.patch(l)
        p.emit(.ret)
        let rule = b.addProgram(p.program(resultType: .bool))
        let name = b.string("ShortcutTip")
        b.addTip(TipSchema(name: name, id: Template([.literal(name)]), title: .plain(Template([.literal(name)])), rules: [rule]))
        let text = try Disassembler.disassemble(bytes: BundleWriter.encode(b.bundle))
        let expected = """
            program 0 -> Bool  (tip ShortcutTip rule 1)
            0000  PARAM_EQ_CONST    1 0      ; hasSeenList == true  ; main.tips:7:10
            0001  JUMP_IF_FALSE_OR_POP 1        ; to 3  ; main.tips:7:10
            0002  COUNT_AT_LEAST    3 0      ; q0 manualSave within 7d >= 3  ; main.tips:8:10
            0003  RET                        ; main.tips:8:10

            """
        #expect(text == expected)
    }

    @Test func unverifiedBundlesDoNotCrash() {
        var bundle = TipsBundle()
        bundle.programs = [Program(resultType: .bool, code: [Instruction(word: 0xFFFF_FFFF), Instruction(.loadParam, bx: 9),
                                                              Instruction(.countWhere, bx: 3), Instruction(.pushConst, bx: 1)],
                                   sourceMap: [SourceMapEntry(file: 4, line: 1, column: 1), .none, .none, .none])]
        let text = Disassembler.disassemble(bundle)
        #expect(text.contains("???"))
        #expect(text.contains("LOAD_PARAM        9        ; ?"))
    }

    @Test(arguments: 0..<20)
    func randomBundlesDisassemble(seed: Int) {
        let bundle = RandomBundle.make(seed: UInt64(seed))
        let text = Disassembler.disassemble(bundle)
        let lines = text.split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(lines.count == bundle.programs.reduce(0) { $0 + $1.code.count })
    }
}
