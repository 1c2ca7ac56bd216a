"""The effect contract: the union is a game's only list of effects; a class without a sentence or
without engine code fails when its table is built, i.e. when its module is imported."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any, Literal, Union

import pytest
from pydantic import Field

from pipeline.games.old_world import effects as old_world_effects
from pipeline.games.old_world.engine import execute as old_world_engine
from pipeline.games.path_of_destiny import effects as path_of_destiny_effects
from pipeline.games.path_of_destiny.engine import execute as path_of_destiny_engine
from pipeline.i18n.messages import Message
from pipeline.rules.effects import Effect, EffectRegistry, EffectTable
from tests.conftest import CONTENT


class Gain(Effect):
    printed = ("amount",)
    type: Literal["gain"]
    amount: int = 1


class Pay(Effect):
    variants = ("", "all")
    type: Literal["pay"]
    amount: int | Literal["all"]

    def sentence(self) -> Message:
        return self.message("all") if self.amount == "all" else self.message(amount=self.amount)


Vocabulary = Annotated[Union[Gain, Pay], Field(discriminator="type")]  # noqa: UP007 - as the games spell it

# A game module as a user would write it: one class forgot its sentence, or the engine forgot one class.
UNPRINTED_MODULE = '''
from typing import Literal
from pipeline.rules.effects import Effect, EffectRegistry

class Unprinted(Effect):
    type: Literal["unprinted"]

EFFECTS = EffectRegistry(Unprinted)
'''
UNEXECUTED_MODULE = '''
from tests.rules.test_effects import Gain, Vocabulary
from pipeline.rules.effects import EffectTable

_executors = EffectTable(Vocabulary, "executor")

@_executors.register(Gain)
def _gain(state, ctx, effect):
    return None

EXECUTORS = _executors.build()
'''


def import_module_from(tmp_path: Path, name: str, source: str) -> None:
    path = tmp_path / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    spec.loader.exec_module(importlib.util.module_from_spec(spec))


def test_a_class_without_a_printed_sentence_fails_at_import(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="effect class Unprinted has no printed sentence"):
        import_module_from(tmp_path, "unprinted_effects", UNPRINTED_MODULE)


def test_a_class_without_an_executor_fails_at_import(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="no executor for effect class Pay"):
        import_module_from(tmp_path, "unexecuted_engine", UNEXECUTED_MODULE)


def test_a_table_holds_one_function_per_class_of_its_union() -> None:
    table: EffectTable[Callable[..., Any]] = EffectTable(Vocabulary, "executor")

    @table.register(Pay)
    def pay(effect: Pay) -> None: ...

    @table.register(Gain)
    def gain(effect: Gain) -> None: ...

    assert table.build() == {Gain: gain, Pay: pay}
    assert list(table.build()) == [Gain, Pay]  # in union order
    with pytest.raises(TypeError, match="two executors for effect class Gain"):
        table.register(Gain)(gain)
    with pytest.raises(TypeError, match="Effect is not an effect class of this executor table"):
        table.register(Effect)(gain)


def test_a_plain_sentence_prints_only_fields_the_class_has() -> None:
    class Typo(Effect):
        printed = ("amuont",)
        type: Literal["typo"]
        amount: int

    with pytest.raises(TypeError, match="Typo prints amuont, which it does not have"):
        EffectRegistry(Typo)


def test_two_classes_with_one_type_name_fail() -> None:
    class Gain2(Gain):
        pass

    with pytest.raises(TypeError, match="share a type name"):
        EffectRegistry(Vocabulary, Gain2)


def test_a_class_prints_only_the_templates_it_declares() -> None:
    assert Gain(type="gain", amount=2).sentence() == Message("effect:gain", {"amount": 2})
    assert Pay(type="pay", amount="all").sentence() == Message("effect:pay:all")
    assert list(EffectRegistry(Vocabulary).contexts()) == ["effect:gain", "effect:pay", "effect:pay:all"]
    with pytest.raises(ValueError, match="Gain does not declare the variant 'all'"):
        Gain(type="gain").message("all")


# Each shipped engine game: its whole vocabulary, and the engine tables that must cover it once.
ENGINE_TABLES: dict[str, tuple[EffectRegistry[Any], tuple[Mapping[type[Effect], Any], ...]]] = {
    "old-world": (old_world_effects.EFFECTS, (old_world_engine.EXECUTORS,)),
    "path-of-destiny": (
        path_of_destiny_effects.EFFECTS,
        (path_of_destiny_engine.CHECKS, path_of_destiny_engine.EXECUTORS),
    ),
}


@pytest.mark.parametrize("game", sorted(ENGINE_TABLES))
def test_every_effect_class_of_a_shipped_game_has_its_engine_code_once(game: str) -> None:
    registry, tables = ENGINE_TABLES[game]
    with_code = [cls for table in tables for cls in table]
    assert sorted(cls.__name__ for cls in with_code) == sorted(cls.__name__ for cls in registry)


def test_validate_imports_no_engine_and_no_texts_module() -> None:
    """`pnp validate` only loads and checks structure: engines and printed texts stay unimported."""
    pnp = Path(sys.executable).parent / "pnp"
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1"}
    result = subprocess.run([str(pnp), "validate", "--content", str(CONTENT)], capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    imported = re.findall(r"^import time:.*\|\s*(\S+)$", result.stderr, re.M)
    assert "pipeline.games.old_world.effects" in imported  # the profile did record the games
    assert [m for m in imported if re.match(r"pipeline\.games\.\w+\.(engine|texts)\b", m)] == []
