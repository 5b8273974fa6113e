"""Seeded random games, with the game's invariants checked after every move.

Every game is reproducible from its seed (see ``helpers.random_game``). Cheap invariants
are checked after every move of every game; the slow brute-force legality oracle and the
replay / record / serialisation round trips run after every move of a subset of games and
at the end of every game, to keep the file within its time budget.
"""

from __future__ import annotations

import random

import msgpack
import pytest

from shared.aliencity import (
    PIECES,
    Build,
    Built,
    Claim,
    ClaimDeclined,
    Claimed,
    GameOver,
    GameState,
    Pass,
    Phase,
    Player,
    PlayerSkipped,
    Ruleset,
    new_game,
)
from shared.aliencity.city import City
from shared.aliencity.ppn import read_ppn, write_ppn
from shared.aliencity.state import start_state

from .helpers import (
    ALL_LOTS,
    PIECE_CODES,
    RULINGS_STOCK,
    articulation_points,
    empty_lots,
    engine_legal_builds,
    is_connected,
    name,
    neighbours,
    oracle_legal_builds,
    oracle_road_buildable,
    oracle_score,
    position,
    random_game,
)

RULESETS = [Ruleset(2004), Ruleset(2002), Ruleset(2004, location_bonus=True),
            Ruleset(2002, location_bonus=True)]
GAMES_PER_RULESET = 75  # 300 games in all
# Games (by index within a ruleset) that get the slow checks after every move.
DEEP_EVERY = 15
# In the other games the legality oracle still runs on every ORACLE_EVERY-th build position.
ORACLE_EVERY = 16


def bit_set(mask: int) -> set[int]:
    return {i for i in ALL_LOTS if mask >> i & 1}


class Playout:
    """Checks for one game; ``failures`` collects messages naming the seed and ply."""

    def __init__(self, seed: int, ruleset: Ruleset, start: GameState | None = None) -> None:
        self.seed = seed
        self.ruleset = ruleset
        self.start = start  # a set-up position; None for new_game(ruleset, seed)
        self.initial = RULINGS_STOCK if start is None else {
            p: {piece.text(): n for piece, n in start.stock(p).items()} for p in Player}
        self.failures: list[str] = []
        self.skips = 0
        self.claims = 0

    def check(self, ok: bool, what: str, state: GameState) -> None:
        if not ok:
            self.failures.append(f"seed {self.seed} {self.ruleset.text()} ply {state.ply}: {what}")

    # -- cheap invariants, after every move ------------------------------------------
    def cheap(self, before: GameState, move, step) -> None:
        state, events = step.state, step.events
        history = state.history
        c = lambda ok, what: self.check(ok, what, state)  # noqa: E731

        # stocks = initial (as RULINGS prints them) minus what the player built
        for p in Player:
            built = {code: 0 for code in PIECE_CODES}
            for who, m in history:
                if who is p and isinstance(m, Build):
                    built[m.piece.text()] += 1
            stock = {piece.text(): n for piece, n in state.stock(p).items()}
            expected = {code: self.initial[p][code] - built[code] for code in PIECE_CODES}
            c(stock == expected, f"{p.text()} stock {stock} != initial minus built {expected}")
            c(min(expected.values()) >= 0, f"{p.text()} built more than the stock {built}")
        # the board holds exactly the builds of the history
        builds = [m for _, m in history if isinstance(m, Build)]
        c(sum(1 for code in state.board if code) == len(builds), "board count != builds")
        c(all(state.piece_at(m.lot) == m.piece for m in builds), "a built piece is missing")
        # caps: only on towers, at most 3 each, exactly the claims of the history
        for p in Player:
            mine = state.claimed(p)
            c(len(mine) <= 3, f"{p.text()} has {len(mine)} caps")
            claims = [m.lot for who, m in history if who is p and isinstance(m, Claim)]
            c(sorted(mine) == sorted(claims), f"{p.text()} caps {mine} != claims {claims}")
            c(all(state.piece_at(x).kind.text() == "tower" for x in mine), "a cap on a dome")
        # the road is one piece and every structure touches it
        empty = empty_lots(state.board)
        c(is_connected(empty), "the road is split")
        lonely = [x for x in ALL_LOTS if state.board[x] and not any(n in empty for n in neighbours(x))]
        c(not lonely, f"structures with no road: {[name(x) for x in lonely]}")
        # the engine's splitting lots = articulation points of the road
        splitting = bit_set(state.road.splitting)
        points = articulation_points(empty)
        c(splitting == points, f"splitting {sorted(map(name, splitting))} != articulation "
                               f"points {sorted(map(name, points))}")

        # what follows a move (RULINGS "A turn")
        me = before.to_move
        can = {p: len(state.legal_builds(p)) > 0 for p in Player}
        if isinstance(move, Build):
            c(bool(events) and events[0] == Built(me, move.piece, move.lot), f"events {events}")
            unclaimed = any(state.piece_at(x) and state.piece_at(x).kind.text() == "tower"
                            and state.owner_at(x) is None for x in ALL_LOTS)
            if not can[Player.BLACK] and not can[Player.WHITE]:
                c(state.phase is Phase.OVER and state.to_move is None, "neither can build, not over")
                c(isinstance(events[-1], GameOver), "no GameOver event")
                return
            c(state.phase is not Phase.OVER, "game over while someone can build")
            if state.claims_left(me) > 0 and unclaimed:
                c(state.phase is Phase.CLAIM and state.to_move is me, "claim step not offered")
                c(len(events) == 1, f"events {events}")
                return
            c(state.phase is Phase.BUILD, "a claim step with nothing to claim or no claims left")
        else:
            c(before.phase is Phase.CLAIM, "a claim move outside the claim step")
            expected = Claimed(me, move.lot) if isinstance(move, Claim) else ClaimDeclined(me)
            c(bool(events) and events[0] == expected, f"events {events}")
            if isinstance(move, Claim):
                self.claims += 1
        nxt = me.other if can[me.other] else me
        c(state.to_move is nxt, f"to move {state.to_move}, expected {nxt}")
        skipped = [e for e in events if isinstance(e, PlayerSkipped)]
        c(skipped == ([PlayerSkipped(me.other)] if nxt is me else []), f"events {events}")
        self.skips += bool(skipped)
        c(can[nxt], "the player to move cannot build")

    # -- slow checks ---------------------------------------------------------------------
    def oracle(self, state: GameState, sweep: bool = False) -> None:
        """Engine legal builds (both players) and road tests equal the brute-force oracle;
        with ``sweep``, ``why_not`` of every piece on every lot agrees with it too."""
        c = lambda ok, what: self.check(ok, what, state)  # noqa: E731
        road = oracle_road_buildable(state.board)
        c(bit_set(state.road.buildable) == road, "road.buildable != oracle road test")
        oracle = oracle_legal_builds(state, None, road)
        for p in Player:
            engine = engine_legal_builds(state, p)
            c(engine == oracle[p], f"{p.text()} legal builds: engine-only "
                                   f"{sorted((k, name(x)) for k, x in engine - oracle[p])[:6]}, "
                                   f"oracle-only {sorted((k, name(x)) for k, x in oracle[p] - engine)[:6]}")
        if sweep and state.phase is Phase.BUILD:
            legal = state.legal_builds()
            listed = list(legal)
            c(len(legal) == len(listed) and all(legal[i] == m for i, m in enumerate(listed))
              and all(m in legal for m in listed), "LegalBuilds len/index/iter/in disagree")
            for piece in PIECES:
                for x in ALL_LOTS:
                    move = Build(piece, x)
                    ok = (piece.text(), x) in oracle[state.to_move]
                    reason = state.why_not(move)
                    c((reason is None) == ok, f"why_not({move.text()}) = {reason}, legal={ok}")

    def round_trips(self, state: GameState) -> None:
        """Replay of the history, PPN and msgpack round trips give back an equal state."""
        c = lambda ok, what: self.check(ok, what, state)  # noqa: E731
        if self.start is None:
            again = new_game(self.ruleset, seed=self.seed)
            also = start_state(state.ruleset, state.city, state.first_player, dice=state.dice,
                               seed=state.seed)
            c(again == also, "new_game(seed) != start_state of the stored set-up")
        else:
            again = self.start
        for who, m in state.history:
            again = again.apply(m, who)
        c(again == state, "replaying the history gives another state")

        if self.start is None:  # a record cannot carry a set-up position's stocks
            read = read_ppn(write_ppn(state))
            c(read.state == state, "write_ppn then read_ppn gives another state")
            c(read.warnings == [], f"a written record reads with warnings {read.warnings}")

        packed = msgpack.packb(state.to_dict(), use_bin_type=True)
        back = GameState.from_dict(msgpack.unpackb(packed, raw=False))
        c(back == state, "to_dict / msgpack / from_dict gives another state")

    def final(self, state: GameState, last_events) -> None:
        c = lambda ok, what: self.check(ok, what, state)  # noqa: E731
        c(state.is_over() and state.to_move is None, "the game did not end")
        c(isinstance(state.history[-1][1], Build), "the last play of the game is not a build")
        c(not state.legal_moves(), "legal moves after the end")
        c(not state.legal_builds(Player.BLACK) and not state.legal_builds(Player.WHITE),
          "someone can still build at the end")
        c(state.why_not(Pass()) is not None, "a claim is allowed after the last play")
        score = state.score()
        oracle = oracle_score(state)
        c(score.totals == oracle["totals"], f"totals {score.totals} != oracle {oracle['totals']}")
        for t in score.towers:
            customers, competition, location = oracle["towers"][t.lot]
            c({cu.lot for cu in t.customers} == customers, f"customers of {name(t.lot)}")
            c(t.competition == competition, f"competition of {name(t.lot)}: {t.competition} "
                                            f"!= {competition}")
            c(t.points == len(t.customers) * t.competition, f"points of {name(t.lot)}")
            c(t.location == location, f"location of {name(t.lot)}: {t.location} != {location}")
            c(t.owner is state.owner_at(t.lot), "tower owner")
        c(len(score.towers) == len(oracle["towers"]), "claimed towers scored")
        paid = sorted((b.green, b.colour, b.points, b.paid_to) for b in score.bonuses
                      if b.paid_to is not None)
        c(paid == sorted(oracle["bonuses"].elements()), f"paid bonuses {paid}")
        for p in Player:
            mine = sum(t.points + t.location for t in score.towers if t.owner is p)
            mine += sum(b.points for b in score.bonuses if b.paid_to is p)
            c(score.totals[p] == mine, f"{p.text()} total != towers + location + bonuses")
        over = last_events[-1]
        c(over == GameOver(score.winner, score.totals[Player.BLACK], score.totals[Player.WHITE]),
          f"GameOver event {over}")
        c(score.final, "the final score is not marked final")


def run_game(seed: int, ruleset: Ruleset, deep: bool, start: GameState | None = None) -> Playout:
    run = Playout(seed, ruleset, start)
    state, events, builds = None, (), 0
    for before, move, step in random_game(seed, ruleset, start=start):
        if state is None and start is None:
            run.check(before.to_move is before.first_player, "the first player is not to move",
                      before)
            if ruleset.edition == 2004:
                run.check(before.first_player is Player.BLACK, "2004: Black must start", before)
        run.cheap(before, move, step)
        state, events = step.state, step.events
        if isinstance(move, Build):
            builds += 1
        if deep:
            if state.phase is Phase.BUILD and builds % 2:
                run.oracle(state, sweep=True)
            run.round_trips(state)
        elif state.phase is Phase.BUILD and builds % ORACLE_EVERY == seed % ORACLE_EVERY:
            run.oracle(state)
        if len(run.failures) > 20:
            break
    run.oracle(state)
    run.round_trips(state)
    run.final(state, events)
    return run


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.text())
def test_random_games_keep_every_invariant(ruleset):
    """Seeded random games in each ruleset: invariants hold after every move."""
    failures, claims = [], 0
    base = 1000 * RULESETS.index(ruleset)
    for i in range(GAMES_PER_RULESET):
        run = run_game(base + i, ruleset, deep=i % DEEP_EVERY == 0)
        failures += run.failures
        claims += run.claims
    assert not failures, "\n".join(failures[:30])
    # the games must have exercised the interesting branches
    assert claims > 0, "no game claimed a tower"


def short_stock_start(seed: int) -> GameState:
    """An empty random city where one player (drawn from the seed) has few domes, so
    that the other one ends up building several times in a row. (Tower stocks stay
    full: they are what the claim rule's bookkeeping is tested with elsewhere.)"""
    rng = random.Random(seed)
    short = rng.choice(list(Player))
    stock = {code: rng.randint(0, 1) for code in ("Dr", "Db", "Dg", "Dk")}
    empty = "\n".join([". " * 8] * 10)
    return position(empty, City.random(seed), ruleset=RULESETS[seed % len(RULESETS)],
                    to_move=rng.choice(list(Player)), stocks={short: stock})


def test_random_games_with_a_short_stock_skip_the_player_who_cannot_build():
    """Games where one player runs short: skips and the end keep every invariant."""
    failures, skips = [], 0
    for seed in range(5000, 5040):
        start = short_stock_start(seed)
        run = run_game(seed, start.ruleset, deep=seed % 8 == 0, start=start)
        failures += run.failures
        skips += run.skips
    assert not failures, "\n".join(failures[:30])
    assert skips >= 20, f"only {skips} skipped turns in 40 short-stock games"
