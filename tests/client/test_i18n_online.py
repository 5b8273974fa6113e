"""The online part speaks the player's language.

- Every error code of the protocol (shared.wire) has the client's own sentence, in Slovak and
  French; a code the client does not know shows the server's (English) text; an illegal
  move is explained by the local game's ``why_not``, not by the server's English.
- Play online, the lobby (rows, buttons, messages), Host a game (starting, failed, the
  quit warning), Games on your network (listening, error, servers heard) and the title's
  Continue draw no English under the pseudo language (only data: names, codes, URLs).
- In Slovak and French the key words are really translated, and at 1024x640 the lobby's
  rows, status line and messages stay inside their panels.

The match screen's chrome on a real server: tests/client/net/test_i18n_online_match.py.
"""

from __future__ import annotations

import pygame
import pytest

from client.lan import LanServer
from client.online import OnlineSession
from client.refusals import SCOPED, SENTENCES, refusal_text
from client.scenes.continue_list import continue_buttons
from client.scenes.host import CloseHostScene, HostScene
from client.scenes.lan_games import LanGamesScene
from client.scenes.lobby import LobbyScene
from client.scenes.online import OnlineScene
from shared.gamekit.registry import builtin_games
from shared.netkit.beacon import Beacon
from shared.netkit.links import LinkError, parse_link
from shared.wire import ErrorCode

from ..i18n.marks import language, pseudo
from .conftest import show
from .i18n_harness import recording_texts, unmarked
from .online_i18n_helpers import frames, text_blits

URL = "ws://127.0.0.1:8765"
NAMES = ("Ann", "Bob", "Cat", "Ann's game", "Bob's game")
CODES = ("K7QXAD", "MPRT3W")


# -- the server's refusals ------------------------------------------------------------------
def test_every_error_code_has_a_sentence_in_every_language():
    """SENTENCES is keyed by the protocol's enum: a code added to shared.wire without the
    client's sentence (or a sentence for a code that is gone) fails here, and so does a
    sentence left untranslated in Slovak or French."""
    assert list(SENTENCES) == list(ErrorCode)  # every code, in the protocol's order
    server_says = {"text": "The server's English words."}
    for code in ErrorCode:
        shown = refusal_text({"code": code.value, **server_says})
        assert shown == SENTENCES[code] and shown.strip(), code
    for code, scope in SCOPED:
        assert refusal_text({"code": code.value, "scope": scope.value}) == SCOPED[code, scope]
    for lang in ("sk", "fr"):
        with language(lang):
            for code in ErrorCode:
                shown = refusal_text({"code": code.value, **server_says})
                assert shown not in (server_says["text"], SENTENCES[code]), (lang, code, shown)
            for code, scope in SCOPED:
                shown = refusal_text({"code": code.value, "scope": scope.value, **server_says})
                assert shown not in (server_says["text"], SCOPED[code, scope], SENTENCES[code])


def test_an_unknown_code_shows_the_servers_text():
    with language("sk"):
        assert refusal_text({"code": "brand_new_code", "text": "Something new."}) == "Something new."
        assert refusal_text({"code": "brand_new_code"}) == "brand_new_code"
        assert refusal_text({"code": "not_your_turn", "text": "It is not your turn."}) == "Nie si na ťahu."
    with language("fr"):
        assert refusal_text({"code": "rematch_started", "rematch": "MPRT3W"}) == \
            "La revanche a déjà commencé\u00a0: salle MPRT3W."


class Wire:
    """A transport that keeps what the session sends and delivers nothing by itself."""

    url, name, key = "", "", None  # a transport's address and the hello's name and key

    def __init__(self) -> None:
        self.sent: list[dict] = []

    def send(self, message: dict) -> None:
        self.sent.append(message)

    def poll(self) -> list[dict]:
        return []


def seated_session(code: str = "K7QXAD") -> tuple[OnlineSession, object]:
    """A session seated as black in a running Alien City match at its first position."""
    spec = builtin_games().get("alien-city")
    options = spec.options(None)
    state = spec.new_state(options, 7)
    session = OnlineSession(Wire(), "Ann")
    session.handle({"type": "_net", "state": "connected"})
    session.handle({"type": "welcome", "protocol": 2, "session": "s" * 32, "name": "Ann"})
    session.handle({"type": "joined", "match": code, "role": "player", "seat": "black", "game": "alien-city"})
    players = [{"seat": "black", "name": "Ann", "online": True, "computer": None},
               {"seat": "white", "name": "Bob", "online": True, "computer": None}]
    session.handle({"type": "sync", "match": code, "version": 0, "mode": "snapshot",
                    "state": state.to_dict(), "info": {"code": code, "game": "alien-city", "options": options,
                                                       "status": "playing", "public": True, "players": players}})
    return session, spec


def test_an_illegal_move_is_explained_by_the_local_game_in_the_players_language():
    session, spec = seated_session()
    view = session.matches["K7QXAD"]
    first = next(iter(view.state.legal_moves()))
    view.state, _events = view.state.play(first)  # our copy has moved on; the server refuses it again
    for lang in ("sk", "fr"):
        with language(lang):
            view.pending = ("m1", first, view.version)
            [note] = session.handle({"type": "error", "code": "illegal_move", "rule": "occupied",
                                     "text": "The server's English sentence.", "match": "K7QXAD",
                                     "version": 0})
            reason = view.state.why_not(first, view.seat)
            assert reason is not None and note.text == reason.text
            assert note.text != "The server's English sentence." and view.pending is None
    with language("fr"):  # nothing pending: the client's own sentence for the code
        [note] = session.handle({"type": "error", "code": "illegal_move", "text": "English.",
                                 "match": "K7QXAD", "version": 0})
        assert note.text == "Les règles n’autorisent pas ce coup maintenant."


def test_connection_notes_and_seat_names_follow_the_language():
    session, _spec = seated_session()
    view = session.matches["K7QXAD"]
    view.info["players"][1] = {"seat": "white", "name": "Computer (hard)", "online": True, "computer": "hard"}
    with language("sk"):
        session.handle({"type": "_net", "state": "lost", "attempt": 2})
        assert session.net_note == "Spojenie prerušené: pripájam znova (2. pokus)…"
        assert view.names()[1] == "Počítač (Ťažký)"
    with language("fr"):
        session.handle({"type": "_net", "state": "closed", "reason": "closed"})
        assert session.net_note == "Déconnecté."
        view.info["players"][1] = {"seat": "white", "name": None, "online": False, "computer": None}
        assert view.names()[1] == "(place libre)" and view.is_free(1) and view.opponents() == ()


def test_the_saved_turn_words_are_translated_when_shown():
    from client.tokens import SavedSeat
    seat = SavedSeat(URL, "K7QXAD", "black", "t", opponents=("Bob",), turn="Bob's turn")
    assert seat.label() == "match K7QXAD vs Bob (Bob's turn)"
    with language("sk"):
        assert seat.label() == "zápas K7QXAD proti Bob (na ťahu je Bob)"
    with language("fr"):
        mine = SavedSeat(URL, "K7QXAD", "black", "t", turn="your turn")
        assert mine.label() == "partie K7QXAD (à vous de jouer)"


# -- screens under the pseudo language ---------------------------------------------------------
def lobby_session() -> OnlineSession:
    """A connected session whose lobby lists two public matches (one with spectators)."""
    games = builtin_games()
    spec = games.get("alien-city")
    session = OnlineSession(Wire(), "Ann", games)
    session.handle({"type": "_net", "state": "connected"})
    session.handle({"type": "welcome", "protocol": 2, "session": "s" * 32, "name": "Ann",
                    "games": [g.info() for g in games]})
    waiting = {"code": "K7QXAD", "game": "alien-city", "options": spec.options(None), "ruleset": "2004",
               "public": True, "status": "waiting", "spectators": 0,
               "players": [{"seat": "black", "name": "Bob", "online": True, "computer": None},
                           {"seat": "white", "name": None, "online": False, "computer": None}]}
    playing = dict(waiting, code="MPRT3W", status="playing", spectators=3,
                   players=[{"seat": "black", "name": "Cat", "online": True, "computer": None},
                            {"seat": "white", "name": "Computer (hard)", "online": True, "computer": "hard"}])
    session.handle({"type": "lobby", "matches": [waiting, playing]})
    return session


def game_words(app) -> list[str]:
    """What the games themselves say on these screens (their own catalogues, checked by
    their own tests): titles, their options in a few words, seat labels."""
    out = []
    for spec in builtin_games():
        out.append(spec.title)
        plugin = app.games.get(spec.id)
        for count in spec.seat_counts:
            options = plugin.options_for(app, count)
            out.append(plugin.describe_options(options))
            out.extend(s.label for s in spec.seats(options))
        out.append(plugin.describe_options(spec.options(None)))
    return out


def test_play_online_draws_no_english(app):
    scene = OnlineScene(app)
    show(app, scene)
    with recording_texts() as texts:
        frames(app)
        scene.use_link("alien-city://127.0.0.1:9999/K7QXAD")
        frames(app)
        scene.use_link("ftp://nope/#K7")
        frames(app)
        try:
            parse_link("ftp://nope/#K7")
        except LinkError as exc:  # the link parser's words (its own catalogue)
            why = str(exc)
        scene.mode = "watch"
        frames(app)
    allow = ("ws://127.0.0.1:9999", "K7QXAD", why, app.options.server, app.options.player_name or "")
    assert unmarked(texts, allow=allow) == []
    assert any("Ctrl+V" in t for t in texts)


def test_the_lobby_draws_no_english(app):
    session = lobby_session()
    lobby = LobbyScene(app, session)
    show(app, lobby)
    with recording_texts() as texts:
        frames(app)
        lobby.selected = "K7QXAD"
        for press in (lobby.cycle_opponents, lobby.cycle_seat, lobby.cycle_seat, lobby.toggle_public,
                      lobby.cycle_game, lobby.cycle_players, lobby.cycle_game):
            press()
            frames(app, 1)
        lobby.code.value = ""
        lobby.selected = None
        lobby.join(False)  # no code: says what to do
        frames(app, 1)
        lobby.quick()
        frames(app, 1)
        lobby.create()
        lobby.answer_left = 0.001  # the server never answers
        frames(app, 1)
        session.handle({"type": "_net", "state": "lost", "attempt": 1})
        lobby.answer_left = 0.001
        frames(app, 1)
        lobby.join(True)
        frames(app, 1)
        session.handle({"type": "error", "code": "unknown_match", "text": "There is no match with room code 'ZZ'."})
        lobby.message = session.last_error
        frames(app, 1)
        lobby.offer_unfinished()
        session.public_url = "ws://127.0.0.1:8766"
        session.handle({"type": "_net", "state": "connected"})
        frames(app, 1)
        lobby.mode = "watch"
        session.lobby.clear()
        frames(app, 1)
        session.handle({"type": "_net", "state": "closed", "reason": "closed"})
        frames(app, 1)
    allow = NAMES + CODES + (URL, "ws://127.0.0.1:8766", "2004") + tuple(game_words(app))
    assert unmarked(texts, allow=allow) == [], unmarked(texts, allow=allow)
    assert session.last_error != "There is no match with room code 'ZZ'."


class Browser:
    """Stands in for the LAN listener: the servers heard, or why it cannot listen."""

    port = 8766

    def __init__(self, servers=(), error=None) -> None:
        self._servers, self.error = list(servers), error

    def servers(self):
        return self._servers

    def close(self) -> None:
        pass


def heard() -> list[LanServer]:
    return [LanServer("127.0.0.1", Beacon("Ann's game", 8765, waiting=1, playing=2, players=3), 4.2, 0.0),
            LanServer("127.0.0.2", Beacon("Bob's game", 8765, waiting=0, players=1), None, 0.0)]


def test_games_on_your_network_draws_no_english(app):
    with recording_texts() as texts:
        for browser in (Browser(), Browser(heard())):
            scene = LanGamesScene(app, browser)
            show(app, scene)
            frames(app)
            app.stack.pop()
            app.stack.apply_pending()
        scene = LanGamesScene(app, Browser())
        from client.lan import LanBrowser
        with pytest.MonkeyPatch.context() as mp:  # a port it cannot listen on: says why
            mp.setattr("socket.socket.bind", lambda self, address: (_ for _ in ()).throw(OSError(98, "Address in use")))
            scene.browser = LanBrowser("127.0.0.1", 8766).start()
        show(app, scene)
        frames(app)
    allow = NAMES + ("ws://127.0.0.1:8765", "ws://127.0.0.2:8765", "Address in use")
    assert unmarked(texts, allow=allow) == []
    assert any("8766" in t for t in texts)


def test_host_a_game_and_its_quit_warning_draw_no_english(app):
    with recording_texts() as texts:
        scene = HostScene(app)
        scene.enter = lambda: None  # no server process: the screen's own words only
        show(app, scene)
        frames(app)
        scene._result.append(RuntimeError("port 8765 is taken"))
        frames(app)
        for n in (1, 2, 5):
            show(app, CloseHostScene(app, n))
            frames(app)
            app.stack.pop()
            app.stack.apply_pending()
    assert unmarked(texts, allow=("port 8765 is taken",)) == []


def test_continue_shows_the_saved_match_in_the_language_in_use(app):
    from client.connect import token_store
    store = token_store()
    store.remember_seat(URL, "K7QXAD", "black", "tok", opponents=("Bob",))
    store.touch(URL, "K7QXAD", turn="Bob's turn")
    try:
        button = continue_buttons(app)[0]  # the last played; then the list of all
        assert button.label == "Continue: Alien City: match K7QXAD vs Bob (Bob's turn)"  # the key stays English
        with pseudo():
            assert unmarked([button.text], allow=("K7QXAD", "Bob", "Alien City")) == []
        with language("sk"):
            assert button.text == "Pokračovať: Alien City: zápas K7QXAD proti Bob (na ťahu je Bob)"
        with language("fr"):
            assert button.text.startswith("Reprendre\u00a0: Alien City\u00a0: partie K7QXAD")
    finally:
        store.forget_match(URL, "K7QXAD")


# -- Slovak and French for real, and the fit ---------------------------------------------------
@pytest.mark.parametrize("lang", ["sk", "fr"])
def test_the_lobby_in_slovak_and_french_fits_at_1024x640(app, lang):
    app.set_size((1024, 640))
    try:
        session = lobby_session()
        lobby = LobbyScene(app, session)
        show(app, lobby)
        with language(lang):
            frames(app)
            lobby.cycle_opponents()
            lobby.quick()
            frames(app)
            with text_blits(app.size) as (surface, placed):
                lobby.draw(surface)
            texts = [t for t, _r in placed]
            expected = {"sk": ("HERŇA", "čaká", "VEREJNÉ ZÁPASY", "Hľadám súpera…"),
                        "fr": ("SALON", "en attente", "PARTIES PUBLIQUES", "Recherche d’un adversaire…")}[lang]
            joined = " | ".join(texts)
            assert all(word in joined for word in expected[1:]), joined
            assert lobby.create_button.text != "Create match" and lobby.back.text != "Back"
            assert lobby.opponents_button.text.startswith(("Počítač: ", "Ordinateur\u00a0: "))
            for text, rect in placed:
                inside = [box for box in (lobby.list_box, lobby.side) if box.collidepoint(rect.topleft)]
                for box in inside:
                    assert rect.right <= box.right and rect.bottom <= box.bottom, (text, rect, box)
                assert pygame.Rect((0, 0), app.size).contains(rect), (text, rect)
    finally:
        app.set_size((1280, 800))


@pytest.mark.parametrize("lang, word", [("fr", "Joueur"), ("sk", "Hráč")])
def test_the_default_online_name_is_said_in_the_language_in_use(app, lang, word):
    """The untouched default name shows translated on Play online, goes online so, and is
    kept as the key (English later says "Player" again)."""
    from client.scenes.online import player_name
    with language(lang):
        scene = OnlineScene(app)
        assert scene.name_field.value == word == player_name(app)
        scene.remember()
    assert app.options.player_name == "Player"
