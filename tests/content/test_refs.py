"""References that describe themselves: fields marked Ref resolve generically, REF-UNKNOWN where one dangles."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Annotated, Literal

import pytest

from pipeline.content.database import Database, UnknownCollection, load_database
from pipeline.content.models import ContentFile, ContentModel, Entity, Slug
from pipeline.content.refs import Ref, RefField, dangling_references, ref_fields, references

PlaceId = Annotated[Slug, Ref("places")]


class Place(Entity):
    name: str = ""


class Trip(ContentModel):
    to: PlaceId | None = None


class Person(Entity):
    home: PlaceId
    visits: list[PlaceId] = []
    trips: list[Trip] = []
    nickname: Slug | None = None  # a slug that is no reference


class PlacesFile(ContentFile):
    kind: Literal["places"]
    places: list[Place]
    entities_field = "places"


class PeopleFile(ContentFile):
    kind: Literal["people"]
    people: list[Person]
    entities_field = "people"


class Stray(ContentModel):
    to: Annotated[Slug, Ref("plaecs")]


PLACES = """\
kind: places
places:
  - id: kaer-morhen
  - id: novigrad
"""


def load(tmp_path: Path, people: str) -> Database:
    (tmp_path / "places.yaml").write_text(PLACES, encoding="utf-8")
    (tmp_path / "people.yaml").write_text(textwrap.dedent(people), encoding="utf-8")
    db, findings = load_database(tmp_path, "test", [PlacesFile, PeopleFile])
    assert findings == []
    return db


def test_marked_fields_are_found_through_optional_and_list() -> None:
    assert ref_fields(Person) == (RefField("home", Ref("places"), many=False), RefField("visits", Ref("places"), many=True))
    assert ref_fields(Trip) == (RefField("to", Ref("places"), many=False),)
    assert ref_fields(Place) == ()


def test_references_walk_nested_models_and_lists() -> None:
    person = Person(id="geralt", home="kaer-morhen", visits=["novigrad"], trips=[Trip(to="vizima"), Trip()])
    assert list(references(person)) == [
        (("home",), Ref("places"), "kaer-morhen"),
        (("visits", 0), Ref("places"), "novigrad"),
        (("trips", 0, "to"), Ref("places"), "vizima"),
    ]


def test_resolving_references_finds_nothing_when_every_id_exists(tmp_path: Path) -> None:
    db = load(tmp_path, """\
        kind: people
        people:
          - {id: geralt, home: kaer-morhen, visits: [novigrad], nickname: white-wolf}
        """)
    assert dangling_references(db) == []


def test_a_dangling_reference_is_reported_at_its_value_with_a_close_match(tmp_path: Path) -> None:
    db = load(tmp_path, """\
        kind: people
        people:
          - id: geralt
            home: kaer-morhen
            visits: [novigrad, kaer-morhn]
            trips:
              - to: novigard
        """)
    findings = dangling_references(db)
    assert [(f.code, f.line, f.column) for f in findings] == [("REF-UNKNOWN", 5, 24), ("REF-UNKNOWN", 7, 13)]
    assert findings[0].message == "visits[1] names 'kaer-morhn', which is not one of the places"
    assert findings[0].hint == "did you mean 'kaer-morhen'?"
    assert findings[1].message == "trips[0].to names 'novigard', which is not one of the places"
    assert findings[1].hint == "did you mean 'novigrad'?"


def test_without_a_close_match_the_hint_lists_the_known_ids(tmp_path: Path) -> None:
    db = load(tmp_path, """\
        kind: people
        people:
          - {id: geralt, home: zerrikania}
        """)
    [finding] = dangling_references(db)
    assert finding.hint == "known: kaer-morhen, novigrad"


def test_a_ref_to_a_collection_the_game_lacks_fails_loudly(tmp_path: Path) -> None:
    db = load(tmp_path, "kind: people\npeople: []\n")
    with pytest.raises(UnknownCollection, match="plaecs"):
        db.has(ref_fields(Stray)[0].ref.collection, "kaer-morhen")
