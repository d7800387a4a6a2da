"""The TextMate grammar in editors/ (textmate-grammar-python) scopes every example as the
real lexer reads it: the server's semantic tokens, from `Lexer`, are the oracle."""
import json
import logging

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
async def test_grammar_scopes_agree_with_the_lexer(client: LanguageClient, example):
    text = example.read_text()
    uri = example.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="wave", version=1, text=text)))
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    lines = text.split("\n")
    scopes = scopes_by_character(text)
    data, line, start = tokens.data, 0, 0
    comment_chars = set()
    checked = 0
    for i in range(0, len(data), 5):
        line += data[i]
        start = start + data[i + 1] if data[i] == 0 else data[i + 1]
        kind = client.legend[data[i + 3]]
        first = utf16_to_index(lines[line], start)
        last = utf16_to_index(lines[line], start + data[i + 2])
        word = lines[line][first:last]
        if kind == "comment":
            comment_chars.update((line, c) for c in range(first, last))
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
