"""The archive browser and the profile's uncertainty draw no English under the pseudo
language (only data: names, codes, dates, time controls, file names); and a real French
and Slovak line of each."""

from __future__ import annotations

from client.archive import facts_text, result_text
from client.scenes.archive import ArchiveScene
from client.scenes.ratings import ProfileScene

from ..i18n.marks import language
from .conftest import show
from .i18n_harness import recording_texts, unmarked
from .online_i18n_helpers import frames
from .test_i18n_online import NAMES, game_words, lobby_session

ENDED = 1_800_000_000.0
ROWS = [{"match": code, "game": "alien-city", "rated": rated, "ended": ENDED, "reason": reason,
         "clock": clock, "ranking": ranking, "resigned": [],
         "players": [{"name": "Ann", "registered": True}, {"name": "Bob", "registered": False}]}
        for code, rated, reason, clock, ranking in (
            ("K7QXAD", True, "time", "5+3", [2, 1]), ("MPRT3W", False, "resigned", None, [1, 2]),
            ("ACDEFH", True, "finished", "corr:3", [1, 1]), ("TWXY34", False, "finished", "10+5", [1, 2]))]


def test_the_archive_and_the_profile_draw_no_english(app):
    session = lobby_session()
    session.handle({"type": "archive", "page": 0, "player": None, "game": None, "matches": ROWS,
                    "more": True})
    archive = ArchiveScene(app, session)
    show(app, archive)
    with recording_texts() as texts:
        frames(app)
        for said in (archive.download.ask("K7QXAD"), archive.download.update([], 99.0),
                     archive.download.open({"match": "K7QXAD", "record": "x", "game": "chess"}),
                     archive.download.open({"match": "K7QXAD", "record": "", "game": "sprawl"})):
            archive.message = said or ""
            frames(app, 1)
        archive.toggle_mine()  # a guest: says what to do
        frames(app, 1)
        session.signed_in = True
        archive.toggle_mine()
        frames(app, 1)
        show(app, ArchiveScene(app, session, "Bob"))
        frames(app, 1)
        session.handle({"type": "profile", "name": "Ann", "since": 0, "recent": ROWS,
                        "ratings": [{"game": "alien-city", "seats": 2, "rating": 1612, "label": "1612?",
                                     "provisional": True, "games": 3, "sigma": 118, "history": []}]})
        show(app, ProfileScene(app, session, "Ann"))
        frames(app)
    dates = [facts_text(row, str).split("   ")[0] for row in ROWS]
    allow = NAMES + ("K7QXAD", "5+3", "10+5", "1612", "118", "3", "2", "1.", "2.", "ANN", "BOB") \
        + tuple(dates) + tuple(game_words(app))
    assert unmarked(texts, allow=allow) == [], unmarked(texts, allow=allow)


def test_archive_lines_in_french_and_slovak():
    with language("fr"):
        assert result_text(ROWS[0]) == "Victoire de Bob au temps"
        assert facts_text(ROWS[2], str).endswith("alien-city   3 jours par coup   classé")
    with language("sk"):
        assert result_text(ROWS[2]) == "Delené prvé miesto"
        assert facts_text(ROWS[1], str).endswith("bez hodín   nehodnotený")
