-- Headless Neovim (0.7 API: vim.lsp.start_client, vim.lsp.buf_attach_client) opens a
-- script, attaches `wave lsp`, waits for the diagnostics it publishes and writes them as
-- JSON to $WAVE_NVIM_OUT. Paths come from the environment.
local wave = os.getenv("WAVE_BIN")
local file = os.getenv("WAVE_NVIM_FILE")
local out = os.getenv("WAVE_NVIM_OUT")

local function finish(result)
  local f = assert(io.open(out, "w"))
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd("qall!")
end

local client_id = vim.lsp.start_client({
  name = "wave",
  cmd = { wave, "lsp" },
  root_dir = vim.fn.fnamemodify(file, ":h"),
})
if not client_id then
  finish({ error = "the client did not start" })
  return
end
vim.cmd("edit " .. vim.fn.fnameescape(file))
vim.bo.filetype = "wave"
vim.lsp.buf_attach_client(0, client_id)

local arrived = vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 20)
local list = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = (d.user_data or {}).lsp or {}
  table.insert(list, {
    lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
    severity = d.severity, message = d.message, code = d.code or lsp.code, source = d.source,
  })
end
local client = vim.lsp.get_client_by_id(client_id)
finish({ arrived = arrived, diagnostics = list, encoding = client and client.offset_encoding or "" })
