import ArgumentParser
import Foundation
import WaveDriver
import WaveLSP

struct Lsp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the language server (Language Server Protocol over standard input and output).",
        discussion: """
        Editors start it as 'wave lsp'. It publishes the diagnostics 'wave check' prints \
        (with their codes) as you type, and answers completion, hover, go to definition, \
        references, document symbols, formatting ('wave fmt'), semantic tokens and quick \
        fixes. Positions are in UTF-8 when the client offers it, UTF-16 otherwise. Standard \
        output carries protocol messages only.

        With --grammar it prints the TextMate grammar of .wave files instead (the one in \
        editors/vscode/syntaxes/wave.tmLanguage.json), generated from the vocabulary; \
        with --vim-syntax the Vim and Neovim syntax file (editors/vim/syntax/wave.vim).

        Exit codes: 0 after 'shutdown' then 'exit', 1 when input ends or 'exit' comes \
        without 'shutdown'.
        """)

    @Flag(help: "Print the TextMate grammar generated from the vocabulary and exit.") var grammar = false
    @Flag(help: "Print the Vim syntax file generated from the vocabulary and exit.") var vimSyntax = false
    @Flag(help: "Standard input and output, the only transport (accepted because language clients such as vscode-languageclient pass it).")
    var stdio = false

    func run() throws {
        if vimSyntax {
            print(VimSyntax.text(), terminator: "")
            return
        }
        if grammar {
            print(TextMateGrammar.json(), terminator: "")
            return
        }
        // Documents come from anywhere: their image sources stay inside their folders.
        ScriptLoader.confinesImageSources = true
        let status = ServerLoop.run()
        if status != 0 { throw Exit(status) }
    }
}
