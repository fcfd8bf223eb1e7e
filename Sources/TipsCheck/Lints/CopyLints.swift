import TipsSource
import TipsSyntax

/// W100–W104: the words of a tip. HIG and the TipKit guide: titles short, direct and
/// action-oriented; messages one or two sentences.
///
/// A localized text is judged by its `default:` fallback when it has one, and not at all
/// otherwise (the translations are not in the catalog). Interpolated arguments count as no
/// characters, so lengths are lower bounds.
enum CopyLints {
    static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for tip in context.tips {
            for item in tip.items {
                switch item {
                case .title(let text, _):
                    guard let shown = ShownText(text) else { continue }
                    out += emptyText(shown, what: "title")
                    out += titleLength(shown)
                    out += titlePeriod(shown, context: context, what: "title")
                case .message(let text, _, _):
                    guard let shown = ShownText(text) else { continue }
                    out += emptyText(shown, what: "message")
                    out += sentences(shown)
                    out += messageLength(shown)
                case .action(let action):
                    guard let title = action.title, let shown = ShownText(title) else { continue }
                    out += emptyText(shown, what: "action title")
                    out += titlePeriod(shown, context: context, what: "action title")
                default:
                    break
                }
            }
        }
        return out
    }

    /// W100.
    static func emptyText(_ text: ShownText, what: String) -> [Diagnostic] {
        guard !text.interpolated, text.text.allSatisfy(\.isWhitespace) else { return [] }
        return [.warning(.emptyText, "\(what) has no visible text", at: text.range,
                         notes: [Note("the tip would show an empty line; write the text or remove the item")])]
    }

    /// W101.
    static func titleLength(_ text: ShownText) -> [Diagnostic] {
        let length = text.text.count
        guard length > CopyLimits.maxTitleLength else { return [] }
        let atLeast = text.interpolated ? "at least " : ""
        return [.warning(
            .longTitle,
            "title is \(atLeast)\(length) characters long; keep tip titles to \(CopyLimits.maxTitleLength) or fewer",
            at: text.range,
            notes: [Note("titles should be short, direct and action-oriented; move detail to the message")])]
    }

    /// W102.
    static func titlePeriod(_ text: ShownText, context: LintContext, what: String) -> [Diagnostic] {
        let t = text.text
        guard !text.endsInInterpolation, t.hasSuffix("."), !t.hasSuffix("..") else { return [] }
        // The period is the byte just before the closing quote unless it was written as an escape.
        let r = text.range
        var fixIts: [FixIt] = []
        if r.length >= 3 {
            let period = SourceRange(file: r.file, start: r.end - 2, end: r.end - 1)
            if context.text(period) == "." {
                fixIts.append(.replace(period, with: "", message: "remove the period"))
            }
        }
        return [.warning(.titlePeriod, "\(what) ends with a period", at: r,
                         notes: [Note("titles are labels, not sentences: HIG titles have no ending period")],
                         fixIts: fixIts)]
    }

    /// W103.
    static func sentences(_ text: ShownText) -> [Diagnostic] {
        let n = sentenceCount(text.text)
        guard n > CopyLimits.maxSentences else { return [] }
        return [.warning(
            .manySentences,
            "message has \(n) sentences; tips should say it in one or two",
            at: text.range,
            notes: [Note("a tip that needs more explanation belongs in a tutorial or onboarding flow")])]
    }

    /// W104.
    static func messageLength(_ text: ShownText) -> [Diagnostic] {
        let length = text.text.count
        guard length > CopyLimits.maxMessageLength else { return [] }
        let atLeast = text.interpolated ? "at least " : ""
        return [.warning(
            .longMessage,
            "message is \(atLeast)\(length) characters long; keep it to \(CopyLimits.maxMessageLength) or fewer",
            at: text.range,
            notes: [Note("tips are small, transient help; people skim them, and long copy goes unread")])]
    }

    /// The number of sentences: runs of `.`, `!`, `?` or `…` followed by a space or the end
    /// close one, and trailing text without a terminator is one more. A period inside a word
    /// (`3.5`, `e.g.`) does not end a sentence.
    static func sentenceCount(_ text: String) -> Int {
        asciiSentenceCount(text) ?? characterSentenceCount(text)
    }

    /// `sentenceCount` over Characters (any text; the ASCII path must agree with it).
    static func characterSentenceCount(_ text: String) -> Int {
        let chars = Array(text)
        var count = 0
        var hasContent = false
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if isTerminator(c) {
                var j = i
                while j < chars.count, isTerminator(chars[j]) { j += 1 }
                let atBreak = j == chars.count || chars[j].isWhitespace
                if atBreak, hasContent, !isAbbreviation(chars, periodAt: i) {
                    count += 1
                    hasContent = false
                }
                i = j
                continue
            }
            if !c.isWhitespace { hasContent = true }
            i += 1
        }
        return hasContent ? count + 1 : count
    }

    /// `sentenceCount` for ASCII text (most copy), over bytes instead of Characters, whose
    /// grapheme breaking was most of W1xx copy linting's time. Nil for other text. Same
    /// answers: in ASCII the only multi-scalar Character is CR LF, whitespace either way.
    static func asciiSentenceCount(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }
        func isTerminator(_ b: UInt8) -> Bool { b == UInt8(ascii: ".") || b == UInt8(ascii: "!") || b == UInt8(ascii: "?") }
        func isAbbreviation(periodAt index: Int) -> Bool {
            guard bytes[index] == UInt8(ascii: ".") else { return false }
            var k = index - 1
            while k >= 0, !isSpace(bytes[k]) {
                if bytes[k] == UInt8(ascii: ".") { return true }
                k -= 1
            }
            return false
        }
        var count = 0
        var hasContent = false
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if isTerminator(c) {
                var j = i
                while j < bytes.count, isTerminator(bytes[j]) { j += 1 }
                let atBreak = j == bytes.count || isSpace(bytes[j])
                if atBreak, hasContent, !isAbbreviation(periodAt: i) {
                    count += 1
                    hasContent = false
                }
                i = j
                continue
            }
            if !isSpace(c) { hasContent = true }
            i += 1
        }
        return hasContent ? count + 1 : count
    }

    private static func isTerminator(_ c: Character) -> Bool {
        c == "." || c == "!" || c == "?" || c == "…" || c == "。"
    }

    /// `e.g.` and `i.e.`: the word before the final period itself contains a period.
    private static func isAbbreviation(_ chars: [Character], periodAt index: Int) -> Bool {
        guard chars[index] == "." else { return false }
        var k = index - 1
        while k >= 0, !chars[k].isWhitespace {
            if chars[k] == "." { return true }
            k -= 1
        }
        return false
    }
}

/// The text a user sees for a title or message, as far as the catalog knows it.
struct ShownText {
    /// The literal text, interpolations left out.
    var text: String
    /// Whether arguments are interpolated (lengths are then lower bounds).
    var interpolated: Bool
    /// Whether the last segment is an interpolation (the ending is then unknown).
    var endsInInterpolation: Bool
    /// The string literal that holds the text.
    var range: SourceRange

    /// The literal, or a localized text's fallback; `nil` when the text is not in the catalog.
    init?(_ text: TextSyntax) {
        let literal: StringLiteralSyntax
        switch text {
        case .literal(let s): literal = s
        case .localized(let l):
            guard let fallback = l.fallback else { return nil }
            literal = fallback
        }
        let visible = literal.lintVisibleText
        self.text = visible.text
        self.interpolated = visible.interpolated
        if case .interpolation = literal.segments.last { endsInInterpolation = true } else { endsInInterpolation = false }
        self.range = literal.range
    }
}
