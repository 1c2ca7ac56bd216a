"""Lengths are parsed in one place: mm, cm, in, pt and bare numbers."""

import pytest

from pipeline.render.units import UnitError, parse_length, parse_points


@pytest.mark.parametrize(
    ("written", "mm"),
    [("3mm", 3.0), ("0.3cm", 3.0), ("0.125in", 3.175), ("72pt", 25.4), (5, 5.0), ("2.5", 2.5), (" 4 mm ", 4.0)],
)
def test_lengths_in_millimetres(written: str | float, mm: float) -> None:
    assert parse_length(written) == pytest.approx(mm)


def test_font_sizes_default_to_points() -> None:
    assert parse_points(8) == pytest.approx(8.0)
    assert parse_points("1in") == pytest.approx(72.0)


@pytest.mark.parametrize("written", ["3 px", "mm", "three", "1e3mm", True])
def test_unknown_units_are_errors(written: str) -> None:
    with pytest.raises(UnitError):
        parse_length(written)
