"""Alien City's computer players, built on the engine's public interface only.

    from shared.aliencity.bots import make_bot
    bot = make_bot("hard", seed=1)
    move = bot.choose(state)                      # a legal move for state.to_move
    move = bot.choose(state, deadline_s=0.5)      # think at most 0.5 s
    move = bot.choose(state, stop=event)          # event.set() from another thread -> answer now

Levels, weakest first (``bench/bots.py`` measures each against the one below it):
``random`` (baseline), ``easy`` (one-ply guess with noise), ``medium`` (Monte-Carlo tree
search, 60 iterations: the game-generic :mod:`shared.bots.search` with Alien City's
hooks, :mod:`.hooks`), ``hard`` (the same search for 1.75 s a move), ``expert`` (10 s a
move, a fitted blend of the guess, and the last ten pieces searched to the end when time
allows; for people who want
it; the server may leave it out). ``choose`` is a
plain blocking call: run it in a worker thread (client) or an executor (server) so the
window or the event loop never freezes.
"""

from __future__ import annotations

from ..texts import N_, _
from .base import Bot, Clock, position_key
from .easy import EasyBot, RandomBot
from .hooks import ExpertSearchBot, HardSearchBot, SearchBot

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": SearchBot,
    "hard": HardSearchBot,
    "expert": ExpertSearchBot,
}
LEVELS: tuple[str, ...] = tuple(BOTS)
# What each level does, in English; ``describe_level`` gives it in the language in use.
DESCRIPTIONS: dict[str, str] = {
    "random": N_("plays any legal move"),
    "easy": N_("looks one move ahead, loosely"),
    "medium": N_("searches a few dozen short playouts"),
    "hard": N_("searches thousands of short playouts, about 2 s a move"),
    "expert": N_("Hard's search for 10 s a move, a finer judgement, an exact end game: the strongest"),
}


def describe_level(level: str) -> str:
    """What a computer level does, for people (the level itself if unknown)."""
    return _(DESCRIPTIONS[level]) if level in DESCRIPTIONS else level


def make_bot(level: str, seed: int = 0, *, iterations: int | None = None,
             think_s: float | None = None) -> Bot:
    """A bot of ``level`` (one of LEVELS). ``iterations`` / ``think_s`` override the
    level's search budget and time limit per move (tests set ``iterations`` only, so the
    clock never decides a move; a user setting may allow Hard a longer ``think_s``)."""
    try:
        cls = BOTS[level]
    except KeyError:
        raise ValueError(_("unknown bot level {level!r}: expected one of {levels}").format(
            level=level, levels=", ".join(LEVELS))) from None
    return cls(seed, iterations=iterations, think_s=think_s)


__all__ = ["BOTS", "Bot", "Clock", "DESCRIPTIONS", "EasyBot", "ExpertSearchBot", "describe_level",
           "HardSearchBot", "LEVELS", "RandomBot", "SearchBot", "make_bot", "position_key"]
