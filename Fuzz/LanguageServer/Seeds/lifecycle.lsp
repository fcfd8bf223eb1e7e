Content-Length: 133

{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips"}}}Content-Length: 134

{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips"}}}Content-Length: 84

{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[]}}Content-Length: 193

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/params.tips","languageId":"tips","version":1,"text":"param p: Int = 1\n"}}}Content-Length: 155

{"jsonrpc":"2.0","method":"workspace/didChangeWorkspaceFolders","params":{"event":{"added":[{"uri":"file:///tmp/tips-fuzz-lsp","name":"t"}],"removed":[]}}}Content-Length: 44

{"jsonrpc":"2.0","id":1,"method":"shutdown"}Content-Length: 174

{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips"},"position":{"line":0,"character":0}}}Content-Length: 33

{"jsonrpc":"2.0","method":"exit"}