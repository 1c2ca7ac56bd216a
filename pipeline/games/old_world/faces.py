"""The Old World face contract: every kind of face `components.py` prints, with its typed fields.

Each kind names the layout template that draws it (`layouts/old-world/`); the layouts are checked
against these declarations when they load, and `components.py` cannot build a face outside them.
"""

from __future__ import annotations

from pipeline.rules.faces import FaceContract, FaceKind
from pipeline.rules.faces import FieldType as T

_BACK = {"title": T.TEXT}  # a deck's shared back: the kind of card, under the deck's icon

FACE_KINDS = FaceContract.of(
    FaceKind("action-card", {"name": T.TEXT, "cost": T.NUMBER, "color": T.COLOR, "type": T.TEXT, "terrain": T.ICON,
                             "fight": T.RICH_TEXT, "rules": T.RICH_TEXT, "extensions": T.ROWS, "art": T.IMAGE,
                             "school": T.TEXT, "school_color": T.COLOR, "symbol": T.TEXT}),
    # Monster Trail's Advanced Action cards: a trash instead of a cost, their abilities instead of art.
    FaceKind("advanced-card", {"name": T.TEXT, "trash": T.ICON, "color": T.COLOR, "type": T.TEXT, "terrain": T.ICON,
                               "abilities": T.RICH_TEXT, "fight": T.RICH_TEXT, "rules": T.RICH_TEXT,
                               "extensions": T.ROWS, "symbol": T.TEXT}),
    FaceKind("action-back", _BACK),
    FaceKind("potion", {"name": T.TEXT, "timing": T.TEXT, "rules": T.RICH_TEXT, "icon": T.ICON, "art": T.IMAGE}),
    FaceKind("potion-back", _BACK),
    FaceKind("mutagen", {"name": T.TEXT, "rules": T.RICH_TEXT, "icon": T.ICON, "symbol": T.TEXT}),  # Monster Trail
    FaceKind("mutagen-back", {"title": T.TEXT, "symbol": T.TEXT}),
    FaceKind("bomb", {"name": T.TEXT, "rules": T.RICH_TEXT, "icon": T.ICON, "symbol": T.TEXT}),  # Monster Trail
    FaceKind("bomb-back", {"title": T.TEXT, "symbol": T.TEXT}),
    FaceKind("exploration", {"title": T.TEXT, "deck_name": T.TEXT, "icon": T.ICON, "intro": T.RICH_TEXT,
                             "options": T.RICH_TEXT, "symbol": T.TEXT}),
    FaceKind("exploration-results", {"title": T.TEXT, "deck_name": T.TEXT, "icon": T.ICON, "body": T.RICH_TEXT}),
    FaceKind("skellige-exploration", {"title": T.TEXT, "body": T.RICH_TEXT, "symbol": T.TEXT}),  # Skellige
    FaceKind("skellige-exploration-back", {"title": T.TEXT, "symbol": T.TEXT}),
    FaceKind("event", {"number": T.TEXT, "title": T.TEXT, "type": T.TEXT, "body": T.RICH_TEXT, "symbol": T.TEXT}),
    FaceKind("event-back", {**_BACK, "number": T.TEXT}),  # the number: find an event without reading fronts
    FaceKind("monster", {"name": T.TEXT, "level": T.TEXT, "life": T.TEXT, "life_icon": T.ICON,
                         "special": T.RICH_TEXT, "art": T.IMAGE, "symbol": T.TEXT}),
    FaceKind("monster-back", {"name": T.TEXT, "description": T.RICH_TEXT, "trophy": T.RICH_TEXT, "icon": T.ICON}),
    FaceKind("monster-fight-card", {"charge_label": T.TEXT, "bite_label": T.TEXT, "charge": T.RICH_TEXT,
                                    "bite": T.RICH_TEXT}),
    FaceKind("monster-fight-back", _BACK),
    FaceKind("attribute-trophy", {"name": T.TEXT, "icon": T.ICON, "flavor": T.RICH_TEXT, "ability": T.RICH_TEXT}),
    FaceKind("witcher-trophy", {"name": T.TEXT, "icon": T.ICON, "school": T.TEXT, "school_color": T.COLOR,
                                "flavor": T.RICH_TEXT, "ability": T.RICH_TEXT, "symbol": T.TEXT}),
    FaceKind("trophy-back", {"title": T.TEXT, "icon": T.ICON, "school_color": T.COLOR}),
    FaceKind("help-card", {"title": T.TEXT, "body": T.RICH_TEXT}),
    FaceKind("pack-help-card", {"title": T.TEXT, "symbol": T.TEXT, "body": T.RICH_TEXT}),  # a pack's: its symbol too
    FaceKind("help-back", _BACK),
    FaceKind("location-token", {"number": T.TEXT, "name": T.TEXT, "icon": T.ICON, "symbol": T.TEXT}),
    FaceKind("location-token-back", {"icon": T.ICON}),
    FaceKind("monster-token", {"name": T.TEXT, "level": T.TEXT, "icon": T.ICON, "symbol": T.TEXT}),
    FaceKind("monster-token-back", {"level": T.TEXT, "icon": T.ICON}),
    FaceKind("gold-token", {"value": T.TEXT, "icon": T.ICON}),
    FaceKind("marker-token", {"label": T.TEXT, "icon": T.ICON}),
    # Expansions: a pack's faces print its symbol.
    FaceKind("lost-mount-card", {"title": T.TEXT, "symbol": T.TEXT, "body": T.RICH_TEXT}),
    FaceKind("lost-mount-back", {"title": T.TEXT, "symbol": T.TEXT, "body": T.RICH_TEXT}),
    FaceKind("lost-mount-token", {"label": T.TEXT, "symbol": T.TEXT}),
    FaceKind("pack-marker-token", {"label": T.TEXT, "icon": T.ICON, "symbol": T.TEXT}),
    FaceKind("legendary-monster", {"name": T.TEXT, "kind": T.TEXT, "symbol": T.TEXT, "start": T.TEXT,
                                   "ability": T.RICH_TEXT, "attacks": T.RICH_TEXT}),
    FaceKind("legendary-monster-back", {"name": T.TEXT, "symbol": T.TEXT, "description": T.RICH_TEXT, "icon": T.ICON}),
    # Legendary Hunt (legendary_print.py).
    FaceKind("special-fight-card", {"charge_label": T.TEXT, "bite_label": T.TEXT, "charge": T.RICH_TEXT,
                                    "bite": T.RICH_TEXT, "symbol": T.TEXT}),
    FaceKind("special-fight-back", {"title": T.TEXT, "symbol": T.TEXT, "icon": T.ICON}),
    FaceKind("movement-card", {"title": T.TEXT, "symbol": T.TEXT, "main": T.TEXT, "main_label": T.TEXT,
                               "secondary": T.TEXT, "secondary_label": T.TEXT, "moves": T.RICH_TEXT}),
    FaceKind("movement-back", {"title": T.TEXT, "symbol": T.TEXT, "icon": T.ICON}),
    FaceKind("destruction-token", {"text": T.RICH_TEXT, "symbol": T.TEXT}),
    FaceKind("destruction-token-back", {"title": T.TEXT, "symbol": T.TEXT}),
    FaceKind("legendary-help-card", {"title": T.TEXT, "side": T.TEXT, "symbol": T.TEXT, "body": T.RICH_TEXT}),
    # Monster Trail's Weakness mode (weakness_print.py).
    FaceKind("large-monster", {"name": T.TEXT, "kind": T.TEXT, "symbol": T.TEXT, "level": T.TEXT, "life": T.TEXT,
                               "life_label": T.TEXT, "special": T.RICH_TEXT}),
    FaceKind("large-monster-back", {"name": T.TEXT, "symbol": T.TEXT, "attacks": T.RICH_TEXT, "passive": T.RICH_TEXT,
                                    "weaknesses": T.RICH_TEXT}),
    FaceKind("special-attack-card", {"title": T.TEXT, "symbol": T.TEXT, "attack": T.TEXT, "passive": T.RICH_TEXT}),
    FaceKind("weakness-token", {"number": T.TEXT, "icon": T.ICON, "symbol": T.TEXT}),
    FaceKind("weakness-token-back", {"icon": T.ICON, "symbol": T.TEXT}),
    # Wild Hunt (wild_hunt_print.py).
    FaceKind("wild-hunt-card", {"title": T.TEXT, "side": T.TEXT, "symbol": T.TEXT, "body": T.RICH_TEXT}),
    FaceKind("wild-hunt-attack", {"title": T.TEXT, "name": T.TEXT, "symbol": T.TEXT, "attack": T.RICH_TEXT,
                                  "passive": T.RICH_TEXT}),
    FaceKind("wild-hunt-attack-back", {"title": T.TEXT, "name": T.TEXT, "symbol": T.TEXT}),
    FaceKind("hound-token", {"text": T.RICH_TEXT, "symbol": T.TEXT}),
    FaceKind("hound-token-back", {"title": T.TEXT, "level": T.TEXT, "symbol": T.TEXT}),
    FaceKind("wild-hunt-exploration", {"title": T.TEXT, "stage": T.TEXT, "symbol": T.TEXT, "body": T.RICH_TEXT}),
    FaceKind("wild-hunt-exploration-back", {"title": T.TEXT, "stage": T.TEXT, "symbol": T.TEXT}),
    FaceKind("wild-hunt-event-back", {"title": T.TEXT, "stage": T.TEXT, "symbol": T.TEXT}),
)
