"""YAML scalars to Python values with ruamel's own YAML 1.2 resolver and safe constructors.

Only plain data comes out: str, int, float, bool, None. Timestamps stay strings (content has no dates
to compute with), and any other tag is refused by the caller.
"""

from __future__ import annotations

from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.constructor import ConstructorError
from ruamel.yaml.nodes import ScalarNode

TAG = "tag:yaml.org,2002:"
STR, INT, FLOAT, BOOL, NULL = (TAG + name for name in ("str", "int", "float", "bool", "null"))
TIMESTAMP, SEQ, MAP = TAG + "timestamp", TAG + "seq", TAG + "map"
SCALAR_TAGS = frozenset({INT, FLOAT, BOOL, NULL})

_YAML = YAML(typ="safe", pure=True)
_RESOLVER = _YAML.resolver
_CONSTRUCTOR = _YAML.constructor


def short_tag(tag: str) -> str:
    return "!!" + tag[len(TAG) :] if tag.startswith(TAG) else tag


def _resolve(value: str) -> str:
    return str(_RESOLVER.resolve(ScalarNode, value, (True, False)))


def plain_scalar(value: str) -> Any:
    """An untagged, unquoted scalar as YAML 1.2 reads it."""
    tag = _resolve(value)
    if tag not in SCALAR_TAGS:  # str, timestamp, and the merge ("<<") and value ("=") keys
        return value
    return _construct(tag, value)[1]


def tagged_scalar(tag: str, value: str) -> tuple[bool, Any]:
    """(ok, value) for an explicitly tagged scalar; not ok for tags that are not plain data."""
    if tag in (STR, TIMESTAMP, "!"):
        return True, value
    if tag not in SCALAR_TAGS:
        return False, None
    if _resolve(value) != tag and not (tag == FLOAT and _resolve(value) == INT):
        return False, None
    return _construct(tag, value)


def _construct(tag: str, value: str) -> tuple[bool, Any]:
    try:
        # The tag's safe constructor itself: construct_object would cache every node it sees.
        result = _CONSTRUCTOR.yaml_constructors[tag](_CONSTRUCTOR, ScalarNode(tag, value))
    except (ConstructorError, ValueError, OverflowError):
        return False, None
    return True, float(result) if tag == FLOAT else result
