"""Alien City game records in PPN (Portable Piecepack Notation): read and write.

A record is a small YAML header between ``---`` and ``...`` and then movetext. Reading
replays the moves on the engine. **Strict** reading stops at the first illegal move with
an :class:`IllegalRecordError` naming the ply, the move text and the rule; **lenient**
reading places every piece as recorded and reports each rule it broke as a warning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from .city import City
from .errors import AlienCityError, IllegalMoveError, IllegalRecordError, MalformedError, RecordError
from .moves import Build, Claim, Pass, parse_move, ppn_cap_owner
from .ruleset import Ruleset
from .state import Dice, GameState, Phase, claim_anyway, place_anyway, start_state
from .texts import N_, _
from .types import Player

GAME_NAME = "Alien City"
_TOKEN = re.compile(r"\{[^}]*\}?|\d+\.\.\.|\d+\.|[^\s{]+")
_NUMBER = re.compile(r"(\d+)\.(\.\.)?")
_RESULTS = {"*", "1-0", "0-1", "1/2-1/2", "½-½"}
# Claim problems naming the player, indexed like Player.
CLAIMS_USED = (N_("black has already claimed 3 towers"), N_("white has already claimed 3 towers"))
NOT_TURN_TO_CLAIM = (N_("it is not black's turn to claim"), N_("it is not white's turn to claim"))


@dataclass
class RecordPly:
    """One player's turn as written: a build token and maybe a claim token."""

    number: int | None
    second: bool  # written as "n..." (the second player's turn)
    build: str
    line: int
    claim: str | None = None
    claim_line: int | None = None
    comment: str = ""  # the record's ``{...}`` comments after this turn, joined


@dataclass
class PlyReplay:
    """One replayed ply: who built what, and the position just before the build."""

    ply: int
    player: Player
    build: Build
    claim: Claim | None
    before: GameState
    warnings: list[str] = field(default_factory=list)
    comment: str = ""  # what the record says about this turn (its ``{...}`` comments)


@dataclass
class ReadResult:
    headers: dict[str, Any]
    state: GameState
    plies: list[PlyReplay]
    warnings: list[str]
    comment: str = ""  # a ``{...}`` comment before the first turn (about the start)


# -- header -------------------------------------------------------------------------------
def _parse_header(lines: list[tuple[int, str]]) -> dict[str, Any]:
    """The YAML subset PPN headers use: nested mappings of scalars, by indentation."""
    root: dict[str, Any] = {}
    stack: list[tuple[int, dict[str, Any]]] = [(-1, root)]
    for number, raw in lines:
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        indent = len(raw) - len(raw.lstrip(" "))
        key, sep, value = raw.strip().partition(":")
        if not sep or not key.strip():
            raise RecordError(_("bad header line {line!r}: expected 'Key: value'").format(line=raw.strip()),
                              line=number)
        value = value.strip()
        if value[:1] in ("'", '"'):
            end = value.find(value[0], 1)
            if end < 0:
                raise RecordError(_("unclosed quote in header line {line!r}").format(line=raw.strip()),
                                  line=number)
            value = value[1:end]
            quoted = True
        else:
            value = value.split(" #")[0].strip()
            quoted = False
        while indent <= stack[-1][0]:
            stack.pop()
        parent = stack[-1][1]
        if value or quoted:
            parent[key.strip()] = value
        else:
            child: dict[str, Any] = {}
            parent[key.strip()] = child
            stack.append((indent, child))
    return root


def _split(text: str) -> tuple[dict[str, Any], list[tuple[int, str]]]:
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip()), None)
    if start is None or lines[start].strip() != "---":
        raise RecordError(_("not a PPN record: it must start with a '---' header line"))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].strip() in ("...", "---")), None)
    if end is None:
        raise RecordError(_("not a PPN record: the header has no closing '...' line"))
    header = _parse_header([(i + 1, lines[i]) for i in range(start + 1, end)])
    body = [(i + 1, lines[i]) for i in range(end + 1, len(lines))]
    return header, body


def _game_name(header: dict[str, Any]) -> str | None:
    game = header.get("GameType")
    if isinstance(game, dict):
        return game.get("Name")
    return game


def _lookup(header: dict[str, Any], key: str) -> Any:
    """A header value (text, or a mapping of them), None when absent."""
    game = header.get("GameType")
    if isinstance(game, dict) and key in game:
        return game[key]
    return header.get(key)


def _setup(header: dict[str, Any], ruleset: Ruleset | None, edition: int | None,
           location_bonus: bool | None) -> GameState:
    name = _game_name(header)
    if name is None:
        raise RecordError(_("the PPN header names no game (GameType: Name: Alien City)"))
    if re.sub(r"[\s_-]", "", str(name)).lower() != "aliencity":
        raise RecordError(_("this is a record of {game!r}, not {expected}").format(game=name, expected=GAME_NAME))
    tiles = _lookup(header, "Tiles")
    if not isinstance(tiles, str):
        raise RecordError(_("the PPN header has no 'Tiles:' layout"))
    city = City.parse(tiles)
    if ruleset is None:
        try:
            ed = int(_lookup(header, "Edition") or 2004)
        except ValueError:
            raise RecordError(_("bad Edition {value!r}: expected 2002 or 2004").format(
                value=_lookup(header, "Edition"))) from None
        loc = str(_lookup(header, "LocationBonus") or "no").lower() in ("yes", "true", "1", "on")
        try:
            ruleset = Ruleset(edition if edition is not None else ed,
                              location_bonus if location_bonus is not None else loc)
        except MalformedError as exc:
            raise RecordError(_("bad rules in the header: {problem}").format(problem=exc)) from None
    first_text = str(_lookup(header, "FirstPlayer") or "Black")
    try:
        first = Player.parse(first_text)
    except MalformedError:
        raise RecordError(_("bad FirstPlayer {value!r}: expected Black or White").format(
            value=first_text)) from None
    seed = _lookup(header, "Seed")
    if isinstance(seed, str) and re.fullmatch(r"-?\d+", seed):
        seed = int(seed)
    return start_state(ruleset, city, first, dice=_parse_dice(_lookup(header, "Dice")), seed=seed)


def _parse_dice(text: object) -> Dice:
    """``Dice: 1 2 3 4 / 0 5 5 2; 3 3 1 0 / 2 2 2 2`` (Black / White, re-rolls after ';')."""
    if not text:
        return ()
    rolls = []
    for roll in str(text).split(";"):
        parts = roll.split("/")
        try:
            sides = [tuple(int(x) for x in part.split()) for part in parts]
        except ValueError:
            sides = []
        if len(sides) != 2 or any(len(s) != 4 or not all(0 <= v <= 5 for v in s) for s in sides):
            raise RecordError(_("bad Dice {value!r}: expected e.g. '1 2 3 4 / 0 5 5 2'").format(value=text))
        rolls.append((sides[0], sides[1]))
    return tuple(rolls)


# -- movetext -----------------------------------------------------------------------------
def _plies(body: list[tuple[int, str]]) -> tuple[list[RecordPly], str]:
    """The turns of the movetext and the comment before the first one."""
    text = "\n".join(line for _, line in body)
    first_line = body[0][0] if body else 0
    plies: list[RecordPly] = []
    intro = ""
    number, second = None, False
    for m in _TOKEN.finditer(text):
        token = m.group(0)
        line = first_line + text.count("\n", 0, m.start())
        if token.startswith("{"):
            if not token.endswith("}"):
                raise RecordError(_("a comment '{' is never closed"), line=line)
            words = " ".join(token[1:-1].split())
            if words and plies:
                plies[-1].comment = f"{plies[-1].comment} {words}".strip()
            elif words:
                intro = f"{intro} {words}".strip()
            continue
        if m_number := _NUMBER.fullmatch(token):
            number, second = int(m_number.group(1)), bool(m_number.group(2))
            continue
        if token in _RESULTS:
            continue
        if ppn_cap_owner(token) is not None:
            if not plies:
                raise RecordError(_("claim {token!r} comes before any build").format(token=token), line=line)
            if plies[-1].claim is not None:
                raise RecordError(_("a second claim {token!r} in one turn").format(token=token), line=line)
            plies[-1].claim, plies[-1].claim_line = token, line
            continue
        try:
            move = parse_move(token)
        except MalformedError:
            raise RecordError(_("unknown movetext token {token!r}: expected e.g. 'R3x@e6', "
                                "'S@c7' or 'K1x@e6'").format(token=token), line=line) from None
        if not isinstance(move, Build):
            raise RecordError(_("unexpected token {token!r} in movetext").format(token=token), line=line)
        plies.append(RecordPly(number, second, token, line))
        number = None
    return plies, intro


def read_ppn(text: str, *, lenient: bool = False, ruleset: Ruleset | None = None,
             edition: int | None = None, location_bonus: bool | None = None) -> ReadResult:
    """Parse and replay a record. ``edition``/``location_bonus`` override the header."""
    header, body = _split(text)
    state = _setup(header, ruleset, edition, location_bonus)
    claim_open = _claim_step_open(header)
    warnings: list[str] = []
    replays: list[PlyReplay] = []
    plies, intro = _plies(body)
    for index, rp in enumerate(plies, start=1):
        build: Build = parse_move(rp.build)  # type: ignore[assignment]  # _plies keeps builds
        notes: list[str] = []

        def problem(token: str, reason: str, rule: str) -> None:
            if not lenient:
                raise IllegalRecordError(index, _quote(rp, token), reason, rule)
            notes.append(_("ply {ply} ({move}): {reason}").format(
                ply=index, move=_quote(rp, token), reason=reason))

        if state.phase is Phase.CLAIM:  # a claim step the record left out: no claim
            state = state.apply(Pass())
        if state.phase is Phase.OVER:
            player = Player(state.first_player.other if rp.second else state.first_player)
            problem(rp.build, _("the game was already over: neither player could build"), "game_over")
        else:
            player = state.to_move  # type: ignore[assignment]  # not over: someone is to move
        before = state
        reason = state.why_not(build, player) if state.phase is not Phase.OVER else None
        if reason is not None:
            problem(rp.build, reason.text, reason.rule)
        try:
            if reason is None and state.phase is not Phase.OVER:
                state = state.apply(build)
            else:
                state = place_anyway(state, player, build).state
        except IllegalMoveError as exc:
            raise IllegalRecordError(index, _quote(rp, rp.build), exc.reason, exc.rule) from None
        claim: Claim | None = None
        if rp.claim is not None:
            claim = parse_move(rp.claim)  # type: ignore[assignment]  # a cap token is a claim
            owner: Player = ppn_cap_owner(rp.claim)  # type: ignore[assignment]  # _plies checked
            state, claim_ok = _replay_claim(state, owner, claim, problem, rp)  # type: ignore[arg-type]  # set just above
            if not claim_ok:
                claim = None
        elif state.phase is Phase.CLAIM and not (claim_open and index == len(plies)):
            state = state.apply(Pass())
        replays.append(PlyReplay(index, player, build, claim, before, notes, rp.comment))
        warnings.extend(notes)
    if claim_open and state.phase is not Phase.CLAIM:
        message = _("the header says the game stops in a claim step, but its last turn "
                    "leaves no claim step open")
        if not lenient:
            raise RecordError(message)
        warnings.append(message)
    return ReadResult(header, state, replays, warnings, intro)


def _claim_step_open(header: dict[str, Any]) -> bool:
    """``Phase: claim``: the record stops after a build, before its claim or pass (the
    movetext alone would read that turn as one whose claim was passed)."""
    value = _lookup(header, "Phase")
    if value is None or str(value).strip().lower() == Phase.BUILD.value:
        return False
    if str(value).strip().lower() == Phase.CLAIM.value:
        return True
    raise RecordError(_("bad Phase {value!r}: expected 'claim' (a claim step is open) or "
                        "'build'").format(value=value))


def _replay_claim(state: GameState, owner: Player, claim: Claim,
                  problem: Callable[[str, str, str], None], rp: RecordPly) -> tuple[GameState, bool]:
    assert rp.claim is not None  # read_ppn calls this for a ply with a claim
    if state.phase is Phase.CLAIM and owner == state.to_move and state.is_legal(claim):
        return state.apply(claim), True
    if state.phase is Phase.OVER:
        problem(rp.claim, _("no claim may follow the last play of the game"), "last_play")
    elif state.phase is not Phase.CLAIM or owner != state.to_move:
        if state.claims_left(owner) <= 0:
            problem(rp.claim, _(CLAIMS_USED[owner]), "claims_used")
        else:
            problem(rp.claim, _(NOT_TURN_TO_CLAIM[owner]), "not_your_turn")
    else:
        reason = state.why_not(claim)
        problem(rp.claim, reason.text, reason.rule)  # type: ignore[union-attr]  # illegal: a reason
    try:
        step = claim_anyway(state, owner, claim)
    except AlienCityError as exc:  # nothing to cap: skip the claim, keep the turn order
        problem(rp.claim, _("claim ignored: {problem}").format(problem=exc), "not_a_tower")
        return (state.apply(Pass()) if state.phase is Phase.CLAIM else state), False
    state = step.state
    if state.phase is Phase.CLAIM:
        state = state.apply(Pass())
    return state, True


def _quote(rp: RecordPly, token: str) -> str:
    if rp.number is None:
        return token
    return f"{rp.number}{'...' if rp.second else '.'} {token}"


# -- writing ------------------------------------------------------------------------------
def write_ppn(state: GameState, extra: dict[str, Any] | None = None) -> str:
    """The record of ``state``'s game; ``extra`` adds header keys (player names, date...)."""
    lines = ["---", "GameType:", f"  Name: {GAME_NAME}", f"  Tiles: {state.city.text()}"]
    lines.append(f"Edition: {state.ruleset.edition}")
    if state.ruleset.location_bonus:
        lines.append("LocationBonus: yes")
    if state.first_player is Player.WHITE:
        lines.append("FirstPlayer: White")
    if state.seed is not None:
        lines.append(f"Seed: {state.seed}")
    if state.dice:
        lines.append("Dice: " + "; ".join(" ".join(map(str, b)) + " / " + " ".join(map(str, w))
                                         for b, w in state.dice))
    for key, value in (extra or {}).items():
        text = str(value)
        if not text or re.search(r"[:#{}\[\]\n]", text) or text != text.strip():
            text = '"' + text.replace('"', "'").replace("\n", " ") + '"'
        lines.append(f"{key}: {text}")
    if state.phase is Phase.CLAIM:  # last, so that it wins over an ``extra`` key
        lines.append(f"Phase: {Phase.CLAIM.value}")
    lines.append("...")

    # One line per turn number: "n. build [claim] n... build [claim]". A player who builds
    # twice in a row (the other was skipped) gets the next number.
    first = state.first_player
    turns: list[list[str]] = []
    n_first = n_second = 0
    for player, move in state.history:
        if isinstance(move, Build):
            if player is first:
                n_first += 1
                turns.append([f"{n_first}.", move.ppn()])
                continue
            n_second = max(n_first, n_second + 1)
            entry = [f"{n_second}...", move.ppn()]
            if turns and turns[-1][0] == f"{n_second}." and not any(t.endswith("...") for t in turns[-1]):
                turns[-1].extend(entry)
            else:
                turns.append(entry)
        elif isinstance(move, Claim) and turns:
            turns[-1].append(move.ppn(player))
    lines.extend(" ".join(t) for t in turns)
    return "\n".join(lines) + "\n"
