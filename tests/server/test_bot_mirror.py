"""Two headless bots of one process seated in the same match play each announced step
on the engine once between them, and each still checks what the server told it: a seat
told something else than the rules say is a desync, shared step or not."""

from __future__ import annotations

import asyncio
import random

from alien_city.headless import Bot, Stats
from alien_city.headless import bot as bot_module

from .helpers import run


def _pair() -> tuple[Bot, Bot, Stats]:
    stats = Stats()
    bots = []
    for name in ("a", "b"):
        bot = Bot("ws://127.0.0.1:1", name=name, stats=stats)
        bot.code, bot.seat_names, bot.version = "MIRROR", ("black", "white"), 0
        bot.state = bot.spec.new_state(bot.spec.options({}), 5)
        bots.append(bot)
    return bots[0], bots[1], stats


def _moved(bot: Bot, rng: random.Random) -> dict:
    """The server's announcement of a random legal move in ``bot``'s position."""
    state = bot.state
    move = state.legal_moves().random(rng)
    after = state.play(move, state.to_move)[0]
    return {"type": "moved", "match": "MIRROR", "version": bot.version + 1,
            "seat": bot.seat_names[state.to_move], "mid": 1, "move": bot.spec.move_text(move),
            "kind": "move", "turn": after.turn(),
            "to_move": None if after.is_over() else bot.seat_names[after.to_move]}


def test_two_bots_share_each_step_and_agree_with_the_game() -> None:
    bot_module._STEPS.clear()  # other tests' bots in this process may have left steps
    a, b, stats = _pair()
    rng = random.Random(3)
    for _ in range(12):
        m = _moved(a, rng)
        a._moved(m)
        b._moved(m)
        assert a.version == b.version == m["version"]
        assert a.state.key() == b.state.key()
    assert a.state is b.state  # one position, played once per step
    assert stats.desyncs == 0 and not [k for k in bot_module._STEPS if k[0] == "MIRROR"]


def test_a_seat_told_another_turn_is_a_desync_even_with_a_shared_step() -> None:
    a, b, stats = _pair()
    rng = random.Random(4)
    for _ in range(3):  # the two share their positions by now
        m = _moved(a, rng)
        a._moved(m)
        b._moved(m)
    m = _moved(a, rng)
    a._moved(m)
    lie = dict(m, turn=dict(m["turn"], ply=m["turn"]["ply"] + 1))
    asked: list[dict] = []

    async def send(message: dict) -> None:  # no server here: note what is asked
        asked.append(message)

    async def told() -> None:
        b.send = send  # type: ignore[method-assign]
        b._moved(lie)
        await asyncio.sleep(0)
    run(told)
    assert stats.desyncs == 1 and "desync" in stats.notes[-1]
    assert asked == [{"type": "get_state", "match": "MIRROR"}]
