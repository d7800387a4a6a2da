" wave scene scripts: comments, words with '-', and `wave fmt` as the formatter.
if exists('b:did_ftplugin')
  finish
endif
let b:did_ftplugin = 1

setlocal commentstring=#\ %s
setlocal comments=:#,://
setlocal iskeyword+=-
setlocal expandtab shiftwidth=2 softtabstop=2
" gq formats the buffer's lines through `wave fmt -` (canonical layout, comments kept).
if executable('wave')
  setlocal formatprg=wave\ fmt\ -
endif

let b:undo_ftplugin = 'setlocal commentstring< comments< iskeyword< expandtab< shiftwidth< softtabstop< formatprg<'
