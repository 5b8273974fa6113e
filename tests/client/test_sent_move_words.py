"""The online "Move sent (…)" line words the move as the game's list of moves does ("red
tower on e6"), never in record notation (``Tr@e6``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from client.games.aliencity.review_board import build_words
from client.scenes.chrome import OnlineChrome
from shared.aliencity import Build, Claim

from .test_computer_seat_names import own_config, speaking  # noqa: F401 - own_config: each test's own config
from .test_i18n_online import seated_session


@pytest.mark.parametrize(("language", "sent"), [
    ("en", "Move sent ({move}): waiting for the server…"),
    ("sk", "Ťah odoslaný ({move}): čaká sa na server…"),
    ("fr", "Coup envoyé ({move}) : en attente du serveur…"),
])
def test_the_sent_line_words_the_move_as_the_list_does(app, language, sent):
    session, _spec = seated_session()
    chrome = OnlineChrome(session, "K7QXAD")
    chrome.host = SimpleNamespace(app=app)
    view = chrome.view
    build = next(m for m in view.state.legal_moves() if isinstance(m, Build))
    view.pending = ("m1", build, view.version)
    with speaking(language):
        line, _colour = chrome.status_text()
        assert line == sent.format(move=build_words(build)), line
        view.pending = ("m2", Claim(build.lot), view.version)
        line, _colour = chrome.status_text()
    assert "@" not in line and "claim@" not in line, line


def test_every_games_plugin_words_a_move_as_its_list_does(app):
    for plugin in app.games:
        state = plugin.spec.new_state(plugin.spec.options(None), 3)
        move = next(iter(state.legal_moves()))
        words, notation = plugin.move_words(move), plugin.spec.move_text(move)
        assert words != notation and "@" not in words, (plugin.spec.id, words, notation)
