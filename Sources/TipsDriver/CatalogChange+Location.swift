import TipsSource

extension CatalogChange {
    /// Where this change's declaration is in `sources`: the name after its keyword (`tip`,
    /// `event`, `param`, `enum`, `group`; `displayFrequency` in `config`), or nil.
    public func location(in sources: SourceSet) -> DiffLocation? {
        DiffLocation.declaration(of: kind, named: name, in: sources)
    }
}

extension DiffLocation {
    /// Where the declaration of `name`, a `kind` (`tip`, `event`, `param`, `enum`, `group`;
    /// `displayFrequency` in `config`), is in `sources`: the name after its keyword, or nil.
    /// What `tipc diff` and the app check of `tipc publish` point at.
    public static func declaration(of kind: CatalogChange.Kind, named name: String, in sources: SourceSet) -> DiffLocation? {
        let keyword: String
        switch kind {
        case .tip: keyword = "tip"
        case .event: keyword = "event"
        case .param: keyword = "param"
        case .enum: keyword = "enum"
        case .group: keyword = "group"
        case .config: keyword = ""
        }
        for file in sources.files {
            for index in file.lineStarts.indices {
                let line = Array(file.lineText(index).unicodeScalars)
                var words: [(start: Int, text: String)] = []
                var i = 0
                // The first three words of the line: enough for `transient param name`.
                while i < line.count, words.count < 3 {
                    while i < line.count, line[i] == " " || line[i] == "\t" { i += 1 }
                    let start = i
                    while i < line.count, line[i].properties.isAlphabetic || line[i] == "_"
                        || ("0"..."9").contains(line[i]) { i += 1 }
                    if i == start { break }
                    words.append((start, String(String.UnicodeScalarView(line[start..<i]))))
                }
                var target: (start: Int, text: String)?
                if keyword.isEmpty {
                    if words.first?.text == name { target = words.first }
                } else if let k = words.firstIndex(where: { $0.text == keyword }), k + 1 < words.count,
                          k == 0 || (k == 1 && words[0].text == "transient"), words[k + 1].text == name {
                    target = words[k + 1]
                }
                if let target {
                    return DiffLocation(path: file.path, line: index + 1, column: target.start + 1,
                                        endColumn: target.start + 1 + target.text.unicodeScalars.count)
                }
            }
        }
        return nil
    }
}
