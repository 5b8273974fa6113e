"""The ``.spr`` record: ``Key: value`` headers, a blank line, move tokens in play order.

    Game: Sprawl
    Players: 4
    Options: strict_branching
    Seats: Ann, Bob, Cy, Di
    Seed: 12345

    r:3@c4 y:2@e2 g:3@b6 b:1@f5 r:2n@c5 ...

``#`` starts a comment. The first token's colour is the first player (``First:``, which
we write too, says it for a record with no moves yet). A seat that left the game is
written ``y:resign`` (our addition, so online games with leavers replay); it is not a
move, so ``Record.moves`` leaves it out.
Strict reading stops at the first forbidden token; lenient reading plays on where it can
(a token the rules forbid is skipped with a warning, since a Sprawl move that breaks the
rules has no sure meaning on the board) and reports every problem.
"""

from __future__ import annotations

from typing import Any, Mapping

from shared.gamekit.api import BadOptions, GameSpec, IllegalMove, MalformedMove, Record, RecordError

from .board import COLOURS, LETTERS
from .moves import parse_move
from .serial import is_resign
from .state import VARIANTS, SprawlState, first_player
from .words import _


def shown_key(key: str) -> str:
    """A header key as records show it: ``Seats`` for ``seats`` or ``SEATS``; a key in
    CamelCase (``BranchedFrom``) keeps its case."""
    key = str(key).strip()
    if key.lower() == key or key.upper() == key:
        return key.capitalize()
    return key[:1].upper() + key[1:]


def _headers(text: str, keys: dict[str, str] | None = None) -> tuple[dict[str, str], list[str]]:
    """The header (keys in lower case; ``keys`` collects each one's shown form) and the tokens."""
    headers: dict[str, str] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines) and not lines[i].split("#", 1)[0].strip():
        i += 1
    while i < len(lines):
        line = lines[i].split("#", 1)[0].strip()
        if not line:
            break
        key, sep, value = line.partition(":")
        if not sep or not key.strip() or " " in key.strip():
            if not headers:
                raise RecordError(_("not a Sprawl record: it must start with 'Game: Sprawl'"))
            raise RecordError(_("line {line}: expected 'Key: value' in the header, got {text}")
                              .format(line=i + 1, text=repr(line[:40])))
        headers[key.strip().lower()] = value.strip()
        if keys is not None:
            keys[key.strip().lower()] = shown_key(key)
        i += 1
    tokens: list[str] = []
    for line in lines[i:]:
        tokens.extend(line.split("#", 1)[0].split())
    return headers, tokens


def read_record(spec: GameSpec, text: str, *, lenient: bool = False) -> Record:
    if not isinstance(text, str):
        raise RecordError(_("a Sprawl record is text"))
    keys: dict[str, str] = {}
    headers, tokens = _headers(text, keys)
    game = headers.get("game", "").strip('"')
    if game.lower() != "sprawl":
        raise RecordError(_("not a Sprawl record: Game is {game}").format(game=repr(game)) if game
                          else _("not a Sprawl record: no 'Game: Sprawl' header"))
    raw: dict[str, Any] = {}
    try:
        raw["players"] = int(headers.get("players", ""))
    except ValueError:
        raise RecordError(_("bad Players header {value}: expected 3 to 8").format(
            value=repr(headers.get("players", "")))) from None
    for name in filter(None, (o.strip().lower() for o in headers.get("options", "").split(","))):
        if name not in VARIANTS:
            raise RecordError(_("unknown option {option} in the Options header (known: {known})")
                              .format(option=repr(name), known=", ".join(VARIANTS)))
        raw[name] = True
    try:
        options = spec.options(raw)
    except BadOptions as exc:
        raise RecordError(_("bad header: {error}").format(error=exc)) from None
    seed_text = headers.get("seed", "0")
    try:
        seed: int | str = int(seed_text)
    except ValueError:
        seed = seed_text
    first = first_player(options["players"], seed) if isinstance(seed, int) else 0
    named = headers.get("first", "").lower()
    if named:
        if named not in COLOURS[:options["players"]]:
            raise RecordError(_("bad First header {value}: not a colour of this game").format(
                value=repr(named)))
        first = COLOURS.index(named)
    if tokens and is_resign(tokens[0]) is None:
        letter = tokens[0].split(":", 1)[0].lower()
        if letter not in LETTERS[:options["players"]]:
            raise RecordError(_("token 1 {token}: not a move of this {players}-player game")
                              .format(token=repr(tokens[0]), players=options["players"]))
        first = LETTERS.index(letter)
    state = start = SprawlState.new(options, seed, first)
    warnings: list[str] = []
    moves: list[str] = []
    for ply, token in enumerate(tokens, start=1):
        try:
            seat = is_resign(token)
            if seat is not None:
                state = state.resign(seat)[0]
                moves.append(f"{LETTERS[seat]}:resign")
                continue
            move = parse_move(token)
            state = state.play(move)[0]
            moves.append(move.text())
        except MalformedMove as exc:
            if not lenient:
                raise RecordError(_("ply {ply}: {error}").format(ply=ply, error=exc), illegal=True,
                                  ply=ply, token=token, rule="malformed") from None
            warnings.append(_("ply {ply} {token}: skipped: {error}").format(
                ply=ply, token=repr(token), error=exc))
        except IllegalMove as exc:
            rule = exc.rejection.code
            if not lenient:
                raise RecordError(_("ply {ply} {token}: {reason} [{rule}]").format(
                    ply=ply, token=repr(token), reason=exc.rejection.text, rule=rule),
                    illegal=True, ply=ply, token=token, rule=rule) from None
            warnings.append(_("ply {ply} {token}: skipped: {reason} [{rule}]").format(
                ply=ply, token=repr(token), reason=exc.rejection.text, rule=rule))
    shown = {keys.get(k, k.capitalize()): v for k, v in headers.items()}
    return Record(state=state, moves=tuple(moves), start=start, headers=shown,
                  warnings=tuple(warnings))


def write_record(state: SprawlState, headers: Mapping[str, str] | None = None) -> str:
    extra = {shown_key(k): str(v) for k, v in (headers or {}).items()}
    options = [v for v in VARIANTS if state.options.get(v)]
    out = {"Game": "Sprawl", "Players": str(state.n)}
    if options:
        out["Options"] = ", ".join(options)
    if "Seats" in extra:
        out["Seats"] = extra.pop("Seats")
    out["Seed"] = str(state.seed)
    out["First"] = COLOURS[state.first]
    for key in ("Game", "Players", "Options", "Seed", "First"):
        extra.pop(key, None)
    out.update(extra)
    lines = [f"{k}: {v}" for k, v in out.items()]
    lines.append("")
    tokens = list(state.history)
    for i in range(0, len(tokens), state.n):
        lines.append(" ".join(tokens[i:i + state.n]))
    return "\n".join(lines) + "\n"
