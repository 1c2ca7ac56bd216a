"""One recipe for every cache key: one list of the libraries whose versions key the caches."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from pipeline import cache_keys
from pipeline.app.check_cache import CheckInputs

REPO = Path(__file__).resolve().parent.parent


def test_every_dependency_keys_the_caches_or_is_said_to_make_nothing() -> None:
    """A new release of a library that parses, checks or draws rebuilds; the icons' libraries are among them."""
    dependencies = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    names = {re.split(r"[<>=!~\[ ;]", requirement, maxsplit=1)[0].lower() for requirement in dependencies}
    assert names - {n.lower() for n in cache_keys.LIBRARIES} == set(cache_keys.UNKEYED)
    assert {"svglib", "lxml", "rl_accel"} <= set(cache_keys.LIBRARIES)


def test_the_check_and_the_build_key_the_same_code() -> None:
    """The check's records and the build's targets both hold the one code digest (source, libraries, package)."""
    assert CheckInputs.of(REPO / "pipeline" / "layouts", REPO / "content").code == cache_keys.code_digest()
    assert "svglib=" in cache_keys.library_versions() and "rl_accel=" in cache_keys.library_versions()
