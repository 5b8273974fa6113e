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
from shared.online.names import PROBLEMS as NAME_PROBLEMS
from shared.wire import PROTOCOL_VERSION, ErrorCode, Scope

_, N_, ngettext, pgettext = domain("online")

# Every error code of the protocol; a test checks none is missing, in every language.
SENTENCES: dict[ErrorCode, str] = {
    ErrorCode.BAD_MESSAGE: N_("The server could not read a message from this game: "
                              "the game may be older than the server."),
    ErrorCode.TOO_LARGE: N_("That was too much to send at once: the server refused it."),
    ErrorCode.UNKNOWN_TYPE: N_("The server does not know this request: it may run another version."),
    ErrorCode.HELLO_FIRST: N_("The server expected a greeting first: reconnect."),
    ErrorCode.HELLO_TIMEOUT: N_("The game greeted the server too late: the connection was closed."),
    ErrorCode.ALREADY_HELLO: N_("The server was greeted twice on one connection."),
    ErrorCode.UNSUPPORTED_VERSION: N_("This server speaks another protocol version: update the game "
                                      "or the server."),
    ErrorCode.SESSION_TAKEN: N_("Your session was opened in another window or on another device: "
                                "this connection is closed."),
    ErrorCode.RATE_LIMITED: N_("Too many messages too fast: wait a moment and try again."),
    ErrorCode.BAD_OPTIONS: N_("The server does not accept these game options."),
    ErrorCode.TOO_MANY_MATCHES: N_("You already have as many unfinished matches as the server allows: "
                                   "finish or leave one first."),
    ErrorCode.TOO_MANY_CONNECTIONS: N_("Too many connections from your address: close other windows "
                                       "of the game and try again."),
    ErrorCode.SERVER_FULL: N_("The server is full: try again later."),
    ErrorCode.UNKNOWN_MATCH: N_("There is no match with this room code: check it."),
    ErrorCode.MATCH_FULL: N_("Every seat is taken: you can watch this match."),
    ErrorCode.SEAT_UNAVAILABLE: N_("That seat is not free: pick another one."),
    ErrorCode.BAD_TOKEN: N_("Your saved seat no longer opens a seat in this match."),
    ErrorCode.SEAT_TAKEN: N_("Your seat was taken back on another device with its seat token."),
    ErrorCode.NOT_SEATED: N_("You have no seat in this match: you can only watch."),
    ErrorCode.DUPLICATE_MOVE: N_("That move was already played."),
    ErrorCode.NOT_RUNNING: N_("The match has not started yet: it waits for an opponent."),
    ErrorCode.GAME_OVER: N_("The match is over."),
    ErrorCode.NOT_YOUR_TURN: N_("It is not your turn."),
    ErrorCode.STALE_STATE: N_("The position changed meanwhile: the board is brought up to date, "
                              "try again."),
    ErrorCode.BAD_MOVE: N_("The server could not read that move."),
    ErrorCode.ILLEGAL_MOVE: N_("The rules do not allow that move now."),
    ErrorCode.NOT_OVER: N_("A rematch can be offered once the match is over."),
    ErrorCode.REMATCH_STARTED: N_("The rematch has already started."),
    ErrorCode.SERVER_ERROR: N_("The server could not handle this; nothing was changed. Try again."),
    # a name refused: the same sentences as the name field's own checks (shared.online.names)
    ErrorCode.NAME_EMPTY: NAME_PROBLEMS["name_empty"],
    ErrorCode.NAME_TOO_SHORT: NAME_PROBLEMS["name_too_short"],
    ErrorCode.NAME_TOO_LONG: NAME_PROBLEMS["name_too_long"],
    ErrorCode.NAME_INVISIBLE: NAME_PROBLEMS["name_invisible"],
    ErrorCode.NAME_SPACES: NAME_PROBLEMS["name_spaces"],
    ErrorCode.NAME_CHARACTERS: NAME_PROBLEMS["name_characters"],
    ErrorCode.NAME_NO_LETTERS: NAME_PROBLEMS["name_no_letters"],
    ErrorCode.NAME_TAKEN: NAME_PROBLEMS["name_taken"],
    ErrorCode.SIGN_IN_FAILED: N_("The server does not know this name with this computer's key: "
                                 "move the name here with a transfer code."),
    ErrorCode.NOT_SIGNED_IN: N_("Only players with a registered name can do this: "
                                "register a name first."),
    ErrorCode.TRANSFER_MALFORMED: N_("That is not a transfer code: it has 10 letters and digits, "
                                     "without 0, O, 1, I, L, U or V."),
    ErrorCode.TRANSFER_REFUSED: N_("That transfer code does not work for this name: codes last "
                                   "15 minutes and 5 tries. Ask for a new one."),
    ErrorCode.UNKNOWN_PLAYER: N_("There is no player with that name on this server."),
    ErrorCode.NO_ACCOUNTS: N_("This server keeps no names or ratings: you can play as a guest."),
    ErrorCode.OUT_OF_TIME: N_("Your time ran out before this move reached the server."),
}

# Codes whose ``scope`` (who went over a limit) changes what to say.
SCOPED: dict[tuple[ErrorCode, Scope], str] = {
    (ErrorCode.RATE_LIMITED, Scope.CHAT): N_("You are chatting too fast: wait a moment."),
    (ErrorCode.TOO_MANY_MATCHES, Scope.ADDRESS): N_("Your network address already has as many unfinished "
                                                    "matches as the server allows."),
}


def refusal_text(message: dict, state: Any = None, move: Any = None,
                 seat: int | None = None) -> str:
    """The sentence to show for a server ``error`` message, in the language in use.

    ``state``/``move``/``seat``: the local position, the refused move and our seat, so an
    illegal move is explained by the game's own rule sentence."""
    code = ErrorCode.parse(message.get("code"))
    if code == ErrorCode.ILLEGAL_MOVE and state is not None and move is not None:
        try:
            rejection = state.why_not(move, seat)
        except Exception:  # noqa: BLE001 - a game that cannot say falls back to ours
            rejection = None
        if rejection is not None and rejection.text:
            return rejection.text
    scope = message.get("scope")
    if code is not None and isinstance(scope, str) and (code, scope) in SCOPED:
        return _(SCOPED[code, Scope(scope)])
    if code == ErrorCode.UNSUPPORTED_VERSION and isinstance(message.get("protocol"), int):
        return _("This server speaks protocol version {server}, this game version {ours}: "
                 "update the game or the server.").format(server=message["protocol"],
                                                          ours=PROTOCOL_VERSION)
    if code == ErrorCode.REMATCH_STARTED and isinstance(message.get("rematch"), str):
        return _("The rematch has already started: room {code}.").format(code=message["rematch"])
    if code is not None and code in SENTENCES:
        return _(SENTENCES[code])
    text = message.get("text")
    raw = message.get("code")
    return text if isinstance(text, str) and text else str(raw or "error")
