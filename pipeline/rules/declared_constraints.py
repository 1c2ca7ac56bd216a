"""The checks a declared game writes in its manifest (pipeline/content/declared.py), run on the loaded content.

    game:
      counts:                                   # a `components:` fact the content counts
        battle_dice: {kind: die, sum: count, where: {group: battle}}
      constraints:                              # a rule each record of a kind keeps
        - {kind: route, when: {sea: false}, then: {gold_cost: 0}, code: AG-MAP}
        - {kind: hero, inverse: {action: hero}}         # the action a hero names is that hero's
        - {kind: hero, named_by: die.hero}              # every hero has a die
        - {kind: die, when: {group: hero}, unique: hero}  # one set of hero dice per hero
      facts:                                    # what the published game states, where the content has it
        hero: {only: [geralt, triss], records: {geralt: {action: brew}}}
        location: {fields: {heals: false}, records: {ellander: {heals: true}}}
        game: {fields: {rules: {actions_per_turn: 2}}}
      kinds:
        region:
          fields:
            adjacent: {type: list, of: ref, to: region, symmetric: true}   # also unique, distinct

A value in `when`, `then` and `facts` is a value (equal), a list (one of them; a list field compares as a
list), `null` (not given), or one of the operators {not: value}, {at_least: field} (at least another field
of the record), {rule: key} (a manifest number) and {names: [kind:id, ...]} (the `{kind:id}` references a
text makes). A fact about a list of refs compares it as a set, leaving out ids the content does not hold,
so a small excerpt of a game can be right. Each finding is at the field that breaks the rule (the record
when it leaves the field out), under the constraint's `code` or the game's default
(`<prefix>-COUNT`, `-RULE`, `-FACT`, `-UNIQUE`, `-SYMMETRIC`, `-DISTINCT`; prefix: `guide.code` or DECLARED).
A constraint that names a kind or field the game does not have is DECLARED-CONSTRAINT at its line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from pipeline.content.database import Database, Record, finding_at
from pipeline.content.declared import ConstraintDeclaration, Declaration, FieldDeclaration
from pipeline.content.refs import ref_fields
from pipeline.content.yaml_loader import LoadedFile
from pipeline.finding_codes import DeclaredCode
from pipeline.findings import Finding, error

MANIFEST_KIND = "game"
OPERATORS = ("not", "at_least", "rule", "names")
REFERENCE = re.compile(r"\{([a-z][a-z0-9_-]*:[a-z0-9-]+)\}")
Path_ = list[str | int]


def constraint_findings(db: Database, declaration: Declaration, structure_only: bool) -> list[Finding]:
    """The field options and counts (what `validate` proves), then the constraints and facts."""
    checker = _Checker(db, declaration)
    findings = checker.declaration_problems()
    findings += checker.fields() + checker.counts()
    if not structure_only:
        findings += checker.constraints() + checker.facts()
    return findings


class _Checker:
    def __init__(self, db: Database, declaration: Declaration) -> None:
        self.db = db
        self.declaration = declaration
        self.game = declaration.game
        self.loaded: LoadedFile = declaration.loaded
        self.models = declaration.entity_models()
        self.kinds = declaration.modelled
        self.collections = {kind.collection_name() for kind in db.kinds}
        manifests = db.records(MANIFEST_KIND)
        self.manifest: Record | None = manifests[0] if manifests else None
        self.numbers = self.manifest.entity.rule_values() if self.manifest is not None else {}
        self.problems: list[Finding] = []
        self.broken: set[tuple[str | int, ...]] = set()  # paths of declarations that name nothing

    # --- the declaration's own mistakes ----------------------------------------------------------------------

    def declaration_problems(self) -> list[Finding]:
        for name, count in self.game.counts.items():
            path: Path_ = ["game", "counts", name]
            if self._collection(count.kind) not in self.collections:
                self._problem([*path, "kind"], f"counts {name!r}: no kind {count.kind!r}")
            elif count.kind in self.models:
                self._fields_exist(count.kind, [count.sum] if count.sum else [], path, "sum")
                self._fields_exist(count.kind, list(count.where), [*path, "where"])
        for i, constraint in enumerate(self.game.constraints):
            path = ["game", "constraints", i]
            if self._kind_exists(constraint.kind, path):
                self._fields_exist(constraint.kind, list(constraint.when), [*path, "when"])
                self._fields_exist(constraint.kind, list(constraint.then), [*path, "then"])
                self._fields_exist(constraint.kind, list(constraint.inverse), [*path, "inverse"])
                self._fields_exist(constraint.kind, [constraint.unique] if constraint.unique else [], path, "unique")
                if constraint.named_by is not None:
                    self._named_by_exists(constraint, path)
        for kind, facts in self.game.facts.items():
            path = ["game", "facts", kind]
            if kind != MANIFEST_KIND and self._kind_exists(kind, path):
                for field_set, where in ((facts.fields, [*path, "fields"]),
                                         *((fields, [*path, "records", key]) for key, fields in facts.records.items())):
                    self._fields_exist(kind, list(field_set), where)
        return self.problems

    def _collection(self, kind: str) -> str:
        """The collection of a declared kind (any other name is a collection itself, e.g. `glossary`)."""
        return self.kinds[kind].collection(kind) if kind in self.kinds else kind

    def _kind_exists(self, kind: str, path: Path_) -> bool:
        if kind in self.models:
            return True
        self._problem([*path, "kind"] if self.loaded.has([*path, "kind"]) else path,
                      f"no declared kind {kind!r} (kinds: {', '.join(self.models)})")
        return False

    def _fields_exist(self, kind: str, names: list[str], path: Path_, key: str | None = None) -> None:
        fields = self.models[kind].model_fields
        for name in names:
            if name not in fields:
                where = [*path, key] if key is not None else [*path, name]
                self._problem(where, f"kind {kind!r} has no field {name!r} (fields: {', '.join(fields)})")

    def _named_by_exists(self, constraint: ConstraintDeclaration, path: Path_) -> None:
        kind, _, field = str(constraint.named_by).partition(".")
        if kind not in self.models or field not in self.models[kind].model_fields:
            self._problem([*path, "named_by"], f"named_by {constraint.named_by!r} names no field of a declared kind "
                          "(write kind.field)")

    def _problem(self, path: Path_, message: str) -> None:
        self.broken.add(tuple(path[:3]))
        pos = self.loaded.position(path)
        self.problems.append(error("DECLARED-CONSTRAINT", message, self.loaded.display, pos.line, pos.column))

    def _sound(self, *path: str | int) -> bool:
        return tuple(path) not in self.broken

    # --- field options: unique, symmetric, distinct ----------------------------------------------------------

    def fields(self) -> list[Finding]:
        findings = []
        for kind_id, kind in self.declaration.modelled.items():
            for name, declared in kind.fields.items():
                records = self.db.records(self._collection(kind_id))
                if declared.unique:
                    findings += self._unique(kind_id, name, declared.unique, _code(declared.code, self.game.code, "UNIQUE"),
                                             records)
                if declared.symmetric:
                    findings += self._symmetric(kind_id, name, declared, records)
                if declared.distinct:
                    findings += self._distinct(kind_id, name, declared, records)
        return findings

    def _unique(self, kind: str, name: str, unique: bool | str, code: str, records: list[Record]) -> list[Finding]:
        findings = []
        seen: dict[Any, str] = {}
        for record in records:
            value = getattr(record.entity, name)
            if value is None or value == []:
                continue
            key: Any = tuple(value) if isinstance(value, list) else frozenset(value.items()) if isinstance(value, dict) else value
            if unique == "unordered":
                key = frozenset(value)
                if len(key) < len(value):
                    message = f"{kind} {record.entity.id!r} names {value[0]!r} twice in {name} (its items are a set)"
                    findings.append(finding_at(record.where(name), code, message))
                    continue
            if key in seen:
                order = " in any order" if unique == "unordered" else ""
                message = f"{kind} {record.entity.id!r} has the same {name}{order} as {seen[key]!r}"
                findings.append(finding_at(record.where(name), code, message))
            seen.setdefault(key, record.entity.id)
        return findings

    def _symmetric(self, kind: str, name: str, declared: FieldDeclaration, records: list[Record]) -> list[Finding]:
        code = _code(declared.code, self.game.code, "SYMMETRIC")
        listed = {record.entity.id: set(getattr(record.entity, name) or []) for record in records}
        findings = []
        for record in records:
            for i, other in enumerate(getattr(record.entity, name) or []):
                if other in listed and record.entity.id not in listed[other]:
                    message = f"{kind} {record.entity.id!r} lists {other!r} in {name}, but {other!r} does not list it back"
                    findings.append(finding_at(record.where(name, i), code, message))
        return findings

    def _distinct(self, kind: str, name: str, declared: FieldDeclaration, records: list[Record]) -> list[Finding]:
        code = _code(declared.code, self.game.code, "DISTINCT")
        findings = []
        for record in records:
            items = getattr(record.entity, name) or []
            for i, item in enumerate(items):
                if item in items[:i]:
                    message = f"{kind} {record.entity.id!r} lists {item!r} twice in {name}"
                    findings.append(finding_at(record.where(name, i), code, message))
        return findings

    # --- counts ----------------------------------------------------------------------------------------------

    def actual_counts(self) -> dict[str, int]:
        """What the content holds of each counted fact."""
        counted = {}
        for name, count in self.game.counts.items():
            if not self._sound("game", "counts", name):
                continue
            entities = [e for e in self.db.all(self._collection(count.kind))
                        if all(self._matches(e, f, m) for f, m in count.where.items())]
            counted[name] = sum(getattr(e, count.sum) for e in entities) if count.sum else len(entities)
        return counted

    def counts(self) -> list[Finding]:
        if self.manifest is None:
            return []
        findings = []
        stated = self.manifest.entity.components
        for name, actual in self.actual_counts().items():
            # A rejected file of the counted kind would skew the count; another kind's errors do not.
            whole = self.db.holds_all(self._collection(self.game.counts[name].kind))
            if whole and name in stated and stated[name] != actual:
                code = _code(self.game.counts[name].code, self.game.code, "COUNT")
                message = f"the manifest states {stated[name]} {name.replace('_', ' ')}, the content has {actual}"
                findings.append(finding_at(self.manifest.where("components", name), code, message))
        return findings

    # --- constraints -----------------------------------------------------------------------------------------

    def constraints(self) -> list[Finding]:
        findings = []
        for i, constraint in enumerate(self.game.constraints):
            if not self._sound("game", "constraints", i):
                continue
            code = _code(constraint.code, self.game.code, "RULE")
            records = self.db.records(self._collection(constraint.kind))
            for record in records:
                findings += self._then(constraint, record, code) + self._inverse(constraint, record, code)
            if constraint.unique is not None:
                matching = [r for r in records if all(self._matches(r.entity, f, m) for f, m in constraint.when.items())]
                findings += self._unique(constraint.kind, constraint.unique, True, code, matching)
            if constraint.named_by is not None:
                findings += self._named_by(constraint, code)
        return findings

    def _then(self, constraint: ConstraintDeclaration, record: Record, code: str) -> list[Finding]:
        entity = record.entity
        if not constraint.then or not all(self._matches(entity, f, m) for f, m in constraint.when.items()):
            return []
        findings = []
        condition = f" where {self._shown_fields(constraint.when)}" if constraint.when else ""
        for field, matcher in constraint.then.items():
            if not self._matches(entity, field, matcher):
                message = (f"{constraint.kind} {entity.id!r}: {field} is {_value(getattr(entity, field))}{condition}; "
                           f"it must be {self._shown(matcher)}")
                findings.append(finding_at(_at(record, field), code, message))
        return findings

    def _inverse(self, constraint: ConstraintDeclaration, record: Record, code: str) -> list[Finding]:
        findings = []
        refs = {f.name: f.ref.collection for f in ref_fields(self.models[constraint.kind]) if not f.many}
        for field, back in constraint.inverse.items():
            key = getattr(record.entity, field)
            target = self.db.get(refs[field], key) if field in refs and key is not None else None
            if target is not None and getattr(target, back, None) != record.entity.id:
                message = (f"{constraint.kind} {record.entity.id!r} names {key!r} in {field}, but that record's {back} "
                           f"is {_value(getattr(target, back, None))}")
                findings.append(finding_at(record.where(field), code, message))
        return findings

    def _named_by(self, constraint: ConstraintDeclaration, code: str) -> list[Finding]:
        kind, _, field = str(constraint.named_by).partition(".")
        named = {getattr(entity, field) for entity in self.db.all(self._collection(kind))}
        return [finding_at(record.where("id"), code, f"no {kind} names {constraint.kind} {record.entity.id!r} in its {field}")
                for record in self.db.records(self._collection(constraint.kind)) if record.entity.id not in named]

    # --- facts -----------------------------------------------------------------------------------------------

    def facts(self) -> list[Finding]:
        findings = []
        for kind, facts in self.game.facts.items():
            if not self._sound("game", "facts", kind):
                continue
            code = _code(facts.code, self.game.code, "FACT")
            if kind == MANIFEST_KIND:
                findings += self._manifest_facts(facts.fields, code)
                continue
            records = self.db.records(self._collection(kind))
            for record in records:
                key = record.entity.id
                if facts.only is not None and key not in facts.only:
                    message = f"{key!r} is not a {kind} of the game ({', '.join(facts.only)})"
                    findings.append(finding_at(record.where("id"), code, message))
                    continue
                for field, expected in {**facts.fields, **facts.records.get(key, {})}.items():
                    if not self._fact_holds(record, kind, field, expected):
                        value = getattr(record.entity, field)
                        shown = repr(expected) if isinstance(_plain(value), list) else self._shown(expected)
                        message = f"{key} has {field} {_value(value)}; the game states {shown}"
                        findings.append(finding_at(_at(record, field), code, message))
            if facts.complete and records:
                findings += self._missing(kind, facts.records, records, code)
        return findings

    def _manifest_facts(self, stated: dict[str, Any], code: str) -> list[Finding]:
        """The manifest's numbers the game states (`facts: {game: {fields: {rules: {...}}}}`), where written."""
        findings: list[Finding] = []
        if self.manifest is None:
            return findings
        for part, published in stated.items():
            written = getattr(self.manifest.entity, part, {})
            for key, expected in dict(published).items():
                if key in written and written[key] != expected:
                    message = f"{key} is {written[key]}; the game states {expected}"
                    findings.append(finding_at(self.manifest.where(part, key), code, message))
        return findings

    def _fact_holds(self, record: Record, kind: str, field: str, expected: Any) -> bool:
        value = getattr(record.entity, field)
        ref = next((f.ref.collection for f in ref_fields(self.models[kind]) if f.name == field and f.many), None)
        if ref is not None and isinstance(expected, list):  # a set of refs, as far as the content holds them
            present = {entity.id for entity in self.db.all(ref)}
            listed = set(value or [])
            if self.kinds[kind].fields[field].symmetric:  # a pair listed one way only is the symmetric check's
                listed |= {other.id for other in self.db.all(ref) if record.entity.id in (getattr(other, field) or [])}
            return listed == set(expected) & present
        return self._matches(record.entity, field, expected)

    def _missing(self, kind: str, stated: dict[str, dict[str, Any]], records: list[Record], code: str) -> list[Finding]:
        """A stated record whose refs all name records the content holds, and that the content lacks."""
        findings = []
        have = {record.entity.id for record in records}
        refs = {f.name: f.ref.collection for f in ref_fields(self.models[kind])}
        for key, fields in stated.items():
            named = [(refs[f], v) for f, v in fields.items() if f in refs for v in (v if isinstance(v, list) else [v])]
            if key not in have and all(self.db.get(collection, v) is not None for collection, v in named):
                findings.append(finding_at(records[0].where(), code, f"the {kind} {key} the game states is missing"))
        return findings

    # --- values ----------------------------------------------------------------------------------------------

    def _matches(self, entity: Any, field: str, matcher: Any) -> bool:
        value = getattr(entity, field)
        if isinstance(matcher, dict) and len(matcher) == 1 and next(iter(matcher)) in OPERATORS:
            op, arg = next(iter(matcher.items()))
            operator: dict[str, Callable[[], bool]] = {
                "not": lambda: not self._matches(entity, field, arg),
                "at_least": lambda: value is None or getattr(entity, arg) is None or value >= getattr(entity, arg),
                "rule": lambda: arg not in self.numbers or value == self.numbers[arg],
                "names": lambda: not self._resolved(value) or set(REFERENCE.findall(value or "")) == set(arg),
            }
            return operator[op]()
        plain = _plain(value)
        if isinstance(matcher, list) and not isinstance(plain, list):
            return plain in matcher
        return bool(plain == matcher)

    def _resolved(self, text: str | None) -> bool:
        """Whether every `{kind:id}` of a text names a record (one that does not is the guide check's finding)."""
        for reference in REFERENCE.findall(text or ""):
            kind, _, key = reference.partition(":")
            collection = self._collection(kind)
            if collection not in self.collections or self.db.get(collection, key) is None:
                return False
        return True

    def _shown(self, matcher: Any) -> str:
        if isinstance(matcher, dict) and len(matcher) == 1 and next(iter(matcher)) in OPERATORS:
            op, arg = next(iter(matcher.items()))
            if op == "not":
                return "given" if arg is None else f"anything but {self._shown(arg)}"
            if op == "at_least":
                return f"at least its {arg}"
            if op == "rule":
                return f"{arg} ({self.numbers.get(arg)})"
            return f"naming {', '.join('{' + name + '}' for name in arg) or 'nothing'}"
        if isinstance(matcher, list):
            return f"one of {', '.join(map(str, matcher))}" if matcher else "none"
        return "not given" if matcher is None else repr(matcher)

    def _shown_fields(self, fields: dict[str, Any]) -> str:
        return " and ".join(f"{field} is {self._shown(matcher)}" for field, matcher in fields.items())


def _plain(value: Any) -> Any:
    """A value as the manifest writes it: a list of records as their ids, a tuple as a list."""
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, BaseModel) and "id" in type(value).model_fields:
        return value.model_dump()["id"]
    return value


def _value(value: Any) -> str:
    return "not given" if value is None else repr(_plain(value))


def _at(record: Record, field: str) -> Any:
    """Where a field is written, or the record when it leaves the field out (a default)."""
    return record.where(field) if record.is_written(field) else record.where()


def actual_counts(db: Database, declaration: Declaration) -> dict[str, int]:
    """The counted facts of the content (for `pnp games`), leaving out those whose declaration names nothing."""
    checker = _Checker(db, declaration)
    checker.declaration_problems()
    return checker.actual_counts()


def _code(declared: str | None, game_code: str, family: str) -> str:
    """A rule's finding code: the one its game.yaml gives it (the designer's), else the game's `<GAME>-<family>`."""
    return DeclaredCode(declared) if declared else f"{game_code}-{family}"
