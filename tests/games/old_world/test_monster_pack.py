"""Monster Pack (expansion sheet §6; §19 rules 10, 16, 31): Koshchey, the Siren and the Kayran. Each rule has a
content change that breaks it, reported at the line that does."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.findings import Finding
from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.engine import Tables, new_game
from pipeline.games.old_world.spec import SPEC
from pipeline.rules.simulation import SimulationReport, unused_findings
from tests.conftest import line_of

from .edits import checked_edit

CONTENT = Path(__file__).resolve().parents[3] / "content"
PACK = "monster-pack"


def changed(tmp_path: Path, file: str, old: str, new: str) -> tuple[Path, list[Finding]]:
    """The shipped content with one file changed (old -> new), loaded with the Monster Pack, and every check."""
    return checked_edit(tmp_path, file, old, new, (PACK,), structure_only=False)


def codes(findings: list[Finding], code: str) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in findings if f.code == code]


def test_the_pack_holds_the_fact_sheets_monster_cards_token_and_legendary_card() -> None:
    # §6: 2 Monster cards (Koshchey, Siren), 1 Monster token (Koshchey), the Kayran's large legendary card.
    db, findings = SPEC.load(CONTENT, (PACK,))
    assert findings == []
    content = OldWorldContent(db)
    pack_monsters = [m.id for m in content.monsters if db.pack_of(db.record("monsters", m.id)) == PACK]
    assert sorted(pack_monsters) == ["koshchey", "siren"]
    assert [t.id for t in content.monster_tokens if t.monster in pack_monsters] == ["koshchey-token"]
    assert [m.id for m in content.legendary_monsters] == ["kayran"]
    counts = SPEC.info(db).counts
    base_counts = SPEC.info(SPEC.load(CONTENT)[0]).counts
    assert counts["monsters"] - base_counts["monsters"] == 2
    assert counts["monster_tokens"] - base_counts["monster_tokens"] == 1
    assert counts["legendary_monsters"] == 1 and "legendary_monsters" not in base_counts


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_the_siren_never_spawns(players: int) -> None:
    # §6: "Nobody can ever get a Siren Trail token"; it waits on the Dagon Location and never respawns.
    db, _ = SPEC.load(CONTENT, (PACK,))
    siren = OldWorldContent(db).monsters
    assert [m for m in siren if m.id == "siren"][0].token is None
    state = new_game(Tables.from_content(OldWorldContent(db)), players, 7)
    stacked = [monster for stack in state.monster_stacks.values() for monster in stack]
    on_board = [slot[1] for slot in state.slots.values() if slot]
    assert "koshchey" in stacked + on_board
    assert "siren" not in stacked + on_board


def test_the_siren_is_out_of_play_so_the_bots_are_not_asked_to_reach_it() -> None:
    db, _ = SPEC.load(CONTENT, (PACK,))
    assert SPEC.engine is not None and SPEC.engine.out_of_play is not None
    out_of_play = SPEC.engine.out_of_play(db)
    assert out_of_play == {"monsters": frozenset({"siren"})}
    seen = {m.id for m in OldWorldContent(db).monsters} - {"siren"}
    report = SimulationReport("old-world", 2, "greedy", 1, 100, coverage={"monsters": seen})
    report.sightings["monsters"] = 10_000
    assert unused_findings(report, db, out_of_play=out_of_play) == []
    assert [f.message.split("'")[1] for f in unused_findings(report, db)] == ["siren"]


@pytest.mark.parametrize(
    ("old", "new", "shown"),
    [
        # Rule 10: a monster without a token cannot spawn, and says so.
        ("    spawnable: false\n", "", "  - id: siren"),
        # Rule 10: no trophy-track step and no Fatigue for the Siren.
        ("grants_track_step: false", "grants_track_step: true", "grants_track_step: true"),
        # Rule 10: a monster that never spawns has no token.
        ("    spawnable: false\n", "    spawnable: false\n    token: drowner-token\n", "token: drowner-token"),
    ],
)
def test_a_siren_that_breaks_rule_10(tmp_path: Path, old: str, new: str, shown: str) -> None:
    path, findings = changed(tmp_path, "packs/monster-pack/monsters.yaml", old, new)
    assert ("OW-MONSTER-SPAWN", line_of(path, shown)) in codes(findings, "OW-MONSTER-SPAWN")


@pytest.mark.parametrize(
    ("old", "new", "code", "shown"),
    [
        # Rule 16: exactly 4 Special Attacks.
        ("      - id: tentacle-lash\n        name: Tentacle Lash\n        text: Take 3 damage.\n        damage: 3\n", "",
         "OW-LEGENDARY-ATTACKS", "    attacks:"),
        # Location 0 never hosts a monster (rule 2), so no legendary monster starts there.
        ("start: dhuwod", "start: loc-muinne", "OW-LEGENDARY-START", "start: loc-muinne"),
    ],
)
def test_a_kayran_that_breaks_rule_16(tmp_path: Path, old: str, new: str, code: str, shown: str) -> None:
    path, findings = changed(tmp_path, "packs/monster-pack/legendary-monsters.yaml", old, new)
    assert codes(findings, code) == [(code, line_of(path, shown))]


def test_a_monster_pack_monster_the_manifest_ties_to_no_partner(tmp_path: Path) -> None:
    # Rule 31: each Monster Pack monster needs its partner expansion, so the manifest names every one.
    path, findings = changed(tmp_path, "packs/monster-pack/monsters.yaml", "  - id: siren", "  - id: sea-siren")
    game = path.parents[2] / "game.yaml"
    assert codes(findings, "OW-PACK-PARTNER") == [("OW-PACK-PARTNER", line_of(path, "  - id: sea-siren")),
                                                  ("OW-PACK-PARTNER", line_of(game, "partners:"))]


def test_the_base_game_has_no_monster_pack_content() -> None:
    db, _ = SPEC.load(CONTENT)
    content = OldWorldContent(db)
    assert content.legendary_monsters == [] and "siren" not in {m.id for m in content.monsters}
