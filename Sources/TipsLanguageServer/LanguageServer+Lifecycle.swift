import TipsText

extension LanguageServer {
    /// The server's name and version in `initialize`'s answer.
    public static let serverName = "tipc lsp"

    /// The semantic token types, in legend order.
    static let tokenTypes = ["keyword", "type", "enumMember", "variable", "event", "class", "namespace",
                             "property", "parameter", "string", "number", "comment", "operator", "function"]
    static let tokenModifiers = ["declaration", "readonly"]

    mutating func initialize(_ params: JSON) throws(RPCError) -> JSON {
        guard case .object = params else { throw .invalidParams("'initialize' needs an object of parameters") }
        var roots: [String] = []
        if let folders = params["workspaceFolders"]?.array {
            roots = folders.compactMap { $0["uri"]?.string.flatMap(DocumentURI.path(of:)) }
        }
        if roots.isEmpty, let uri = params["rootUri"]?.string, let path = DocumentURI.path(of: uri) { roots = [path] }
        if roots.isEmpty, let path = params["rootPath"]?.string, path.hasPrefix("/") { roots = [path] }
        workspace.roots = roots.map(CatalogFiles.normalized)

        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = offered.contains("utf-8") ? .utf8 : .utf16
        clientConfirmsAnnotatedEdits = params["capabilities"]?["workspace"]?["workspaceEdit"]?["changeAnnotationSupport"] != nil
        clientRegistersFileWatchers =
            params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool == true
        state = .running

        let capabilities = JSON.object([
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": .object(["openClose": true, "change": 2, "save": .object(["includeText": false])]),
            "definitionProvider": true,
            "referencesProvider": true,
            "hoverProvider": true,
            "documentHighlightProvider": true,
            "completionProvider": .object(["triggerCharacters": [".", "(", " "], "resolveProvider": false]),
            "documentSymbolProvider": true,
            "workspaceSymbolProvider": true,
            "documentFormattingProvider": true,
            "codeActionProvider": .object(["codeActionKinds": ["quickfix"]]),
            "renameProvider": .object(["prepareProvider": true]),
            "semanticTokensProvider": .object([
                "legend": .object(["tokenTypes": .array(Self.tokenTypes.map(JSON.string)),
                                   "tokenModifiers": .array(Self.tokenModifiers.map(JSON.string))]),
                "full": true,
            ]),
            "workspace": .object(["workspaceFolders": .object(["supported": true, "changeNotifications": true])]),
        ])
        return .object(["capabilities": capabilities,
                        "serverInfo": .object(["name": .string(Self.serverName)])])
    }

    /// Asks the client to report changes of `.tips` files made outside the editor (a git
    /// checkout, `tipc fmt --write`), so catalogs are re-read; the answer needs no handling.
    mutating func watchTipsFiles() {
        guard clientRegistersFileWatchers else { return }
        send(.object([
            "jsonrpc": "2.0", "id": "watch-tips-files", "method": "client/registerCapability",
            "params": .object(["registrations": [.object([
                "id": "tips-files", "method": "workspace/didChangeWatchedFiles",
                "registerOptions": .object(["watchers": [.object(["globPattern": "**/*.tips"]), .object(["globPattern": "**/*.xcstrings"])]]),
            ])]]),
        ]))
    }

    mutating func didChangeWorkspaceFolders(_ params: JSON) throws(RPCError) {
        let event = try params.required("event")
        let added = event["added"]?.array?.compactMap { $0["uri"]?.string.flatMap(DocumentURI.path(of:)) } ?? []
        let removed = Set(event["removed"]?.array?.compactMap { $0["uri"]?.string.flatMap(DocumentURI.path(of:)) } ?? [])
        workspace.roots = (workspace.roots.filter { !removed.contains($0) } + added).map(CatalogFiles.normalized)
        // Catalog membership may change for every file: start again from the documents.
        let catalogs = workspace.catalogs
        workspace.catalogs = [:]
        workspace.forgetCatalogKeys()
        for catalog in catalogs.values { for uri in catalog.publishedURIs { clearDiagnostics(uri) } }
        for uri in workspace.documents.keys { workspace.invalidate(uri: uri) }
    }
}
