"""What the client and the bots ask a position: trees, attacks, targets, reasons."""

from __future__ import annotations

from .helpers import position, sq

PICTURE = """
    6 .   .   .   .   .   .
    5 .   .   r2n .   .   .
    4 .   .   R3  y1w Y1  .
    3 .   .   .   .   .   .
    2 .   .   .   .   .   .
    1 .   .   .   .   .   .
"""


def test_each_piece_knows_its_tree_and_trees_know_their_state():
    state = position(PICTURE)
    assert state.tree_of(sq("c5")) == sq("c4") and state.tree_of(sq("d4")) == sq("e4")
    assert state.tree_of(sq("a1")) is None
    trees = state.trees()
    assert trees[sq("c4")] == {"owner": 0, "live": False, "height": 1, "branches": [sq("c5")]}
    assert trees[sq("e4")]["live"] and state.live_trees(1) == [sq("e4")]
    assert state.live_trees(0) == []


def test_attacks_name_the_attacker_and_its_seat():
    state = position(PICTURE)
    amap = state.attack_map()
    assert amap == {sq("c6"): [{"square": sq("c5"), "size": 2, "seat": 0}],
                    sq("c4"): [{"square": sq("d4"), "size": 1, "seat": 1}]}
    assert state.neutralization(sq("c4")) == {
        "tower": sq("c4"), "owner": 0, "rule": "size",
        "by": [{"square": sq("d4"), "size": 1, "seat": 1}]}
    assert state.neutralization(sq("e4")) is None


def test_targets_per_seat_are_the_spore_spots_of_live_trees():
    state = position(PICTURE)
    assert state.targets(1) == {}                      # d4's 1 targets c4: not vacant
    assert state.targets(1, vacant_only=False) == {sq("c4"): 1}
    assert state.targets(0) == {}                      # red's tree is dead


def test_the_diagram_reads_back_as_the_same_position():
    """The text board and the tests' picture reader agree on random positions (trees and
    depths included, so the pictures mean what the engine means)."""
    import random

    from shared.sprawl import SPRAWL
    from shared.sprawl.board import LETTERS
    from shared.sprawl.diagram import diagram
    for players, seed in ((3, 1), (6, 2), (8, 3)):
        rng = random.Random(seed)
        state = SPRAWL.new_state({"players": players, "sprawlgami": True}, seed)
        while not state.is_over():
            back = position(diagram(state), players=players, to_move=LETTERS[state.to_move],
                            sprawlgami=True)
            assert back.key() == state.key() and back.dead == state.dead
            state = state.apply(state.legal_moves().random(rng))


def test_events_say_what_happened():
    from shared.sprawl import parse_move

    from .helpers import with_turn
    state = position("""
        4 .   .   .   .   .   .
        3 .   .   R3  .   .   .
        2 .   .   .   .   Y2  .
        1 .   .   .   .   .   .
    """, to_move="y")
    after, events = state.play(parse_move("y:3w@d2"))
    assert events[0] == {"type": "branch", "seat": 1, "colour": "yellow", "square": "d2",
                         "size": 3, "direction": "w", "tree": "e2", "source": "e2", "depth": 1}
    assert events[-1] == {"type": "turn", "to_move": "green", "ply": 1}
    after, events = with_turn(after, "y").play(parse_move("y:+1@e2"))
    assert events[0]["type"] == "build" and events[0]["height"] == 2
    state = position("""
        4 .   .   .   .   .   .
        3 .   .   R3  .   .   .
        2 .   .   .   .   .   .
        1 .   .   Y3  .   .   .
    """, to_move="y")
    _, events = state.play(parse_move("y:1n@c2"))
    assert events[1] == {"type": "neutralized", "square": "c3", "owner": "red",
                         "by": [{"square": "c2", "size": 1, "colour": "yellow"}]}
    assert state.turn() == {"to_move": "yellow", "seat": 1, "ply": 0, "first_tower": False}
