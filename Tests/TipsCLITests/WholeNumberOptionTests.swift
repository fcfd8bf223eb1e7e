import Testing
import TipsCommandLine

/// `ParsedArguments.wholeNumber`: the one reader of counted options (`publish --version`,
/// `suspend --serial`, `forecast --days`); a rejected value names the option and the range.
@Suite struct WholeNumberOptionTests {
    static let options = [Command.Option(name: "--n", value: "N", help: "a count")]

    @Test(arguments: [
        ("1", 1...UInt64.max, UInt64(1) as UInt64?, nil as String?),
        ("366", 1...366, 366, nil),
        ("0", 1...UInt64.max, nil, "invalid value '0' for --n; expected a whole number from 1"),
        ("367", 1...366, nil, "invalid value '367' for --n; expected a whole number from 1 to 366"),
        ("-1", 1...366, nil, "invalid value '-1' for --n; expected a whole number from 1 to 366"),
        ("three", 1...366, nil, "invalid value 'three' for --n; expected a whole number from 1 to 366"),
        ("1e3", 1...UInt64.max, nil, "invalid value '1e3' for --n; expected a whole number from 1"),
        ("18446744073709551616", 1...UInt64.max, nil,
         "invalid value '18446744073709551616' for --n; expected a whole number from 1"),
    ])
    func reads(_ text: String, _ range: ClosedRange<UInt64>, _ expected: UInt64?, _ message: String?) throws {
        let arguments = try ParsedArguments(["--n", text], options: Self.options, command: "test")
        do throws(UsageError) {
            let value = try arguments.wholeNumber("--n", in: range)
            #expect(message == nil, "accepted \(text)")
            #expect(value == expected)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func absentIsNil() throws {
        let arguments = try ParsedArguments([], options: Self.options, command: "test")
        #expect(try arguments.wholeNumber("--n", in: 1...3) == nil)
    }
}
