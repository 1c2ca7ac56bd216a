"""An example of each declared field type, as the declared-fields reference shows it: the field's declaration in
`game.yaml` (kind `card`, whose records are `card` too) and a record's value. A test declares them all in one game
and loads the records, so every example is one pnp accepts."""

from __future__ import annotations

FIELD_EXAMPLES = {
    "text": ("code: {type: text}", "code: A-17"),
    "translatable": ("title: {type: translatable}", "title: Scout"),
    "integer": ("cost: {type: integer, min: 0, max: 9}", "cost: 3"),
    "boolean": ("wild: {type: boolean, default: false, label: Wild}", "wild: true"),
    "enum": ("suit: {type: enum, values: {sun: Sun, moon: Moon}, colors: {sun: '#c8a040', moon: '#4060a0'}}",
             "suit: moon"),
    "ref": ("leader: {type: ref, to: card, shows: title, required: false}", "leader: scout"),
    "icon": ("icon: {type: icon}", "icon: shield"),
    "image": ("art: {type: image, required: false}", "art: art/scout.png"),
    "color": ("tint: {type: color}", "tint: '#a3202a'"),
    "list": ("keywords: {type: list, of: text, min_items: 1}", "keywords: [quick, silent]"),
    "object": ("reward: {type: object, fields: {gold: {type: integer}, note: {type: translatable}}}",
               "reward: {gold: 2, note: Paid at once}"),
    "map": ("faces: {type: map, keys: [sword, shield], min: 0, max: 3}", "faces: {sword: 2, shield: 1}"),
}
