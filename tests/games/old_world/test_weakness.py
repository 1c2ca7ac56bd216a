"""Monster Trail's Weakness mode content (expansion sheet §9.8, §19 rules 7-9 and 11): sound as shipped, alone and
with the Monster Pack's Koshchey card; each broken rule a finding at the line that breaks it."""

from __future__ import annotations

from pathlib import Path

from pipeline.findings import Finding
from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.spec import SPEC
from tests.conftest import copy_old_world, edit, line_of

from .test_monster_trail import errors, selection

CONTENT = Path(__file__).resolve().parents[3] / "content"
WEAKNESS = selection("weakness")
CARDS = Path("old-world/packs/monster-trail/weakness/large-monster-cards.yaml")
TOKENS = Path("old-world/packs/monster-trail/weakness/weakness-tokens.yaml")
SPECIALS = Path("old-world/packs/monster-trail/weakness/special-attack-cards.yaml")


def findings_of(root: Path, packs: tuple[str, ...]) -> list[Finding]:
    """Loading and every content check (the consistency rules too)."""
    db, findings = SPEC.load(root, packs)
    return findings + SPEC.checks(db)


def test_the_mode_is_sound_alone_and_with_the_monster_pack() -> None:
    assert errors(findings_of(CONTENT, WEAKNESS)) == []
    assert errors(findings_of(CONTENT, (*WEAKNESS, "monster-pack"))) == []
    assert errors(findings_of(CONTENT, selection("weakness", "troll"))) == []


def test_the_mode_shows_29_large_cards_18_tokens_and_4_special_attack_cards() -> None:
    """§9.1: "4 Special Monster Fight cards, 29 Large Monster cards, 18 Weakness tokens (3 sets of 6)"; the Monster
    Pack adds Koshchey's large card (§6)."""
    db, _ = SPEC.load(CONTENT, WEAKNESS)
    content = OldWorldContent(db)
    assert (len(content.large_monster_cards), len(content.weakness_tokens), len(content.special_attack_cards)) == (29, 18, 4)
    db, _ = SPEC.load(CONTENT, (*WEAKNESS, "monster-pack"))
    assert "koshchey" in {card.monster for card in OldWorldContent(db).large_monster_cards}


def test_a_large_card_with_three_special_attacks_is_a_finding(tmp_path: Path) -> None:
    """Rule 8: "A large monster card has exactly 4 special attacks"."""
    root = copy_old_world(tmp_path)
    path = root / CARDS
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: frenzy\n")
    end = text.index("  passive:", start)
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    assert errors(findings_of(root, WEAKNESS)) == [("OW-LARGE-CARD", line_of(path, "attacks:"))]


def test_a_life_pool_other_than_the_normal_cards_is_a_finding(tmp_path: Path) -> None:
    """Rule 8: "its Life Pool and Ability match the normal card"."""
    root = copy_old_world(tmp_path)
    path = root / CARDS
    edit(path, "  monster: drowner\n  life: 5\n", "  monster: drowner\n  life: 6\n")
    assert errors(findings_of(root, WEAKNESS)) == [("OW-LARGE-CARD", line_of(path, "life: 6"))]


def test_a_large_card_attack_that_forbids_a_colour_is_a_finding(tmp_path: Path) -> None:
    """The engine plays a forbidden colour in legendary fights only: on a large card it would be printed and ignored."""
    root = copy_old_world(tmp_path)
    path = root / CARDS
    edit(path, "    text: Take 2 damage.\n    damage: 2\n", "    text: Take 2 damage.\n    damage: 2\n    forbid: purple\n")
    assert errors(findings_of(root, WEAKNESS)) == [("OW-LARGE-CARD", line_of(path, "forbid: purple"))]


def test_a_token_number_without_its_paragraph_is_a_finding_on_every_card(tmp_path: Path) -> None:
    """Rule 9: "Every number on a token must exist as a paragraph on every large card it may apply to"."""
    root = copy_old_world(tmp_path)
    edit(root / TOKENS, "terrain: water\n  number: 3\n", "terrain: water\n  number: 4\n")
    found = errors(findings_of(root, WEAKNESS))
    assert [code for code, _ in found] == ["OW-WEAKNESS-PARAGRAPH"] * 29


def test_a_terrain_set_of_five_tokens_is_a_finding(tmp_path: Path) -> None:
    """Rule 9: "Weakness tokens: 18 = 3 terrains x 6"."""
    root = copy_old_world(tmp_path)
    edit(root / TOKENS, "terrain: water\n  number: 3\n", "terrain: forest\n  number: 3\n")
    codes = sorted(code for code, _ in errors(findings_of(root, WEAKNESS)))
    assert codes == ["OW-WEAKNESS-TOKENS", "OW-WEAKNESS-TOKENS"]  # forest has 7, water 5


def test_a_monster_in_play_without_its_large_card_is_a_finding(tmp_path: Path) -> None:
    """Rule 7: "With Monster Trail each also has one large card (29 = 28 base + Troll)"."""
    root = copy_old_world(tmp_path)
    edit(root / CARDS, "  monster: troll\n", "  monster: leshen\n")
    troll = root / "old-world/packs/monster-trail/troll/monsters.yaml"
    found = errors(findings_of(root, selection("weakness", "troll")))
    assert ("OW-LARGE-CARD-MISSING", line_of(troll, "- id: troll")) in found
    assert ("OW-LARGE-CARD-MISSING", line_of(root / "old-world/monsters.yaml", "- id: leshen")) in found


def test_skelliges_dagon_without_its_large_card_is_named(tmp_path: Path) -> None:
    """§9.8: "The Skellige Dagon card's second side holds its 4 Special Attacks for this mode"; the Siren uses it (§6)."""
    root = copy_old_world(tmp_path)
    dagon = root / "old-world/packs/skellige/monsters.yaml"
    (root / "old-world/packs/skellige/large-monster-cards.yaml").unlink()  # Dagon's card, which the Siren shares
    packs = (*selection("weakness"), "monster-pack", "skellige")
    found = [f for f in findings_of(root, packs) if f.code == "OW-LARGE-CARD-MISSING"]
    assert [(f.line, "dagon" in f.message) for f in found if "dagon:" in f.message] == [(line_of(dagon, "- id: dagon"), True)]
    siren = root / "old-world/packs/monster-pack/monsters.yaml"
    assert [f.line for f in found if f.message.startswith("siren:")] == [line_of(siren, "- id: siren")]


def test_two_special_attack_cards_firing_one_attack_is_a_finding(tmp_path: Path) -> None:
    """Rule 11: the 4 Special Attack cards fire the large card's 4 attacks [inferred by the sheet]."""
    root = copy_old_world(tmp_path)
    path = root / SPECIALS
    edit(path, "attack: 4", "attack: 3")
    assert errors(findings_of(root, WEAKNESS)) == [("OW-ATTACK-DECK", line_of(path, "attack: 3")),
                                                   ("OW-ATTACK-DECK", line_of(path, "id: special-attack-4") + 1)]


def decks_of(packs: tuple[str, ...], locale: str = "en") -> dict[str, list[tuple[str, dict[str, object], str]]]:
    """Each deck's faces as (kind, fields, the kind of its back)."""
    db, _ = SPEC.load(CONTENT, packs)
    assert SPEC.printing is not None
    components = SPEC.printing.components(db, SPEC.localizer(db, locale))
    return {deck.id: [(face.kind, dict(face.fields), getattr(components.back_of(face), "kind", ""))
                      for face in deck.faces] for deck in components.decks}


def test_the_mode_prints_two_sided_large_cards_special_attack_cards_and_tokens_with_its_symbol() -> None:
    """§9.8: "The large card is two-sided; keep the Special Attacks side face-up"; the Special Attack cards are
    shuffled into the Monster Fight deck, so they share its back; every face of the pack carries `MT`."""
    decks = decks_of(WEAKNESS)
    large, specials, tokens = decks["large-monsters"], decks["special-attacks"], decks["weakness-tokens"]
    assert len(large) == 29 and {(kind, back) for kind, _, back in large} == {("large-monster", "large-monster-back")}
    assert {str(fields["symbol"]) for _, fields, _ in large + specials + tokens} == {"MT"}
    assert [back for _, _, back in specials] == ["monster-fight-back"] * 4
    assert len(tokens) == 18


def test_the_large_card_back_holds_the_attacks_passive_and_weaknesses_in_german() -> None:
    db, _ = SPEC.load(CONTENT, WEAKNESS)
    assert SPEC.printing is not None
    components = SPEC.printing.components(db, SPEC.localizer(db, "de"))
    [leshen] = [face for deck in components.decks if deck.id == "large-monsters" for face in deck.faces
                if face.id == "leshen"]
    back = components.back_of(leshen)
    assert back is not None and back.kind == "large-monster-back"
    assert "Ruf der Wildnis" in str(back.fields["attacks"]) and "Verwurzelt" in str(back.fields["passive"])
    assert "Reliktöl" in str(back.fields["weaknesses"]) and leshen.fields["life"] == "13"


def test_koshcheys_large_card_prints_with_the_monster_pack_symbol_and_the_base_prints_none() -> None:
    """§6: the Monster Pack's two large cards are the Kayran's and Koshchey's."""
    pack = decks_of(("monster-pack",))["large-monsters"]
    assert [(fields["name"], fields["symbol"]) for _, fields, _ in pack] == [("Koshchey", "MP")]
    assert not {"large-monsters", "special-attacks", "weakness-tokens"} & set(decks_of(()))


def test_a_weakness_token_count_of_the_manifest_other_than_3_sets_of_6_is_a_finding_without_the_pack(tmp_path: Path) -> None:
    """Rule 9: "18 = 3 terrains x 6", in the component line and the mode's `adds`, even when Monster Trail is not played."""
    root = copy_old_world(tmp_path)
    path = root / "old-world/game.yaml"
    edit(path, "{item: weakness-tokens, count: 18,", "{item: weakness-tokens, count: 17,")
    edit(path, "weakness_tokens: 18,", "weakness_tokens: 19,")
    assert errors(findings_of(root, ())) == [("OW-WEAKNESS-TOKENS", line_of(path, "count: 17")),
                                             ("OW-WEAKNESS-TOKENS", line_of(path, "weakness_tokens: 19"))]
