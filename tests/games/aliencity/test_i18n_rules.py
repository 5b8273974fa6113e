"""Alien City's texts for people come out of the catalogue, in the language in use when
they are asked for: under the pseudo language every rule sentence (``why_not``), record
and state error, seat label, piece name, option and score line is marked; in Slovak and
French they really read translated, placeholders filled; codes stay English."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from shared import i18n
from shared.aliencity import Claim, GameState, Pass, Phase, Player, Ruleset, diagram, new_game, parse_move, texts
from shared.aliencity.bots import LEVELS, describe_level
from shared.aliencity.cli_score import score_table
from shared.aliencity.errors import AlienCityError, IllegalMoveError, IllegalRecordError, RecordError
from shared.aliencity.ppn import read_ppn, write_ppn
from shared.aliencity.spec import ALIEN_CITY, AlienCityPosition
from shared.aliencity.state import BUILDS, CLAIMS
from shared.aliencity.types import PIECES
from shared.gamekit import BadOptions, IllegalMove, MalformedMove
from shared.gamekit import RecordError as GameRecordError
from shared.netkit.links import LinkError, parse_link

from ...i18n.marks import bare_words, is_marked, language

ROOT = Path(__file__).resolve().parents[3]
ENGINE = ROOT / "shared" / "aliencity"
RECORD = ROOT / "tests" / "data" / "ppgames-alien-city.ppn"


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def codes_in(path: Path, call: str) -> set[str]:
    """The rule codes a source file gives (``Reason("code"``, ``Rejection("code"``)."""
    return set(re.findall(call + r'\(\s*"(\w+)"', path.read_text("utf-8")))


def picture(**lots: str) -> str:
    """A board picture with the given structures (``e5="R"``), the rest empty."""
    rows = []
    for row in range(10, 0, -1):
        rows.append(" ".join(lots.get(f"{c}{row}", ".") for c in "abcdefgh"))
    return "\n".join(rows)


# -- every reason the engine can give ---------------------------------------------------------
def reasons_of_random_games(seeds=range(3)) -> dict[str, list[str]]:
    """Every why_not the engine gives in a few random games (every build of every piece on
    every lot, every claim, for the player to move and for the other one), by rule code."""
    found: dict[str, list[str]] = {}

    def ask(state: GameState, move, player=None) -> None:
        reason = state.why_not(move, player)
        if reason is not None:
            found.setdefault(reason.rule, []).append(reason.text)

    for seed in seeds:
        state = new_game(Ruleset(edition=2004 if seed % 2 else 2002), seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            for table in BUILDS:
                for move in table:
                    ask(state, move)
            for move in CLAIMS:
                ask(state, move)
            ask(state, Pass(), state.to_move.other)
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
        ask(state, BUILDS[0][0])
    return found


def rare_reasons() -> dict[str, list[str]]:
    """Reasons random games rarely give, from pictured positions."""
    found: dict[str, list[str]] = {}
    enclosed = diagram.position(picture(d6="k", c5="k", e5="k", d4="k"))
    for state, move in ((enclosed, "Dk@d5"),):
        reason = state.why_not(parse_move(move))
        found.setdefault(reason.rule, []).append(reason.text)
    return found


@pytest.fixture(scope="module")
def pseudo_reasons() -> dict[str, list[str]]:
    with language(i18n.PSEUDO):
        found = reasons_of_random_games()
        for code, sentences in rare_reasons().items():
            found.setdefault(code, []).extend(sentences)
    return found


def test_every_reason_code_in_the_engine_is_given_and_marked(pseudo_reasons):
    wanted = codes_in(ENGINE / "rules.py", "Reason") | codes_in(ENGINE / "state.py", "Reason")
    assert wanted >= {"occupied", "road_split", "no_road", "cuts_off", "icon_last", "first_two",
                      "dome_colour", "game_over", "not_your_turn", "wrong_phase", "no_stock",
                      "not_a_tower", "already_claimed"}
    assert set(pseudo_reasons) == wanted, f"not driven: {wanted - set(pseudo_reasons)}"
    for code, sentences in pseudo_reasons.items():
        bad = [s for s in sentences if not is_marked(s)]
        assert not bad, f"{code}: {bad[:3]}"


def test_both_road_split_sentences_are_marked(pseudo_reasons):
    """A few lots cut off are named; many are counted (a plural form)."""
    split = pseudo_reasons["road_split"]
    assert any("off the rest of the road" in s for s in split)
    assert any("would split the road" in s for s in split)


def test_nested_words_are_marked_too(pseudo_reasons):
    """Piece names, tiles and colours inside a reason are looked up as well."""
    occupied = pseudo_reasons["occupied"][0]
    assert occupied.count(i18n.PSEUDO_OPEN) == 2  # the sentence and the piece in it
    first_two = pseudo_reasons["first_two"][0]
    assert first_two.count(i18n.PSEUDO_OPEN) >= 3  # sentence, tile (and its words), colour


def test_spec_rejections_and_errors_are_marked():
    with language(i18n.PSEUDO):
        position = ALIEN_CITY.new_state(ALIEN_CITY.options({}), 5)
        rejections = [position.why_not("Tr@e6"), position.why_not(parse_move("claim@a1"))]
        over, _ = position.resign(0)
        rejections.append(over.why_not(parse_move("pass")))
        for seat in (0, 7):
            with pytest.raises(IllegalMove) as caught:
                (over if seat == 0 else position).resign(seat)
            rejections.append(caught.value.rejection)
        assert {r.code for r in rejections} == codes_in(ENGINE / "position.py", "Rejection") | {"wrong_phase"}
        for r in rejections:
            assert is_marked(r.text), r
        errors = []
        for bad in ("Tq@z9", "e6", "Tk@e6", "Xr@e6"):
            with pytest.raises(MalformedMove) as caught:
                ALIEN_CITY.parse_move(bad)
            errors.append(str(caught.value))
        with pytest.raises(BadOptions) as caught:
            ALIEN_CITY.options({"fog": True})
        errors.append(str(caught.value))
        with pytest.raises(BadOptions) as caught:
            ALIEN_CITY.options({"edition": 2003})
        errors.append(str(caught.value))
        with pytest.raises(IllegalMoveError) as caught:
            position.state.play(parse_move("claim@a1"))
        errors.append(str(caught.value))
        with pytest.raises(GameRecordError) as caught:
            ALIEN_CITY.state_from_dict(position.to_dict() | {"resigned": "red"})
        errors.append(str(caught.value))
        with pytest.raises(GameRecordError) as caught:
            ALIEN_CITY.read_record(RECORD.read_text("utf-8"))
        assert caught.value.illegal and caught.value.rule == "road_split"
        errors.append(str(caught.value))
        for text in errors:
            assert is_marked(text, allow=("Tq@z9", "Tk@e6", "Xr@e6", "fog", "claim@a1", "red")), text


# -- records and saved states -----------------------------------------------------------------
HEADER = "---\nGameType:\n  Name: Alien City\n  Tiles: {tiles}\n{extra}...\n"
TILES = new_game(Ruleset(), seed=1).city.text()

BAD_RECORDS = {  # a record -> the words its error must carry (English, to find the case)
    "hello": "must start",
    "---\nGameType: x\n": "closing",
    "---\nfoo\n...\n": "Key: value",
    "---\nGameType: 'Alien City\n...\n": "unclosed quote",
    "---\nEdition: 2004\n...\n": "names no game",
    "---\nGameType: Chess\n...\n": "'Chess'",
    "---\nGameType:\n  Name: Alien City\n...\n": "'Tiles:'",
    HEADER.format(tiles=TILES, extra="Edition: x\n"): "Edition 'x'",
    HEADER.format(tiles=TILES, extra="Edition: 2003\n"): "header",
    HEADER.format(tiles=TILES, extra="FirstPlayer: Red\n"): "FirstPlayer",
    HEADER.format(tiles=TILES, extra="Dice: 1 2\n"): "Dice",
    HEADER.format(tiles=TILES, extra="Phase: dance\n"): "Phase 'dance'",
    HEADER.format(tiles=TILES, extra="Phase: claim\n"): "claim step",
    HEADER.format(tiles=TILES, extra="") + "{ never closed": "comment",
    HEADER.format(tiles=TILES, extra="") + "1. K1x@e6": "before any build",
    HEADER.format(tiles=TILES, extra="") + "1. Q@e6": "'Q@e6'",
    HEADER.format(tiles=TILES, extra="") + "1. claim@e6": "unexpected",
    HEADER.format(tiles="S5v", extra=""): "rows split",
    HEADER.format(tiles="/".join(["S5v"] * 5), extra=""): "3 characters",
    HEADER.format(tiles="/".join(["Q5vS5vS5vS5v"] * 5), extra=""): "'Q5v'",
}


def two_claims() -> str:
    """A record whose first turn writes two claims."""
    state = new_game(Ruleset(), seed=1)
    build = next(m for m in state.legal_builds() if m.piece.kind.value == 0)
    return HEADER.format(tiles=TILES, extra="Seed: 1\n") + f"1. {build.ppn()} K1x@{build.text()[3:]} K1x@a1"


def test_every_record_error_of_the_reader_is_marked():
    cases = dict(BAD_RECORDS)
    cases[two_claims()] = "second claim"
    reader_kinds = len(re.findall(r"\bRecordError\(", (ENGINE / "ppn.py").read_text("utf-8")))
    city_kinds = 3  # the Tiles layout: rows, row length, one tile
    assert reader_kinds + city_kinds == len(cases), "a new record error: add a case here"
    english = {}
    for text, words in cases.items():
        with pytest.raises(RecordError) as caught:
            read_ppn(text)
        english[text] = str(caught.value)
        assert words in english[text], (words, english[text])
    assert len(set(english.values())) == len(cases)
    with language(i18n.PSEUDO):
        for text in cases:
            with pytest.raises(RecordError) as caught:
                read_ppn(text)
            assert is_marked(str(caught.value), allow=("Chess", "Q@e6", "claim@e6", "Q5v")), str(caught.value)


def claims_out_of_turn() -> str:
    """A random game's record where Black writes a fourth claim and a claim after the last
    build, and White claims in Black's turn (three claim problems of a lenient reading)."""
    state = new_game(Ruleset(), seed=11)
    rng = random.Random(11)
    tokens: list[str] = []
    fourth_written = white_written = False
    while not state.is_over():
        who = state.to_move
        build = state.legal_builds()[rng.randrange(len(state.legal_builds()))]
        state = state.apply(build)
        tokens.append(build.ppn())
        towers = [lot for lot, code in enumerate(state.board) if code and code <= 3 and not state.caps[lot]]
        if state.phase is Phase.CLAIM:
            if who is Player.BLACK and state.legal_claims():
                lot = state.legal_claims()[0]
                state = state.apply(Claim(lot))
                tokens.append(Claim(lot).ppn(who))
                continue
            state = state.apply(Pass())
        if who is Player.BLACK and state.claims_left(who) == 0 and towers and not fourth_written:
            tokens.append(Claim(towers[0]).ppn(Player.BLACK))
            fourth_written = True
        elif who is Player.BLACK and towers and not white_written:
            tokens.append(Claim(towers[0]).ppn(Player.WHITE))
            white_written = True
    tokens.append(Claim(0).ppn(Player.BLACK))
    head = write_ppn(new_game(Ruleset(), seed=11))
    return head + " ".join(tokens) + "\n"


def test_lenient_warnings_and_strict_errors_name_the_ply_in_marked_sentences():
    record = claims_out_of_turn()
    with language(i18n.PSEUDO):
        for text in (RECORD.read_text("utf-8"), record):
            result = read_ppn(text, lenient=True)
            assert result.warnings
            for warning in result.warnings:
                assert is_marked(warning, allow=tuple(re.findall(r"\d+\.*\s*\S+@\w+", warning))), warning
            with pytest.raises(IllegalRecordError) as caught:
                read_ppn(text)
            assert is_marked(str(caught.value), allow=(caught.value.move_text,)), str(caught.value)
    for rule, words in (("claims_used", "already claimed 3"), ("last_play", "last play"),
                        ("not_your_turn", "turn to claim")):
        assert any(words in w for w in read_ppn(record, lenient=True).warnings), rule


def state_errors() -> list[object]:
    """Saved states each broken in one way the reader names."""
    good = new_game(Ruleset(), seed=2).to_dict()

    def but(**changes) -> dict:
        return good | changes

    return [[], but(game="chess"), but(format=9), but(structures=[["a1", "Tr"], ["a1", "Db"]]),
            but(caps=[["a1", "black"]]), but(stocks=[]), but(stocks={"black": good["stocks"]["black"]}),
            but(stocks={"black": {"Tr": 7}, "white": {}}), but(to_move=None),
            but(phase="claim"), but(seed=1.5), but(structures=[["z9", "Tr"]]),
            but(history="none"), but(tiles=7), but(dice=[[[1, 2], [0, 0, 0, 0]]])]


def test_every_saved_state_error_is_marked():
    kinds = (ENGINE / "serial.py").read_text("utf-8").count("RecordError(")
    cases = state_errors()
    assert kinds == len(cases), "a new state error: add a case here"
    with language(i18n.PSEUDO):
        messages = set()
        for data in cases:
            with pytest.raises(AlienCityError) as caught:
                GameState.from_dict(data)
            messages.add(str(caught.value))
            assert is_marked(str(caught.value), allow=("chess", "list", "float", "black", "Tr")), str(caught.value)
        assert len(messages) == len(cases)


# -- names, options, score --------------------------------------------------------------------
def finished_game(seed: int = 4, location_bonus: bool = True) -> GameState:
    state = new_game(Ruleset(location_bonus=location_bonus), seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        moves = state.legal_moves()
        claims = [m for m in moves if isinstance(m, Claim)]
        state = state.apply(claims[0] if claims else moves[rng.randrange(len(moves))])
    return state


def test_seat_labels_pieces_options_and_names_are_marked():
    with language(i18n.PSEUDO):
        words = [seat.label for seat in ALIEN_CITY.seats({})]
        words += [texts.player_label(p) for p in Player] + [texts.player_word(p) for p in Player]
        words += [texts.piece_label(p) for p in PIECES] + [texts.piece_plural(p) for p in PIECES]
        words += [texts.piece_with_article(p) for p in PIECES]
        words += [texts.colour_word(c) for c in range(4)] + [texts.colour_plural(c) for c in range(4)]
        for field in ALIEN_CITY.option_schema():
            words += [field.label, field.help]
        words += [ALIEN_CITY.describe({"edition": 2002, "location_bonus": True})]
        words += [ALIEN_CITY.computer_name(level) for level in LEVELS]
        words += [describe_level(level) for level in LEVELS]
        words += [ALIEN_CITY.state_from_dict(new_game(Ruleset(), seed=1).to_dict()).state.summary()]
        for link in ("", "ftp://127.0.0.1/x", "alien-city://127.0.0.1:8765/no-such-room!", "x" * 400, "ws://:1"):
            with pytest.raises(LinkError) as caught:
                parse_link(link)
            words.append(str(caught.value))
        for word in words:
            assert is_marked(word, allow=("ftp", "no-such-room", "xxxxxxxx")), word
        assert [seat.name for seat in ALIEN_CITY.seats({})] == ["black", "white"]  # protocol names
        assert ALIEN_CITY.info()["options"][0]["name"] == "edition"


def test_score_text_and_notes_are_marked_and_the_data_is_not():
    state = finished_game()
    english = AlienCityPosition(state).score()
    with language(i18n.PSEUDO):
        fresh = GameState.from_dict(state.to_dict())  # a fresh score, made in this language
        table = ALIEN_CITY.score_text(AlienCityPosition(fresh))
        lines = [line for line in table.splitlines() if line.strip()]
        bad = [line for line in lines if bare_words(line)]
        assert not bad, bad
        notes = [b.note for b in fresh.score().bonuses] + [t.location_note for t in fresh.score().towers]
        assert notes and all(is_marked(n) for n in notes), notes
        data = AlienCityPosition(fresh).score()
    for player in ("black", "white"):  # the numbers and codes are the same in every language
        assert data["players"][player]["total"] == english["players"][player]["total"]
        assert [t["lot"] for t in data["players"][player]["towers"]] == \
            [t["lot"] for t in english["players"][player]["towers"]]
    assert data["winner"] == english["winner"]
    assert [b["reason"] for b in data["unpaid_bonuses"]] == [b["reason"] for b in english["unpaid_bonuses"]]


def test_event_sentences_are_marked():
    """What a move caused, as logs and players read it: every kind of event of a game."""
    with language(i18n.PSEUDO):
        state = new_game(Ruleset(), seed=6)
        rng = random.Random(6)
        kinds, sentences = set(), []
        while not state.is_over():
            moves = state.legal_moves()
            step = state.play(moves[rng.randrange(len(moves))])
            state = step.state
            for event in step.events:
                kinds.add(type(event).__name__)
                sentences.append(event.text())
    assert {"Built", "Claimed", "ClaimDeclined", "GameOver"} <= kinds
    bad = [s for s in sentences if not is_marked(s)]
    assert not bad, bad[:3]


def test_a_language_switch_shows_in_the_next_score_of_the_same_position():
    """The score is cached per position, and per language: notes follow Options at once."""
    state = finished_game()
    english = [b.note for b in state.score().bonuses]
    with language("sk"):
        slovak = [b.note for b in state.score().bonuses]
    assert english and all(a != b for a, b in zip(english, slovak))
    assert [b.note for b in state.score().bonuses] == english
    assert state.score() is state.score()  # still computed once per language


# -- really translated ------------------------------------------------------------------------
def occupied_state() -> GameState:
    return diagram.position(picture(e6="R"))


@pytest.mark.parametrize("lang, taken, turn, no_stock", [
    ("sk", "e6 je obsadená: stojí tam červená veža.", "Na ťahu je Čierny.", "Už nemáš žiadne modré veže."),
    ("fr", "e6 est occupée\u00a0: il y a déjà une pyramide rouge.", "C’est au tour de Noir.",
     "Vous n’avez plus de pyramides bleues."),
])
def test_reasons_read_translated_with_their_placeholders_filled(lang, taken, turn, no_stock):
    state = occupied_state()
    empty_blue = diagram.position(picture(e6="R"), stocks={Player.BLACK: {"Tb": 0}})
    with language(lang):
        reason = state.why_not(parse_move("Db@e6"))
        assert (reason.rule, reason.text) == ("occupied", taken)
        assert state.why_not(parse_move("Dk@a1"), Player.WHITE).text == turn
        assert empty_blue.why_not(parse_move("Tb@a1")).text == no_stock
    with language("en"):
        assert state.why_not(parse_move("Db@e6")).text == "e6 is taken: a red tower stands there."


@pytest.mark.parametrize("lang", ["sk", "fr"])
def test_records_seats_options_and_score_read_translated(lang):
    state = finished_game()
    with language("en"):
        english_table = score_table(state.score(), state.ruleset.label())
        english_error = str(pytest.raises(RecordError, read_ppn, "hello").value)
        english_labels = [s.label for s in ALIEN_CITY.seats({})]
        english_options = [(f.label, f.help) for f in ALIEN_CITY.option_schema()]
    with language(lang):
        fresh = GameState.from_dict(state.to_dict())
        table = score_table(fresh.score(), fresh.ruleset.label())
        error = str(pytest.raises(RecordError, read_ppn, "hello").value)
        labels = [s.label for s in ALIEN_CITY.seats({})]
        options = [(f.label, f.help) for f in ALIEN_CITY.option_schema()]
        computer = ALIEN_CITY.computer_name("hard")
    assert labels == {"sk": ["Čierny", "Biely"], "fr": ["Noir", "Blanc"]}[lang] != english_labels
    assert all(a != b for pair in zip(options, english_options) for a, b in zip(*pair))
    assert error != english_error and "'---'" in error
    assert computer == {"sk": "Počítač (Ťažký)", "fr": "Ordinateur (Difficile)"}[lang]
    winner = state.score().winner
    assert table.splitlines()[-1] != english_table.splitlines()[-1]
    assert winner is None or labels[winner] in table.splitlines()[-1]
    for number in (str(state.score().totals[p]) for p in Player):
        assert number in table
    assert len(table.splitlines()) == len(english_table.splitlines())
    assert "{" not in table and "}" not in table
