#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TipsBytecode

/// The instruction table in Docs/bytecode.md and the `///` lines of `Opcode` must agree:
/// same opcodes, codes, operands and effect text. Edit both together.
struct OpcodeTableTests {
    struct Row: Equatable, CustomStringConvertible {
        var code: String, name: String, operands: String, effect: String
        var description: String { "\(code) \(name) \(operands): \(effect)" }
    }

    /// The package root: #filePath is <root>/Tests/TipsBytecodeTests/OpcodeTableTests.swift.
    static let root: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static func read(_ path: String) throws -> String {
        let text = readFile(root + "/" + path)
        return try #require(text, "cannot read \(path)")
    }

    /// Rows from `/// operands: effect` + `case name = 0xNN` pairs.
    static func sourceRows() throws -> [Row] {
        var rows: [Row] = []
        var doc: String? = nil
        for line in try read("Sources/TipsBytecode/Opcode.swift").split(separator: "\n", omittingEmptySubsequences: false) {
            let t = line.trimmingPrefix(while: { $0 == " " })
            if t.hasPrefix("/// ") {
                doc = String(t.dropFirst(4))
            } else if t.hasPrefix("case "), let d = doc, let eq = t.firstRange(of: " = 0x"), let colon = d.firstRange(of: ": ") {
                let name = String(t[t.index(t.startIndex, offsetBy: 5)..<eq.lowerBound])
                let code = String(t[eq.upperBound...])
                rows.append(Row(code: "0x" + code, name: name, operands: String(d[..<colon.lowerBound]), effect: String(d[colon.upperBound...])))
                doc = nil
            } else {
                doc = nil
            }
        }
        return rows
    }

    /// Rows of the `| Code | Opcode | Operands | Effect |` table.
    static func docRows() throws -> [Row] {
        var rows: [Row] = []
        var inTable = false
        for line in try read("Docs/bytecode.md").split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("| Code | Opcode | Operands | Effect |") { inTable = true; continue }
            guard inTable else { continue }
            if line.hasPrefix("|---") { continue }
            guard line.hasPrefix("|") else { break }
            let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingPrefix(while: { $0 == " " }) }.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
            guard cells.count == 4 else { continue }
            rows.append(Row(code: cells[0], name: cells[1].replacingBackticks, operands: cells[2], effect: cells[3]))
        }
        return rows
    }

    @Test func docTableMatchesSource() throws {
        let source = try Self.sourceRows()
        let doc = try Self.docRows()
        #expect(source.count == Opcode.allCases.count)
        #expect(doc.count == source.count)
        for (s, d) in zip(source, doc) { #expect(s == d) }
    }

    @Test func sourceMatchesTheEnum() throws {
        let rows = try Self.sourceRows()
        for (row, op) in zip(rows, Opcode.allCases) {
            #expect(row.name == String(describing: op))
            #expect(row.code == "0x" + (op.rawValue < 16 ? "0" : "") + String(op.rawValue, radix: 16, uppercase: true))
            #expect(row.operands == op.format.rawValue, "\(op)")
        }
    }

    /// The VM decodes the opcode byte by bit-casting it: raw values must be dense and in order.
    @Test func rawValuesAreDense() {
        for (i, op) in Opcode.allCases.enumerated() { #expect(Int(op.rawValue) == i) }
        #expect(Opcode(rawValue: UInt8(Opcode.allCases.count)) == nil)
    }

    @Test func instructionFields() {
        let i = Instruction(.countAtLeast, a: 200, k: 65_535)
        #expect(i.opcode == .countAtLeast && i.a == 200 && i.k == 65_535)
        let j = Instruction(.jump, sBx: -5)
        #expect(j.sBx == -5 && j.opcode == .jump)
        let big = Instruction(.pushInt, sBx: Instruction.sBxRange.lowerBound)
        #expect(big.sBx == Instruction.sBxRange.lowerBound)
        #expect(Instruction(.pushConst, bx: Instruction.maxBx).bx == Instruction.maxBx)
        #expect(Opcode.jumpIfFalseOrPop.mnemonic == "JUMP_IF_FALSE_OR_POP")
    }
}

extension String {
    var replacingBackticks: String { filter { $0 != "`" } }
}

/// Reads a whole file without Foundation.
func readFile(_ path: String) -> String? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        bytes.append(contentsOf: buffer[0..<n])
    }
    return String(decoding: bytes, as: UTF8.self)
}
