Content-Length: 218

{"jsonrpc":"2.0","id":1,"method":"textDocument/references","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips"},"position":{"line":8,"character":38},"context":{"includeDeclaration":true}}}Content-Length: 186

{"jsonrpc":"2.0","id":2,"method":"textDocument/documentHighlight","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips"},"position":{"line":2,"character":6}}}