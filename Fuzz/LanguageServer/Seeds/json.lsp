Content-Length: 48

{"jsonrpc":"2.0","id":{},"method":"shutdown"}


Content-Length: 182

{"jsonrpc":"2.0","id":"s","method":"textDocument/hover","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips"},"position":{"line":-1,"character":1e+300}}}Content-Length: 61

{"jsonrpc":"2.0","id":1,"method":"x","params":"\ud800\u0000"}Content-Length: 71

{"jsonrpc":"2.0","id":7,"method":"textDocument/unknown","params":[1,2]}