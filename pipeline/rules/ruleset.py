"""The contract every game implements: its content models, its checks, its engine."""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from pipeline.content.database import Database, load_database
from pipeline.content.models import ContentFile
from pipeline.findings import Finding
from pipeline.i18n.localizer import Localizer
from pipeline.i18n.messages import SourceString

from .effects import EffectRegistry


@dataclass(frozen=True)
class GameInfo:
    """What `pnp games` shows of one game's content."""

    id: str
    name: str
    packs: list[str]
    locales: list[str]
    counts: dict[str, int]


class Ruleset(ABC):
    """One game: which files its content has, what it must satisfy, how it is played."""

    id: str
    name: str
    file_kinds: tuple[type[ContentFile], ...]
    effects: EffectRegistry
    # The game's translations state every number of their English (I18N-DRIFT compares them).
    translations_keep_numbers: bool = False

    def content_dir(self, content_root: Path) -> Path:
        return content_root / self.id

    def load(self, content_root: Path) -> tuple[Database, list[Finding]]:
        return load_database(self.content_dir(content_root), self.id, self.file_kinds)

    @abstractmethod
    def checks(self, db: Database, structure_only: bool = False) -> list[Finding]:
        """The game's rules on a loaded database. structure_only: what `validate` proves (references
        resolve, counts match, numbered decks hold); otherwise every consistency rule too."""

    @abstractmethod
    def info(self, db: Database) -> GameInfo:
        """Name, packs, locales and component counts of the loaded content."""

    def stats(self, db: Database) -> dict[str, Any]:
        return dict(self.info(db).counts)

    def strings(self, db: Database) -> list[SourceString]:
        """Every translatable string of the content, with its msgctxt path and source position."""
        return []

    def localizer(self, db: Database, locale: str) -> Localizer:
        """Printed text in a locale: the game's catalog, message templates and effect sentences."""
        return Localizer.load(locale, db.root)



@runtime_checkable
class HasEngine(Protocol):
    """A ruleset with a rules engine: seeded games its bots can play (see pipeline/rules/simulation.py)."""

    id: str
    # Bot factories by name (seed -> bot).
    bots: Mapping[str, Callable[[int], Any]]

    def new_game(self, db: Database, players: int, seed: int, options: Mapping[str, Any] | None = None) -> Any:
        """A new game State at its first decision."""

    def player_counts(self, db: Database) -> list[int]:
        """The player counts the loaded content supports (simulation smoke runs play each)."""


class LazyRegistry(Mapping[str, Any]):
    """A registry that lives in another module, imported on first use (keeps `pnp validate` start-up fast)."""

    def __init__(self, module: str, name: str) -> None:
        self._where = (module, name)
        self._loaded: Mapping[str, Any] | None = None

    def _registry(self) -> Mapping[str, Any]:
        if self._loaded is None:
            module, name = self._where
            self._loaded = getattr(importlib.import_module(module), name)
        return self._loaded

    def __getitem__(self, key: str) -> Any:
        return self._registry()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._registry())

    def __len__(self) -> int:
        return len(self._registry())
