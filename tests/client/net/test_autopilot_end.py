"""The autopilot (what the multi-process client tests read) reports a match's end even
when the score screen covers the match screen before it looked: a spectator joining
right before the last move waits out its "joined" pause while the end arrives, and
the score screen that follows has no session of its own."""

from __future__ import annotations

import argparse
import random

from client import autopilot
from client.app import FIXED_DT
from client.scenes.chrome import open_match

from ..conftest import show
from .feed import CODE, joined_session


def one_move_from_the_end(spec, seed: int = 3):
    """A real position of random play whose next move ends it, that move and its step."""
    rng = random.Random(seed)
    state = spec.new_state(spec.options(None), seed)
    while True:
        move = state.legal_moves().random(rng)
        after, events = state.play(move)
        if after.is_over():
            return state, move, after, events
        state = after


def test_a_spectator_joining_just_before_the_last_move_reports_the_end(app, monkeypatch):
    said: list[dict] = []
    monkeypatch.setattr(autopilot, "say", lambda event, **fields: said.append({"event": event, **fields}))
    spec = app.games.specs().get("alien-city")
    before, last, after, events = one_move_from_the_end(spec)
    version = 41
    session, feed = joined_session(app, "Cy", before, version)
    show(app, open_match(app, session, CODE))
    args = argparse.Namespace(seed=1, play=False, moves=None, shots=None, name="Cy", create=False)
    pilot = autopilot.Pilot(app, args)
    pilot.phase = "lobby"  # as main() does for --link

    def frame() -> None:
        app.step(FIXED_DT, [])
        pilot.tick(FIXED_DT)

    for _ in range(120):  # the match screen's pause, then "joined" (and a pause after it)
        frame()
        if any(e["event"] == "joined" for e in said):
            break
    joined = [e for e in said if e["event"] == "joined"]
    assert [(e["role"], e["version"], e["status"]) for e in joined] == [("spectator", version, "playing")]
    seat = spec.seats(spec.options(None))[before.to_move].name
    feed.inbox += [{"type": "moved", "match": CODE, "version": version + 1, "seat": seat, "mid": "m1",
                    "move": spec.move_text(last), "kind": "move", "events": events, "turn": after.turn(),
                    "to_move": None},
                   {"type": "ended", "match": CODE, "version": version + 1, "reason": "finished",
                    "winner": None, "ranking": list(after.ranking()), "resigned": [], "score": after.score()}]
    for _ in range(300):  # the last move and the end arrive during that pause
        frame()
    assert type(app.stack.top).__name__ == "ScoreScene"
    ended = [e for e in said if e["event"] == "ended"]
    assert ended and ended[0]["version"] == version + 1, said
