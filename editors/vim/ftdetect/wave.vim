" wave scene scripts
autocmd BufRead,BufNewFile *.wave setfiletype wave
