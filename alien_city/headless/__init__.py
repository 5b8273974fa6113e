"""The headless bot: a client of the match server that needs no window and no pygame
(``alien-city bot``, the benchmarks' load, the tests' players). It imports only
``shared`` (the games and the wire protocol), never the server it plays on."""

from .bot import Bot, BotError, Stats, result_text

__all__ = ["Bot", "BotError", "Stats", "result_text"]
