"""What the build prints besides a game's content, in English: the duplex calibration sheet's title and help,
and a tiled board's assembly page and tile labels.

A shipped game words them in its locales through its message templates `print:<key>`; a declared game
through translatable strings of the same msgctxt, written at its manifest (pipeline/rules/declared_game.py),
so a missing German label is I18N-MISSING like any other text.
"""

from __future__ import annotations

CALIBRATION_LABELS = {
    "calibration": "Duplex calibration",
    "calibration-help": "Print this sheet double-sided at 100 % (no scaling) and hold it to the light. The back's "
                        "lines should meet 0 on both rulers. Where they do not, add the numbers you read to "
                        "--back-offset X,Y and build again.",
}

CHECKLIST_LABELS = {
    "checklist": "Component checklist",
    "checklist-help": "Tick each component as you cut it out and sort it into the box. The last column says in which "
                      "file, on which pages, it printed; the table brings what is not printed.",
    "checklist-component": "Component",
    "checklist-count": "Count",
    "checklist-place": "Printed in",
    "checklist-page": "p.",
    "checklist-base": "Base game",
    "checklist-reference-guide": "Reference guide",
    "checklist-player-aid": "Player aid",
    # What the table brings (components of a kind that is not paper).
    "checklist-miniature": "Miniatures (not printed)",
    "checklist-wooden": "Wooden pieces (not printed)",
    "checklist-die": "Dice (not printed)",
    "checklist-other": "Markers of your own (not printed)",
}

TILING_LABELS = {
    "assembly": "Assembly",
    "assembly-help": "Print every sheet at 100 % (no scaling). Cut each sheet along its dashed trim lines, lay it "
                     "over its neighbours so the halves of every alignment mark meet, and tape it from behind.",
    "overlap": "Overlap",
    "tile": "Tile",
}


def label_context(key: str) -> str:
    """The msgctxt (and message template id) of a print label."""
    return f"print:{key}"
