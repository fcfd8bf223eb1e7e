-- Drives `tipc lsp` from Neovim's built-in LSP client, headless, configured by exactly the
-- init.lua of Docs/editors.md (extracted by check-lsp-editors.sh; Neovim 0.7 API, so
-- Debian's package works):
--   PATH=<tipc's folder>:$PATH TIPS_WORKSPACE=... nvim --headless -n -u init.lua -c "luafile nvim-check.lua"
-- TIPS_WORKSPACE holds a scratch copy of notes-app in a folder without .git or
-- Package.swift; nothing is saved. Each check prints one line; the exit status is the
-- number of failed checks.

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

local function tipc_client(buf)
  for _, c in pairs(vim.lsp.buf_get_clients(buf)) do
    if c.name == "tipc" then return c end
  end
  return nil
end

local function main()
vim.cmd("edit " .. workspace .. "/notes-app/editor.tips")
local buf = vim.api.nvim_get_current_buf()
local exit_code
check("the documented init.lua starts the server", vim.wait(10000, function() return tipc_client(buf) ~= nil end),
  vim.bo[buf].filetype)
local client = tipc_client(buf) or { id = -1 }
local id = client.id
client.config = client.config or {}
client.config.on_exit = function(code) exit_code = code end
check("initialize", vim.wait(10000, function()
  return client.server_capabilities ~= nil and client.server_capabilities.hoverProvider == true
end))
check("the project is the catalog (no .git, no Package.swift)", client.config.root_dir == workspace .. "/notes-app",
  client.config.root_dir)

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

-- A scenario test (before the renames below, which leave scenarios as they are): the same
-- server runs it against the catalog and completes its steps.
vim.cmd("edit " .. workspace .. "/notes-app/onboarding.scenario")
local sbuf = vim.api.nvim_get_current_buf()
check("scenario file served by the same server", vim.wait(10000, function()
  local c = tipc_client(sbuf)
  return c ~= nil and c.id == id
end), vim.bo[sbuf].filetype)
vim.api.nvim_buf_set_lines(sbuf, 4, 5, false, { "expect WelcomeTip pending" })
check("scenario diagnostics as you type", vim.wait(15000, function()
  for _, d in ipairs(vim.diagnostic.get(sbuf)) do
    if d.lnum == 4 and tostring(d.code) == "S200" then return true end
  end
  return false
end))
vim.api.nvim_buf_set_lines(sbuf, 4, 5, false, { "expect WelcomeTip available" })
check("scenario diagnostics cleared", vim.wait(15000, function() return #vim.diagnostic.get(sbuf) == 0 end))
-- In normal mode the cursor cannot sit after a trailing space: complete at the start of a word.
vim.api.nvim_buf_set_lines(sbuf, 5, 5, false, { "donate noteCreated" })
vim.wait(500)  -- Neovim 0.7 sends changes after a 150 ms debounce
vim.api.nvim_win_set_cursor(0, { 6, 7 })
local sparams = vim.lsp.util.make_position_params()
local sanswers = vim.lsp.buf_request_sync(sbuf, "textDocument/completion", sparams, 5000) or {}
local slabels = {}
for _, item in ipairs(((sanswers[id] or {}).result or {}).items or {}) do slabels[item.label] = true end
local scount = 0
for _ in pairs(slabels) do scount = scount + 1 end
check("scenario completion of events", slabels["manualSave"] and slabels["noteCreated"] and not slabels["WelcomeTip"],
  scount .. " items; line: " .. (vim.api.nvim_buf_get_lines(sbuf, 5, 6, false)[1] or "") .. "; " .. vim.inspect(sanswers[id] and sanswers[id].err))
vim.api.nvim_buf_set_lines(sbuf, 5, 6, false, {})
vim.cmd("buffer " .. buf)

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
