"""The TextMate grammar in editors/vscode (textmate-grammar-python) and the Vim syntax file
in editors/vim (a headless Neovim) colour every example as the real lexer reads it: the
server's semantic tokens, from `Lexer`, are the oracle."""
import json
import logging
import os
import shutil
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient
from textmate_grammar.parsers.base import LanguageParser

from wave_helpers import EXAMPLES, ROOT, wave_binary

logging.getLogger("textmate_grammar").setLevel(logging.ERROR)
GRAMMAR = json.loads((ROOT / "editors/vscode/syntaxes/wave.tmLanguage.json").read_text())

# Semantic token type → the scope prefixes the grammar may give its characters.
EXPECTED = {
    "comment": ("comment.",),
    "string": ("string.",),
    "number": ("constant.numeric", "keyword.other.unit", "constant.other.color"),
    "keyword": ("keyword.control", "constant.language.boolean"),
    "type": ("storage.type.layer-kind",),
    "property": ("variable.other.property", "keyword.control", "storage.type.layer-kind"),
    "enumMember": ("support.constant.",),
    "function": ("support.function",),
}


# Names (variables, layers, templates) are never coloured as keywords, kinds or words. A name
# may read as a property where only the server's semantics can tell (`amplitude amplitude`:
# a property set to a variable of the same name).
NOT_A_NAME = ("keyword", "storage", "support", "constant")

# Semantic token type → the standard Vim groups the syntax file may give its characters.
VIM_EXPECTED = {
    "comment": ("Comment",),
    "string": ("String", "SpecialChar"),
    "number": ("Number", "Type"),
    "keyword": ("Keyword", "Boolean"),
    "type": ("Type",),
    "property": ("Identifier", "Keyword", "Type"),
    "enumMember": ("Constant",),
    "function": ("Function",),
    "operator": ("Operator",),
}
VIM_NOT_A_NAME = ("Keyword", "Type", "Constant", "Function", "Boolean", "Number")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[wave_binary(), "lsp"]))
async def client(lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities()))
    lsp_client.legend = result.capabilities.semantic_tokens_provider.legend.token_types
    yield
    await lsp_client.shutdown_session()


def scopes_by_character(text: str):
    """(line, character index) → the grammar's scopes there."""
    element = LanguageParser(GRAMMAR).parse_string(text)
    out = {}
    for (line, col), content, scopes in element.flatten():
        for k, _ in enumerate(content):
            out[(line, col + k)] = scopes
    return out


def utf16_to_index(line: str, units: int) -> int:
    count = 0
    for i, ch in enumerate(line):
        if count >= units:
            return i
        count += 2 if ord(ch) > 0xFFFF else 1
    return len(line)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
async def semantic_tokens(client, example):
    """(line, first character, last character, type, word) of every token the server reports."""
    text = example.read_text()
    uri = example.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="wave", version=1, text=text)))
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    lines = text.split("\n")
    data, line, start, out = tokens.data, 0, 0, []
    for i in range(0, len(data), 5):
        line += data[i]
        start = start + data[i + 1] if data[i] == 0 else data[i + 1]
        first = utf16_to_index(lines[line], start)
        last = utf16_to_index(lines[line], start + data[i + 2])
        out.append((line, first, last, client.legend[data[i + 3]], lines[line][first:last]))
    return out


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
async def test_grammar_scopes_agree_with_the_lexer(client: LanguageClient, example):
    text = example.read_text()
    scopes = scopes_by_character(text)
    comment_chars = set()
    checked = 0
    for line, first, last, kind, word in await semantic_tokens(client, example):
        if kind == "comment":
            comment_chars.update((line, c) for c in range(first, last))
        if kind in ("variable", "class"):
            got = [s for s in scopes.get((line, first), []) if s != "source.wave"]
            assert not any(s.startswith(NOT_A_NAME) for s in got), \
                f"{example.name}:{line + 1}:{first + 1}: the name {word!r} scoped {got}"
        if kind == "operator":
            got = scopes.get((line, first), [])
            assert any(s.startswith("keyword.operator") for s in got), \
                f"{example.name}:{line + 1}:{first + 1}: operator {word!r} scoped {got}"
        if kind not in EXPECTED:
            continue
        for c in range(first, last):
            got = scopes.get((line, c), [])
            assert any(s.startswith(EXPECTED[kind]) for s in got), \
                f"{example.name}:{line + 1}:{c + 1}: {kind} token {word!r} scoped {got}"
            checked += 1
    # Nothing else is a comment (a colour such as #fff is not).
    for (l, c), got in scopes.items():
        if any(s.startswith("comment.") for s in got):
            assert (l, c) in comment_chars, f"{example.name}:{l + 1}:{c + 1}: scoped as a comment, lexed as code"
    assert checked > 50


def test_the_vscode_folder_wires_the_grammar_configuration_and_server():
    folder = ROOT / "editors/vscode"
    package = json.loads((folder / "package.json").read_text())
    language = package["contributes"]["languages"][0]
    grammar = package["contributes"]["grammars"][0]
    assert language["extensions"] == [".wave"] and grammar["language"] == language["id"] == "wave"
    assert json.loads((folder / grammar["path"]).read_text())["scopeName"] == grammar["scopeName"] == "source.wave"
    config = json.loads((folder / language["configuration"]).read_text())
    assert config["comments"]["lineComment"] == "#"
    assert ["{", "}"] in config["brackets"] and {"open": "(", "close": ")"} in config["autoClosingPairs"]
    extension = (folder / package["main"]).read_text()
    assert 'args: ["lsp"]' in extension and '"vscode-languageclient/node"' in extension
    assert "vscode-languageclient" in package["dependencies"]


def neovim_syntax(path, tmp_path):
    out = tmp_path / "syntax.json"
    env = {**os.environ, "WAVE_NVIM_FILE": str(path), "WAVE_NVIM_OUT": str(out), "WAVE_VIM_DIR": str(ROOT / "editors/vim"),
           "XDG_STATE_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    r = subprocess.run(["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c",
                        f"luafile {ROOT / 'Tests/clients/nvim_syntax.lua'}"],
                       env=env, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert out.exists(), f"Neovim wrote nothing (exit {r.returncode}): {r.stdout} {r.stderr}"
    return json.loads(out.read_text())


# scripts/client-tests installs Neovim and sets WAVE_REQUIRE_NVIM, so CI never skips this.
@pytest.mark.skipif(shutil.which("nvim") is None and not os.environ.get("WAVE_REQUIRE_NVIM"),
                    reason="nvim is not installed (scripts/client-tests installs it)")
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
async def test_vim_syntax_agrees_with_the_lexer(client: LanguageClient, example, tmp_path):
    got = neovim_syntax(example, tmp_path)
    assert got["filetype"] == "wave" and got["syntax"] == "wave" and got["errmsg"] == "", got["errmsg"]
    assert got["commentstring"] == "# %s" and "-" in got["iskeyword"].split(",")
    # Each syntax group as the standard group the file links it to (`hi def link`).
    links = dict(line.split()[3:5] for line in (ROOT / "editors/vim/syntax/wave.vim").read_text().splitlines()
                 if line.startswith("hi def link "))
    # Neovim's columns are bytes: each character's group is its first byte's.
    lines = example.read_text().split("\n")
    groups = []
    for text, row in zip(lines, got["groups"]):
        starts = [len(text[:k].encode()) for k in range(len(text))]
        groups.append([links.get(row[b], "") for b in starts])
    comment_chars = set()
    checked = 0
    for line, first, last, kind, word in await semantic_tokens(client, example):
        row = groups[line] if line < len(groups) else []
        if kind == "comment":
            comment_chars.update((line, c) for c in range(first, last))
        if kind in ("variable", "class"):
            assert row[first] not in VIM_NOT_A_NAME, f"{example.name}:{line + 1}:{first + 1}: the name {word!r} is {row[first]}"
        if kind not in VIM_EXPECTED:
            continue
        for c in range(first, last):
            assert row[c] in VIM_EXPECTED[kind], f"{example.name}:{line + 1}:{c + 1}: {kind} token {word!r} is {row[c]!r}"
            checked += 1
    for l, row in enumerate(groups):
        for c, g in enumerate(row):
            if g == "Comment":
                assert (l, c) in comment_chars, f"{example.name}:{l + 1}:{c + 1}: a comment in Vim, code to the lexer"
    assert checked > 50
