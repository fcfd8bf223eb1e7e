import TipsSource

extension ParserState {
    /// `experiment NAME { experiment-item }`; the word `experiment` is consumed.
    mutating func parseExperiment(_ word: Token) throws(ParseAbort) -> ExperimentSyntax {
        let name = try expectIdentifier("expected the experiment's name after 'experiment'",
                                        notes: [Note("for example experiment shorterCopy { holdout 10% variant short 90% { title \"...\" } }")])
        let open = try expect(.leftBrace, "expected '{' after the experiment's name")
        try enter()
        let outer = block
        block = .experiment
        defer {
            depth -= 1
            block = outer
        }
        var members: [ExperimentSyntax.Member] = []
        while let item = nextItem(.experiment, open: open, owner: "experiment '\(name.name)'") {
            do {
                let start = item.range.start
                switch text(item) {
                case "salt":
                    let value = try expectString("expected a string after 'salt'")
                    members.append(.salt(value, range: range(from: start)))
                case "holdout":
                    let share = parseShare()
                    if share == nil {
                        throw fail("expected a share after 'holdout'", notes: [Note("for example holdout 10%")])
                    }
                    members.append(.holdout(share, range: range(from: start)))
                default:  // variant
                    members.append(.variant(try parseVariant(item)))
                }
            } catch {
                synchronize(.experiment)
            }
        }
        return ExperimentSyntax(name: name, members: members, range: range(from: word.range.start))
    }

    /// `variant NAME [SHARE] { tip-item }`; the word is consumed.
    private mutating func parseVariant(_ word: Token) throws(ParseAbort) -> VariantSyntax {
        let name = try expectIdentifier("expected the variant's name after 'variant'")
        let share = parseShare()
        let open = try expect(.leftBrace, share == nil ? "expected a share (e.g. 45%) or '{' after the variant's name"
                                                       : "expected '{' after the variant's share")
        try enter()
        let outer = block
        block = .variant
        defer {
            depth -= 1
            block = outer
        }
        var items: [TipItemSyntax] = []
        while let item = nextItem(.variant, open: open, owner: "variant '\(name.name)'") {
            do {
                items.append(try parseTipItem(item))
            } catch {
                synchronize(.variant)
            }
        }
        return VariantSyntax(name: name, share: share, items: items, range: range(from: word.range.start))
    }

    /// `45%`, `12.5%` or `0.45`, if a number is next.
    private mutating func parseShare() -> ShareSyntax? {
        guard current.kind == .integer || current.kind == .double else { return nil }
        let number = advance()
        var r = number.range
        var percent = false
        // The `%` belongs to the share even on the next line (a reflowed file), since nothing
        // else in an experiment starts with one.
        if current.kind == .percent {
            r = r.union(advance().range)
            percent = true
        }
        return ShareSyntax(number: text(number), isPercent: percent, range: r)
    }
}
