Content-Length: 147

{"jsonrpc":"2.0","id":1,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips"}}}Content-Length: 77

{"jsonrpc":"2.0","id":2,"method":"workspace/symbol","params":{"query":"Tip"}}Content-Length: 152

{"jsonrpc":"2.0","id":3,"method":"textDocument/semanticTokens/full","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips"}}}