"""A real browser (Debian's chromium, headless, through Playwright) plays Mini Sabotage to the
end against a random bot by clicking and joins a game from the lobby, on a SQLite file and on
``wargames serve --workers 2`` sharing a PostgreSQL database (the browser's requests spread over
both workers), and pictures every game's page: into the folder named by
``WARGAMES_SCREENSHOTS`` (``WARGAMES_SCREENSHOTS=docs/images`` refreshes the docs' pictures),
else into the test's temporary folder."""

import json
import os
import random
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

import wargames
from tests.web.conftest import SETUPS, postgres_schema
from wargames.core.registry import games
from wargames.core.serialize import loads
from wargames.web.local import served, serving

CHROMIUM = Path("/usr/bin/chromium")
MOST_TURNS = 400
"""Moves the human makes at most (a clicked game against a random bot takes under 200)."""
FIRST_CHOICES = 150
"""Moves made with the first piece and square; later ones are chosen at random (seeded)."""
MOST_MISSES = 100
"""Tries that the page did not take (a redraw between clicks, a slow answer) before giving up."""
PNG = b"\x89PNG\r\n\x1a\n"
QUIET = {"quiet_turn_limit": 8}
"""The game clicked to its end is drawn after 8 moves a player with no capture (the text's
35 for Mini Sabotage made it a game of 40 s): it still ends, replays and rematches."""


@pytest.fixture
def images(tmp_path: Path) -> Path:
    """Where screenshots go: ``$WARGAMES_SCREENSHOTS`` if set, else a temporary folder."""
    chosen = os.environ.get("WARGAMES_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def picture(page: Page, path: Path) -> None:
    """Screenshot the whole page to ``path``; check it is a PNG of a real page's size."""
    page.screenshot(path=path, full_page=True)
    data = path.read_bytes()
    width, height = struct.unpack(">II", data[16:24])
    assert data.startswith(PNG)
    assert data[12:16] == b"IHDR"
    assert (width, height) >= (1280, 900)
    assert len(data) > 20_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install it with `apt-get install -y chromium`")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("web") / "games.sqlite3") as url:
        yield url


@pytest.fixture(scope="module", params=SETUPS)
def played(request: pytest.FixtureRequest, base: str) -> Iterator[str]:
    """The server above, then ``wargames serve --workers 2`` on a PostgreSQL schema."""
    if request.param == "sqlite":
        yield base
    else:
        for where in postgres_schema(request):
            with served(where, workers=2) as url:
                yield url


def take_turn(page: Page, rng: random.Random | None = None) -> bool:
    """Make one move by clicking: a piece that can move, then a square it lights up (or, for
    anything the board cannot express, the first listed action); confirm any odds shown.
    The first piece and square, or with ``rng`` any (a player going round in circles tries
    something else: the first piece can shuttle between squares while a random bot's game
    never ends).
    Whether the page took it: a live update that redraws the board between the clicks (or a
    busy machine's slow answer) makes the caller try again."""
    before = page.evaluate("document.body.dataset.version")
    try:
        sources = page.locator("#board .token.source")
        if count := sources.count():
            sources.nth(rng.randrange(count) if rng else 0).click(force=True, timeout=3000)
            targets = page.locator("#board .target")
            chosen = rng.randrange(max(1, targets.count())) if rng else 0
            targets.nth(chosen).click(force=True, timeout=3000)
        else:
            page.locator("#actions button").first.click(timeout=3000)
        if page.locator("#odds").is_visible():
            page.locator("#make-it").click(timeout=3000)
        page.wait_for_function(f"document.body.dataset.version !== {before!r}", timeout=5000)
    except PlaywrightError:
        return False
    return True


def test_mini_sabotage_is_played_to_the_end_by_clicking(
    browser: Browser, played: str, images: Path
) -> None:
    base = played
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(base + "/")
    page.select_option("#game", "sabotage")
    page.select_option("#variant", "SM")
    page.select_option("select[data-player=red]", "random")
    page.fill("#options", json.dumps(QUIET))
    page.click("#start")
    page.locator("#link-green").wait_for()
    page.goto(base + (page.locator("#link-green").get_attribute("href") or ""))
    turns = misses = 0
    while turns < MOST_TURNS and misses < MOST_MISSES:
        page.wait_for_function(
            "document.body.dataset.turn === 'yes' || document.body.dataset.over === 'yes'"
        )
        if page.evaluate("document.body.dataset.over") == "yes":
            break
        if take_turn(page, random.Random(turns) if turns >= FIRST_CHOICES else None):
            turns += 1
        else:
            misses += 1
    status = page.locator("#status").inner_text()
    assert status.startswith("Game over. "), f"{status} after {turns} moves and {misses} misses"
    assert page.locator("#replay-link").is_visible()
    replay = page.request.get(base + (page.locator("#replay-link").get_attribute("href") or ""))
    assert replay.ok
    moves = len(loads(replay.text()).actions)
    picture(page, images / "web-sabotage.png")
    page.click("#replay-view")  # the replay, step by step, every secret shown
    page.wait_for_selector("body[data-replay='0']")
    assert page.locator("#step-label").inner_text() == f"replay step 0 of {moves}, the start"
    assert page.locator("#board .token.hidden").count() == 0
    page.click("#next")
    page.wait_for_selector("body[data-replay='1']")
    assert page.locator("#step-label").inner_text().startswith(f"replay step 1 of {moves}, after ")
    page.click("#last")
    page.wait_for_selector(f"body[data-replay='{moves}']")
    page.click("#replay-view")  # back to the game as green saw it
    page.wait_for_function("document.body.dataset.replay === undefined")
    assert page.locator("#board .token.hidden").count() > 0
    finished = page.url
    page.click("#rematch")  # a new game, green's seat again
    page.wait_for_url(lambda url: url != finished and "/play/" in url)
    page.wait_for_function("document.body.dataset.turn === 'yes'")
    assert page.locator("#status").inner_text() == "Your turn (green)."
    assert page.locator("#step-label").inner_text() == "step 0 of 0"
    page.close()


def test_a_listed_game_is_joined_from_the_lobby(browser: Browser, played: str) -> None:
    base = played
    host = browser.new_page(viewport={"width": 1280, "height": 900})
    host.goto(base + "/")
    host.select_option("#game", "sabotage")
    host.select_option("#variant", "SM")
    host.select_option("select[data-player=red]", "human")
    host.check("#listed")
    host.click("#start")
    host.locator("#link-green").wait_for()  # the host took the first seat
    assert host.locator("#link-red").count() == 0
    game = host.locator("#links").get_attribute("data-game")
    guest = browser.new_page(viewport={"width": 1280, "height": 900})
    guest.goto(base + "/")
    guest.locator(f"li[data-game='{game}'] button").first.wait_for()
    assert guest.locator(f"li[data-game='{game}'] button").all_inner_texts() == ["Join as red"]
    guest.click(f"li[data-game='{game}'] button[data-seat='red']")
    guest.wait_for_url("**/play/**")
    guest.wait_for_selector("#board svg")
    assert guest.locator("#title").inner_text().endswith("playing red")
    host.goto(base + (host.locator("#link-green").get_attribute("href") or ""))
    host.wait_for_function("document.body.dataset.turn === 'yes'")
    assert take_turn(host)
    guest.wait_for_function("document.body.dataset.version.startsWith('1:')")
    open_games = guest.request.get(base + "/api/lobby").json()["games"]
    assert game not in [g["id"] for g in open_games]
    host.close()
    guest.close()


@pytest.mark.parametrize("name", [n for n in wargames.available() if n != "sabotage"])
def test_every_game_has_a_page(browser: Browser, base: str, name: str, images: Path) -> None:
    game = wargames.load(name)
    seats = {p: "human" if i == 0 else "random" for i, p in enumerate(game.players)}
    request = {"game": name, "options": dict(games()[name].demo_options), "seats": seats}
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    answer = page.request.post(base + "/api/games", data=request).json()
    page.goto(base + answer["seats"][game.players[0]]["url"])
    page.wait_for_selector("#board svg")
    page.wait_for_function("document.body.dataset.turn === 'yes'")
    assert page.locator("#actions button").count() > 0
    picture(page, images / f"web-{name}.png")
    page.close()


def test_an_army_is_set_up_by_clicking(browser: Browser, base: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(base + "/")
    page.select_option("#game", "sabotage")
    page.select_option("#variant", "SM")
    assert page.locator("#setup select option").all_inner_texts() == [
        "deal the armies at random",
        "set up your own army",
    ]
    page.select_option("select[data-keyword=deploy]", label="set up your own army")
    page.select_option("select[data-player=green]", "random")
    page.select_option("select[data-player=red]", "human")
    page.click("#start")
    page.locator("#link-red").wait_for()
    page.goto(base + (page.locator("#link-red").get_attribute("href") or ""))
    page.wait_for_function("document.body.dataset.turn === 'yes'")  # the bot has set up green
    assert page.locator("#setup").inner_text() == "Set-up: set up your own army."
    assert page.locator("#board .token").count() == 20
    assert page.locator("#board .token.hidden").count() == 20  # none of green's kinds shown
    before = page.evaluate("document.body.dataset.version")
    page.locator("#board [data-node='h8']").first.click(force=True)  # a square: which piece?
    assert page.locator("#choice-list button").first.inner_text() == (
        "Set up your Headquarters at h8"
    )
    page.locator("#choice-list button").first.click()
    page.wait_for_function(f"document.body.dataset.version !== {before!r}")
    assert page.locator("#board .token").count() == 21
    assert page.locator("#actions button").first.inner_text() == "Set up your Atomic Landmine at g8"
    before = page.evaluate("document.body.dataset.version")
    page.locator("#actions button").first.click()  # or from the list of legal actions
    page.wait_for_function(f"document.body.dataset.version !== {before!r}")
    assert page.locator("#board .token").count() == 22
    assert page.locator("#board .token.hidden").count() == 20
    page.close()
