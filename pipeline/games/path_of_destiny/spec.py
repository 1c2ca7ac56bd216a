"""The Witcher: Path of Destiny, described once: its files, checks, text, engine, print and guide parts.

Engine, print and guide modules are imported inside the functions that use them, so `pnp validate`
does not pay for loading them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from pipeline.content.database import BASE_PACK, Database
from pipeline.rules.spec import EngineSpec, GameInfo, GameSpec, GuideSpec, PrintSpec, Progress, player_counts_of

from .checks import run_checks
from .content import PathOfDestinyContent
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

ID = "path-of-destiny"
NAME = "The Witcher: Path of Destiny"


def info(db: Database) -> GameInfo:
    from .checks.counts import actual_counts

    content = PathOfDestinyContent(db)
    manifest = content.manifest
    return GameInfo.of(ID, NAME, manifest, actual_counts(content), [story.id for story in content.stories])


def strings(db: Database) -> list[SourceString]:
    """Every translatable string: content fields (msgctxt from the models, the guide's too), message templates."""
    from pipeline.i18n.content import translatable_strings

    return translatable_strings(db)


def localizer(db: Database, locale: str) -> Localizer:
    from .texts import localizer as make

    return make(db, locale)


def tables(db: Database) -> Tables:
    from .engine import Tables

    return Tables.from_content(PathOfDestinyContent(db))


def new_game(tables: Tables, players: int, seed: int, options: Mapping[str, Any] | None = None) -> GameState:
    """A seeded game for 1-5 players at its first decision (options: see engine/setup.py); the story is
    chosen by seed unless `options["story"]` names one, so a run of seeds plays all three."""
    from .engine import new_game as start

    return start(tables, players, seed, options)


def player_counts(db: Database) -> list[int]:
    manifest = PathOfDestinyContent(db).manifest
    return player_counts_of(manifest.setup) if manifest else []


def bots() -> Mapping[str, Callable[[int], Bot]]:
    from .bots import BOTS

    return BOTS


def automa_levels(db: Database) -> list[str]:
    """The Automa's factions in `pnp balance`, easiest level first (the content lists them by rising start XP)."""
    automa = PathOfDestinyContent(db).automa
    return [f"automa:{level.id}" for level in automa.levels] if automa is not None else []


def statistics() -> StatisticsRecorder:
    from .statistics import recorder

    return recorder()


def _clock(state: GameState) -> str:
    return f"story {state.story.id}, chapter {state.chapter}, round {state.round}" if state.chapter else "setup"


def _seat(state: GameState, seat: int) -> str:
    p = state.players[seat]
    return f"automa {p.automa.id} ({p.character})" if p.automa is not None else p.character


def _standing(state: GameState, seat: int) -> str:
    p = state.players[seat]
    tokens = ", ".join(f"{symbol.value} {count}" for symbol, count in p.tokens.items())
    return f"vp {p.vp}, xp {p.xp}, {tokens}"


def components(db: Database, localizer: Localizer) -> Components:
    from .components import path_of_destiny_components

    return path_of_destiny_components(db, localizer)


def boards(db: Database, localizer: Localizer) -> Boards:
    from .board import path_of_destiny_boards

    return path_of_destiny_boards(db, localizer)


def reference_guide(db: Database, localizer: Localizer) -> GuideDocument:
    from .guide import guide_document

    return guide_document(db, localizer.locale, localizer.text)


def listed(db: Database) -> list[Listed]:
    """The manifest's component list."""
    from pipeline.rules.checklist import listed_at

    record = PathOfDestinyContent(db).manifest_record
    return listed_at(db, record, BASE_PACK, record.entity.component_list, "component_list") if record is not None else []


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
                      faction_order=automa_levels),
    printing=PrintSpec(components=components, boards=boards, listed=listed),
    guide=GuideSpec(reference=reference_guide),
)
