"""Guide content keys its translations by ids: blocks, list items, table rows and cells and index terms each have
one, unique in their list, and the msgctxt derives from them, so a new block or item changes no other translation."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from pipeline.content.guide import GuideBlock, GuideEntry
from pipeline.content.texts import TextIndex
from pipeline.games import find_game
from pipeline.i18n.catalogs import catalog_path, read_catalog
from pipeline.i18n.status import by_context
from tests.conftest import CONTENT, Mutate, german_after_extract_and_update, line_of


def block(id: str, **fields: Any) -> dict[str, Any]:
    return {"id": id, "kind": "paragraph", "text": "Some text.", **fields}


def test_block_ids_must_be_unique_in_their_list() -> None:
    with pytest.raises(ValidationError, match="rule given twice"):
        GuideEntry.model_validate({"id": "turn", "title": "Turn", "blocks": [block("rule"), block("rule")]})
    with pytest.raises(ValidationError, match="short given twice"):
        GuideEntry.model_validate({"id": "turn", "title": "Turn", "blocks": [block("rule")],
                                   "summary": [block("short"), block("short")]})


def test_item_term_row_and_cell_ids_must_be_unique_in_their_list() -> None:
    items = [{"id": "draw", "text": "Draw."}, {"id": "draw", "text": "Draw again."}]
    with pytest.raises(ValidationError, match="draw given twice"):
        GuideBlock.model_validate(block("steps", kind="numbered", text="", items=items))
    with pytest.raises(ValidationError, match="dice given twice"):
        GuideEntry.model_validate({"id": "turn", "title": "Turn", "blocks": [block("rule")],
                                   "index_terms": [{"id": "dice", "text": "dice"}, {"id": "dice", "text": "die"}]})
    header = {"id": "header", "cells": [{"id": "name", "text": "Name"}, {"id": "name", "text": "Cost"}]}
    with pytest.raises(ValidationError, match="name given twice"):
        GuideBlock.model_validate(block("costs", kind="table", text="", rows=[header]))
    rows = [{"id": "header", "cells": [{"id": "name", "text": "Name"}]}, {"id": "header", "cells": [{"id": "name", "text": "Bo"}]}]
    with pytest.raises(ValidationError, match="header given twice"):
        GuideBlock.model_validate(block("costs", kind="table", text="", rows=rows))


def test_every_row_of_a_table_names_the_same_columns() -> None:
    rows = [{"id": "header", "cells": [{"id": "name", "text": "Name"}, {"id": "cost", "text": "Cost"}]},
            {"id": "bread", "cells": [{"id": "cost", "text": "1"}, {"id": "name", "text": "Bread"}]}]
    with pytest.raises(ValidationError, match="same columns"):
        GuideBlock.model_validate(block("costs", kind="table", text="", rows=rows))


def test_a_duplicated_item_id_is_a_finding_in_its_file(mutated_example: Mutate) -> None:
    relative = "guide/01-basics.yaml"
    path, findings = mutated_example(relative, "{id: shuffle-potions-face-down,", "{id: lay-out-board-shuffle,")
    found = [f for f in findings if "lay-out-board-shuffle given twice" in f.message]
    assert len(found) == 1 and found[0].file.endswith(relative), [f.as_text() for f in findings]
    assert found[0].line == line_of(path, "- {id: lay-out-board-shuffle")  # the list the ids key, where it starts


def test_guide_contexts_are_paths_of_ids() -> None:
    game = find_game("old-world")
    db, _ = game.load(CONTENT)
    index = TextIndex(db)
    section = next(s for s in db.all("guide-sections") if s.id == "turn")
    entry = next(e for e in section.entries if e.id == "phase-two")
    choices = entry.blocks[0]
    assert index.context(section, "title") == "guide:turn:title"
    assert index.context(choices.items[1], "text") == f"guide:turn:entries:phase-two:blocks:{choices.id}:items:meditate:text"
    hand_limit = next(e for e in db.all("glossary") if e.id == "hand-limit")
    assert index.context(hand_limit, "title") == "guide:glossary:hand-limit:title"
    settings = db.all("guide")[0]
    assert index.context(settings.labels, "quick_reference") == "guide:labels:quick-reference"
    assert index.context(settings.quick_reference[0], "name") == f"guide:quick-reference:{settings.quick_reference[0].icon}:name"
    assert all(":block-" not in f.context and ":item-" not in f.context for f in index.fields)


# --- A block and an item inserted at the top of an entry ---------------------------------------------


def test_inserting_a_guide_block_and_item_leaves_every_other_translation_alone(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "old-world", root / "old-world")
    game_dir = root / "old-world"
    before = {m.context: m.string for m in read_catalog(catalog_path(game_dir, "de"), "de") if m.id}
    turn = game_dir / "guide" / "02-turn.yaml"
    top_block = "        blocks:\n          - id: choices\n"
    top_item = '              - {id: fight, text: "**Fight**'
    text = turn.read_text(encoding="utf-8")
    assert text.count(top_block) == 1 and text.count(top_item) == 1
    new_block = "        blocks:\n          - id: choose-once\n            kind: note\n            text: Choose before you move on.\n"
    new_item = '              - {id: rest, text: "**Rest** and do nothing."}\n'
    text = text.replace(top_block, new_block + top_block.removeprefix("        blocks:\n")).replace(top_item, new_item + top_item)
    turn.write_text(text, encoding="utf-8")

    catalog, status = german_after_extract_and_update(root)
    entry = "guide:turn:entries:phase-two:blocks"
    assert sorted(status.untranslated) == sorted([f"{entry}:choose-once:text", f"{entry}:choices:items:rest:text"])
    assert status.missing == 2 and status.fuzzy == 0
    after = by_context(catalog)
    assert all(after[context].string == string and not after[context].fuzzy for context, string in before.items())
    assert any(context.startswith(f"{entry}:") for context in before)  # the entry's other blocks were translated before
