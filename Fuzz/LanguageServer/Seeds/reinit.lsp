Content-Length: 215

{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file:///tmp/tips-fuzz-lsp","capabilities":{"general":{"positionEncodings":["utf-8"]},"workspace":{"workspaceEdit":{"changeAnnotationSupport":{}}}}}}Content-Length: 191

{"jsonrpc":"2.0","id":2,"method":"textDocument/rename","params":{"textDocument":{"uri":"file:///tmp/tips-fuzz-lsp/notes-app/editor.tips"},"position":{"line":8,"character":38},"newName":"x1"}}