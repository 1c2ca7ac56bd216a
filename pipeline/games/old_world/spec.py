"""The Witcher: Old World, described once: its files, checks, text, engine, print and guide parts.

Engine, print and guide modules are imported inside the functions that use them, so `pnp validate`
does not pay for loading them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal

from pipeline.content.database import BASE_PACK, Database
from pipeline.rules.spec import (
    EngineSpec,
    GameInfo,
    GameSpec,
    GuidePart,
    GuideSpec,
    PrintSpec,
    Progress,
    player_counts_of,
)
from pipeline.rules.variants import Setting, entity_key

from .checks import run_checks
from .checks.counts import actual_counts
from .content import OldWorldContent
from .enums import PackRule
from .models import FILE_KINDS

if TYPE_CHECKING:
    from pipeline.i18n.localizer import Localizer
    from pipeline.i18n.messages import SourceString
    from pipeline.rules.boards import Boards
    from pipeline.rules.checklist import Listed
    from pipeline.rules.components import Components
    from pipeline.rules.engine import Bot
    from pipeline.rules.guide import GuideDocument
    from pipeline.rules.spec import StatisticsRecorder

    from .engine import GameState, Tables

ID = "old-world"
NAME = "The Witcher: Old World"


def info(db: Database) -> GameInfo:
    content = OldWorldContent(db)
    manifest = content.manifest
    packs = manifest.packs if manifest else []
    return GameInfo.of(ID, NAME, manifest, actual_counts(content), [p.id for p in packs],
                       {p.id: [mode.id for mode in p.modes] for p in packs if p.modes}, content.mode_kinds)


def strings(db: Database) -> list[SourceString]:
    """Every translatable string: content fields (msgctxt from the models), message templates, guide."""
    from pipeline.i18n.content import translatable_strings

    from .guide import guide_strings

    return translatable_strings(db, guide_strings(db))


def localizer(db: Database, locale: str) -> Localizer:
    from .texts import localizer as make

    return make(db, locale)


def tables(db: Database) -> Tables:
    from .engine import Tables

    return Tables.from_content(OldWorldContent(db))


def new_game(tables: Tables, players: int, seed: int, options: Mapping[str, Any] | None = None) -> GameState:
    from .engine import new_game as start

    return start(tables, players, seed, options)


def player_counts(db: Database) -> list[int]:
    manifest = OldWorldContent(db).manifest
    return player_counts_of(manifest.setup) if manifest else []


def bots() -> Mapping[str, Callable[[int], Bot]]:
    from .bots import BOTS

    return BOTS


def out_of_play(db: Database) -> Mapping[str, frozenset[str]]:
    """Monsters that never spawn (the Siren waits on Skellige's Dagon Location, rule 10): no bot can meet them; Bombs
    whose mode is not played leave the deck (Monster Trail's Dimeritium without `weakness`, §9.5); Unique cards
    without their mode or owner stay in the box (§9.7)."""
    content = OldWorldContent(db)
    schools = {school.id for school in content.schools}
    unique = PackRule.UNIQUE_ACTIONS in content.rules_on
    out = {"monsters": frozenset(m.id for m in content.monsters if not m.spawnable),
           "bombs": frozenset(b.id for b in content.bombs if b.requires_mode not in (None, *content.modes_on)),
           # A Unique card waits for its mode and for its owner to be in the game (Monster Trail, §9.7).
           "action-cards": frozenset(c.id for c in content.cards if c.unique and (not unique or c.school not in schools))}
    return {collection: ids for collection, ids in out.items() if ids}


def sweeps(db: Database) -> list[Setting]:
    """With Wild Hunt, every difficulty level of its table (§11.3): the team's win rate must fall level by level."""
    content = OldWorldContent(db)
    if PackRule.WILD_HUNT not in content.rules_on:
        return []
    return [Setting(f"{entity_key(db, 'wild-hunt', box.id)}.difficulty", tuple(level.id for level in box.difficulties))
            for box in content.wild_hunt_boxes]


def statistics() -> StatisticsRecorder:
    from .statistics import recorder

    return recorder()


def _clock(state: GameState) -> str:
    return f"turn {state.turn}" if state.turn else "setup"


def _seat(state: GameState, seat: int) -> str:
    return state.players[seat].school


def _standing(state: GameState, seat: int) -> str:
    p = state.players[seat]
    return f"gold {p.gold}, level {p.level}, shield {p.shield}, track {p.track}, trophies {len(p.trophies)}"


def components(db: Database, localizer: Localizer) -> Components:
    from .components import old_world_components

    return old_world_components(db, localizer)


def boards(db: Database, localizer: Localizer) -> Boards:
    from .board import old_world_boards

    return old_world_boards(db, localizer)


def reference_guide(db: Database, localizer: Localizer) -> GuideDocument:
    from .guide import guide_document

    return guide_document(db, localizer.locale, localizer.text)


def player_aid(db: Database, localizer: Localizer) -> GuideDocument:
    from .guide import player_aid_document

    return player_aid_document(db, localizer.locale, localizer.text)


def pack_guides(db: Database, localizer: Localizer) -> list[GuidePart]:
    from .guide import pack_documents

    kinds: dict[str, Literal["guide", "aid"]] = {"reference-guide": "guide", "player-aid": "aid"}
    return [GuidePart(name, kinds[name], document) for name, document in pack_documents(db, localizer.locale, localizer.text)]


def listed(db: Database) -> list[Listed]:
    """The component lists of the base and the selected packs (the manifest's `packs:` entries)."""
    from pipeline.rules.checklist import listed_at

    record = OldWorldContent(db).manifest_record
    if record is None:
        return []
    return [entry for index, pack in enumerate(record.entity.packs)
            for entry in listed_at(db, record, pack.id, pack.components, "packs", index, "components",
                                   heading=("", "") if pack.id == BASE_PACK else (f"game:packs:{pack.id}:name", pack.name))]


SPEC = GameSpec(
    id=ID,
    name=NAME,
    file_kinds=FILE_KINDS,
    checks=run_checks,
    info=info,
    localizer=localizer,
    strings=strings,
    engine=EngineSpec(tables=tables, new_game=new_game, player_counts=player_counts, bots=bots,
                      progress=Progress(clock=_clock, seat=_seat, standing=_standing), statistics=statistics,
                      out_of_play=out_of_play, sweeps=sweeps),
    printing=PrintSpec(components=components, boards=boards, listed=listed),
    guide=GuideSpec(reference=reference_guide, player_aid=player_aid, pack_documents=pack_guides),
)
