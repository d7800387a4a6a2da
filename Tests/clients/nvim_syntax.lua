-- Headless Neovim with editors/vim on its runtimepath (as docs/editors.md installs it)
-- opens $WAVE_NVIM_FILE and writes, as JSON to $WAVE_NVIM_OUT: the filetype, the
-- ftplugin's settings, any error message, and for each line the syntax group at each
-- character ("waveKeyword", "" for none).
local file = os.getenv("WAVE_NVIM_FILE")
local out = os.getenv("WAVE_NVIM_OUT")
vim.opt.runtimepath:prepend(os.getenv("WAVE_VIM_DIR"))
vim.cmd("filetype plugin on")
vim.cmd("syntax on")
vim.v.errmsg = ""
vim.cmd("edit " .. vim.fn.fnameescape(file))
local groups = {}
for l = 1, vim.fn.line("$") do
  local row = {}
  local text = vim.fn.getline(l)
  for c = 1, #text do
    row[c] = vim.fn.synIDattr(vim.fn.synID(l, c, 1), "name")
  end
  groups[l] = row
end
local f = assert(io.open(out, "w"))
f:write(vim.fn.json_encode({
  filetype = vim.bo.filetype,
  syntax = vim.b.current_syntax or "",
  commentstring = vim.bo.commentstring,
  iskeyword = vim.bo.iskeyword,
  errmsg = vim.v.errmsg,
  groups = groups,
}))
f:close()
vim.cmd("qall!")
