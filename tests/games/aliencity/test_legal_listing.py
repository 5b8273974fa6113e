"""Legal builds of states reached move by move, against the rules computed from scratch.

States keep their road facts and their ply up to date from move to move instead of
recomputing them. At every build position of seeded random games in each ruleset, the
listed builds of both players (order included: by piece, then lot), their count,
indexing and ``in`` must be exactly those of the brute-force rules of ``helpers``, the
road facts those of a road built from the board alone, and ``ply`` the builds of the
history.
"""

from __future__ import annotations

import random

from shared.aliencity import PIECES, Build, Player, Ruleset
from shared.aliencity.road import Road
from shared.aliencity.state import GameState, replace

from .helpers import ALL_LOTS, oracle_legal_builds, random_game

RULESETS = [Ruleset(2004), Ruleset(2002), Ruleset(2004, location_bonus=True),
            Ruleset(2002, location_bonus=True)]
GAMES_PER_RULESET = 10
ROAD_FACTS = ("occupied", "empty", "frame", "splitting", "lifelines", "dead_ends", "buildable")


def reference_builds(allowed: set[tuple[str, int]]) -> list[Build]:
    """The builds the rules allow, in the engine's promised order: by piece, then lot."""
    return [Build(piece, lot) for piece in PIECES for lot in ALL_LOTS if (piece.text(), lot) in allowed]


def problems(state: GameState, rng: random.Random) -> list[str]:
    out = []
    occupied = sum(1 << lot for lot in ALL_LOTS if state.board[lot])
    scratch = Road(occupied)
    for fact in ROAD_FACTS:
        if getattr(state.road, fact) != getattr(scratch, fact):
            out.append(f"road.{fact} differs from a road built from the board")
    if sorted(state.road.groups) != sorted(scratch.groups):
        out.append("road.groups differ from a road built from the board")
    builds = sum(1 for _, move in state.history if isinstance(move, Build))
    if state.ply != builds or replace(state).ply != builds:
        out.append(f"ply {state.ply} but {builds} builds in the history")
    allowed = oracle_legal_builds(state)
    for player in Player:
        expected = reference_builds(allowed[player])
        for view in (state, replace(state)):  # as reached, and with every cache emptied
            legal = view.legal_builds(player)
            if len(legal) != len(expected):
                out.append(f"{player.text()}: {len(legal)} legal builds, the rules allow {len(expected)}")
            # indexing before listing (the playouts' path), then the listing itself
            picks = [rng.randrange(len(expected)) for _ in range(3)] if expected else []
            if any(legal[i] != expected[i] or legal[i - len(expected)] != expected[i] for i in picks):
                out.append(f"{player.text()}: legal_builds()[i] is not the rules' i-th build")
            listed = list(legal)
            if listed != expected:
                extra = sorted(m.text() for m in set(listed) - set(expected))[:5]
                missing = sorted(m.text() for m in set(expected) - set(listed))[:5]
                out.append(f"{player.text()}: listed builds differ (extra {extra}, missing {missing}, "
                           f"or another order)")
            if not all(m in legal for m in expected):
                out.append(f"{player.text()}: a legal build is not 'in' legal_builds()")
    return out


def test_listed_builds_of_reached_states_follow_the_rules():
    """Every build position of 40 seeded games: listings exactly as the rules from scratch."""
    failures, positions = [], 0
    for r, ruleset in enumerate(RULESETS):
        for seed in range(GAMES_PER_RULESET):
            game_seed = 7000 + 100 * r + seed
            rng = random.Random(game_seed)
            state = None
            for before, _move, step in random_game(game_seed, ruleset):
                state = step.state
                if before.legal_builds():  # a build position
                    positions += 1
                    failures += [f"seed {game_seed} {ruleset.text()} ply {before.ply}: {p}"
                                 for p in problems(before, rng)]
            assert state is not None and state.is_over()
            failures += [f"seed {game_seed} {ruleset.text()} end: {p}" for p in problems(state, rng)]
            assert len(failures) < 30, "\n".join(failures)
    assert not failures, "\n".join(failures[:30])
    assert positions > 1000, f"only {positions} build positions checked"
