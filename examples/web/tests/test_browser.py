"""The web example in a real browser: a whole game against a bot played by clicking, two
browsers playing each other while every payload they receive is searched for cards
their seat may not see, the friend's one-time invitation, the referee's refusals, a page
whose game is gone or whose server answers with an error page, and the screenshots of
the docs."""

from __future__ import annotations

import json
import os
import re
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from leaks import LANGUAGES, NOTATION, PRETTY, hidden_from, leaks
from playwright.sync_api import Browser, Dialog, Page, Response, Route, WebSocket
from serverprocess import free_port, start_server

from conquian import PRESETS, Card, ConquianError, Game, GameRecord, IllegalMoveError, Phase, State
from conquian.languages import find_language
from conquian.narration import explain_refusal, narrate, narrate_start
from conquian.notation import loads

# The page's words, from the example's module.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from words import PAGE_WORDS

DOCS_STATIC = Path(__file__).resolve().parents[3] / "docs" / "_static"
WRITE_SCREENSHOTS = os.environ.get("CONQUIAN_WRITE_SCREENSHOTS") == "1"
"""Whether the screenshots of the docs are written to ``docs/_static`` (else they are
taken into a temporary folder)."""
ERROR_TEXT = "document.getElementById('error')?.textContent"
"""The text of the page's error line, in JavaScript, and ``undefined`` while the page has
no such element (it is loading again: the app reloads on a new hash), where reading the
element's text would throw and fail a wait at once. A wait for it alone waits for text."""


# ---------------------------------------------------------------------- playing by clicking


def settle(page: Page) -> None:
    """Wait until the page is not waiting for the server."""
    page.wait_for_selector("body[data-busy='0']")


def play_turn(page: Page) -> int:
    """Make this seat's decision by clicking: build a take when one is possible (adding
    the first card the page offers until the take is complete, choosing the last of the
    tables offered when the rules let the player arrange it (V2), then discarding the
    first card offered, or going out), else the first choice button. Answers how many
    arrangements were chosen (0 or 1). In the opening exchange (M10) the decision is the
    card to give: the first hand card the page offers is clicked."""
    settle(page)
    if page.locator("#hand button.card.give:enabled").count():
        with page.expect_response(lambda r: r.url.endswith("/move")) as given:
            page.locator("#hand button.card.give:enabled").first.click()
        assert given.value.ok, given.value.text()
        settle(page)
        return 0
    if page.locator("#builder").is_hidden() and page.locator("#hand .addable").count():
        assert page.inner_text("#take-hint")  # how to take is said, in the page's language
    arranged = 0
    while True:
        if page.locator("#discards .go-out").count():
            break
        if page.locator("#discards button.card").count():
            break
        if page.locator("#arrangements button.arrangement").count():
            clicked = page.locator("#arrangements button.arrangement").last
            for label in page.locator("#arrangements button.arrangement").all_inner_texts():
                assert PRETTY.search(label), label  # suit symbols, not notation
                assert not NOTATION.search(label), label
            arranged = 1
        elif page.locator("#hand button.card.addable:enabled").count():
            clicked = page.locator("#hand button.card.addable:enabled").first
        else:
            break
        with page.expect_response(lambda r: r.url.endswith("/build")):
            clicked.click()
        settle(page)
    if page.locator("#discards .go-out").count():
        target = page.locator("#discards .go-out")
    elif page.locator("#discards button.card").count():
        target = page.locator("#discards button.card").first
    else:
        target = page.locator("#choices button").first
    with page.expect_response(lambda r: r.url.endswith("/move")) as answer:
        target.click()
    assert answer.value.ok, answer.value.text()
    settle(page)  # the answer drawn, so that the caller reads the new state, not the old
    return arranged


def state_of(page: Page) -> str:
    """The page's state: ``turn`` (this seat decides), ``wait``, ``over`` or ``lobby``."""
    return str(page.evaluate("document.body.dataset.state"))


def downloaded_record(page: Page) -> str:
    with page.expect_download() as download:
        page.locator("#record").click()
    path = download.value.path()
    return Path(path).read_text(encoding="utf-8")


def open_lobby(page: Page, base_url: str, lang: str) -> None:
    """Open the lobby and choose ``lang``, its words shown (the page remembers it)."""
    page.goto(base_url + "/")
    page.select_option("#lang", lang)
    page.wait_for_function(f"document.documentElement.lang === {lang!r}")


def new_game_in_lobby(
    page: Page,
    base_url: str,
    *,
    humans: bool,
    seed: int,
    lang: str,
    rules: str = "classic",
    exchange: bool = False,
) -> None:
    open_lobby(page, base_url, lang)
    assert not page.locator("#table").is_visible()  # the lobby shows the form alone
    page.fill("#name", "Ana")
    if humans:
        page.check("input[name=mode][value=humans]")
    page.select_option("#rules", rules)
    if exchange:
        page.check("#exchange")
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("body[data-state=turn], body[data-state=wait]")
    settle(page)


@pytest.mark.parametrize(
    ("rules", "seed"), [("classic", 11), ("foster", 5), ("bicycle", 3), ("mexican", 2)]
)
def test_a_whole_game_against_a_bot_by_clicking(
    browser: Browser, base_url: str, rules: str, seed: int
) -> None:
    """A whole game under each preset. On Foster's seed 5 a take must be arranged: with
    one card borrowed (V2), the page offers more than one table, and the take names the
    chosen one."""
    page = browser.new_page()
    new_game_in_lobby(page, base_url, humans=False, seed=seed, lang="en", rules=rules)
    assert page.inner_text("#rules-name") == f"Rules: {rules.capitalize()}"
    decisions = arranged = 0
    while state_of(page) == "turn":
        arranged += play_turn(page)
        decisions += 1
        assert decisions < 200
    assert state_of(page) == "over"
    assert arranged == (1 if rules == "foster" else 0)
    assert page.locator("#seed-line").is_hidden()  # the person chose the seed himself
    status = page.inner_text("#status")
    # A record the server refuses (here a proxy's error page) is said, not saved.
    downloads: list[object] = []
    page.on("download", lambda download: downloads.append(download))
    page.route("**/record", lambda route: route.fulfill(status=502, body="<h1>Bad gateway</h1>"))
    page.locator("#record").click()
    page.wait_for_function(ERROR_TEXT)
    assert page.inner_text("#error") == "The server answered 502: try again later."
    assert downloads == []
    page.unroute("**/record")
    record = loads(downloaded_record(page))
    game = Game.from_record(record)
    assert game.is_over
    assert record.seed == seed
    assert record.rules == PRESETS[rules]
    # The page tells the end the record holds, and every move of the record is narrated.
    outcome = game.outcome
    assert outcome is not None
    expected = {None: "drawn game", 0: "you win!", 1: "Greedy wins"}[outcome.winner]
    assert status == expected
    assert decisions >= sum(1 for entry in game.history if entry.player == 0)
    page.close()


def test_a_three_player_game_against_two_bots_by_clicking(browser: Browser, base_url: str) -> None:
    """Tercerilla (M9) against two bots, played to the end by clicking: the page shows
    both other players' hands (by size) and tables, the next player first, marks the
    player to move, says who has the offered card in the round of offers (M4), and the
    record downloaded is the game's, of three players."""
    page = browser.new_page()
    new_game_in_lobby(page, base_url, humans=False, seed=7, lang="en", rules="tercerilla")
    assert page.inner_text("#rules-name") == "Rules: Tercerilla (3 players)"
    assert page.locator(".opponent .opponent-name").all_inner_texts() == ["Greedy 1", "Greedy 2"]
    sizes = page.locator(".opponent-hand").evaluate_all(
        "(hands) => hands.map((hand) => [hand.getAttribute('aria-label'), hand.children.length])"
    )
    assert sizes == [["8 cards in hand", 8], ["8 cards in hand", 8]]
    decisions = 0
    offered: set[str] = set()
    while state_of(page) == "turn":
        said = page.inner_text("#offered-to")
        if said:
            offered.add(said)
            offer = page.get_attribute("#offer .card", "data-card") or ""
            assert said == f"{Card.parse(offer).pretty()} is offered to you"
            assert page.locator(".opponent.to-move").count() == 0
        play_turn(page)
        decisions += 1
        assert decisions < 200
    assert offered
    assert state_of(page) == "over"
    record = loads(downloaded_record(page))
    game = Game.from_record(record)
    assert (record.rules, record.seed) == (PRESETS["tercerilla"], 7)
    outcome = game.outcome
    assert outcome is not None
    expected = {None: "drawn game", 0: "you win!", 1: "Greedy 1 wins", 2: "Greedy 2 wins"}
    assert page.inner_text("#status") == expected[outcome.winner]
    for seat, hand in enumerate(page.locator(".opponent-hand").all(), start=1):
        assert hand.locator(".card").count() == len(game.state.hands[seat])
    page.close()


def test_the_opening_exchange_is_a_card_clicked_in_the_hand(
    browser: Browser, base_url: str
) -> None:
    """With the opening exchange (M10) chosen in the lobby, a three-player game against
    two bots opens with the person's decision: each card of his hand is a button that
    gives it to the next player; once all have chosen the cards change hands at once,
    the narration tells his give with its card and the others' without theirs, and the
    game plays on to the end."""
    page = browser.new_page()
    new_game_in_lobby(
        page, base_url, humans=False, seed=4, lang="en", rules="tercerilla", exchange=True
    )
    assert page.inner_text("#rules-name") == (
        "Rules: Tercerilla (3 players) with the opening exchange"
    )
    gives = page.locator("#hand button.card.give:enabled")
    assert gives.count() == 8
    assert page.locator("#choices button").count() == 0
    assert page.inner_text("#take-hint") == "Click the card of your hand to give to Greedy 1."
    card = gives.nth(2).get_attribute("data-card") or ""
    with page.expect_response(lambda r: r.url.endswith("/move")):
        gives.nth(2).click()
    settle(page)
    # The bots give at once: the cards have changed hands, and play has started.
    assert card not in page.locator("#hand .card").evaluate_all(
        "(cards) => cards.map((element) => element.dataset.card)"
    )
    assert page.locator("#hand button.card.give").count() == 0
    told = page.locator("#narration li").all_inner_texts()
    mine = f"You give {Card.parse(card).pretty()} to Greedy 1"
    assert any(line.startswith(mine) for line in told), told
    assert "Greedy 2 gives you a card" in told
    assert any(line.startswith("Greedy 1 gives a card to Greedy 2") for line in told), told
    decisions = 0
    while state_of(page) == "turn":
        play_turn(page)
        decisions += 1
        assert decisions < 200
    assert state_of(page) == "over"
    record = loads(downloaded_record(page))
    assert record.rules.exchange
    assert f"give {card}" in [str(move) for move in record.moves[:3]]  # the gives open it
    page.close()


def test_the_keyboard_keeps_its_place_and_cards_have_names(
    browser: Browser, base_url: str
) -> None:
    """A card chosen with Enter keeps the focus (the page redraws its buttons), and after
    a move made with Enter the focus is on the first action of the next turn. Cards that
    are pictures are read by their names; the opponent's hand by its size."""
    page = browser.new_page()
    new_game_in_lobby(page, base_url, humans=False, seed=11, lang="en")
    assert re.fullmatch(
        r"\d+ cards in hand", page.get_attribute(".opponent-hand", "aria-label") or ""
    )
    offered = page.locator("#offer .card")
    assert offered.get_attribute("role") == "img"
    assert offered.get_attribute("aria-label") == Card.parse(
        offered.get_attribute("data-card") or ""
    ).name("en")
    for _ in range(60):  # on to a turn with a take
        if page.locator("#hand button.card.addable:enabled").count():
            break
        play_turn(page)
    card = page.locator("#hand button.card.addable:enabled").first
    name = card.get_attribute("data-card")
    card.focus()
    with page.expect_response(lambda r: r.url.endswith("/build")):
        page.keyboard.press("Enter")
    settle(page)
    assert page.evaluate("document.activeElement.dataset.card") == name
    assert page.get_attribute(f"#hand [data-card='{name}']", "aria-pressed") == "true"
    # Finish the take by mouse; then play on, each take by mouse and each other choice
    # with Enter on the button that has the focus when the turn begins.
    play_turn(page)
    keyed = 0
    for _ in range(80):
        settle(page)
        if state_of(page) != "turn":
            break
        focused = page.evaluate("document.activeElement.tagName")
        assert focused == "BUTTON", focused  # the turn's first action has the focus
        if page.locator("#hand .addable").count() or page.locator("#builder").is_visible():
            play_turn(page)
            continue
        with page.expect_response(lambda r: r.url.endswith("/move")):
            page.keyboard.press("Enter")
        keyed += 1
    assert keyed >= 3
    assert state_of(page) == "over"
    page.close()


def test_a_bot_and_the_rules_are_named_in_the_lobbys_language(
    browser: Browser, base_url: str
) -> None:
    page = browser.new_page()
    new_game_in_lobby(page, base_url, humans=False, seed=11, lang="es")
    assert page.inner_text(".opponent-name") == "Codicioso"  # the default bot, Greedy
    assert page.inner_text("#rules-name") == "Reglas: Clásicas"
    # The bot's name follows the language during the game, in the narration too.
    page.select_option("#lang", "de")
    page.wait_for_function("document.querySelector('.opponent-name').textContent === 'Gierig'")
    assert page.inner_text("#rules-name") == "Regeln: Klassisch"
    assert "Codicioso" not in page.inner_text("body")


_PROPER_NAMES = {"rules_foster", "rules_bicycle"}  # R. F. Foster's rules, the Bicycle brand's


def page_words(page: Page) -> dict[str, str]:
    """What each element with a ``data-word`` shows, by its word's key."""
    shown: dict[str, str] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll("[data-word]")]
            .map((element) => [element.dataset.word, element.textContent]))"""
    )
    return shown


def test_a_name_being_typed_is_left_alone_when_the_words_arrive(
    browser: Browser, base_url: str
) -> None:
    """The default name follows the language, but not while the field is being typed in:
    setting it then would move the caret under the typing ("Jugador 1Ana")."""
    page = browser.new_page()
    held: list[Route] = []
    # The Spanish words are held back: those the page fetches for later when it opens,
    # and those it asks for when Spanish is chosen.
    page.route("**/api/words?lang=es", lambda route: held.append(route))
    page.goto(base_url + "/")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.select_option("#lang", "es")
    for _ in range(1000):
        if len(held) == 2:
            break
        page.wait_for_timeout(10)
    assert len(held) == 2
    page.focus("#name")
    page.keyboard.press("ControlOrMeta+A")  # the typing starts: the default is selected
    for route in held:
        route.continue_()
    page.wait_for_function("document.documentElement.lang === 'es'")
    page.keyboard.insert_text("Ana")
    assert page.input_value("#name") == "Ana"
    page.close()


def test_the_lobby_speaks_the_chosen_language(browser: Browser, base_url: str) -> None:
    """Every word of the lobby follows the language chosen, and stays chosen on the next
    visit; the name left at its default, and a friend's, are in that language too."""
    page = browser.new_page()
    page.goto(base_url + "/")
    tables = {lang: fetch(page, "GET", f"/api/words?lang={lang}", "") for lang in LANGUAGES}
    assert all(status == 200 for status, _ in tables.values())
    english = tables["en"][1]
    assert page_words(page) == {key: english[key] for key in page_words(page)}
    assert page.input_value("#name") == english["default_name"] == "Player 1"
    for lang in ("es", "nl", "de"):
        words = tables[lang][1]
        assert words.keys() == english.keys()
        page.select_option("#lang", lang)
        page.wait_for_function(f"document.documentElement.lang === {lang!r}")
        shown = page_words(page)
        assert shown == {key: words[key] for key in shown}
        # Nothing is left in English but the presets named after a writer and a brand.
        assert all(shown[key] != english[key] for key in shown.keys() - _PROPER_NAMES)
        assert all(shown[key] == english[key] for key in _PROPER_NAMES)
        assert page.input_value("#name") == words["default_name"]
    assert fetch(page, "GET", "/api/words?lang=fr", "") == [
        400,
        {"error": "the languages are en, es, nl, de"},
    ]

    page.goto(base_url + "/")  # the language chosen last is kept
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert page.inner_text("#start") == tables["de"][1]["start"]
    page.check("input[name=mode][value=humans]")
    page.fill("#seed", "4")
    page.click("#start")
    page.wait_for_selector("body[data-state=turn], body[data-state=wait]")
    assert page.inner_text(".opponent-name") == "Spieler 2"
    invitation = page.inner_text("#invite")
    assert invitation.startswith("Schick diesen Link deinem Freund (er gilt nur einmal): ")
    assert re.search(r"/#[\w-]+/invite/[\w-]+$", invitation)
    assert page.inner_text("#rules-name") == "Regeln: Klassisch"
    # With the invitation shown, whose turn it is stays at the top, above the tables.
    status, opponent = page.locator("#status"), page.locator(".opponent")
    status_box, opponent_box = status.bounding_box(), opponent.bounding_box()
    assert status_box is not None
    assert opponent_box is not None
    assert status_box["y"] + status_box["height"] <= opponent_box["y"]
    assert page.inner_text("#status") in ("deine Möglichkeiten:", "warten auf Spieler 2")

    page.goto(base_url + "/#no-such-game/0/key")  # a lost game says so, in the language
    page.wait_for_selector("#lost:not([hidden])")
    assert page.inner_text("#lost") == tables["de"][1]["no_game"]
    page.close()


# ---------------------------------------------------------------------- hidden cards


def test_the_leak_search_finds_hidden_cards() -> None:
    # A whole state (both hands, the stock order) must be caught, in every form.
    state = State.new(seed=5)
    hidden = state.observation(0).unseen
    assert leaks(state.to_dict(), hidden) == set(hidden)
    card = next(iter(hidden))
    assert leaks({"narration": [f"Bob lays {card.pretty()}"]}, hidden) == {card}
    assert leaks({"x": [card.name("de")]}, hidden) == {card}
    assert leaks(state.observation(0).to_dict(), hidden) == set()


class Recorder:
    """Everything one browser context receives from the API, in order: the JSON bodies
    of HTTP responses and the WebSocket frames."""

    def __init__(self, page: Page) -> None:
        self.payloads: list[Any] = []
        page.on("response", self.on_response)
        page.on("websocket", self.on_socket)

    def on_response(self, response: Response) -> None:
        # Left out: the record (given only at the end, whole), the new game's answer
        # (ids and seat keys; the page navigates away from it at once) and the page's
        # words (the same fixed table for every game).
        url = response.url
        if "/api/games" in url and not url.endswith(("/record", "/api/games")):
            self.payloads.append(response.json())

    def on_socket(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda frame: self.payloads.append(json.loads(frame)))


def check_what_each_seat_saw(
    pages: list[Page],
    recorders: list[Recorder],
    record: GameRecord,
    names: tuple[str, ...],
    langs: tuple[str, ...],
    decisions: int,
) -> None:
    """After a game between friends, one page a seat: each seat's last view is its
    observation of the final position, no payload it received held a card hidden from
    it at that ply, it received a view for at least its share of the decisions, and its
    page reads the game's narration in its own language, addressed to it, numbered as
    the whole game (its first line shown is line N)."""
    states = list(Game.from_record(record).states)
    final = states[-1]
    for seat, recorder in enumerate(recorders):
        received = [p for p in recorder.payloads if isinstance(p, dict) and "view" in p]
        assert received[-1]["view"] == final.observation(seat).to_dict()
        ply = 0
        for payload in recorder.payloads:
            if isinstance(payload, dict) and "view" in payload:
                ply = payload["view"]["ply"]
            hidden = hidden_from(states[ply].observation(seat))
            assert not leaks(payload, hidden), (seat, ply, payload)
        assert len(received) >= decisions // len(pages)
    for seat, (page, lang) in enumerate(zip(pages, langs, strict=True)):
        told = [narrate_start(states[0], lang=lang, names=names, viewer=seat)] + [
            narrate(state, move, lang=lang, names=names, viewer=seat)
            for state, move in zip(states, record.moves, strict=False)
        ]
        assert page.locator("#narration li").all_inner_texts() == told[-12:]
        assert page.evaluate("document.getElementById('narration').start") == len(told) - 11


def test_two_browsers_play_each_other_and_see_only_their_own_cards(
    browser: Browser, base_url: str
) -> None:
    contexts = [browser.new_context(), browser.new_context()]
    pages = [context.new_page() for context in contexts]
    recorders = [Recorder(page) for page in pages]
    new_game_in_lobby(pages[0], base_url, humans=True, seed=23, lang="es")
    invite = pages[0].get_attribute("#invite-link", "href")
    assert invite is not None
    assert re.fullmatch(r"/#[\w-]+/invite/[\w-]+", invite)
    pages[1].goto(base_url + "/")
    pages[1].select_option("#lang", "de")
    pages[1].goto(base_url + invite)
    pages[1].wait_for_selector("body[data-state=turn], body[data-state=wait]")
    # The invitation is exchanged for the friend's seat link, which takes its place in
    # the history: Back leads to the lobby, not to the invitation.
    game_id = invite.removeprefix("/#").split("/")[0]
    assert re.fullmatch(rf"{re.escape(base_url)}/#{game_id}/1/[\w-]+", pages[1].url)
    seat_link = pages[1].url
    pages[1].go_back()
    pages[1].wait_for_selector("#lobby:not([hidden])")
    assert "invite" not in pages[1].url
    pages[1].go_forward()
    pages[1].wait_for_selector("body[data-state=turn], body[data-state=wait]")
    assert pages[1].url == seat_link
    # A used invitation says so, in the page's language, and shows nothing else.
    third = browser.new_page()
    open_lobby(third, base_url, "nl")
    third.goto(base_url + invite)
    third.wait_for_selector("#used:not([hidden])")
    assert (
        third.inner_text("#used")
        == "Deze uitnodiging is al gebruikt: vraag je vriend om een nieuwe partij."
    )
    assert state_of(third) == "lost"
    assert third.locator("#table section:visible, #status:visible").count() == 0
    third.close()
    # Both seats are told that the creator chose the deal, each in its language.
    assert pages[0].inner_text("#seed-line") == (
        "Elegiste este reparto (semilla 23); Jugador 2 también lo ve."
    )
    assert pages[1].inner_text("#seed-line") == (
        "Ana hat diese Kartenverteilung gewählt (Seed 23): wer den Seed wählt, kann jede "
        "Karte kennen."
    )
    # The friend gives his name; the other page is told at once.
    assert pages[1].input_value("#new-name") == "Jugador 2"  # the lobby's language
    pages[1].fill("#new-name", "Bea")
    with pages[1].expect_response(lambda r: r.url.endswith("/name")):
        pages[1].click("#rename button")
    pages[1].wait_for_selector("#rename", state="hidden")
    pages[0].wait_for_function("document.querySelector('.opponent-name').textContent === 'Bea'")
    assert pages[0].inner_text("#seed-line") == (
        "Elegiste este reparto (semilla 23); Bea también lo ve."
    )
    decisions = 0
    while state_of(pages[0]) != "over" or state_of(pages[1]) != "over":
        mover = next((page for page in pages if state_of(page) == "turn"), None)
        if mover is None:  # the other side's move is on its way through the WebSocket
            pages[0].wait_for_timeout(20)
            continue
        plies = [int(page.evaluate("document.body.dataset.ply")) for page in pages]
        play_turn(mover)
        decisions += 1
        assert decisions < 400
        # The waiting page is told without a reload.
        other = pages[1 - pages.index(mover)]
        other.wait_for_function(f"Number(document.body.dataset.ply) > {max(plies)}")
    record = loads(downloaded_record(pages[0]))
    check_what_each_seat_saw(pages, recorders, record, ("Ana", "Bea"), ("es", "de"), decisions)
    for context in contexts:
        context.close()


def test_three_browsers_play_each_other_and_see_only_their_own_cards(
    browser: Browser, base_url: str
) -> None:
    """A three-player game between friends (tercerilla, M9), one browser each: the
    creator's page shows two invitation links, one a friend's seat, each friend opens
    his own (the second first) and gets that seat, each link goes once used; the three
    play to the end, every page told of each move without a reload and of who has the
    offered card (M4), and every payload each browser receives (HTTP answers and
    WebSocket frames) is searched for the cards its seat may not see: both other hands
    and the stock."""
    contexts = [browser.new_context() for _ in range(3)]
    pages = [context.new_page() for context in contexts]
    recorders = [Recorder(page) for page in pages]
    new_game_in_lobby(pages[0], base_url, humans=True, seed=23, lang="en", rules="tercerilla")
    assert pages[0].locator("#invite").is_hidden()  # the two-player line is not shown
    items = pages[0].locator("#invite-links li")
    assert items.count() == 2
    assert (
        pages[0]
        .inner_text("#invites")
        .startswith("Send each friend his own link (each works once):")
    )
    invites = [item.locator("a").get_attribute("href") or "" for item in items.all()]
    assert [text.split(": ")[0] for text in items.all_inner_texts()] == ["Player 2", "Player 3"]
    for seat, lang in ((2, "de"), (1, "es")):
        open_lobby(pages[seat], base_url, lang)
        pages[seat].goto(base_url + invites[seat - 1])
        pages[seat].wait_for_selector("body[data-state=turn], body[data-state=wait]")
        assert re.fullmatch(rf"{re.escape(base_url)}/#[\w-]+/{seat}/[\w-]+", pages[seat].url)
        if seat == 2:  # seat 2's link goes from the creator's page, seat 1's stays
            pages[0].wait_for_selector("#invite-links li[data-seat='2']", state="hidden")
            assert items.first.is_visible()
    pages[0].wait_for_selector("#invites", state="hidden")
    for seat, name in ((1, "Bea"), (2, "Cy")):
        pages[seat].fill("#new-name", name)
        with pages[seat].expect_response(lambda r: r.url.endswith("/name")):
            pages[seat].click("#rename button")
        pages[seat].wait_for_selector("#rename", state="hidden")
    names = ("Ana", "Bea", "Cy")
    pages[0].wait_for_function(
        "[...document.querySelectorAll('.opponent-name')].map((e) => e.textContent).join()"
        " === 'Bea,Cy'"
    )
    # Each page lists the other two, the next player first (M1).
    assert pages[1].locator(".opponent-name").all_inner_texts() == ["Cy", "Ana"]
    assert pages[2].locator(".opponent-name").all_inner_texts() == ["Ana", "Bea"]
    decisions = 0
    told_offers = 0
    while any(state_of(page) != "over" for page in pages):
        mover = next((page for page in pages if state_of(page) == "turn"), None)
        if mover is None:  # a move is on its way through the WebSockets
            pages[0].wait_for_timeout(20)
            continue
        if mover is not pages[0]:
            # The creator's page says who has the offered card, and marks his side.
            offered, marked = pages[0].evaluate(
                """() => [document.getElementById('offered-to').textContent,
                    [...document.querySelectorAll('.opponent.to-move .opponent-name')]
                        .map((e) => e.textContent)]"""
            )
            assert marked == [names[pages.index(mover)]]
            if offered:
                assert offered.endswith(f" is offered to {names[pages.index(mover)]}")
                told_offers += 1
        plies = [int(page.evaluate("document.body.dataset.ply")) for page in pages]
        play_turn(mover)
        decisions += 1
        assert decisions < 400
        for other in pages:  # every page is told without a reload
            other.wait_for_function(f"Number(document.body.dataset.ply) > {max(plies)}")
    assert told_offers > 0
    record = loads(downloaded_record(pages[0]))
    assert record.rules == PRESETS["tercerilla"]
    check_what_each_seat_saw(pages, recorders, record, names, ("en", "es", "de"), decisions)
    for context in contexts:
        context.close()


# ---------------------------------------------------------------------- the referee


def fetch(page: Page, method: str, path: str, key: str, body: object = None) -> Any:
    """A request sent by the page's own JavaScript: its status and JSON answer."""
    script = """async ([method, path, key, body]) => {
        const init = {method, headers: {Authorization: "Bearer " + key}};
        if (body !== null) init.body = typeof body === "string" ? body : JSON.stringify(body);
        const response = await fetch(path, init);
        return [response.status, await response.json()];
    }"""
    return page.evaluate(script, [method, path, key, body])


def seat_keys(page: Page, created: dict[str, Any]) -> list[str]:
    """The two seats' keys of a new game between two people: the creator's, given when
    the game was made, and the friend's, made when he joins with the invitation."""
    game_id, invite, token = created["invitation"].removeprefix("/#").split("/")
    assert (game_id, invite) == (created["game"], "invite")
    status, joined = fetch(page, "POST", f"/api/games/{game_id}/join", "", {"invite": token})
    assert status == 200
    assert joined == {"seat": 1, "key": joined["key"], "link": f"/#{game_id}/1/{joined['key']}"}
    return [created["seats"][0]["key"], joined["key"]]


def test_illegal_and_out_of_turn_requests_get_the_library_reason(
    browser: Browser, base_url: str
) -> None:
    page = browser.new_page()
    page.goto(base_url + "/")
    status, created = fetch(page, "POST", "/api/games", "", {"mode": "humans", "seed": 0})
    assert status == 200
    game_id = created["game"]
    keys = seat_keys(page, created)
    url = f"/api/games/{game_id}"
    before = [fetch(page, "GET", url, key)[1] for key in keys]
    state = State.new(seed=0)
    assert before[1]["view"] == state.observation(1).to_dict()

    # Out of turn: seat 0 moves while seat 1 is to move.
    with pytest.raises(IllegalMoveError) as out_of_turn:
        state.apply("decline", player=0)
    assert fetch(page, "POST", url + "/move", keys[0], {"move": "decline"}) == [
        409,
        {"error": explain_refusal(out_of_turn.value), "problem": "not_your_turn"},
    ]
    # Illegal: a card seat 1 does not hold.
    with pytest.raises(IllegalMoveError) as illegal:
        state.apply("take +Qh -2c", player=1)
    assert fetch(page, "POST", url + "/move", keys[1], {"move": "take +Qh -2c"}) == [
        400,
        {"error": explain_refusal(illegal.value), "problem": illegal.value.problem.value},
    ]
    # ... said in the seat's language.
    spanish = {"move": "take +Qh -2c", "lang": "es"}
    assert fetch(page, "POST", url + "/move", keys[1], spanish)[1]["error"] == (
        explain_refusal(illegal.value, "es")
    )
    # Not a move at all, the builder asked for a card not in the hand, a bad key, a
    # stale position, a body over the limit, the record before the end.
    status, answer = fetch(page, "POST", url + "/move", keys[1], {"move": "jump"})
    assert status == 400
    assert "'jump' is not a move" in answer["error"]
    with pytest.raises(IllegalMoveError) as not_addable:
        state.observation(1).take_builder().add("Qh")
    status, answer = fetch(page, "POST", url + "/build", keys[1], {"selected": ["Qh"]})
    assert (status, answer["error"]) == (400, explain_refusal(not_addable.value))
    assert answer["problem"] == "cannot_add"
    assert fetch(page, "GET", url, "")[1] == {
        "error": "a seat key is needed: Authorization: Bearer KEY"
    }
    assert fetch(page, "GET", url, "not-a-key")[0] == 403
    assert fetch(page, "GET", url, "clé-non-ascii")[0] == 403
    with pytest.raises(ConquianError) as bad_seed:
        Game.new(seed=-1)
    assert fetch(page, "POST", "/api/games", "", {"seed": -1}) == [
        400,
        {"error": str(bad_seed.value), "problem": "bad_seed"},
    ]
    assert fetch(page, "POST", "/api/games", "", {"rules": "hoyle"}) == [
        400,
        {"error": "the rules are classic, foster, bicycle, mexican, tercerilla"},
    ]
    # Names are given in games between two people, within the limit.
    assert fetch(page, "POST", url + "/name", keys[1], {"name": "x" * 25}) == [
        400,
        {"error": "name must be text of at most 24 characters"},
    ]
    assert fetch(page, "POST", url + "/name", keys[1], {"name": "  "}) == [
        400,
        {"error": "a name has 1 to 24 characters", "problem": "bad_name"},
    ]
    for name in ("\u200b", "a\nb", "tab\t"):  # nothing to see, or a control character
        assert fetch(page, "POST", url + "/name", keys[1], {"name": name})[0] == 400
    # A request refused for its language changes nothing, the name included.
    assert fetch(page, "POST", url + "/name", keys[1], {"name": "Mallory", "lang": "zz"})[0] == 400
    not_text: tuple[list[object], ...] = ([[]], [{}, "Bea"])
    for names in not_text:  # refused, not a server error
        answer = fetch(page, "POST", "/api/games", "", {"mode": "humans", "names": names})
        assert answer[0] == 400
        assert answer[1]["error"].startswith("names are two names")
        assert answer[1]["error"].endswith("1 to 24 characters")
    # A game against a bot names the person alone: the bot has its name in each language.
    two = {"mode": "bot", "names": ["Ana", "Bot"]}
    assert fetch(page, "POST", "/api/games", "", two) == [
        400,
        {
            "error": "names are the person's name alone (the bot is named in each language), "
            "of 1 to 24 characters"
        },
    ]
    assert fetch(page, "POST", "/api/games", "", {"mode": "humans", "names": ["Ana"]}) == [
        400,
        {"error": "names are two names, of 1 to 24 characters"},
    ]
    status, solo = fetch(page, "POST", "/api/games", "", {"mode": "bot"})
    solo_key = solo["seats"][0]["key"]
    assert fetch(page, "POST", f"/api/games/{solo['game']}/name", solo_key, {"name": "A"}) == [
        409,
        {"error": "the names of a game against a bot are set when it starts"},
    ]
    bots: tuple[object, ...] = ([], {}, 7, None)
    for bot in bots:  # not text: refused like an unknown name, not a server error
        assert fetch(page, "POST", "/api/games", "", {"bot": bot}) == [
            400,
            {"error": "the bots are greedy, heuristic, random"},
        ]
    # A seed past 2**53 as digits (a page's numbers would round it) deals that seed.
    status, big = fetch(page, "POST", "/api/games", "", {"seed": str(2**64 - 1)})
    assert status == 200
    big_view = fetch(page, "GET", f"/api/games/{big['game']}", big["seats"][0]["key"])[1]
    assert big_view["view"]["hand"] == State.new(seed=2**64 - 1).observation(0).to_dict()["hand"]
    # Building a take out of turn is refused as a move out of turn is.
    assert fetch(page, "POST", url + "/build", keys[0], {"selected": []}) == [
        409,
        {"error": "it is not your turn", "problem": "not_your_turn"},
    ]
    in_spanish: dict[str, object] = {"selected": [], "lang": "es"}
    assert fetch(page, "POST", url + "/build", keys[0], in_spanish)[1]["error"] == "no es tu turno"
    assert fetch(page, "POST", url + "/move", keys[1], {"move": "decline", "ply": 5})[0] == 409
    plies: tuple[object, ...] = ("0", True, 1.5, [], -1)
    for ply in plies:  # the number of moves played, or nothing
        answer = fetch(page, "POST", url + "/move", keys[1], {"move": "decline", "ply": ply})
        assert answer[0] == 400
        assert answer[1]["error"].startswith("ply is the number of moves played, or null")
    # JSON nested past what the parser takes is not JSON, under the size limit or not.
    assert fetch(page, "POST", url + "/move", keys[1], "[" * 3000) == [
        400,
        {"error": "the request body is not JSON"},
    ]
    status, answer = fetch(page, "POST", url + "/move", keys[1], "x" * 5000)
    assert (status, answer["error"]) == (413, "the request body is limited to 4096 bytes")
    assert fetch(page, "GET", url + "/record", keys[0])[0] == 409

    # A WebSocket whose first message is not a seat's hello is closed at once, with the
    # reason: a wrong key, a binary message, JSON nested too deep.
    for hello, reason in (
        ('JSON.stringify({key: "not-a-key"})', "this key is not a seat of this game"),
        ("new Uint8Array([123, 125])", "bad hello"),
        ('"[".repeat(4000)', "bad hello"),
    ):
        closed = page.evaluate(
            """([path, hello]) => new Promise((resolve) => {
                const socket = new WebSocket("ws://" + location.host + path);
                socket.onopen = () => socket.send(eval(hello));
                socket.onmessage = () => resolve("sent a view");
                socket.onclose = (event) => resolve([event.code, event.reason]);
            })""",
            [url + "/ws", hello],
        )
        assert closed == [4403, reason]
    # After the hello, a message that is not JSON is ignored: the next one is read.
    lang = page.evaluate(
        """([path, key]) => new Promise((resolve) => {
            const socket = new WebSocket("ws://" + location.host + path);
            let views = 0;
            socket.onopen = () => socket.send(JSON.stringify({key}));
            socket.onmessage = (event) => {
                views += 1;
                if (views === 1) {
                    socket.send("[".repeat(4000));
                    socket.send(JSON.stringify({lang: "es"}));
                } else {
                    resolve(JSON.parse(event.data).lang);
                    socket.close();
                }
            };
            socket.onclose = (event) => resolve([event.code, event.reason]);
        })""",
        [url + "/ws", keys[0]],
    )
    assert lang == "es"

    # Nothing changed.
    assert [fetch(page, "GET", url, key)[1] for key in keys] == before
    # And the legal move is still played.
    status, answer = fetch(page, "POST", url + "/move", keys[1], {"move": "decline", "ply": 0})
    assert status == 200
    assert answer["view"] == state.apply("decline").observation(1).to_dict()
    page.close()


# ---------------------------------------------------------------------- a game gone


@pytest.fixture
def restartable_server() -> Iterator[tuple[str, list[Any]]]:
    """A server of this test's own, which the test may restart on a new database (every
    game is lost, as when the file is lost or another server answers) by calling the
    second item's ``restart()``: its address and ``[restart]``."""
    port = free_port()
    processes = [start_server(port)]

    def restart() -> None:
        processes[-1].terminate()
        processes[-1].wait(timeout=30)
        processes.append(start_server(port))

    yield f"http://127.0.0.1:{port}", [restart]
    processes[-1].terminate()
    processes[-1].wait(timeout=30)


def test_a_page_whose_game_is_gone_says_so_and_stops(
    browser: Browser, restartable_server: tuple[str, list[Any]]
) -> None:
    """After a restart on a new database the server holds no game: the page's WebSocket
    is closed with 4404 when it comes back, and the page shows the lost game's line in
    its language, with no buttons left and no more reconnecting."""
    base_url, (restart,) = restartable_server
    page = browser.new_page()
    sockets: list[WebSocket] = []
    page.on("websocket", lambda socket: sockets.append(socket))
    new_game_in_lobby(page, base_url, humans=False, seed=11, lang="es")
    restart()
    page.wait_for_selector("#lost:not([hidden])", timeout=60_000)
    assert page.inner_text("#lost") == "Esta partida no está (ya) aquí: empieza una nueva."
    assert state_of(page) == "lost"
    assert page.locator("#table button:visible, #table section:visible").count() == 0
    assert page.evaluate("lost && seat.socket === null")  # no socket, none to come
    opened = len(sockets)
    assert all(socket.is_closed() for socket in sockets)
    # Changing the language now asks nothing of the server.
    page.select_option("#lang", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert page.inner_text("#lost") == "Diese Partie gibt es (nicht mehr): beginne eine neue."
    assert len(sockets) == opened
    page.close()


def test_a_tab_past_the_seats_limit_says_so_and_joins_when_one_closes(
    browser: Browser, base_url: str
) -> None:
    """A seat's ninth connection is refused (4429): the tab says so in its language, tries
    again, and joins in once another connection of the seat has closed. A link whose key
    is no seat of the game is said in the page's language too."""
    first = browser.new_page()
    new_game_in_lobby(first, base_url, humans=False, seed=11, lang="en")
    link = "/" + first.url.removeprefix(base_url).lstrip("/")  # /#ID/0/KEY
    game_id, _, key = link.removeprefix("/#").split("/")
    holder = browser.new_page()
    holder.goto(base_url + "/")
    held = holder.evaluate(
        """([path, key]) => Promise.all(Array.from({length: 7}, () => new Promise((resolve) => {
            const socket = new WebSocket("ws://" + location.host + path);
            (window.held = window.held || []).push(socket);
            socket.onopen = () => socket.send(JSON.stringify({key}));
            socket.onmessage = () => resolve("view");
            socket.onclose = (event) => resolve(event.code);
        })))""",
        [f"/api/games/{game_id}/ws", key],
    )
    assert held == ["view"] * 7  # with the first page's, the seat's eight
    tab = browser.new_page()
    open_lobby(tab, base_url, "de")
    tab.goto(base_url + link)
    crowded = "Dieser Platz ist in zu vielen Tabs geöffnet: schließe einen, dann ist dieser Tab "
    tab.wait_for_function(
        f"{ERROR_TEXT}?.startsWith({crowded!r})",
        timeout=20_000,
    )
    # A new language says the refusal again at once, not at the next refused try.
    tab.select_option("#lang", "es")
    tab.wait_for_function("document.documentElement.lang === 'es'")
    assert tab.inner_text("#error").startswith("Este asiento está abierto en demasiadas")
    holder.evaluate("window.held.forEach((socket) => socket.close())")
    tab.wait_for_function(f"{ERROR_TEXT} === ''", timeout=60_000)
    assert tab.evaluate("seat.socket.readyState === WebSocket.OPEN")
    assert state_of(tab) == state_of(first) == "turn"
    stranger = browser.new_page()
    open_lobby(stranger, base_url, "es")
    stranger.goto(base_url + f"/#{game_id}/0/not-a-key")
    stranger.wait_for_function(ERROR_TEXT)
    assert stranger.inner_text("#error") == (
        "La clave de este enlace no es un asiento de esta partida: pide el enlace de nuevo."
    )
    for page in (first, holder, tab, stranger):
        page.close()


def answering(status: int, body: str) -> Callable[[Route], None]:
    """A route handler that answers every request with ``status`` and ``body``."""
    return lambda route: route.fulfill(status=status, body=body)


def test_an_answer_that_is_not_the_servers_json_is_said_with_its_status(
    browser: Browser, base_url: str
) -> None:
    """A proxy's error page (502), or a server error, is said with its status in the
    page's language, not as a JSON parse error; a 404 is a game gone."""
    page = browser.new_page()
    new_game_in_lobby(page, base_url, humans=False, seed=11, lang="de")
    # A proxy's 404 is not the server saying the game is gone either: shown, play goes on.
    for status in (502, 404):
        page.route("**/move", answering(status, "<h1>An error page</h1>"))
        with page.expect_response(lambda r: r.url.endswith("/move")):
            page.locator("#choices button").last.click()
        settle(page)
        assert page.inner_text("#error") == (
            f"Der Server antwortete {status}: versuche es später noch einmal."
        )
        assert state_of(page) == "turn"  # nothing else changed: the same choices are offered
        page.unroute("**/move")
    gone = json.dumps({"error": "no such game", "problem": "no_such_game"})
    page.route("**/move", lambda route: route.fulfill(status=404, body=gone))
    with page.expect_response(lambda r: r.url.endswith("/move")):
        page.locator("#choices button").last.click()
    page.wait_for_selector("#lost:not([hidden])")
    assert state_of(page) == "lost"
    page.close()


def test_a_refused_name_is_said_in_the_pages_language(browser: Browser, base_url: str) -> None:
    """The lobby's refusal (the creator takes his friend's default name) and the
    friend's (he takes the creator's) are said in the language of the page."""
    page = browser.new_page()
    open_lobby(page, base_url, "es")
    page.check("input[name=mode][value=humans]")
    page.fill("#name", "jugador 2")  # the friend's default name in Spanish
    said: list[str] = []

    def dismiss(dialog: Dialog) -> None:  # at once: an open alert holds the page
        said.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    with page.expect_response(lambda r: r.url.endswith("/api/games")):
        page.click("#start")
    page.wait_for_function("document.getElementById('lobby').hidden === false")
    for _ in range(200):  # the alert comes once the answer is read
        if said:
            break
        page.wait_for_timeout(50)
    assert said == ["Ese nombre ya está en esta partida: elige otro."]
    page.fill("#name", "Ana")
    page.click("#start")
    page.wait_for_selector("body[data-state=wait]")
    invite = page.get_attribute("#invite-link", "href")
    assert invite is not None
    friend = browser.new_page()
    open_lobby(friend, base_url, "nl")
    friend.goto(base_url + invite)
    friend.wait_for_selector("body[data-state=turn]")
    for name, words in (
        ("ANA", "Die naam is in deze partij al bezet: kies een andere."),
        (
            "\u200b",
            "Een naam heeft 1 tot 24 tekens, waaronder een letter, een cijfer of een "
            "teken, en geen stuur- of tekstrichtingstekens.",
        ),
    ):
        friend.fill("#new-name", name)
        with friend.expect_response(lambda r: r.url.endswith("/name")):
            friend.click("#rename button")
        settle(friend)
        assert friend.inner_text("#error") == words
    for each in (page, friend):
        each.close()


def test_an_invitation_is_not_spent_by_mistake(browser: Browser, base_url: str) -> None:
    """The creator opening his friend's invitation goes back to his own seat, the
    friend opening it again in the same browser goes back to his, and a link that is
    not an invitation says so in the page's language."""
    creator = browser.new_page()
    new_game_in_lobby(creator, base_url, humans=True, seed=23, lang="en")
    own_seat = creator.url
    invite = creator.get_attribute("#invite-link", "href")
    assert invite is not None
    creator.click("#invite-link")
    creator.wait_for_url(own_seat)
    creator.wait_for_selector("body[data-state=wait]")
    friend = browser.new_context()
    first, again = friend.new_page(), friend.new_page()
    first.goto(base_url + invite)
    first.wait_for_selector("body[data-state=turn]")
    again.goto(base_url + invite)  # a second tab of the same browser: the same seat
    again.wait_for_url(first.url)
    again.wait_for_selector("body[data-state=turn]")
    stranger = browser.new_page()
    open_lobby(stranger, base_url, "es")
    stranger.goto(base_url + invite.rsplit("/", 1)[0] + "/not-the-token")
    stranger.wait_for_selector("#bad:not([hidden])")
    assert stranger.inner_text("#bad") == (
        "Esto no es una invitación a una partida de aquí: pide a tu amigo el enlace otra vez."
    )
    assert state_of(stranger) == "lost"
    for page in (creator, stranger):
        page.close()
    friend.close()


# ---------------------------------------------------------------------- screenshots


@pytest.mark.parametrize(
    ("name", "width", "height", "rules", "seed"),
    [
        ("desktop", 1200, 820, "classic", 2),
        ("phone", 390, 844, "classic", 2),
        ("three-desktop", 1200, 820, "tercerilla", 5),
        ("three-phone", 390, 844, "tercerilla", 5),
    ],
)
def test_screenshots_for_the_docs(
    browser: Browser,
    base_url: str,
    tmp_path: Path,
    name: str,
    width: int,
    height: int,
    rules: str,
    seed: int,
) -> None:
    """The screenshots of the docs, written to docs/_static only when the environment
    sets CONQUIAN_WRITE_SCREENSHOTS=1 (a test run leaves the checkout as it was): a game
    against a bot, and a three-player game against two bots (tercerilla), at desktop and
    phone width."""
    docs = DOCS_STATIC / f"web-{name}.png"
    before = docs.stat().st_mtime_ns if docs.exists() else None
    page = browser.new_page(viewport={"width": width, "height": height})
    new_game_in_lobby(page, base_url, humans=False, seed=seed, lang="en", rules=rules)
    # A few decisions in, so the tables and the narration have something to show, then
    # to the next take, with its first card clicked.
    # (With three players, to a take once another player has a table too.)
    for decision in range(20):
        addable = page.locator("#hand button.card.addable:enabled")
        shown = rules != "tercerilla" or page.locator(".opponent-table .meld").count()
        if state_of(page) != "turn" or (decision >= 3 and addable.count() and shown):
            break
        play_turn(page)
    if addable.count():
        with page.expect_response(lambda r: r.url.endswith("/build")):
            addable.first.click()
        settle(page)
    if WRITE_SCREENSHOTS:
        DOCS_STATIC.mkdir(exist_ok=True)
    path = docs if WRITE_SCREENSHOTS else tmp_path / docs.name
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    if not WRITE_SCREENSHOTS:
        assert (docs.stat().st_mtime_ns if docs.exists() else None) == before
    page.close()


def moves_to_a_force_decision() -> tuple[int, list[str], State]:
    """A seed and the moves that lead to a decision on whether to force a declined card
    (R14b case a), and the state there: a player takes while his table is empty, then
    declines whatever he is offered, cards that fit his table too."""
    for seed in range(200):
        state, moves = State.new(seed=seed), []
        while state.outcome is None and state.phase is not Phase.FORCE_DECISION:
            legal = state.legal_moves()
            player = state.to_move
            assert player is not None
            move = legal[-1] if state.tables[player] else legal[0]  # a decline is last
            moves.append(str(move))
            state = state.apply(move)
        if state.phase is Phase.FORCE_DECISION:
            return seed, moves, state
    raise AssertionError("no force decision in 200 games")


def test_a_force_decision_says_why_the_seat_decides(browser: Browser, base_url: str) -> None:
    """The seat that may force a declined card is told that the card fits the other
    table (R14a) and what forcing and releasing do (R14b), in its language."""
    seed, moves, state = moves_to_a_force_decision()
    page = browser.new_page()
    page.goto(base_url + "/")
    status, created = fetch(page, "POST", "/api/games", "", {"mode": "humans", "seed": seed})
    assert status == 200
    keys = seat_keys(page, created)
    url = f"/api/games/{created['game']}"
    replay = State.new(seed=seed)
    for move in moves:
        player = replay.to_move
        assert player is not None
        assert fetch(page, "POST", url + "/move", keys[player], {"move": move})[0] == 200
        replay = replay.apply(move)
    forcer = state.to_move
    assert forcer is not None
    assert state.offer is not None
    for lang in ("en", "es"):
        status, payload = fetch(page, "GET", f"{url}?lang={lang}", keys[forcer])
        assert status == 200
        why = find_language(lang).phrase(
            "force_decision", who=payload["names"][1 - forcer], card=state.offer.pretty()
        )
        assert payload["words"]["status"] == why
    page.close()


# ---------------------------------------------------------------------- the server down


def test_a_page_says_the_connection_is_lost_and_goes_on_when_the_server_is_back(
    browser: Browser, tmp_path: Path
) -> None:
    """The server killed (SIGKILL) under a seat open in four tabs, one a language: each
    says the connection is lost and that it retries, in its language, also for a click
    that got no answer (not the browser's "Failed to fetch") and after a change of
    language; a lobby's new game is said not to have been made; started again on the
    same database, every tab hides the line and the game goes on. The screenshots of the
    docs' connection-lost page (English and Spanish) are taken here."""
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    options = ("--database", str(tmp_path / "games.sqlite3"))
    process = start_server(port, *options)
    try:
        first = browser.new_page(viewport={"width": 900, "height": 700})
        new_game_in_lobby(first, base_url, humans=False, seed=2, lang="en")
        pages = {"en": first}
        for lang in ("es", "nl", "de"):
            page = browser.new_page(viewport={"width": 900, "height": 700})
            open_lobby(page, base_url, lang)
            page.goto(first.url)
            page.wait_for_selector("body[data-state=turn], body[data-state=wait]")
            pages[lang] = page
        lobby = browser.new_page()
        open_lobby(lobby, base_url, "es")
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        for lang, page in pages.items():
            page.wait_for_selector("#offline:not([hidden])", timeout=30_000)
            assert page.inner_text("#offline") == PAGE_WORDS[lang]["connection_lost"]
        # A click meanwhile gets no answer: the same line, no error of the browser's.
        target = first.locator("#hand button.card.addable:enabled, #choices button").first
        target.click()
        settle(first)
        assert first.inner_text("#error") == ""
        assert first.locator("#offline").is_visible()
        for lang in ("en", "es"):
            docs = DOCS_STATIC / f"web-offline-{lang}.png"
            path = docs if WRITE_SCREENSHOTS else tmp_path / docs.name
            pages[lang].evaluate("window.scrollTo(0, 0)")
            pages[lang].screenshot(path=str(path))
            assert path.stat().st_size > 10_000
        # The language changes while the server is down (every language's words were
        # fetched when the page opened).
        first.select_option("#lang", "nl")
        first.wait_for_function("document.documentElement.lang === 'nl'")
        assert first.inner_text("#offline") == PAGE_WORDS["nl"]["connection_lost"]
        # A new game asked for in the lobby meanwhile is said not to have been made.
        said: list[str] = []

        def dismiss(dialog: Dialog) -> None:  # at once: an open alert holds the page
            said.append(dialog.message)
            dialog.dismiss()

        lobby.on("dialog", dismiss)
        lobby.click("#start")
        lobby.wait_for_function("document.body.dataset.state === 'lobby'")
        for _ in range(100):
            if said:
                break
            lobby.wait_for_timeout(50)
        assert said == [PAGE_WORDS["es"]["unreachable"]]
        ply = int(first.evaluate("document.body.dataset.ply"))
        process = start_server(port, *options)
        for page in pages.values():
            page.wait_for_selector("body[data-offline='0']", timeout=30_000)
            assert page.locator("#offline").is_hidden()
        assert state_of(first) == "turn"
        play_turn(first)
        for page in pages.values():  # the other tabs hear of the move
            page.wait_for_function(f"Number(document.body.dataset.ply) > {ply}")
        for page in (*pages.values(), lobby):
            page.close()
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_the_invitation_goes_once_the_friend_has_joined(browser: Browser, base_url: str) -> None:
    creator = browser.new_page()
    new_game_in_lobby(creator, base_url, humans=True, seed=4, lang="en")
    assert creator.locator("#invite").is_visible()
    invite = creator.get_attribute("#invite-link", "href")
    assert invite is not None
    friend = browser.new_page()
    friend.goto(base_url + invite)
    friend.wait_for_selector("body[data-state=turn], body[data-state=wait]")
    creator.wait_for_selector("#invite", state="hidden")
    creator.reload()  # and stays hidden on the seat's page from then on
    creator.wait_for_selector("body[data-state=turn], body[data-state=wait]")
    assert creator.locator("#invite").is_hidden()
    # The choices are actions, in the page's language.
    for page in (creator, friend):
        for label in page.locator("#choices button").all_inner_texts():
            assert re.match(r"(Pass|Decline|Force|Release|Lay down) ", label), label
    friend.close()
    creator.close()
