"""Content sheets: CSV files and XLSX sheets load to the same entities as YAML, with findings at row and column."""

from __future__ import annotations

import os
import shutil
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import Workbook

from pipeline.content import table_loader
from pipeline.content.database import load_database
from pipeline.content.table_loader import column_letter
from pipeline.findings import Finding
from pipeline.games import find_game
from pipeline.games.old_world.models import FILE_KINDS
from tests.conftest import FIXTURES

GAME = find_game("old-world")

CARDS_YAML = """\
kind: action-cards
cards:
  - id: jab
    name: Jab
    color: blue
    terrain: forest
    cost: 0
    copies: 2
    fight: {damage: 1, draw: -1}
    extensions:
      - {colors: [red, green]}
  - id: feint
    name: Feint, then strike
    school: bear
    color: red
    terrain: wild
    cost: 3
    fight: {shield: 2, effects: [{type: draw-cards, amount: 1}]}
"""
CARDS_HEADER = ["id", "name", "school", "color", "terrain", "cost", "copies", "fight.damage", "fight.shield", "fight.draw",
                "fight.effects[0].type", "fight.effects[0].amount", "extensions[0].colors"]
CARDS_ROWS = [
    ["jab", "Jab", None, "blue", "forest", 0, 2, 1, None, -1, None, None, "red; green"],
    ["feint", "Feint, then strike", "bear", "red", "wild", 3, None, None, 2, None, "draw-cards", 1, None],
]


def csv_text(header: list[str], rows: list[list[object]]) -> str:
    def cell(value: object) -> str:
        text = "" if value is None else str(value)
        return f'"{text}"' if "," in text else text

    return "\n".join(",".join(cell(v) for v in line) for line in [header, *rows]) + "\n"


def write_workbook(path: Path, sheets: dict[str, list[list[object]]]) -> None:
    book = Workbook()
    book.remove(book.active)
    for name, lines in sheets.items():
        sheet = book.create_sheet(name)
        for line in lines:
            sheet.append(line)
    book.save(path)


def load(root: Path) -> tuple[dict[str, Any], list[Finding]]:
    db, findings = load_database(root, "old-world", FILE_KINDS)
    return {card.id: card for card in db.all("action-cards")}, findings


def loaded_from(tmp_path: Path, name: str, write: object) -> tuple[dict[str, Any], list[Finding]]:
    root = tmp_path / name
    root.mkdir()
    assert callable(write)
    write(root)
    return load(root)


def test_csv_and_xlsx_load_to_the_models_the_yaml_gives(tmp_path: Path) -> None:
    from_yaml, yaml_findings = loaded_from(tmp_path, "yaml", lambda root: (root / "cards.yaml").write_text(CARDS_YAML))
    from_csv, csv_findings = loaded_from(
        tmp_path, "csv", lambda root: (root / "action-cards.csv").write_text(csv_text(CARDS_HEADER, CARDS_ROWS)))
    # a workbook's one sheet, named after no kind, takes its kind from the file's stem
    from_xlsx, xlsx_findings = loaded_from(
        tmp_path, "xlsx", lambda root: write_workbook(root / "action-cards.xlsx", {"Sheet1": [CARDS_HEADER, *CARDS_ROWS]}))
    assert yaml_findings == csv_findings == xlsx_findings == []
    assert len(from_yaml) == 2 and from_csv == from_yaml and from_xlsx == from_yaml


def test_a_csv_with_a_byte_order_mark_and_crlf_line_ends_loads(tmp_path: Path) -> None:
    text = csv_text(CARDS_HEADER, CARDS_ROWS).replace("\n", "\r\n")
    (tmp_path / "action-cards.csv").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    cards, findings = load(tmp_path)
    assert findings == [] and sorted(cards) == ["feint", "jab"]


def test_entities_point_at_their_row_and_cells(tmp_path: Path) -> None:
    (tmp_path / "action-cards.csv").write_text(csv_text(CARDS_HEADER, CARDS_ROWS))
    db, _ = load_database(tmp_path, "old-world", FILE_KINDS)
    feint = db.record("action-cards", "feint")
    assert feint is not None
    assert (feint.where().line, feint.where().column) == (3, 1)
    assert (feint.where("cost").line, feint.where("cost").column) == (3, 6)
    assert (feint.where("fight", "effects", 0, "amount").line, feint.where("fight", "effects", 0, "amount").column) == (3, 12)
    assert not feint.is_written("copies")  # an empty cell is an absent field: the model's default applies
    assert feint.entity.copies == 1


def with_cell(column: str, value: object, row: int = 1) -> list[list[object]]:
    rows = [list(r) for r in CARDS_ROWS]
    rows[row][CARDS_HEADER.index(column)] = value
    return rows


BROKEN = [
    # (column, value, code, message part): each broken cell type gives its finding at row 3 and its column
    ("cost", "three", "SCHEMA", "cards[1].cost must be an integer ≥ 0, got 'three'"),
    ("color", "pink", "SCHEMA", "cards[1].color must be one of"),
    ("fight.draw", "9", "SCHEMA", "cards[1].fight.draw must be from -5 to 5, got 9"),
    ("fight.effects[0].type", "fly-away", "SCHEMA", "unknown type 'fly-away'"),
    ("extensions[0].colors", "red;pink", "SCHEMA", "cards[1].extensions[0].colors[1] must be one of"),
]


@pytest.mark.parametrize(("column", "value", "code", "message"), BROKEN)
@pytest.mark.parametrize("sheet", ["csv", "xlsx"])
def test_each_broken_cell_is_a_finding_at_its_row_and_column(
    tmp_path: Path, sheet: str, column: str, value: object, code: str, message: str
) -> None:
    rows = with_cell(column, value)
    if sheet == "csv":
        (tmp_path / "action-cards.csv").write_text(csv_text(CARDS_HEADER, rows))
    else:
        write_workbook(tmp_path / "cards.xlsx", {"action-cards": [CARDS_HEADER, *rows]})
    _, findings = load(tmp_path)
    number = CARDS_HEADER.index(column) + 1
    assert [(f.code, f.line, f.column) for f in findings] == [(code, 3, number)], findings
    assert message in findings[0].message
    assert findings[0].hint == f"spreadsheet column {column_letter(number)} ({column})"
    assert findings[0].file.endswith("action-cards.csv" if sheet == "csv" else "cards.xlsx[action-cards]")


def test_a_missing_required_field_is_a_finding_at_its_row(tmp_path: Path) -> None:
    (tmp_path / "action-cards.csv").write_text(csv_text(CARDS_HEADER, with_cell("color", None, row=0)))
    _, findings = load(tmp_path)
    assert [(f.code, f.line, f.column, f.hint) for f in findings] == [("SCHEMA", 2, 1, "")]
    assert "cards[0] is missing the required field 'color'" in findings[0].message


def test_a_reference_to_an_unknown_id_is_ref_unknown_at_its_cell(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "old-world", root / "old-world")
    (root / "old-world" / "monster-tokens.yaml").unlink()
    monsters = ["drowner", "goul", "nekker", "griffin-monster", "alghoul", "noonwraith", "leshen", "fiend", "werewolf"]
    rows = [f"{m.replace('goul', 'ghoul')}-token,{m},{1 + i // 3}" for i, m in enumerate(monsters)]
    (root / "old-world" / "monster-tokens.csv").write_text("\n".join(["id,monster,level", *rows]) + "\n")
    db, findings = GAME.load(root)
    findings += GAME.checks(db)
    unknown = [f for f in findings if f.code == "REF-UNKNOWN"]
    assert [(Path(f.file).name, f.line, f.column) for f in unknown] == [("monster-tokens.csv", 3, 2)]
    assert "'goul'" in unknown[0].message and unknown[0].hint == "did you mean 'ghoul'?"


MALFORMED = [
    # (bytes of action-cards.csv, code, row, column, message part)
    (b"id,name\njab,Jab,extra\n", "TABLE-ROW", 2, 3, "row has 3 cell(s); the header has 2"),
    (b"id,name\njab\n", "TABLE-ROW", 2, 2, "row has 1 cell(s); the header has 2"),
    (b"id,name,id\n", "TABLE-HEADER", 1, 3, "header 'id' names the field of column A again"),
    (b"id,fight,fight.damage\n", "TABLE-HEADER", 1, 3, "names the field of column B again"),
    (b"id,fight[,name\n", "TABLE-HEADER", 1, 2, "header 'fight[' is not a field path"),
    (b"id,name\njab,Jab\n\"x\ny\",\xff\n", "TABLE-ENCODING", 3, 1, "byte 0xFF is not valid UTF-8"),
    (b"id,name\njab,J\x00b\n", "TABLE-ENCODING", 2, 1, "control character U+0000"),
    (b"\xff\xfei\x00d\x00", "TABLE-ENCODING", 1, 1, "UTF-16"),
    (b"", "TABLE-EMPTY", 1, 1, "no header row"),
    (b"id,,name\njab,x,Jab\n", "TABLE-HEADER", 2, 2, "a value in a column with no header"),
]


@pytest.mark.parametrize(("data", "code", "row", "column", "message"), MALFORMED)
def test_a_malformed_csv_is_a_finding_with_its_position(
    tmp_path: Path, data: bytes, code: str, row: int, column: int, message: str
) -> None:
    (tmp_path / "action-cards.csv").write_bytes(data)
    db, findings = load_database(tmp_path, "old-world", FILE_KINDS)
    assert [(f.code, f.line, f.column) for f in findings] == [(code, row, column)], findings
    assert message in findings[0].message
    assert not db.complete


def test_a_sheet_named_after_no_kind_is_content_kind(tmp_path: Path) -> None:
    (tmp_path / "notes.csv").write_text("id,name\n")
    write_workbook(tmp_path / "book.xlsx", {"action-cards": [CARDS_HEADER, *CARDS_ROWS], "scratch": [["a"]]})
    cards, findings = load(tmp_path)
    assert sorted((Path(f.file).name, f.code, f.line) for f in findings) == [
        ("book.xlsx[scratch]", "CONTENT-KIND", 1), ("notes.csv", "CONTENT-KIND", 1)]
    assert sorted(cards) == ["feint", "jab"]  # the sheet named after a kind still loads


def test_an_unreadable_workbook_is_a_finding_not_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "cards.xlsx").write_bytes(b"PK\x03\x04 not really a zip")
    _, findings = load(tmp_path)
    assert [(f.code, f.file.endswith("cards.xlsx")) for f in findings] == [("TABLE-READ", True)]


def test_a_named_pipe_named_like_a_sheet_is_a_finding_not_a_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "action-cards.csv")
    _, findings = load(tmp_path)
    assert [(f.code, f.message) for f in findings] == [("TABLE-READ", "not a regular file (a named pipe)")]


def test_a_workbook_that_unpacks_past_the_limit_is_refused_before_it_is_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_workbook(tmp_path / "cards.xlsx", {"action-cards": [CARDS_HEADER, *CARDS_ROWS]})
    monkeypatch.setattr(table_loader, "MAX_UNPACKED_BYTES", 1000)
    _, findings = load(tmp_path)
    assert [f.code for f in findings] == ["TABLE-TOO-LARGE"] and "the limit is 1000" in findings[0].message


def test_a_spreadsheet_lock_file_is_not_content(tmp_path: Path) -> None:
    (tmp_path / "action-cards.csv").write_text(csv_text(CARDS_HEADER, CARDS_ROWS))
    (tmp_path / "~$cards.xlsx").write_bytes(b"owner")
    _, findings = load(tmp_path)
    assert findings == []


def test_a_column_headed_with_a_hash_is_a_note_and_not_read(tmp_path: Path) -> None:
    header = [*CARDS_HEADER, "# why this card"]
    rows = [[*row, "anything, even a number: 7"] for row in CARDS_ROWS]
    (tmp_path / "action-cards.csv").write_text(csv_text(header, rows))
    cards, findings = load(tmp_path)
    assert findings == [] and sorted(cards) == ["feint", "jab"]


def test_the_column_letters_follow_the_spreadsheet() -> None:
    assert [column_letter(n) for n in (1, 26, 27, 52, 703)] == ["A", "Z", "AA", "AZ", "AAA"]


def test_text_cells_keep_what_a_yaml_reader_would_turn_into_numbers(tmp_path: Path) -> None:
    """A text field reads its cell as text: a name '1984' stays a name, not the integer YAML would make it."""
    (tmp_path / "action-cards.csv").write_text(textwrap.dedent("""\
        id,name,color,terrain,cost,fight.damage
        year,1984,blue,forest,0,1
        """))
    cards, findings = load(tmp_path)
    assert findings == [] and cards["year"].name == "1984"


def test_a_kind_of_one_entity_takes_one_data_row(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "adventure-game", root / "adventure-game")
    game = find_game("adventure-game", root)
    (root / "adventure-game" / "guide.yaml").unlink()
    sheet = root / "adventure-game" / "guide.csv"
    sheet.write_text("id,title,labels.related\nadventure-game-guide,Rules Reference Guide,Related Topics:\n")
    db, findings = game.load(root)
    assert findings == [] and db.all("guide")[0].labels.related == "Related Topics:"
    where = db.where("guide", "adventure-game-guide", "labels", "related")
    assert (Path(where.file).name, where.line, where.column) == ("guide.csv", 2, 3)
    sheet.write_text("id,title\nadventure-game-guide,Rules Reference Guide\nsecond,Another\n")
    _, findings = game.load(root)
    assert [(f.code, f.line) for f in findings] == [("TABLE-ROW", 3)] and "holds one guide" in findings[0].message


CSV_PIECES = st.sampled_from(["id", "name", "cost", "fight.damage", "extensions[0].colors", "tags[", "#", ",", ",,", ";",
                              '"', "\n", "\r\n", "jab", "3", "-1", "x", "\x00", "\xff", "é", " "])


@given(pieces=st.lists(CSV_PIECES, max_size=40), raw=st.binary(max_size=20))
def test_any_csv_bytes_give_findings_never_a_traceback(pieces: list[str], raw: bytes) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "action-cards.csv").write_bytes("".join(pieces).encode("utf-8", "surrogateescape") + raw)
        db, findings = load_database(root, "old-world", FILE_KINDS)
        for f in findings:
            assert f.file.endswith("action-cards.csv") and f.line >= 1 and f.column >= 1 and f.code
        for record in db.records("action-cards"):
            record.where()  # every entity kept has a position
