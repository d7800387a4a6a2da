"""`wave lsp` driven by pytest-lsp's client (pygls and lsprotocol), as an editor would."""
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from wave_helpers import EXAMPLES, check_diagnostics, wave_binary, with_mistake


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[wave_binary(), "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities()))
    yield
    await lsp_client.shutdown_session()


def as_tuples(diagnostics):
    severity = {types.DiagnosticSeverity.Error: "error", types.DiagnosticSeverity.Warning: "warning"}
    return [(d.range.start.line, d.range.start.character, severity[d.severity], d.code, d.message) for d in diagnostics]


async def open_document(client, path: pathlib.Path, text: str) -> str:
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="wave", version=1, text=text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
async def test_diagnostics_match_wave_check_on_examples_with_a_mistake(client: LanguageClient, example, tmp_path):
    text = example.read_text()
    path = tmp_path / example.name
    uri = await open_document(client, example, text)
    assert as_tuples(client.diagnostics[uri]) == check_diagnostics(example)

    # Type a mistake: after the debounce the diagnostics are wave check's for the new text.
    bad = with_mistake(text)
    path.write_text(bad)
    # The copy checked from tmp_path reads its images beside it, as the document does.
    for image in example.parent.glob("*.png"):
        (tmp_path / image.name).write_bytes(image.read_bytes())
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=bad)]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    expected = check_diagnostics(path)
    assert any(d[2] == "error" for d in expected)
    assert as_tuples(client.diagnostics[uri]) == expected


def position_of(text: str, needle: str, occurrence: int = 0, offset: int = 0) -> types.Position:
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    index += offset
    line = text.count("\n", 0, index)
    return types.Position(line=line, character=index - (text.rfind("\n", 0, index) + 1))


async def test_completion_hover_definition_references_on_sonar(client: LanguageClient):
    example = pathlib.Path(__file__).resolve().parents[2] / "examples/sonar.wave"
    text = example.read_text()
    uri = await open_document(client, example, text)
    doc = types.TextDocumentIdentifier(uri=uri)

    # Hover on `corner` in `layer button: rect { … corner 15 … }`: its type, default, meaning.
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=doc, position=position_of(text, "corner 15", 0, 2)))
    assert hover.contents.value.startswith("**corner**: length, default `0` (on rect)")

    # Go to definition of `button` in `spawn ring below button`.
    definition = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc, position=position_of(text, "below button", 0, 8)))
    assert definition.range.start == position_of(text, "layer button", 0, 6)

    refs = await client.text_document_references_async(types.ReferenceParams(
        text_document=doc, position=position_of(text, "template ring", 0, 10),
        context=types.ReferenceContext(include_declaration=True)))
    assert [r.range.start for r in refs] == [position_of(text, "template ring", 0, 9), position_of(text, "spawn ring", 0, 6)]

    # Completion inside a rect's body offers rect properties, not a circle's.
    lines = text.split("\n")
    body_line = next(i for i, l in enumerate(lines) if l.startswith("layer button"))
    items = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc, position=types.Position(line=body_line, character=lines[body_line].index("{") + 2)))
    labels = {i.label for i in (items.items if hasattr(items, "items") else items)}
    assert {"frame", "corner", "fill", "opacity"} <= labels
    assert "radius" not in labels

    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc))
    assert [s.name for s in symbols][:3] == ["scene", "button", "ring"]


async def test_formatting_gives_wave_fmt_output(client: LanguageClient, tmp_path):
    messy = "scene 100x100\nlayer   a:circle{radius 3   fill red}\nvar x=1+2\nevery tick {x+=1}\n"
    path = tmp_path / "messy.wave"
    path.write_text(messy)
    uri = await open_document(client, path, messy)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert len(edits) == 1
    import subprocess
    subprocess.run([wave_binary(), "fmt", str(path)], check=True, capture_output=True)
    assert edits[0].new_text == path.read_text()
    assert edits[0].new_text != messy


async def test_unknown_method_gets_an_error_and_the_server_goes_on(client: LanguageClient, tmp_path):
    from pygls.exceptions import JsonRpcMethodNotFound
    with pytest.raises(JsonRpcMethodNotFound):
        await client.protocol.send_request_async("wave/noSuchMethod", {})
    path = tmp_path / "ok.wave"
    uri = await open_document(client, path, "var x = 1\nevery tick { x += 1 }\n")
    assert list(client.diagnostics[uri]) == []


async def test_rename_highlight_folding_colours_and_symbols_on_sonar(client: LanguageClient, tmp_path):
    """The editor features beyond navigation, on a real example, through lsprotocol's types:
    renaming a template changes its declaration and every spawn, and the renamed text
    still passes `wave check`; colours, folds and symbols come back well formed."""
    example = next(p for p in EXAMPLES if p.name == "sonar.wave")
    text = example.read_text()
    uri = await open_document(client, example, text)
    where = position_of(text, "template ", offset=len("template "))
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=where))
    old = prepared.placeholder
    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=where, new_name="echo_ring"))
    edits = edit.changes[uri]
    assert old == "ring" and len(edits) == 2, edits   # `template ring` and `spawn ring`
    lines = text.split("\n")
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        line = lines[e.range.start.line]
        assert line[e.range.start.character:e.range.end.character] == old
        lines[e.range.start.line] = line[:e.range.start.character] + e.new_text + line[e.range.end.character:]
    renamed = tmp_path / "renamed.wave"
    renamed.write_text("\n".join(lines))
    assert "spawn echo_ring below button" in renamed.read_text()
    assert [d for d in check_diagnostics(renamed) if d[2] == "error"] == []

    marks = await client.text_document_document_highlight_async(types.DocumentHighlightParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=where))
    assert [m.kind for m in marks].count(types.DocumentHighlightKind.Write) == 1 and len(marks) == len(edits)

    colours = await client.text_document_document_color_async(types.DocumentColorParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert len(colours) == 3 and round(colours[0].color.green * 255) == 0x14   # #101418, then #22c064 twice
    presentations = await client.text_document_color_presentation_async(types.ColorPresentationParams(
        text_document=types.TextDocumentIdentifier(uri=uri), color=colours[0].color, range=colours[0].range))
    assert presentations[0].label.startswith("#")

    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [(f.start_line, f.end_line) for f in folds] == [(0, 3), (9, 13), (10, 12)]   # up to the line before each closing brace

    symbols = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query=old[:3]))
    assert any(s.name == old for s in symbols)
