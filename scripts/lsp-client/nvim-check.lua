-- Drives `tipc lsp` from Neovim's built-in LSP client, headless (Neovim 0.7 API, so
-- Debian's package works):
--   TIPC=... TIPS_WORKSPACE=... nvim --headless -u NONE -c "luafile nvim-check.lua"
-- TIPS_WORKSPACE holds a scratch copy of notes-app; nothing is saved. Each check prints
-- one line; the exit status is the number of failed checks.

local tipc = os.getenv("TIPC")
local workspace = os.getenv("TIPS_WORKSPACE")
local failures = 0
local notes = {}

local function check(name, ok, detail)
  io.stdout:write(string.format("nvim: %s %s%s\n", ok and "ok  " or "FAIL", name,
    detail and (" (" .. tostring(detail) .. ")") or ""))
  if not ok then failures = failures + 1 end
end

-- Messages the client shows the user (rename refusals end up here).
vim.notify = function(message) table.insert(notes, message) end

local function main()
vim.cmd("edit " .. workspace .. "/notes-app/editor.tips")
local buf = vim.api.nvim_get_current_buf()
local exit_code
local id = vim.lsp.start_client({
  name = "tipc",
  cmd = { tipc, "lsp" },
  root_dir = workspace,
  on_exit = function(code) exit_code = code end,
})
vim.lsp.buf_attach_client(buf, id)
local client = vim.lsp.get_client_by_id(id)
check("initialize", vim.wait(10000, function()
  return client.server_capabilities ~= nil and client.server_capabilities.hoverProvider == true
end))

local function line(n) return vim.api.nvim_buf_get_lines(buf, n, n + 1, false)[1] or "" end
local function request(method, row, col, extra)
  vim.api.nvim_win_set_cursor(0, { row + 1, col })
  local params = vim.lsp.util.make_position_params()
  for k, v in pairs(extra or {}) do params[k] = v end
  local answers = vim.lsp.buf_request_sync(buf, method, params, 5000) or {}
  local answer = answers[id] or {}
  return answer.result, answer.err
end

-- Diagnostics as you type: misspell the parameter on line 9, then undo it.
vim.api.nvim_buf_set_text(buf, 8, 10, 8, 13, { "haz" })
check("diagnostics as you type", vim.wait(10000, function()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.message:find("hazCreatedFirstNote", 1, true) then return true end
  end
  return false
end))
vim.api.nvim_buf_set_text(buf, 8, 10, 8, 13, { "has" })
check("diagnostics cleared", vim.wait(10000, function() return #vim.diagnostic.get(buf) == 0 end))

local hover = request("textDocument/hover", 8, 12)
check("hover", hover and hover.contents and hover.contents.value:find("param hasCreatedFirstNote: Bool", 1, true))

local definition = request("textDocument/definition", 8, 12)
check("definition across files", definition and definition[1] and definition[1].uri:find("params.tips", 1, true),
  definition and definition[1] and definition[1].uri)

local references = request("textDocument/references", 8, 12, { context = { includeDeclaration = true } })
check("references", references and #references >= 2, references and #references)

local completion = request("textDocument/completion", 20, 15)
local labels = {}
for _, item in ipairs((completion and completion.items) or {}) do labels[item.label] = true end
check("completion of events", labels["manualSave"] and labels["noteCreated"])

local symbols = request("textDocument/documentSymbol", 0, 0)
check("outline", symbols and symbols[1] and symbols[1].name == "WelcomeTip")

-- Rename a tip without an id: both files change and `renamedFrom WelcomeTip` keeps its state.
vim.api.nvim_win_set_cursor(0, { 3, 6 })
vim.lsp.buf.rename("HelloTip")
check("rename declares the tip's old name", vim.wait(10000, function()
  return line(2) == "tip HelloTip renamedFrom WelcomeTip {"
end), line(2))
local groups = vim.fn.bufnr(workspace .. "/notes-app/groups.tips")
check("rename reaches other files", groups > 0 and table.concat(vim.api.nvim_buf_get_lines(groups, 0, -1, false), "\n"):find("HelloTip", 1, true))

-- Renaming the event declares `renamedFrom manualSave` on it, in events.tips, so journals carry over.
local row = nil
for i = 0, vim.api.nvim_buf_line_count(buf) - 1 do
  if line(i):find("count(manualSave", 1, true) then row = i break end
end
vim.api.nvim_win_set_cursor(0, { row + 1, (line(row):find("manualSave", 1, true)) })
vim.lsp.buf.rename("quickSave")
local events = nil
check("persisted event renamed with renamedFrom", vim.wait(10000, function()
  events = vim.fn.bufnr(workspace .. "/notes-app/events.tips")
  return line(row):find("count(quickSave", 1, true) ~= nil and events > 0
    and table.concat(vim.api.nvim_buf_get_lines(events, 0, -1, false), "\n"):find("event quickSave limit 100 maxAge 14d renamedFrom manualSave", 1, true) ~= nil
end), line(row))

-- Renaming a payload field is refused with the reason (Neovim cannot ask for confirmation).
for i = 0, vim.api.nvim_buf_line_count(buf) - 1 do
  if line(i):find("wordsAdded >= 200", 1, true) then row = i break end
end
vim.api.nvim_win_set_cursor(0, { row + 1, (line(row):find("wordsAdded", 1, true)) })
vim.lsp.buf.rename("addedWords")
check("payload field not renamed", vim.wait(5000, function()
  for _, n in ipairs(notes) do if tostring(n):find("journals", 1, true) then return true end end
  return false
end) and line(row):find("wordsAdded", 1, true) ~= nil, notes[#notes])

-- Formatting restores the canonical layout.
for i = 0, vim.api.nvim_buf_line_count(buf) - 1 do
  if line(i) == "    maxDisplayCount 2" then
    vim.api.nvim_buf_set_lines(buf, i, i + 1, false, { "    maxDisplayCount     2" })
    break
  end
end
vim.lsp.buf.formatting_sync(nil, 5000)
local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
check("formatting", text:find("maxDisplayCount     2", 1, true) == nil and text:find("maxDisplayCount 2", 1, true) ~= nil)

vim.lsp.stop_client(id)
check("shutdown and exit with status 0", vim.wait(5000, function() return exit_code ~= nil end) and exit_code == 0, exit_code)

end

-- Any Lua error counts as a failure and still ends Neovim (never a hang in CI).
local ok, err = pcall(main)
if not ok then check("script ran to the end", false, err) end
for _, b in ipairs(vim.api.nvim_list_bufs()) do vim.bo[b].modified = false end
vim.cmd(failures == 0 and "qall!" or ("cquit " .. failures))
