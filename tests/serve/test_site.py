"""The site of `pnp serve` and `pnp review --html` (app/site.py) without a browser: the build's own pixels, the
findings on their cards and boxes, the rounds of a live session, and nothing answered outside its routes."""

from __future__ import annotations

import http.client
import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.app.build import BuildOptions
from pipeline.app.gallery import attach
from pipeline.app.project import UsageError, select_games
from pipeline.app.serve import Events, application, listening_socket
from pipeline.app.site import Site, review
from pipeline.app.watch import run_round
from pipeline.cli import app
from pipeline.findings import error, warning
from pipeline.production.targets import Databases
from pipeline.render.layouts import PACKAGE_LAYOUTS
from pipeline.render.page_images import page_png
from tests.app.game_repo import GameRepo
from tests.serve.conftest import edit, serve_args

runner = CliRunner()
KEYS = {f"demo/{locale}/card/{card}" for locale in ("en", "de") for card in ("scout", "guard", "healer")}


def options_of(repo: GameRepo, out: Path) -> BuildOptions:
    return BuildOptions(out, repo.content, PACKAGE_LAYOUTS, out / "cache", "a4", "duplex", allow_incomplete=True)


@pytest.fixture
def site(demo_repo: GameRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Site:
    """The site after the first round over the demo game."""
    monkeypatch.chdir(demo_repo.top)  # findings name files as the designer's shell shows them
    options = options_of(demo_repo, tmp_path / "out")
    games = select_games(None, demo_repo.content)
    shown = Site(options, games)
    shown.update(run_round(games, options, None, 1))
    return shown


def text(site: Site, path: str) -> str:
    found = site.get(path)
    assert found is not None, path
    return found[0].decode()


def test_every_card_in_every_locale_with_the_builds_pixels_and_its_finding_outlined(site: Site, tmp_path: Path) -> None:
    gallery = text(site, "index.html")
    assert set(re.findall(r'data-key="([^"]+)"', gallery)) == KEYS
    # The face is the page of the build's own cards-1up.pdf: the same pixels as the PDF.
    one_up = (tmp_path / "out" / "demo" / "en" / "cards-1up.pdf").read_bytes()
    guard = site.prints["demo", "en"].entries["card", "guard"]
    face = site.get("face/demo/en/card/guard/front.png")
    assert face == (page_png(one_up, guard.sides["front"].page, 150), "image/png")
    assert site.get("face/demo/en/card/guard/back.png") == (page_png(one_up, guard.sides["back"].page, 150), "image/png")
    # The overflowing title: the finding on the card, its box (the template's `title`) outlined where it prints.
    (finding, outline, side), = [found for found in guard.findings if found[0].code == "FIT-OVERFLOW"]
    assert all(found[0].file.endswith("de.po") for found in guard.findings if found[0].code.startswith("I18N"))
    # The German catalog's stale title concerns the German card, its title box outlined.
    stale = [(f.code, o and o.box) for f, o, _ in site.prints["demo", "de"].entries["card", "guard"].findings]
    assert ("I18N-STALE", "title") in stale and not any(f.code == "I18N-STALE" for f, _, _ in guard.findings)
    assert (finding.code, finding.file, finding.line, side) == ("FIT-OVERFLOW", "content/demo/cards.yaml", 12, "front")
    assert outline is not None and (outline.box, outline.area.x, outline.area.y, outline.area.width) == ("title", 14, 4, 36)
    page = text(site, "card/demo/en/card/guard.html")
    bleed, width = guard.sides["front"].bleed, guard.sides["front"].width
    assert f'left:{(bleed + 14) / width:.3%}' in page and 'data-code="FIT-OVERFLOW"' in page
    assert "content/demo/cards.yaml:12" in page and 'href="../../../../card/demo/de/card/guard.html"' in page
    assert "FIT-OVERFLOW" not in text(site, "card/demo/en/card/scout.html")
    findings = text(site, "findings.html")
    assert 'href="card/demo/en/card/guard.html"' in findings

    # The box a finding names: a contrast finding's box, an unknown icon's field; a finding of no card concerns none.
    contrast = warning("LAYOUT-CONTRAST", "template 'card': box 'suit' prints #999999 on #ffffff (contrast 2.85:1, e.g. card "
                       "'healer'); below 3:1 it reads poorly in print", "layouts/cards.yaml", 20)
    icon = error("ICON-UNKNOWN", "demo [de] card 'scout': field 'icon' prints unknown icon 'compass'", "content/demo/cards.yaml", 9)
    loose = warning("I18N-POT-STALE", "the translation template is out of date", "content/demo/locales/messages.pot")
    entries = [e for shown in site.prints.values() for e in shown.entries.values()]
    placed = dict(attach(entries, [contrast, icon, loose]))
    assert {(e.locale, e.card) for e in entries if e.findings} == {("en", "healer"), ("de", "healer"), ("de", "scout")}
    assert placed[loose] is None and placed[icon] is site.prints["demo", "de"].entries["card", "scout"]
    assert [(f.code, o and o.box) for f, o, _ in placed[icon].findings] == [("ICON-UNKNOWN", "icon")]
    assert [(f.code, o and o.box) for f, o, _ in placed[contrast].findings] == [("LAYOUT-CONTRAST", "suit")]


TRAVERSALS = [
    "../../../../etc/passwd", "%2e%2e/%2e%2e/etc/passwd", "/etc/passwd", "//etc/passwd", "files/../../../etc/passwd",
    "files/demo/en/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "files/demo%2fen%2fcards.pdf", "files/demo/en/evil.pdf",
    "pages/demo/en/evil.pdf/page-1.png", "pages/demo/en/calibration.pdf/page-0.png", "pages/demo/en/calibration.pdf/page-99.png",
    "pages/demo/en/calibration.pdf/page-1.png/..", "face/demo/en/card/guard/../../../../../etc/passwd.png",
    "face/demo/en/card/nobody/front.png", "card/demo/en/card/..%2f..%2fguard.html", "assets/../site.py", "assets/%2e%2e%2fsite.py",
    "content/demo/cards.yaml", "output/demo/en/cards.pdf", "cache", "files/demo/en/cards.pdf%00.png", "diff/x/../../x.png",
]


def test_nothing_is_answered_outside_the_sites_routes(site: Site, demo_repo: GameRepo, tmp_path: Path) -> None:
    # A symbolic link the build did not write, in the output folder and in the content: never served.
    (tmp_path / "out" / "demo" / "en" / "evil.pdf").symlink_to("/etc/passwd")
    (demo_repo.content / "demo" / "evil.yaml").symlink_to("/etc/passwd")
    for path in TRAVERSALS:
        assert site.get(path) is None, path
    # What the build wrote is served, by its record.
    pdf = site.get("files/demo/en/cards.pdf")
    assert pdf is not None and pdf[0].startswith(b"%PDF") and pdf[1] == "application/pdf"
    assert site.get("pages/demo/en/calibration.pdf/page-1.png") is not None


@pytest.fixture
def served(site: Site) -> Iterator[tuple[int, Events]]:
    """The site on a free port of 127.0.0.1, as `pnp serve` runs it (uvicorn beside the caller's thread)."""
    import uvicorn

    sock = listening_socket("127.0.0.1", 0)
    events = Events()
    server = uvicorn.Server(uvicorn.Config(application(site, events), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    yield sock.getsockname()[1], events
    server.should_exit = True
    thread.join(5)
    sock.close()


def request(port: int, method: str, path: str) -> tuple[int, bytes]:
    """A request sent as written: the path is not normalised on the way (http.client sends it as it is)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest(method, path, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_over_http_get_only_and_no_way_out(served: tuple[int, Events], site: Site) -> None:
    port, _ = served
    status, body = request(port, "GET", "/index.html")
    assert status == 200 and b'data-key="demo/en/card/guard"' in body
    for path in TRAVERSALS:
        status, body = request(port, "GET", "/" + path.lstrip("/"))
        assert status == 404 and b"root:" not in body, path
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        assert request(port, method, "/index.html")[0] == 405, method


def test_a_round_reaches_the_open_event_streams(served: tuple[int, Events], site: Site) -> None:
    port, events = served
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/events")
    response = connection.getresponse()
    assert response.status == 200 and response.getheader("Content-Type", "").startswith("text/event-stream")
    assert response.readline() == b"retry: 1000\n"
    response.readline()
    while not events.queues:  # the stream is registered once its first line is sent
        time.sleep(0.02)
    events.publish({"round": 7, "changed": ["demo/en/card/guard"]})
    assert json.loads(response.readline().decode().removeprefix("data: ")) == {"round": 7, "changed": ["demo/en/card/guard"]}
    connection.close()


def test_an_edit_marks_its_card_and_a_broken_file_keeps_the_last_print(site: Site, demo_repo: GameRepo) -> None:
    games = select_games(None, demo_repo.content)
    versions = dict(site.versions)
    cards = demo_repo.content / "demo" / "cards.yaml"
    edit(cards, "    cost: 2\n", "    cost: 7\n")
    edit(cards, "you take no damage", "you take no harm")
    # The build's cards are taken before the check runs (what `pnp serve` shows at once), the findings after.
    # As `pnp serve` runs: the cards read from what the round's build loaded (the watch's Databases).
    site.built = Databases()
    early: list[dict[str, object]] = []
    news = site.update(run_round(games, site.options, None, 1, site.built,
                                 built=lambda names, result: early.append(site.take_build(names, result))))
    assert early[0]["changed"] == news["changed"] == ["demo/de/card/guard", "demo/en/card/guard"] and not news["problem"]
    assert early[0]["round"] == news["round"] == 2
    assert {"/".join(key) for key, version in site.versions.items() if version != versions[key]} == set(news["changed"])
    gallery = text(site, "index.html")
    assert re.findall(r'class="tile changed[^"]*"[^>]*data-key="([^"]+)"', gallery) == ["demo/en/card/guard", "demo/de/card/guard"]
    assert 'front.png?v=2"' in text(site, "card/demo/en/card/guard.html")
    assert "you take no harm" in gallery and "no damage" not in gallery  # the card's text as the round read it

    # A broken YAML file: its finding shows, the page stays, the cards printed before stay on show.
    cards.write_text(cards.read_text(encoding="utf-8") + "  - id: [unclosed\n", encoding="utf-8")
    news = site.update(run_round(games, site.options, None, 1, site.built))
    assert news["changed"] == [] and news["problem"]
    gallery = text(site, "index.html")
    assert 'role="alert"' in gallery and set(re.findall(r'data-key="([^"]+)"', gallery)) == KEYS
    assert any(f.file == "content/demo/cards.yaml" and f.severity.value == "error" for f in site.findings)
    assert site.get("face/demo/en/card/guard/front.png") is not None


def test_the_static_review_has_the_changed_cards_first_and_every_link_resolves(demo_repo: GameRepo, tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(demo_repo.top)
    edit(demo_repo.content / "demo" / "cards.yaml", "    cost: 3\n", "    cost: 4\n")  # the healer
    games = select_games(None, demo_repo.content)
    folder = tmp_path / "review"
    site, written = review(games, options_of(demo_repo, tmp_path / "out"), None, 1, folder, "HEAD")
    index = (folder / "index.html").read_text(encoding="utf-8")
    headings = re.findall(r"<h2>([^<]+)</h2>", index)
    assert headings == ["Changed cards since HEAD", "Findings", "Cards"]
    assert "demo [en]: changed card/healer (front)" in index and "?v=" not in index  # no server: plain file links
    for page in folder.rglob("*.html"):
        for link in re.findall(r'(?:href|src)="([^"#?]+)', page.read_text(encoding="utf-8")):
            assert (page.parent / link).resolve().is_file(), f"{page.relative_to(folder)} links {link}"
    assert all(path.is_relative_to(folder) for path in written)


def test_a_port_in_use_is_said_before_anything_is_built(demo_repo: GameRepo, tmp_path: Path) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        with pytest.raises(UsageError, match="cannot listen on 127.0.0.1:"):
            listening_socket("127.0.0.1", taken.getsockname()[1])
        result = runner.invoke(app, ["serve", "--port", str(taken.getsockname()[1]), *serve_args(demo_repo, tmp_path / "out")])
    finally:
        taken.close()
    assert result.exit_code == 2 and "cannot listen on 127.0.0.1" in result.output
    assert not (tmp_path / "out").exists()


def test_without_the_serve_extra_pnp_serve_says_what_to_install(monkeypatch: pytest.MonkeyPatch, demo_repo: GameRepo,
                                                                  tmp_path: Path) -> None:
    monkeypatch.setitem(__import__("sys").modules, "uvicorn", None)
    result = runner.invoke(app, ["serve", *serve_args(demo_repo, tmp_path / "out")])
    assert result.exit_code == 2 and "pip install 'pnp-pipeline[serve]'" in result.output


def test_the_workflow_pnp_new_writes_publishes_the_review() -> None:
    from tests.conftest import REPO

    workflow = (REPO / "pipeline" / "templates" / "repository" / "pnp-workflow.yml").read_text(encoding="utf-8")
    assert "pnp review --html review" in workflow and "path: review/" in workflow


def test_review_into_a_file_is_a_usage_error_before_anything_is_built(demo_repo: GameRepo, tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("not a folder\n")
    result = runner.invoke(app, ["review", "--html", str(tmp_path / "taken"), *serve_args(demo_repo, tmp_path / "out")])
    assert result.exit_code == 2 and "is a file" in result.output and not (tmp_path / "out").exists()

