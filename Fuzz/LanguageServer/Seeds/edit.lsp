Content-Length: 262

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips","version":2},"contentChanges":[{"range":{"start":{"line":3,"character":10},"end":{"line":3,"character":12}},"text":"é😀\n"}]}}Content-Length: 174

{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips"},"position":{"line":4,"character":4}}}Content-Length: 217

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips","version":3},"contentChanges":[{"text":"tip T {\n  title \"t\"\n  rule count(\n"}]}}Content-Length: 180

{"jsonrpc":"2.0","id":2,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips"},"position":{"line":2,"character":13}}}