"""The Path of Destiny face contract: every kind of face `components.py` prints, with its typed fields.

Each kind names the layout template that draws it (`layouts/path-of-destiny/`); the layouts are
checked against these declarations when they load, and `components.py` cannot build a face outside them.
"""

from __future__ import annotations

from pipeline.rules.faces import FaceContract, FaceKind
from pipeline.rules.faces import FieldType as T

_BACK = {"title": T.TEXT}  # a deck's shared back: the kind of card, under the deck's icon
# An action card has one band per colour (1 to 4). `art` prints a placeholder until the content has art.
_ACTION = {"name": T.TEXT, "symbol": T.ICON, "colors": T.ICONS, "rules": T.RICH_TEXT, "owner": T.TEXT, "art": T.IMAGE,
           "color_1": T.COLOR, "color_2": T.COLOR, "color_3": T.COLOR, "color_4": T.COLOR}
_STORY = {"number": T.TEXT, "title": T.TEXT, "text": T.RICH_TEXT, "kind": T.TEXT, "rewards": T.RICH_TEXT,
          "symbol": T.ICON, "arrow": T.ICON, "next": T.RICH_TEXT, "preview": T.ICONS, "preview_label": T.TEXT}

FACE_KINDS = FaceContract.of(
    FaceKind("action-card", _ACTION),
    FaceKind("action-card-2", _ACTION),
    FaceKind("action-card-3", _ACTION),
    FaceKind("action-card-4", _ACTION),
    FaceKind("action-back", _BACK),
    FaceKind("side-quest", {"title": T.TEXT, "character": T.TEXT, "text": T.RICH_TEXT, "icon": T.ICON}),
    FaceKind("side-quest-back", _BACK),
    FaceKind("story-card", _STORY),
    FaceKind("story-path", _STORY),
    FaceKind("story-back", {"title": T.TEXT, "kind": T.TEXT, "number": T.TEXT}),  # the number: find a card unseen
    FaceKind("story-overview", {"title": T.TEXT, "kind": T.TEXT, "difficulty": T.ICONS, "overview": T.RICH_TEXT,
                                "art": T.IMAGE}),
    FaceKind("story-rules", {"title": T.TEXT, "heading": T.TEXT, "body": T.RICH_TEXT}),
    FaceKind("extra-effort", {"title": T.TEXT, "chapter": T.TEXT, "sequences": T.ROWS, "hint": T.RICH_TEXT}),
    FaceKind("extra-effort-back", {"title": T.TEXT, "chapter": T.TEXT}),
    FaceKind("secret-objective", {"title": T.TEXT, "kind": T.TEXT, "text": T.RICH_TEXT, "requirement": T.RICH_TEXT,
                                  "scoring": T.RICH_TEXT}),
    FaceKind("objective-back", {"title": T.TEXT, "icons": T.ICONS, "hint": T.RICH_TEXT}),
    FaceKind("prerequisite", {"title": T.TEXT, "color": T.COLOR, "icon": T.ICON, "left": T.RICH_TEXT,
                              "right": T.RICH_TEXT, "hint": T.RICH_TEXT}),
    FaceKind("prerequisite-back", _BACK),
    FaceKind("alliance-card", {"faction": T.TEXT, "kind": T.TEXT, "icon": T.ICON, "text": T.RICH_TEXT,
                               "hint": T.RICH_TEXT}),
    FaceKind("alliance-back", {"title": T.TEXT, "kind": T.TEXT, "icon": T.ICON}),
    FaceKind("solo-card", {"title": T.TEXT, "body": T.RICH_TEXT}),
    FaceKind("solo-back", _BACK),
    FaceKind("help-card", {"title": T.TEXT, "body": T.RICH_TEXT}),
    FaceKind("help-back", _BACK),
    FaceKind("symbol-token", {"icon": T.ICON}),
    FaceKind("fate-marker", {"value": T.TEXT, "label": T.TEXT}),
    FaceKind("marker-token", {"label": T.TEXT, "icon": T.ICON}),
    FaceKind("story-marker", {"name": T.TEXT, "icon": T.ICON, "story": T.TEXT}),
    FaceKind("alliance-marker", {"label": T.TEXT, "icons": T.ICONS}),
)
