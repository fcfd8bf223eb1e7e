import TipsSource
import TipsSyntax

extension CatalogChecker {
    /// The names of the built-in types, which declarations may not take.
    static let builtinTypeNames = ["Bool", "Int", "Double", "String", "Date", "Duration", "Set"]

    /// Enters every named declaration into the symbol table and reserves its model slot,
    /// so that checking any declaration can refer to any other, in any file. A repeated
    /// name is reported and its declaration set aside, to be checked on its own later.
    mutating func collect(_ files: [FileSyntax]) {
        for file in files {
            for decl in file.declarations {
                switch decl {
                case .config(let d): configDecls.append(d)
                case .testing(let d): testingDecls.append(d)
                case .enumeration(let d):
                    if Self.builtinTypeNames.contains(d.name.name) {
                        error(.builtinTypeRedeclared, "'\(d.name.name)' is a built-in type and cannot be declared", at: d.name.range)
                        continue
                    }
                    if declare(d.name, .enumeration(model.enums.count)) { reserve(d) } else { duplicates.append(decl) }
                case .param(let d):
                    if declare(d.name, .parameter(model.parameters.count)) { reserve(d) } else { duplicates.append(decl) }
                case .event(let d):
                    if declare(d.name, .event(model.events.count)) { reserve(d) } else { duplicates.append(decl) }
                case .tip(let d):
                    if declare(d.name, .tip(model.tips.count)) { reserve(d) } else { duplicates.append(decl) }
                case .group(let d):
                    if declare(d.name, .group(model.groups.count)) { reserve(d) } else { duplicates.append(decl) }
                case .constant(let d):
                    if declare(d.name, .constant(model.constants.count)) { reserve(d) } else { duplicates.append(decl) }
                }
            }
        }
    }

    mutating func reserve(_ d: EnumDeclSyntax) {
        enumDecls.append(d)
        model.enums.append(Enumeration(name: d.name.name, cases: [], range: d.range))
    }

    mutating func reserve(_ d: ParamDeclSyntax) {
        paramDecls.append(d)
        model.parameters.append(Parameter(name: d.name.name, type: .error, defaultValue: .none,
                                          isTransient: d.isTransient, renamedFrom: d.renamedFrom?.name, range: d.range))
    }

    mutating func reserve(_ d: EventDeclSyntax) {
        eventDecls.append(d)
        model.events.append(Event(name: d.name.name, fields: [], limit: Configuration.defaultDonationLimit,
                                  maxAge: nil, renamedFrom: d.renamedFrom?.name, range: d.range))
    }

    mutating func reserve(_ d: TipDeclSyntax) {
        tipDecls.append(d)
        model.tips.append(Tip(
            name: d.name.name, id: .literal(d.name.name, range: d.name.range), arguments: [],
            title: .literal(.literal("", range: d.name.range)), message: nil, image: nil,
            imageRange: nil, actions: [], rules: [], invalidations: [], options: TipOptions(),
            group: nil, range: d.range, nameRange: d.name.range))
    }

    mutating func reserve(_ d: GroupDeclSyntax) {
        groupDecls.append(d)
        model.groups.append(Group(name: d.name.name, priority: .firstAvailable, members: [],
                                  memberRanges: [], range: d.range))
    }

    /// Checks the body of each declaration whose name was already taken, in a scratch copy
    /// of the checker, so mistakes inside it are not hidden behind the duplicate-name error.
    /// Groups are left out: a copied group would only repeat "already in a group" errors.
    mutating func checkDuplicateBodies() {
        for decl in duplicates {
            var scratch = self
            scratch.diagnostics = []
            switch decl {
            case .enumeration(let d):
                scratch.reserve(d)
                scratch.checkEnum(scratch.enumDecls.count - 1)
            case .param(let d):
                scratch.reserve(d)
                let index = scratch.paramDecls.count - 1
                scratch.model.parameters[index].type = scratch.resolveType(d.type)
                scratch.checkParameterDefault(index)
            case .event(let d):
                scratch.reserve(d)
                scratch.checkEvent(scratch.eventDecls.count - 1)
            case .tip(let d):
                scratch.reserve(d)
                scratch.checkTip(scratch.tipDecls.count - 1)
            case .group, .config, .testing, .constant:
                continue
            }
            diagnostics += scratch.diagnostics
        }
    }

    /// Declares `id`, or reports it as a duplicate (pointing at the first) and returns false.
    private mutating func declare(_ id: Identifier, _ symbol: Symbol) -> Bool {
        if let first = symbols[id.name] {
            error(.duplicateDeclaration, "'\(id.name)' is already declared", at: id.range,
                  notes: [Note("first declared here as \(first.symbol.kindDescription)", at: first.range)])
            return false
        }
        symbols[id.name] = SymbolEntry(symbol: symbol, range: id.range)
        return true
    }
}
