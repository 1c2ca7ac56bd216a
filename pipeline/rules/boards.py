"""What a game hands the board renderer: boards as data (locations, connections, named areas of spots), localized.

A board is measured in millimetres from its top-left corner. Locations and connections make a map;
areas are named panels (a market row, a monster section, a track) whose boxes come from the game's
board layout (`layouts/<game>/boards.yaml`, a box per area id). Text values are rich text markup
(`**bold**`, `{icon:name}`), icon values are icon names; the renderer draws them and never imports
a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .components import Where


@dataclass(frozen=True)
class Site:
    """What makes a location special (a faction's home): its colour, name and a note printed with it."""

    name: str
    color: str
    note: str = ""


@dataclass(frozen=True)
class BoardLocation:
    """One place on the map: number, name, terrain and action icons, position (mm from top-left)."""

    id: str
    number: int
    name: str
    x: float
    y: float
    terrain: str
    action: str
    action_label: str = ""
    site: Site | None = None
    where: Where | None = None


@dataclass(frozen=True)
class Spot:
    """One place on an area: a caption, a big value, an icon, a text, and the face kind that sits there."""

    label: str = ""
    value: str = ""
    icon: str = ""
    text: str = ""
    place: str = ""  # face kind whose outline (template size) is drawn: a card or token spot
    token: str = ""  # face kind of a token placed above the card spot (e.g. a location token)
    color: str = ""  # accent colour of the spot


@dataclass(frozen=True)
class Area:
    """A named panel: its id names a layout box; a title, then spots in rows (or paragraphs of text)."""

    id: str
    title: str = ""
    icon: str = ""
    spots: tuple[Spot, ...] = ()
    text: tuple[str, ...] = ()
    columns: int = 0  # spots per row; 0 puts every spot in one row
    track: bool = False  # a track: the title and icon in a column left of one row of spots


@dataclass
class BoardSpec:
    """One printable board: size, title, map (locations and connections), areas and print labels."""

    id: str
    title: str
    width: float
    height: float
    template: str  # layout template naming the areas' boxes
    locations: list[BoardLocation] = field(default_factory=list)
    connections: list[tuple[str, str]] = field(default_factory=list)
    areas: list[Area] = field(default_factory=list)
    color: str = ""  # accent colour (a player board's faction)
    where: Where | None = None


@dataclass
class Boards:
    """Every board of one game in one locale: the game board and one player board per faction."""

    game: str
    locale: str
    board: BoardSpec | None = None
    player_boards: list[BoardSpec] = field(default_factory=list)
    labels: Mapping[str, str] = field(default_factory=dict)  # localized print labels (assembly page, tiles)
    extensions: list[BoardSpec] = field(default_factory=list)  # boards attached to the game board (an expansion's map)
    # The templates of every board the game prints with some selection of packs, so an expansion's board layout is
    # in use when its pack is not selected.
    pack_templates: tuple[str, ...] = ()
