Content-Length: abc

{"jsonrpc":"2.0","id":5,"method":"shutdown"}Content-Length: 175

{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips"},"position":{"line":8,"character":20}}}Content-Type: x

Content-Length: 80

{}Content-Length: 147

{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips"}}}content-length: 3

[1]Content-Length: 174

{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips"},"position":{"line":1,"character":1}}}