"""Image paths that describe themselves: a field marked `ImageFile()` names an image under the game's folder.

    Art = Annotated[str, ImageFile()]

`pnp validate` proves every marked path names a regular file inside the game's folder (ART-PATH,
ART-MISSING at the value's line); `pnp check` and `pnp build` then decode the image in full
(pipeline/render/art.py), which validate leaves out because it reads no image.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pydantic import BaseModel

from pipeline.findings import Finding

from .database import Database, finding_at
from .models import iter_models
from .refs import field_marker


@dataclass(frozen=True)
class ImageFile:
    """Marks a model field as the path of an image, relative to the game's content folder."""


@cache
def image_fields(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields of one model class marked ImageFile (seen through `| None`)."""
    return tuple(name for name, info in model.model_fields.items() if field_marker(info, ImageFile) is not None)


def missing_images(db: Database) -> list[Finding]:
    """ART-PATH for a marked path that leaves the game's folder, ART-MISSING for one naming no regular file."""
    base = db.root.resolve()
    findings = []
    for record in db.records_in_file_order():
        if not isinstance(record.entity, BaseModel):
            continue
        for here, model in iter_models(record.entity):
            for name in image_fields(type(model)):
                relative = getattr(model, name)
                if relative is None:
                    continue
                where = record.where(*here, name)
                candidate = (base / relative).resolve()
                if Path(relative).is_absolute() or not candidate.is_relative_to(base):
                    findings.append(finding_at(where, "ART-PATH", f"art path {relative!r} leaves the content folder",
                                               "give a path relative to the game's content folder"))
                elif not candidate.is_file():
                    findings.append(finding_at(where, "ART-MISSING", f"art file {relative!r} does not exist"))
    return findings
