"""City Blocks' rule sentences and record errors go through the ``cityblocks`` catalogue:
under the pseudo language every reason ``why_not`` gives (each rule code the engine has)
comes back inside the marks, and in Slovak and French the same positions read in those
languages, while the codes, move texts and records stay as they are."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from shared import i18n
from shared.cityblocks import CITY_BLOCKS, new_state, parse_move, pass_move
from shared.cityblocks.words import colour_name, colour_word, seat_label
from shared.gamekit.api import IllegalMove, MalformedMove, RecordError

from ...i18n.marks import bare_words, language, pseudo

ROOT = Path(__file__).resolve().parents[3]


def play(state, *texts):
    for text in texts:
        state, _events = state.play(parse_move(text))
    return state


def cramped():
    """A late position of random placements where a played colour has a piece with no room."""
    state, rng = new_state(4, 0, first=0), random.Random(0)
    while not any(state.played[c] and set(state.pieces_left(c)) - state.placeable_pieces(c) for c in range(4)):
        state = state.play(state.legal_moves().random_placement(rng))[0]
    return state


def rejections():
    """(code, rejection) for a position that breaks each rule the engine knows."""
    blue = new_state(4, 0, first=0)                                # blue to move, nothing played
    after_blue = play(blue, "b:V3:a1,a2,b1")                       # green to move
    blue_again = play(after_blue, "g:pass", "r:pass", "y:pass")    # blue's second turn
    green_corner = play(blue_again, "b:I2:a20,a19")                # green's corner is covered
    over = play(blue, "b:pass", "g:pass", "r:pass", "y:pass")
    three = new_state(3, 0, first=0)                               # red's seat: red or blue
    tight = cramped()
    cases = [
        over.why_not(parse_move("b:I2:c3,c4")),
        blue.why_not("b:I2:a1,a2"),
        blue.why_not(parse_move("b:V3:a1,a2,b1"), seat=9),
        blue.why_not(parse_move("b:V3:a1,a2,b1"), seat=1),
        blue.why_not(pass_move(1)),
        blue.why_not(parse_move("g:I2:a20,a19")),
        three.why_not(parse_move("g:I2:a20,a19")),
        blue_again.why_not(parse_move("b:V3:e5,e6,f5")),
        blue.why_not(parse_move("b:I2:t20,u20")),
        blue.why_not(parse_move("b:I2:a1,a1")),
        blue.why_not(parse_move("b:I2:a1,c1")),
        blue.why_not(parse_move("b:I2:a1,a2,a3")),
        after_blue.why_not(parse_move("g:I2:a1,a2")),
        green_corner.why_not(parse_move("g:I2:c5,c6")),
        after_blue.why_not(parse_move("g:I2:c5,c6")),
        blue.why_no_place(0, "X5"),                                # a plus cannot cover a corner
        tight.why_no_place(*next((c, p) for c in range(4) for p in tight.pieces_left(c)
                                 if tight.played[c] and p not in tight.placeable_pieces(c))),
    ]
    left = blue.resign(1)[0]
    for attempt in (lambda: over.resign(0), lambda: blue.resign(7), lambda: left.resign(1)):
        with pytest.raises(IllegalMove) as err:
            attempt()
        cases.append(err.value.rejection)
    return cases


def engine_codes() -> set[str]:
    """Every rule code written in the engine's source."""
    text = (ROOT / "shared" / "cityblocks" / "state.py").read_text("utf-8")
    return set(re.findall(r'Rejection\("(\w+)"', text))


def test_every_rule_the_engine_gives_is_marked_under_the_pseudo_language():
    with pseudo():
        found = rejections()
        assert all(r is not None for r in found)
        assert {r.code for r in found} == engine_codes()      # every rule code is exercised
        for r in found:
            assert r.text.startswith(i18n.PSEUDO_OPEN), r
            assert bare_words(r.text) == [], r.text
    with language("en"):
        assert {r.code for r in rejections()} == engine_codes()   # the codes do not depend on it


def test_record_errors_and_move_errors_people_read_are_marked():
    with pseudo():
        broken = ["", "Game: City Blocks\nPlayers: 7\n\n", "Game: Sprawl\n\n", "Players: 4\n\n",
                  "Game: City Blocks\nPlayers: 4\nLeft: nobody\n\n",
                  "Game: City Blocks\nPlayers: 4\nFirst: blue\n\nb:V3:a2,a3,b2\n",
                  "Game: City Blocks\nPlayers: 4\nFirst: blue\n\nb:Q9:a1\n"]
        for text in broken:
            with pytest.raises(RecordError) as err:
                CITY_BLOCKS.read_record(text)
            assert bare_words(str(err.value)) == [], str(err.value)
        record = CITY_BLOCKS.read_record("Game: City Blocks\nPlayers: 4\nFirst: blue\n\nb:V3:a2,a3,b2 g:I2:c5,c6\n",
                                         lenient=True)
        assert record.warnings and all(bare_words(w) == [] for w in record.warnings)
        for bad in ("x", "b:Q9:a1", "b:I2:a1,,a2", "b:I2:zz9,a1", 5, "b" * 200):
            with pytest.raises(MalformedMove) as err:
                parse_move(bad)
            assert bare_words(str(err.value)) == [], str(err.value)
        fields = CITY_BLOCKS.option_schema()
        assert all(bare_words(f.label) == [] and bare_words(f.help) == [] for f in fields)
        assert all(bare_words(CITY_BLOCKS.describe({"players": n})) == [] for n in (2, 3, 4))
        score = CITY_BLOCKS.score_text(new_state(3, 0))
        assert all(bare_words(line) == [] for line in score.splitlines()), score


@pytest.mark.parametrize("lang, words", [
    ("sk", {"corner": "Prvý dielik, ktorý zelená položí, musí pokryť a20.",
            "covered": "Políčko a1 je už obsadené (modrá).",
            "not_your_turn": "Na ťahu je Modrá, nie ty."}),
    ("fr", {"corner": "La première pièce de Vert doit couvrir a20.",
            "covered": "La case a1 est déjà occupée (Bleu).",
            "not_your_turn": "C’est au tour de Bleu, pas au vôtre."}),
])
def test_rules_read_in_slovak_and_french(lang, words):
    with language(lang):
        by_code = {}
        for r in rejections():
            by_code.setdefault(r.code, r.text)
        assert {code: by_code[code] for code in words} == words
        assert seat_label(2, 0) == {"sk": "Modrá + Červená", "fr": "Bleu + Rouge"}[lang]
        seats = CITY_BLOCKS.seats({"players": 2})
        assert [s.name for s in seats] == ["blue-red", "green-yellow"]     # codes stay English
        assert seats[0].label == seat_label(2, 0)
        assert CITY_BLOCKS.option_schema()[0].label == {"sk": "Hráči", "fr": "Joueurs"}[lang]
        # records and moves are data: written the same in every language
        state = play(new_state(4, 0, first=0), "b:V3:a1,a2,b1")
        written = CITY_BLOCKS.write_record(state)
        assert "Game: City Blocks" in written and "b:V3:a1,a2,b1" in written
        assert state.history[-1].text() == "b:V3:a1,a2,b1"
        assert colour_word(0) != "blue" and colour_name(0)[0].isupper()
        if lang == "fr":  # a no-break space before the colon, as French writes it
            assert "\u00a0:" in CITY_BLOCKS.score_text(state).splitlines()[-1]
