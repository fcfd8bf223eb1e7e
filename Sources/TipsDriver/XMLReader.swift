import TipsText

/// A small reader of the XML that XLIFF files are (`tipc strings check`): elements,
/// attributes, text, character and the five predefined entity references, CDATA, comments
/// and processing instructions. A document type declaration is refused rather than
/// read: XLIFF needs none, and its entities are how XML readers are made to blow up.
///
/// Untrusted bytes: every failure is an ``Failure`` with the byte offset where it was
/// found; nesting is bounded and nothing recurses, so no input can crash or hang it.
enum XMLReader {
    /// An element: its name with prefix (`xml:space` stays as written), attributes in order,
    /// children, and where its start tag begins.
    struct Element: Sendable {
        var name: String
        var attributes: [(name: String, value: String, offset: Int)]
        var children: [Node]
        var offset: Int

        /// The value of attribute `name`.
        func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

        /// The child elements named `name` (local name: any prefix ignored).
        func elements(_ name: String) -> [Element] {
            children.compactMap { if case .element(let e) = $0, e.localName == name { e } else { nil } }
        }

        /// The name without its prefix.
        var localName: String { name.split(separator: ":", omittingEmptySubsequences: false).last.map(String.init) ?? name }

        /// The text of its text children, joined (markup inside ignored).
        var text: String {
            children.map { if case .text(let t) = $0 { t } else if case .element(let e) = $0 { e.text } else { "" } }.joined()
        }
    }

    /// A child of an element.
    enum Node: Sendable {
        case element(Element)
        case text(String)
    }

    /// Why a document does not read, and the byte offset where that was found.
    struct Failure: Error, Sendable, Equatable {
        var message: String
        var offset: Int
    }

    /// The deepest nesting read (XLIFF needs five levels).
    static let maximumDepth = 256

    /// The root element of `bytes`.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> Element {
        var reader = Cursor(bytes: bytes)
        return try reader.document()
    }

    private struct Cursor {
        let bytes: [UInt8]
        var i = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func fail(_ message: String, at offset: Int? = nil) -> Failure { Failure(message: message, offset: offset ?? i) }

        func starts(with s: String) -> Bool {
            let u = Array(s.utf8)
            return i + u.count <= bytes.count && Array(bytes[i..<(i + u.count)]) == u
        }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        }

        /// Skips to just after `end`; fails at `start` when it never comes.
        mutating func skip(past end: String, what: String, from start: Int) throws(Failure) {
            while i < bytes.count {
                if starts(with: end) { i += end.utf8.count; return }
                i += 1
            }
            throw fail("unterminated \(what): no '\(end)' before the end of the file", at: start)
        }

        /// Comments, processing instructions and space between markup.
        mutating func misc() throws(Failure) {
            while true {
                skipSpace()
                if starts(with: "<!--") {
                    let start = i
                    i += 4
                    try skip(past: "-->", what: "comment", from: start)
                } else if starts(with: "<?") {
                    let start = i
                    i += 2
                    try skip(past: "?>", what: "processing instruction", from: start)
                } else if starts(with: "<!DOCTYPE") {
                    throw fail("a document type declaration (<!DOCTYPE ...>) is not read: XLIFF has none")
                } else {
                    return
                }
            }
        }

        mutating func document() throws(Failure) -> Element {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
            try misc()
            guard i < bytes.count else { throw fail(bytes.isEmpty ? "the file is empty" : "no root element") }
            guard bytes[i] == UInt8(ascii: "<") else { throw fail("expected '<' to start the root element") }
            var stack: [Element] = []
            var root: Element?
            while root == nil {
                guard i < bytes.count else {
                    throw fail("the file ends inside element <\(stack.last?.name ?? "")>; its start tag is here",
                               at: stack.last?.offset ?? i)
                }
                if bytes[i] == UInt8(ascii: "<") {
                    if starts(with: "<!--") {
                        let start = i
                        i += 4
                        try skip(past: "-->", what: "comment", from: start)
                    } else if starts(with: "<![CDATA[") {
                        let start = i
                        i += 9
                        let textStart = i
                        try skip(past: "]]>", what: "CDATA section", from: start)
                        let text = try decoded(textStart, i - 3)
                        guard !stack.isEmpty else { throw fail("text outside the root element", at: start) }
                        stack[stack.count - 1].children.append(.text(text))
                    } else if starts(with: "<?") {
                        let start = i
                        i += 2
                        try skip(past: "?>", what: "processing instruction", from: start)
                    } else if starts(with: "<!") {
                        throw fail("unexpected '<!': only comments and CDATA sections start so")
                    } else if starts(with: "</") {
                        let start = i
                        i += 2
                        let name = try self.name()
                        skipSpace()
                        guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail("expected '>' to end </\(name)>") }
                        i += 1
                        guard let open = stack.popLast() else { throw fail("end tag </\(name)> without a start tag", at: start) }
                        guard open.name == name else {
                            throw fail("end tag </\(name)> does not match the start tag <\(open.name)> at byte \(open.offset)", at: start)
                        }
                        if stack.isEmpty { root = open } else { stack[stack.count - 1].children.append(.element(open)) }
                    } else {
                        let (element, selfClosing) = try startTag()
                        if selfClosing {
                            if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(.element(element)) }
                        } else {
                            guard stack.count < XMLReader.maximumDepth else {
                                throw fail("elements nest deeper than \(XMLReader.maximumDepth) levels", at: element.offset)
                            }
                            stack.append(element)
                        }
                    }
                } else {
                    let start = i
                    while i < bytes.count, bytes[i] != UInt8(ascii: "<") { i += 1 }
                    let text = try characterData(start, i)
                    if stack.isEmpty {
                        guard text.allSatisfy(\.isWhitespace) else { throw fail("text outside the root element", at: start) }
                    } else {
                        stack[stack.count - 1].children.append(.text(text))
                    }
                }
            }
            try misc()
            guard i == bytes.count else { throw fail("content after the root element </\(root?.name ?? "")>") }
            return root!
        }

        /// A name: up to space, `/`, `>`, `=` or a quote.
        mutating func name() throws(Failure) -> String {
            let start = i
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == UInt8(ascii: "/") || b == UInt8(ascii: ">")
                    || b == UInt8(ascii: "=") || b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") || b == UInt8(ascii: "<") { break }
                i += 1
            }
            guard i > start else { throw fail(i < bytes.count ? "expected a name" : "the file ends where a name was expected") }
            return try decoded(start, i)
        }

        mutating func startTag() throws(Failure) -> (Element, Bool) {
            let offset = i
            i += 1
            let name = try self.name()
            var element = Element(name: name, attributes: [], children: [], offset: offset)
            while true {
                let before = i
                skipSpace()
                guard i < bytes.count else { throw fail("the file ends inside the start tag <\(name)>", at: offset) }
                if bytes[i] == UInt8(ascii: ">") { i += 1; return (element, false) }
                if starts(with: "/>") { i += 2; return (element, true) }
                guard i > before else { throw fail("expected a space, '>' or '/>' in <\(name)>") }
                let attributeOffset = i
                let attribute = try self.name()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw fail("expected '=' after attribute '\(attribute)'") }
                i += 1
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                    throw fail("expected a quoted value for attribute '\(attribute)'")
                }
                let quote = bytes[i]
                i += 1
                let start = i
                while i < bytes.count, bytes[i] != quote {
                    if bytes[i] == UInt8(ascii: "<") { throw fail("'<' in the value of attribute '\(attribute)'") }
                    i += 1
                }
                guard i < bytes.count else { throw fail("unterminated value of attribute '\(attribute)'", at: start - 1) }
                var value = try characterData(start, i)
                i += 1
                // Attribute-value normalisation: literal white space is a space (references were kept).
                value = String(value.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
                guard !element.attributes.contains(where: { $0.name == attribute }) else {
                    throw fail("attribute '\(attribute)' appears twice in <\(name)>", at: attributeOffset)
                }
                element.attributes.append((attribute, value, attributeOffset))
            }
        }

        /// Bytes `start..<end` as UTF-8, failing at the first invalid sequence.
        func decoded(_ start: Int, _ end: Int) throws(Failure) -> String {
            var scalars = String.UnicodeScalarView()
            var iterator = bytes[start..<end].makeIterator()
            var decoder = UTF8()
            var consumed = start
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let s):
                    guard XMLText.isAllowed(s) else {
                        throw fail("character U+\(String(s.value, radix: 16, uppercase: true).leftPadded(to: 4)) is not allowed in XML", at: consumed)
                    }
                    scalars.append(s)
                    consumed += UTF8.width(s)
                case .emptyInput:
                    return String(scalars)
                case .error:
                    throw fail("invalid UTF-8", at: consumed)
                }
            }
        }

        /// Text with references resolved and line ends normalised (CR LF and CR to LF).
        func characterData(_ start: Int, _ end: Int) throws(Failure) -> String {
            let raw = try decoded(start, end)
            guard raw.contains("&") || raw.contains("\r") || raw.contains("\r\n") else { return raw }
            var out = String.UnicodeScalarView()
            let scalars = Array(raw.unicodeScalars)
            var k = 0
            var offset = start
            while k < scalars.count {
                let s = scalars[k]
                if s == "\r" {
                    out.append("\n")
                    if k + 1 < scalars.count, scalars[k + 1] == "\n" { k += 1; offset += 1 }
                    k += 1
                    offset += 1
                    continue
                }
                guard s == "&" else {
                    out.append(s)
                    offset += UTF8.width(s)
                    k += 1
                    continue
                }
                var j = k + 1
                while j < scalars.count, scalars[j] != ";", j - k < 12 { j += 1 }
                guard j < scalars.count, scalars[j] == ";" else { throw fail("'&' that starts no reference (write &amp;)", at: offset) }
                let name = String(String.UnicodeScalarView(scalars[(k + 1)..<j]))
                let resolved: Unicode.Scalar?
                switch name {
                case "amp": resolved = "&"
                case "lt": resolved = "<"
                case "gt": resolved = ">"
                case "quot": resolved = "\""
                case "apos": resolved = "'"
                default:
                    if name.hasPrefix("#x"), let v = UInt32(name.dropFirst(2), radix: 16) {
                        resolved = Unicode.Scalar(v)
                    } else if name.hasPrefix("#"), name.count > 1, name.dropFirst().allSatisfy(\.isASCII),
                              let v = UInt32(name.dropFirst(), radix: 10) {
                        resolved = Unicode.Scalar(v)
                    } else {
                        throw fail("unknown entity '&\(name);' (XLIFF uses &amp; &lt; &gt; &quot; &apos; and &#N;)", at: offset)
                    }
                }
                guard let scalar = resolved, XMLText.isAllowed(scalar) else {
                    throw fail("'&\(name);' names no character XML allows", at: offset)
                }
                out.append(scalar)
                for c in scalars[k...j] { offset += UTF8.width(c) }
                k = j + 1
            }
            return String(out)
        }
    }
}
