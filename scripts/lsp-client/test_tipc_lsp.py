"""Drives `tipc lsp` with pytest-lsp, a client we did not write, speaking as VS Code,
Neovim and Emacs do (pytest-lsp replays each editor's recorded client capabilities and
checks every answer against them and the LSP specification).

Run by scripts/check-lsp-client.sh; TIPC names the server binary, TIPS_REPO the checkout.
"""

import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REPO = pathlib.Path(os.environ.get("TIPS_REPO", pathlib.Path(__file__).resolve().parents[2]))
TIPC = os.environ.get("TIPC", str(REPO / ".build" / "debug" / "tipc"))
CATALOG = REPO / "Definitions" / "notes-app"
EDITOR = CATALOG / "editor.tips"
EDITOR_URI = EDITOR.as_uri()
PARAMS_URI = (CATALOG / "params.tips").as_uri()
GROUPS_URI = (CATALOG / "groups.tips").as_uri()
EVENTS_URI = (CATALOG / "events.tips").as_uri()


@pytest_lsp.fixture(
    params=["visual-studio-code", "neovim", "emacs"],
    config=ClientServerConfig(server_command=[TIPC, "lsp"]),
)
async def client(request, lsp_client: LanguageClient):
    root = REPO / "Definitions"
    # The server asks to watch *.tips files where the client allows it; pytest-lsp's client
    # has no handler of its own for that request, so answer it as an editor does.
    lsp_client.registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(params: types.RegistrationParams):
        lsp_client.registrations.extend(params.registrations)
        return None

    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(request.param),
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="Definitions")],
        )
    )
    lsp_client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=EDITOR_URI, language_id="tips", version=1, text=EDITOR.read_text(encoding="utf-8")
            )
        )
    )
    yield
    await lsp_client.shutdown_session()


def pos(line, character):
    return types.Position(line=line, character=character)


def doc(uri=EDITOR_URI):
    return types.TextDocumentIdentifier(uri=uri)


@pytest.mark.asyncio
async def test_diagnostics_as_you_type(client: LanguageClient):
    # `rule !hasCreatedFirstNote` (line 9) misspelled: E202, then fixed again.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=EDITOR_URI, version=2),
            content_changes=[types.TextDocumentContentChangePartial(range=types.Range(pos(8, 10), pos(8, 13)), text="haz")],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    codes = [d.code for d in client.diagnostics[EDITOR_URI]]
    assert codes == ["E202"]
    assert client.diagnostics[EDITOR_URI][0].range.start == pos(8, 10)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=EDITOR_URI, version=3),
            content_changes=[types.TextDocumentContentChangePartial(range=types.Range(pos(8, 10), pos(8, 13)), text="has")],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[EDITOR_URI]) == []


@pytest.mark.asyncio
async def test_file_watching_is_registered(client: LanguageClient):
    # The server handles messages in order: once this is answered, `initialized` was handled.
    await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc()))
    workspace = client.capabilities.workspace
    if workspace and workspace.did_change_watched_files and workspace.did_change_watched_files.dynamic_registration:
        assert [r.method for r in client.registrations] == ["workspace/didChangeWatchedFiles"]
    else:
        assert client.registrations == []


@pytest.mark.asyncio
async def test_hover_definition_references(client: LanguageClient):
    hover = await client.text_document_hover_async(types.HoverParams(text_document=doc(), position=pos(8, 12)))
    assert "param hasCreatedFirstNote: Bool = false" in hover.contents.value

    definition = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc(), position=pos(8, 12))
    )
    assert [location.uri for location in definition] == [PARAMS_URI]

    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=doc(), position=pos(8, 12), context=types.ReferenceContext(include_declaration=True)
        )
    )
    assert PARAMS_URI in {r.uri for r in references} and EDITOR_URI in {r.uri for r in references}


@pytest.mark.asyncio
async def test_completion_symbols_tokens(client: LanguageClient):
    # Right after `count(` on line 21: the catalog's events.
    completion = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc(), position=pos(20, 15))
    )
    labels = [item.label for item in (completion.items if hasattr(completion, "items") else completion)]
    assert "manualSave" in labels and "noteCreated" in labels

    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc()))
    assert "WelcomeTip" in [s.name for s in symbols]

    workspace = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="FirstSteps"))
    assert [s.location.uri for s in workspace if s.name == "FirstSteps"] == [GROUPS_URI]

    tokens = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=doc()))
    assert len(tokens.data) > 0 and len(tokens.data) % 5 == 0


@pytest.mark.asyncio
async def test_formatting_and_rename(client: LanguageClient):
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=doc(), options=types.FormattingOptions(tab_size=4, insert_spaces=True))
    )
    assert list(edits) == []  # Definitions/ is kept in canonical layout

    # WelcomeTip has no `id`: renaming it also declares `renamedFrom WelcomeTip` so users keep their state.
    rename = await client.text_document_rename_async(
        types.RenameParams(text_document=doc(), position=pos(2, 6), new_name="HelloTip")
    )
    texts = sorted(edit.new_text for edits in rename.changes.values() for edit in edits)
    assert "HelloTip renamedFrom WelcomeTip" in texts
    assert set(rename.changes) == {EDITOR_URI, GROUPS_URI}


@pytest.mark.asyncio
async def test_renaming_a_persisted_name(client: LanguageClient):
    # `manualSave` (line 21) is an event: journals keep its donations under that name, so the
    # rename declares `renamedFrom manualSave` on the event (in events.tips) and needs no confirmation.
    params = types.RenameParams(text_document=doc(), position=pos(20, 17), new_name="quickSave")
    rename = await client.text_document_rename_async(params)
    assert not rename.change_annotations
    assert sorted(e.new_text for e in rename.changes[EVENTS_URI]) == [" renamedFrom manualSave", "quickSave"]
    assert [e.new_text for e in rename.changes[EDITOR_URI]] == ["quickSave"]


@pytest.mark.asyncio
async def test_renaming_a_payload_field(client: LanguageClient):
    # `wordsAdded` (line 32) is a payload field: the language has no rename clause for it.
    params = types.RenameParams(text_document=doc(), position=pos(31, 50), new_name="addedWords")
    workspace_edit = client.capabilities.workspace.workspace_edit if client.capabilities.workspace else None
    if workspace_edit and workspace_edit.change_annotation_support:
        # VS Code can ask the user: every edit carries an annotation that needs confirmation.
        rename = await client.text_document_rename_async(params)
        assert rename.change_annotations["persisted-name"].needs_confirmation
        assert "journals" in rename.change_annotations["persisted-name"].description
    else:
        # Neovim and Emacs cannot ask: the rename is refused with the reason.
        with pytest.raises(Exception, match="journals"):
            await client.text_document_rename_async(params)


@pytest.mark.asyncio
async def test_scenario_file(client: LanguageClient):
    # A scenario test is run against the catalog: a wrong expectation (line 5) is S200 on its
    # line; completion after `donate ` (at the start of the event's name) offers events; hover on a tip shows its declaration.
    scenario = CATALOG / "onboarding.scenario"
    uri = scenario.as_uri()
    lines = scenario.read_text(encoding="utf-8").split("\n")
    assert lines[4] == "expect WelcomeTip available"
    lines[4] = "expect WelcomeTip pending"
    lines.insert(5, "donate manualSave")
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="tips-scenario", version=1, text="\n".join(lines))
        )
    )
    while uri not in client.diagnostics:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [(d.code, d.range.start.line) for d in client.diagnostics[uri]] == [("S200", 4)]
    completion = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc(uri), position=pos(5, 7))
    )
    labels = [item.label for item in (completion.items if hasattr(completion, "items") else completion)]
    assert "manualSave" in labels and "WelcomeTip" not in labels
    hover = await client.text_document_hover_async(types.HoverParams(text_document=doc(uri), position=pos(4, 10)))
    assert "tip WelcomeTip" in hover.contents.value
