"""The server's refusals in the player's language.

The server's ``error`` says what went wrong twice: a ``code`` for programs and an English
``text`` for people (the server never changes language). The client shows its own
sentence for the code, looked up when shown; the English text only stands in for a code
this client does not know (a newer server). An ``illegal_move`` is explained by the
client's own copy of the game: ``why_not`` of the local position gives the rule's
sentence in the game's words, translated by the game.
"""

from __future__ import annotations

from typing import Any

from shared.i18n import domain

_, N_, ngettext, pgettext = domain("online")

# Every error code of docs/protocol.md ("Error codes"); tests check none is missing.
SENTENCES: dict[str, str] = {
    "bad_message": N_("The server could not read a message from this game: "
                      "the game may be older than the server."),
    "too_large": N_("That was too much to send at once: the server refused it."),
    "unknown_type": N_("The server does not know this request: it may run another version."),
    "hello_first": N_("The server expected a greeting first: reconnect."),
    "hello_timeout": N_("The game greeted the server too late: the connection was closed."),
    "already_hello": N_("The server was greeted twice on one connection."),
    "unsupported_version": N_("This server speaks another protocol version: update the game "
                              "or the server."),
    "session_taken": N_("Your session was opened in another window or on another device: "
                        "this connection is closed."),
    "rate_limited": N_("Too many messages too fast: wait a moment and try again."),
    "bad_options": N_("The server does not accept these game options."),
    "too_many_matches": N_("You already have as many unfinished matches as the server allows: "
                           "finish or leave one first."),
    "too_many_connections": N_("Too many connections from your address: close other windows "
                               "of the game and try again."),
    "server_full": N_("The server is full: try again later."),
    "unknown_match": N_("There is no match with this room code: check it."),
    "match_full": N_("Every seat is taken: you can watch this match."),
    "seat_unavailable": N_("That seat is not free: pick another one."),
    "bad_token": N_("Your saved seat no longer opens a seat in this match."),
    "seat_taken": N_("Your seat was taken back on another device with its seat token."),
    "not_seated": N_("You have no seat in this match: you can only watch."),
    "duplicate_move": N_("That move was already played."),
    "not_running": N_("The match has not started yet: it waits for an opponent."),
    "game_over": N_("The match is over."),
    "not_your_turn": N_("It is not your turn."),
    "stale_state": N_("The position changed meanwhile: the board is brought up to date, "
                      "try again."),
    "bad_move": N_("The server could not read that move."),
    "illegal_move": N_("The rules do not allow that move now."),
    "not_over": N_("A rematch can be offered once the match is over."),
    "rematch_started": N_("The rematch has already started."),
    "server_error": N_("The server could not handle this; nothing was changed. Try again."),
}

# Codes whose ``scope`` (who went over a limit) changes what to say.
SCOPED: dict[tuple[str, str], str] = {
    ("rate_limited", "chat"): N_("You are chatting too fast: wait a moment."),
    ("too_many_matches", "address"): N_("Your network address already has as many unfinished "
                                        "matches as the server allows."),
}


def refusal_text(message: dict, state: Any = None, move: Any = None,
                 seat: int | None = None) -> str:
    """The sentence to show for a server ``error`` message, in the language in use.

    ``state``/``move``/``seat``: the local position, the refused move and our seat, so an
    illegal move is explained by the game's own rule sentence."""
    code = message.get("code")
    if code == "illegal_move" and state is not None and move is not None:
        try:
            rejection = state.why_not(move, seat)
        except Exception:  # noqa: BLE001 - a game that cannot say falls back to ours
            rejection = None
        if rejection is not None and rejection.text:
            return rejection.text
    scope = message.get("scope")
    if isinstance(code, str) and isinstance(scope, str) and (code, scope) in SCOPED:
        return _(SCOPED[code, scope])
    if code == "unsupported_version" and isinstance(message.get("protocol"), int):
        from .net import PROTOCOL_VERSION  # imported already: we are connected
        return _("This server speaks protocol version {server}, this game version {ours}: "
                 "update the game or the server.").format(server=message["protocol"],
                                                          ours=PROTOCOL_VERSION)
    if code == "rematch_started" and isinstance(message.get("rematch"), str):
        return _("The rematch has already started: room {code}.").format(code=message["rematch"])
    if isinstance(code, str) and code in SENTENCES:
        return _(SENTENCES[code])
    text = message.get("text")
    return text if isinstance(text, str) and text else str(code or "error")
