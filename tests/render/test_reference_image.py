"""A rendered card compared with a stored reference image (pixels within a tolerance)."""

from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageChops, ImageStat

from pipeline.render.faces import RenderContext, prepare_face
from pipeline.render.imposition import one_up
from pipeline.render.layouts import load_layouts
from pipeline.rules.components import Face

REPO = Path(__file__).resolve().parents[2]
REFERENCE = Path(__file__).parent / "reference" / "action-card.png"
FACE = Face("action-card", "reference-strike", "market", {
    "name": "Reference Strike",
    "cost": 3,
    "color": "red",
    "type": "Strong Attack",
    "terrain": "mountain",
    "fight": "{icon:damage}\u00a03   {icon:shield}\u00a01\nDeal **2** more damage if your combo has *3 cards*.",
    "extensions": [{"colors": ["blue", "yellow"], "text": "{icon:damage}\u00a01"}, {"colors": ["green"], "text": "{icon:draw}\u00a0+1"}],
    "school": "School of the Wolf",
    "school_color": "#7c8591",
})


def render_card(tmp_path: Path) -> Image.Image:
    layouts, findings = load_layouts(REPO / "pipeline" / "layouts")
    template = layouts.template_for("old-world", "action-card")
    assert not findings and template is not None
    prepared, problems = prepare_face(FACE, template, RenderContext("old-world", "en", tmp_path, tmp_path))
    assert problems == []
    pdf = pdfium.PdfDocument(one_up([(prepared, None)], 3.0, "none", "reference").data)
    return pdf[0].render(scale=2).to_pil().convert("RGB")


def test_card_matches_reference_image(tmp_path: Path) -> None:
    rendered = render_card(tmp_path)
    # The reference is committed; to renew it after an intended change, save `rendered` over it and
    # look at it before committing. A missing reference is a failure, not a fresh start.
    assert REFERENCE.is_file(), f"missing reference image {REFERENCE}"
    with Image.open(REFERENCE) as stored:
        reference = stored.convert("RGB")
    assert rendered.size == reference.size
    diff = ImageChops.difference(rendered, reference).convert("L")
    mean = ImageStat.Stat(diff).mean[0]
    changed = sum(diff.histogram()[49:]) / (diff.width * diff.height)
    assert mean < 2.0 and changed < 0.01, f"mean difference {mean:.2f}, {changed:.1%} of pixels changed"


def test_placeholder_art_differs_by_id(tmp_path: Path) -> None:
    layouts, _ = load_layouts(REPO / "pipeline" / "layouts")
    template = layouts.template_for("old-world", "action-card")
    assert template is not None
    other = Face(FACE.kind, "another-strike", FACE.deck, FACE.fields)
    ctx = RenderContext("old-world", "en", tmp_path, tmp_path)
    images = []
    for face in (FACE, other):
        prepared, _ = prepare_face(face, template, ctx)
        pdf = pdfium.PdfDocument(one_up([(prepared, None)], 3.0, "none", "art").data)
        images.append(pdf[0].render(scale=1).to_pil().convert("RGB").crop((20, 50, 160, 120)))  # the art box
    assert ImageStat.Stat(ImageChops.difference(*images).convert("L")).mean[0] > 5
