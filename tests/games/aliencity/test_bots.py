"""Computer players: legal moves only, no claim after the last play, the obvious claim
taken, a stop answered at once, and the same seed giving the same move.

Searches run on small iteration budgets with no time limit, so no result depends on the
machine's speed (only the tests about stopping look at the clock).
"""

from __future__ import annotations

import math
import random
import threading
import time

import pytest

from shared.aliencity import Build, Claim, Phase, Player, Ruleset, new_game, parse_move
from shared.aliencity.bots import LEVELS, make_bot
from shared.aliencity.bots.board import Board
from shared.aliencity.bots.match import play_game
from shared.aliencity.diagram import position

# Small budgets: each level still runs its real search, only shorter.
BUDGET = {"random": None, "easy": None, "medium": 24, "hard": 40, "expert": 40}
SEARCH_LEVELS = [level for level in LEVELS if BUDGET[level]]


def bot(level: str, seed: int):
    """A bot on its small budget with no time limit: the clock never decides a move."""
    return make_bot(level, seed, iterations=BUDGET[level], think_s=math.inf)


class Checked:
    """Wraps a bot: asserts every move it picks is legal when picked."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.moves = 0

    def forget(self) -> None:
        self.inner.forget()

    def choose(self, state, **kw):
        move = self.inner.choose(state, **kw)
        assert move in state.legal_moves(), f"{self.inner} chose illegal {move} ({state.summary()})"
        if isinstance(move, Claim):
            assert state.phase is Phase.CLAIM
        self.moves += 1
        return move


# -- the bots' own score matches the engine's ---------------------------------------------
@pytest.mark.parametrize("ruleset", [Ruleset(2004), Ruleset(2002, location_bonus=True)])
def test_fast_score_equals_engine_score(ruleset):
    rng = random.Random(3)
    for seed in range(6):
        state = new_game(ruleset, seed=seed)
        while True:
            expected = state.score().totals
            assert Board(state).totals() == [expected[Player.BLACK], expected[Player.WHITE]]
            if state.is_over():
                break
            moves = state.legal_moves()
            # claim more often than uniform choice would, so scores are not all zero
            claims = [m for m in moves if isinstance(m, Claim)]
            pool = claims if claims and rng.random() < 0.4 else moves
            state = state.apply(pool[rng.randrange(len(pool))])


@pytest.mark.parametrize("ruleset", [Ruleset(2004), Ruleset(2002, location_bonus=True)])
def test_the_blend_of_the_guess_adds_up_its_parts(ruleset):
    """Expert's weighted blend of the guess's parts is the plain sum when every weight is
    one (the parts split the guess exactly), and Expert's own weights do move it."""
    from dataclasses import replace as with_

    from shared.aliencity.bots.evaluate import DEFAULT, EXPERT, margin
    one = with_(DEFAULT, held_weight=1.0 + 1e-15)  # takes the blend's path, same weights
    moved = 0
    for seed in range(3):
        state = new_game(ruleset, seed=seed)
        rng = random.Random(seed)
        while state.phase is not Phase.OVER:
            plain = margin(state)
            assert margin(state, w=one) == pytest.approx(plain, abs=1e-6)
            moved += margin(state, w=EXPERT) != pytest.approx(plain, abs=1e-6)
            state = state.apply(rng.choice(list(state.legal_moves())))
    assert moved > 20


# -- legal moves only, whole games, every level -------------------------------------------
PAIRINGS = [("random", "easy", 11, Ruleset(2004)),
            ("easy", "medium", 12, Ruleset(2002, location_bonus=True)),
            ("medium", "hard", 13, Ruleset(2004, location_bonus=True)),
            ("hard", "random", 14, Ruleset(2002)),
            ("hard", "easy", 15, Ruleset(2004))]


@pytest.mark.parametrize("black,white,seed,ruleset", PAIRINGS)
def test_bots_play_whole_games_legally(black, white, seed, ruleset):
    b, w = Checked(bot(black, seed)), Checked(bot(white, seed + 1))
    record = play_game(b, w, seed, ruleset)
    final = record.final
    assert final.is_over()
    assert b.moves > 15 and w.moves > 15
    # the last play of a game is a build: no claim may follow it
    assert isinstance(final.history[-1][1], Build)


def test_random_levels_many_short_games_stay_legal():
    """Many seeded games of the cheap levels, each move checked when it is chosen."""
    for seed in range(12):
        play_game(Checked(bot("random", seed)), Checked(bot("easy", seed)), 100 + seed)


# -- the last play ------------------------------------------------------------------------
LAST_PLAY = """
10  .  .  .  .  .  .  .  .
 9  .  .  .  .  .  .  .  .
 8  .  .  .  .  .  .  .  .
 7  .  .  .  .  .  .  .  .
 6  .  .  .  .  .  .  .  .
 5  .  .  .  R  .  .  .  .
 4  .  .  .  .  .  .  .  .
 3  .  .  .  .  .  .  .  .
 2  .  .  .  .  .  .  B  .
 1  R  .  .  .  .  .  .  .
"""
NO_STOCK = {"Tr": 0, "Tb": 0, "Tg": 0, "Dr": 0, "Db": 0, "Dg": 0, "Dk": 0}


@pytest.mark.parametrize("level", LEVELS)
def test_last_play_is_a_build_and_ends_the_game(level):
    """Black holds one dome, White nothing: Black's build is the last play, with claims
    left and unclaimed towers standing; the bot builds and the game ends unclaimed."""
    state = position(LAST_PLAY, stocks={Player.BLACK: {**NO_STOCK, "Dk": 1},
                                        Player.WHITE: dict(NO_STOCK)})
    assert state.claims_left(Player.BLACK) == 3
    move = bot(level, 1).choose(state)
    assert isinstance(move, Build)
    after = state.apply(move)
    assert after.is_over() and not any(after.caps)
    with pytest.raises(ValueError):
        bot(level, 1).choose(after)


# -- the obvious claim --------------------------------------------------------------------
# The red tower on e5 has six customers within two road lots and its only rival, a1, is
# seven lots away; nobody holds a red tower any more, so it cannot be spoilt: 42 points.
# The blue towers on g1/h1 have no customers. Black builds far away, then must claim e5.
OBVIOUS = """
10  .  .  .  .  .  .  .  .
 9  .  .  .  .  .  .  .  .
 8  .  .  .  .  .  .  .  .
 7  .  .  .  k  .  .  .  .
 6  .  .  .  b  .  g  .  .
 5  .  .  .  .  R  .  .  .
 4  .  .  .  g  .  k  .  .
 3  .  .  .  .  .  b  .  .
 2  .  .  .  .  .  .  .  .
 1  R  .  .  .  .  .  B  B
"""


def obvious_claim_state():
    state = position(OBVIOUS, stocks={Player.BLACK: {"Tr": 0}, Player.WHITE: {"Tr": 0}})
    state = state.apply(parse_move("Dk@h10"))
    assert state.phase is Phase.CLAIM and state.to_move is Player.BLACK
    worth = {m.text(): state.apply(m).score().totals[Player.BLACK] for m in state.legal_moves()}
    assert worth.pop("claim@e5") == 42 and max(worth.values()) == 0
    return state


@pytest.mark.parametrize("level", SEARCH_LEVELS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_search_levels_take_the_obvious_claim(level, seed):
    assert bot(level, seed).choose(obvious_claim_state()) == parse_move("claim@e5")


def test_obvious_claim_as_white_after_building():
    """The same city seen by White, from the build step: build, then claim e5."""
    state = position(OBVIOUS, to_move=Player.WHITE,
                     stocks={Player.BLACK: {"Tr": 0}, Player.WHITE: {"Tr": 0}})
    for level in SEARCH_LEVELS:
        s = state
        s = s.apply(bot(level, 5).choose(s))
        assert s.phase is Phase.CLAIM and s.to_move is Player.WHITE
        assert bot(level, 5).choose(s) == parse_move("claim@e5")


# -- the build that cuts the opponent's customers off -------------------------------------
# The last play of the game: Black holds one red dome and nothing else, White nothing.
# White's claimed red tower e5 counts d4, f4, d6 (road distance 1) and f3 (distance 2,
# by e4 and e3) at distance 7 from Black's a1: 28 against Black's 21. A red dome on e4
# is no customer of a red tower, and it takes the road lot f3 was reached by: 21-21,
# a draw; every other build loses.
CUT = """
10  .  .  .  .  .  .  .  .
 9  .  .  .  .  .  .  .  .
 8  .  .  .  .  .  .  .  .
 7  .  .  .  .  .  .  .  .
 6  .  .  .  b  .  .  .  .
 5  .  .  .  .  Rw .  .  .
 4  .  .  .  g  .  k  .  .
 3  k  .  .  .  .  b  .  .
 2  .  .  b  .  .  .  .  .
 1  Rb .  k  .  .  .  B  B
"""


def cut_state():
    state = position(CUT, stocks={Player.BLACK: {**NO_STOCK, "Dr": 1}, Player.WHITE: dict(NO_STOCK)})
    finals = {m.text(): state.apply(m) for m in state.legal_moves()}
    assert all(after.is_over() for after in finals.values())
    assert [t for t, after in finals.items() if after.winner is None] == ["Dr@e4"]
    assert all(after.winner is Player.WHITE for t, after in finals.items() if t != "Dr@e4")
    return state


@pytest.mark.parametrize("level", SEARCH_LEVELS)
@pytest.mark.parametrize("seed", [0, 1])
def test_search_levels_cut_the_customers_off(level, seed):
    assert bot(level, seed).choose(cut_state()) == parse_move("Dr@e4")


def test_more_iterations_find_the_better_move():
    """Grown in random order, a search tries each build once before it looks deeper:
    too few iterations miss the cut, enough find it (the levels order their moves by
    the static guess, so they find it at once)."""
    from shared.aliencity.bots.hooks import SearchBot

    def unordered(seed: int, iterations: int) -> SearchBot:
        bot = SearchBot(seed, iterations=iterations, think_s=math.inf)
        bot.engine.expand = None   # moves grown at random ...
        bot.engine.widen = None    # ... each once before the search looks deeper
        return bot

    state = cut_state()
    builds = len(state.legal_moves())
    few = [unordered(seed, 3).choose(state) for seed in range(6)]
    assert any(m != parse_move("Dr@e4") for m in few)
    for seed in range(3):
        assert unordered(seed, builds + 20).choose(state) == parse_move("Dr@e4")


# -- stopping and time limits -------------------------------------------------------------
def midgame(seed: int = 4, plies: int = 16):
    rng = random.Random(seed)
    state = new_game(Ruleset(), seed=seed)
    while state.ply < plies:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    if state.phase is Phase.CLAIM:
        state = state.apply(state.legal_moves()[-1])
    return state


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_stop_event_answers_promptly(level):
    state = midgame()
    thinker = make_bot(level, 3, iterations=10**9, think_s=60.0)
    stop = threading.Event()
    out: list = []
    worker = threading.Thread(target=lambda: out.append(thinker.choose(state, stop=stop)))
    worker.start()
    time.sleep(0.3)
    stopped = time.perf_counter()
    stop.set()
    worker.join(5.0)
    waited = time.perf_counter() - stopped
    assert not worker.is_alive()
    assert waited < 0.25, f"{level} took {waited:.3f} s to stop"
    assert out and out[0] in state.legal_moves()


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_deadline_limits_thinking(level):
    state = midgame(5)
    start = time.perf_counter()
    move = make_bot(level, 3, iterations=10**9).choose(state, deadline_s=0.2)
    assert time.perf_counter() - start < 0.5
    assert move in state.legal_moves()


# -- reproducible -------------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_move(level):
    for plies in (2, 14, 26):
        state = midgame(7, plies)
        first = bot(level, 42).choose(state)
        again = bot(level, 42)
        assert again.choose(state) == first
        assert again.choose(state) == first  # a bot asked twice answers the same


def test_make_bot_levels_and_errors():
    for level in LEVELS:
        assert make_bot(level, 1).level == level
    with pytest.raises(ValueError):
        make_bot("grandmaster", 1)
