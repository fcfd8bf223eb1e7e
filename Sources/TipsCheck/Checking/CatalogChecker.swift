import TipsSource
import TipsSyntax

/// Checks the parsed files of one catalog and builds its ``CatalogModel``.
///
/// Passes run in dependency order: names first (so any declaration may use any other, in
/// any file), then enumerations, configuration, types of parameters and payloads, then
/// parameter defaults, tips, groups, testing overrides and tip ids. Each declaration is
/// checked on its own: an error leaves an error-typed hole that later checks stay silent
/// about, so one mistake yields one diagnostic.
struct CatalogChecker {
    let sources: SourceSet
    var diagnostics: [Diagnostic] = []
    var model = CatalogModel()
    /// Every top-level name; the first declaration wins.
    var symbols: [String: SymbolEntry] = [:]

    // The syntax of each declaration, parallel to the model arrays.
    var enumDecls: [EnumDeclSyntax] = []
    var paramDecls: [ParamDeclSyntax] = []
    var eventDecls: [EventDeclSyntax] = []
    var tipDecls: [TipDeclSyntax] = []
    var groupDecls: [GroupDeclSyntax] = []
    var configDecls: [ConfigDeclSyntax] = []
    var testingDecls: [TestingDeclSyntax] = []
    var constantDecls: [ConstantDeclSyntax] = []
    /// Which constants are being or have been checked (see CatalogChecker+NamedConstants).
    var constantProgress: [Int: ConstantProgress] = [:]
    /// Declarations whose name was already taken: reported, kept out of the model.
    var duplicates: [DeclSyntax] = []

    /// The arguments of the tip being checked, so messages can say a name is an argument.
    var currentTipArguments: [TipArgument] = []
    /// Whether a bare name may read one of `currentTipArguments` (inside a tip's rules).
    var argumentReadsAllowed = false
    /// Whether `platform` may be compared with a platform in an expression (a rule's);
    /// a `when` condition splits its platform tests off before typing the rest.
    var platformReadsAllowed = false
    /// Tips checked by an earlier run that this one may take as they were (``IncrementalChecker``).
    var tipReuse = TipReuse()

    init(sources: SourceSet) {
        self.sources = sources
    }

    /// Runs every pass and returns the model.
    mutating func run(_ files: [FileSyntax]) -> CatalogModel {
        collect(files)
        checkEnums()
        checkConfig()
        resolveParameterTypes()
        checkConstants()
        checkDisplayBudgets()
        checkEvents()
        checkParameterDefaults()
        checkTips()
        checkGroups()
        checkTesting()
        checkTipIDs()
        checkDuplicateBodies()
        checkRenames()
        checkKeys()
        currentTipArguments = []
        return model
    }
}
