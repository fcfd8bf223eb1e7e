import TipsSource

/// Reads String Catalogs: not yet (they need the JSON parser landing in TipsText); until then
/// every `.xcstrings` file is E600.
public enum StringCatalogReader {
    public static func read(_ file: SourceFile) throws(UnreadableTranslationFile) -> Translations {
        throw UnreadableTranslationFile(.error(.unreadableTranslations, "String Catalogs are not read yet", at: .point(file.id, 0)))
    }
}
