import TipsSource
import TipsSyntax

extension CatalogChecker {
    /// The names of the built-in types, which declarations may not take.
    static let builtinTypeNames = ["Bool", "Int", "Double", "String", "Date", "Duration", "Set"]

    /// Enters every named declaration into the symbol table and reserves its model slot,
    /// so that checking any declaration can refer to any other, in any file.
    mutating func collect(_ files: [FileSyntax]) {
        for file in files {
            for decl in file.declarations {
                switch decl {
                case .config(let d): configDecls.append(d)
                case .testing(let d): testingDecls.append(d)
                case .enumeration(let d):
                    if Self.builtinTypeNames.contains(d.name.name) {
                        error("E212", "'\(d.name.name)' is a built-in type and cannot be declared", at: d.name.range)
                        continue
                    }
                    guard declare(d.name, .enumeration(model.enums.count)) else { continue }
                    enumDecls.append(d)
                    model.enums.append(Enumeration(name: d.name.name, cases: [], range: d.range))
                case .param(let d):
                    guard declare(d.name, .parameter(model.parameters.count)) else { continue }
                    paramDecls.append(d)
                    model.parameters.append(Parameter(name: d.name.name, type: .error, defaultValue: .none,
                                                      isTransient: d.isTransient, range: d.range))
                case .event(let d):
                    guard declare(d.name, .event(model.events.count)) else { continue }
                    eventDecls.append(d)
                    model.events.append(Event(name: d.name.name, fields: [], limit: Configuration.defaultDonationLimit,
                                              maxAge: nil, range: d.range))
                case .tip(let d):
                    guard declare(d.name, .tip(model.tips.count)) else { continue }
                    tipDecls.append(d)
                    model.tips.append(Tip(
                        name: d.name.name, id: .literal(d.name.name, range: d.name.range), arguments: [],
                        title: .literal(.literal("", range: d.name.range)), message: nil, image: nil,
                        imageRange: nil, actions: [], rules: [], invalidations: [], options: TipOptions(),
                        group: nil, range: d.range, nameRange: d.name.range))
                case .group(let d):
                    guard declare(d.name, .group(model.groups.count)) else { continue }
                    groupDecls.append(d)
                    model.groups.append(Group(name: d.name.name, priority: .firstAvailable, members: [],
                                              memberRanges: [], range: d.range))
                }
            }
        }
    }

    /// Declares `id`, or reports it as a duplicate (pointing at the first) and returns false.
    private mutating func declare(_ id: Identifier, _ symbol: Symbol) -> Bool {
        if let first = symbols[id.name] {
            error("E200", "'\(id.name)' is already declared", at: id.range,
                  notes: [Note("first declared here as \(first.symbol.kindDescription)", at: first.range)])
            return false
        }
        symbols[id.name] = SymbolEntry(symbol: symbol, range: id.range)
        return true
    }
}
