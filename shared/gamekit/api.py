"""The contract every game of the platform implements.

A game is a small frozen :class:`GameSpec` (what the game is: id, seats, options, records,
computer levels) plus immutable :class:`State` values (one position each), in the spirit
of OpenSpiel's ``Game``/``State`` and python-chess's move text. The server, the client, the
bots and the CLI only ever talk to a game through these two shapes, so a game is one
package under ``shared/`` and one line in :mod:`shared.gamekit.registry`.

Conventions every game keeps:

- Seats are numbered ``0..n-1``. ``SeatInfo.name`` is the seat's protocol name
  (``black``, ``blue``, ``seat3``), stable for a given option set.
- Moves are hashable values equal by content; ``spec.move_text(move)`` is their canonical
  text and ``spec.parse_move(text)`` reads it back (python-chess ``Move.uci()``/``from_uci``).
- ``why_not`` answers a :class:`Rejection` (a short rule code and a sentence a player
  understands); ``play`` raises :class:`IllegalMove` carrying the same rejection.
- Everything a state says about itself is msgpack-safe through ``to_dict``; events are
  dicts with a ``"type"`` key.
- Every random choice comes from the seed given to ``new_state``; the state keeps it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Hashable, Iterator, Mapping, Protocol, Sequence, runtime_checkable

from shared.i18n import domain

from .analyze import analyze as analyze_record

# The contract's errors live in .errors (the modules below raise them) and are offered here,
# as is the Report that score_report and analyze_report return.
from .errors import BadOptions as BadOptions
from .errors import GameError as GameError
from .errors import IllegalMove as IllegalMove
from .errors import MalformedMove as MalformedMove
from .errors import RecordError as RecordError
from .report import Report as Report
from .report import analyze_report, score_report
from .review_search import ReviewSearch

_, N_, ngettext, pgettext = domain("cli")


def level_name(level: str) -> str:
    """A computer level as people read it ("hard"), in the language in use; a level this
    table does not know is shown as it is."""
    names = {"random": pgettext("computer level", "random"),
             "easy": pgettext("computer level", "easy"),
             "medium": pgettext("computer level", "medium"),
             "hard": pgettext("computer level", "hard"),
             "expert": pgettext("computer level", "expert"),
             "mcts": pgettext("computer level", "mcts")}
    return names.get(level, level)


# -- values ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Rejection:
    """Why a move may not be played: ``code`` for programs, ``text`` for people."""

    code: str
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "text": self.text}


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a game with given options."""

    name: str                    # protocol name: 'black', 'blue', 'seat3'
    label: str                   # shown to people: 'Black', 'Blue + Red'
    colour: tuple[int, int, int]  # the seat's main colour (RGB)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "label": self.label, "colour": list(self.colour)}


@dataclass(frozen=True)
class OptionField:
    """One option a game accepts, for forms and the protocol's option schema.
    ``kind`` is ``'choice'`` (one of ``choices``), ``'bool'`` or ``'int'``."""

    name: str
    kind: str
    default: Any
    label: str
    help: str = ""
    choices: tuple[Any, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.default,
               "label": self.label, "help": self.help}
        if self.choices:
            out["choices"] = list(self.choices)
        return out


@dataclass(frozen=True)
class MoveMapField:
    """One field of a game's move map, the wire's second form of a move
    (``{"colour": "red", "piece": "I2", "squares": ["t19", "t20"]}``). ``kind`` is
    ``'text'`` or ``'list'`` (a list of texts); a map may leave out a field that is not
    ``required``."""

    name: str
    kind: str = "text"
    required: bool = False


def read_move_map(fields: Sequence[MoveMapField], raw: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a move map checked against a game's ``move_map_fields``: no field the
    game lacks (typos must not pass), each of its kind (a text where a list belongs is
    refused, never split into characters), required ones present; nil counts as absent.
    Raises :class:`MalformedMove` naming the field."""
    if not fields:
        raise MalformedMove(_("this game's moves are text; it has no move map"))
    known = {f.name: f for f in fields}
    unknown = sorted(repr(str(key)[:32]) for key in raw if key not in known)
    if unknown:
        raise MalformedMove(_("unknown field {fields} in the move map (its fields: {known})")
                            .format(fields=", ".join(unknown), known=", ".join(known)))
    out: dict[str, Any] = {}
    for name, spec in known.items():
        value = raw.get(name)
        if value is None:
            if spec.required:
                raise MalformedMove(_("the move map needs the field '{field}'").format(field=name))
            continue
        if spec.kind == "list":
            if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
                raise MalformedMove(_("'{field}' must be a list of texts, got {value}").format(
                    field=name, value=repr(value)[:80]))
            value = list(value)
        elif not isinstance(value, str):
            raise MalformedMove(_("'{field}' must be text, got {value}").format(
                field=name, value=repr(value)[:80]))
        out[name] = value
    return out


@dataclass(frozen=True)
class Record:
    """A game record read back: the final state, the moves in play order (canonical text),
    the record's header and, for a lenient reading, the rule breaks it let through."""

    state: "State"
    moves: tuple[str, ...]
    start: "State | None" = None   # the state before the first move (for replays)
    headers: Mapping[str, str] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()


def places_from_scores(scores: Sequence[float], higher_is_better: bool = True) -> tuple[int, ...]:
    """Competition ranking (1, 2, 2, 4) from one score per seat."""
    sign = 1 if higher_is_better else -1
    return tuple(1 + sum(1 for other in scores if sign * other > sign * mine) for mine in scores)


def returns_from_places(places: Sequence[int]) -> tuple[float, ...]:
    """Returns in [-1, 1] from places: first +1, last -1, evenly between; shared places
    share the mean. All equal (or one seat) gives zeros."""
    n = len(places)
    if n < 2:
        return (0.0,) * n
    order = sorted(places)
    values = []
    for place in places:
        # positions this place occupies in a sorted list, averaged
        positions = [i for i, p in enumerate(order) if p == place]
        mean = sum(positions) / len(positions)
        values.append(1.0 - 2.0 * mean / (n - 1))
    return tuple(values)


# -- the two shapes -----------------------------------------------------------------------
@runtime_checkable
class LegalMoves(Protocol):
    """A lazy view of the legal moves of the seat to move. ``len`` and ``random`` must not
    build the whole list (City Blocks opens with ~29,000 placements)."""

    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Any]: ...
    def __contains__(self, move: object) -> bool: ...
    def random(self, rng: random.Random) -> Any:
        """One legal move chosen uniformly with ``rng`` (IndexError when there is none)."""


@runtime_checkable
class State(Protocol):
    """One position of one game: immutable; playing returns a new state."""

    @property
    def spec(self) -> "GameSpec": ...

    @property
    def options(self) -> Mapping[str, Any]:
        """The validated options the game was made with."""

    @property
    def seat_count(self) -> int: ...

    @property
    def to_move(self) -> int | None:
        """The seat to move; ``None`` once the game is over. Never a seat that has left
        (a game whose turns pass through a leaver's colours plays them itself)."""

    def legal_moves(self) -> LegalMoves: ...

    def why_not(self, move: Any, seat: int | None = None) -> Rejection | None:
        """The rule that forbids ``move`` for ``seat`` (default: the seat to move) now, or
        ``None`` when it is legal. Another seat gets code ``not_your_turn``."""

    def play(self, move: Any, seat: int | None = None) -> tuple["State", list[dict[str, Any]]]:
        """The next state and what happened (event dicts). Raises :class:`IllegalMove`."""

    def resign(self, seat: int) -> tuple["State", list[dict[str, Any]]]:
        """``seat`` leaves the game (resigns or is dropped): the game decides what follows
        (a 2-seat game ends; a multi-seat game may play on without the seat). Raises
        :class:`IllegalMove` when the game is over or the seat has already left."""

    def is_over(self) -> bool: ...

    def returns(self) -> tuple[float, ...]:
        """One value per seat in [-1, 1]; zeros for a game still running."""

    def ranking(self) -> tuple[int, ...]:
        """Place per seat (1 = first; shared places repeat: (1, 1, 3)). For a game still
        running: the places if it ended now."""

    def score(self) -> dict[str, Any]:
        """The score breakdown as msgpack-safe data (final once the game is over)."""

    def turn(self) -> dict[str, Any]:
        """Small facts about whose turn and which step, sent with every move."""

    def key(self) -> Hashable:
        """Equal for equal positions (for search transpositions and tests)."""

    def to_dict(self) -> dict[str, Any]:
        """The whole state as msgpack-safe primitives; ``spec.state_from_dict`` reads it."""


class Bot(Protocol):
    """A computer player. ``choose`` blocks: run it in a worker thread or executor."""

    level: str

    def choose(self, state: State, *, deadline_s: float | None = None,
               stop: Any = None) -> Any:
        """A legal move for the seat to move, within ``deadline_s`` seconds, at once when
        the ``stop`` event (a ``threading.Event``) is set."""


class GameSpec(ABC):
    """What a game is. Subclasses are frozen in spirit: set class attributes, no state."""

    id: str                          # 'alien-city'
    title: str                       # 'Alien City'
    seat_counts: tuple[int, ...]     # (2,) or (2, 3, 4)
    computer_levels: tuple[str, ...] = ()
    record_suffix: str = ""          # '.ppn'
    record_game_names: tuple[str, ...] = ()   # values of a record's 'Game:' header
    analyze_lists_legal: bool = False  # analyze's plies carry the sorted legal texts too
    move_map_fields: tuple[MoveMapField, ...] = ()  # the move map's fields; () = text only

    # -- options and seats ----------------------------------------------------------------
    @abstractmethod
    def option_schema(self) -> tuple[OptionField, ...]:
        """The options a client may set (``players`` among them for multi-seat games)."""

    @abstractmethod
    def options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """Complete validated options from raw input. Raises :class:`BadOptions`."""

    @abstractmethod
    def seats(self, options: Mapping[str, Any]) -> tuple[SeatInfo, ...]:
        """The seats of a game with these (validated) options."""

    @abstractmethod
    def describe(self, options: Mapping[str, Any]) -> str:
        """Options in a few words for lobby lists ('4 players', '2004+location')."""

    # -- states and moves -------------------------------------------------------------------
    @abstractmethod
    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        """A new game; the seed decides everything random in it."""

    @abstractmethod
    def state_from_dict(self, data: object) -> State:
        """A state back from ``State.to_dict()``. Raises :class:`GameError` on bad data."""

    @abstractmethod
    def parse_move(self, text: str) -> Any:
        """Move text -> move. Raises :class:`MalformedMove` quoting the text."""

    @abstractmethod
    def move_text(self, move: Any) -> str:
        """The canonical text of a move."""

    def leaver(self, token: str) -> int | None:
        """The seat a record token says left the game (games whose records keep
        leavers, in ``Record.moves``), else ``None``."""
        return None

    def is_pass(self, move: Any) -> bool:
        """Is this move a pass (left out of ``analyze``'s legal counts)?"""
        return False

    def move_from_wire(self, raw: Any) -> Any:
        """A move as a client sent it -> move: text through ``parse_move``, a map through
        ``read_move_map`` and ``move_from_map``. Raises :class:`MalformedMove`."""
        if isinstance(raw, str):
            return self.parse_move(raw)
        if isinstance(raw, Mapping):
            return self.move_from_map(read_move_map(self.move_map_fields, raw))
        raise MalformedMove(_("a move is text or a move map, got {type}").format(
            type=type(raw).__name__))

    def move_from_map(self, fields: Mapping[str, Any]) -> Any:
        """A move from a move map whose fields :func:`read_move_map` has checked against
        ``move_map_fields``. Games that declare fields override it."""
        raise MalformedMove(_("this game's moves are text; it has no move map"))

    # -- records ----------------------------------------------------------------------------
    @abstractmethod
    def read_record(self, text: str, *, lenient: bool = False) -> Record:
        """A record in the game's own format -> the game it tells. Strict by default: the
        first forbidden move raises :class:`RecordError` (``illegal=True``)."""

    @abstractmethod
    def write_record(self, state: State, headers: Mapping[str, str] | None = None) -> str:
        """The game so far in the game's own record format."""

    def is_record(self, text: str) -> bool:
        """Does this text look like a record of this game (its ``Game:`` header)?"""
        for line in text.splitlines()[:30]:
            key, sep, value = line.partition(":")
            if sep and key.strip().lower() == "game":
                return value.strip().strip('"').lower() in {n.lower() for n in self.record_game_names}
        return False

    def analyze(self, text: str, *, lenient: bool = False) -> dict[str, Any]:
        """The ``alien-city analyze --json`` object of a record (docs/games/): every ply
        with the legal moves of the seat to move, then the score. Games whose lenient
        reading cannot be replayed move by move override this."""
        return analyze_record(self, self.read_record(text, lenient=lenient),
                       list_legal=self.analyze_lists_legal)

    def score_summary(self, state: State) -> dict[str, Any] | None:
        """The ``score`` object of ``alien-city analyze --json`` (see docs/games/);
        ``None`` leaves it out."""
        return state.score()

    def score_text(self, state: State) -> str:
        """The score breakdown for people (``alien-city score``)."""
        places = state.ranking()
        return "\n".join(_("{seat}: place {place}").format(seat=seat.label, place=place)
                         for seat, place in zip(self.seats_of(state), places))

    def seats_of(self, state: State) -> tuple[SeatInfo, ...]:
        """The seats of a running game."""
        return self.seats(state.options)

    # -- the score and analyze commands -------------------------------------------------------
    def record_options(self) -> tuple[OptionField, ...]:
        """Options ``alien-city score``/``analyze`` take for this game's records beyond the
        common ones (Alien City's rules edition, overriding the record's header). The
        command offers each as ``--name-with-dashes`` (a ``choice`` among ``choices``, a
        ``bool`` flag, an ``int``) and hands the ones given to the reports below."""
        return ()

    def score_report(self, text: str, *, lenient: bool = False, as_json: bool = False,
                     options: Mapping[str, Any] | None = None) -> Report:
        """What ``alien-city score`` prints for a record (``options``: the given
        ``record_options``). Raises :class:`RecordError` as ``read_record`` does."""
        return score_report(self, text, lenient=lenient, as_json=as_json)

    def analyze_report(self, text: str, *, lenient: bool = False, as_json: bool = False,
                       options: Mapping[str, Any] | None = None) -> Report:
        """What ``alien-city analyze`` prints for a record: by default one line per ply,
        then ``score_text`` (``as_json``: the ``analyze`` object)."""
        return analyze_report(self, text, lenient=lenient, as_json=as_json)

    # -- computers --------------------------------------------------------------------------
    @abstractmethod
    def make_bot(self, level: str, seed: int = 0, *, iterations: int | None = None,
                 think_s: float | None = None) -> Bot:
        """A computer player of one of ``computer_levels``; ``iterations`` fixes its search
        budget (tests), ``think_s`` its time per move."""

    def computer_name(self, level: str) -> str:
        # TRANSLATORS: a computer player's name; {level} is easy, medium, hard, ...
        return _("Computer ({level})").format(level=level_name(level))

    # -- the game review --------------------------------------------------------------------
    review_unit: str = "value"   # what ``projection`` counts: 'points' or 'value'

    def projection(self, state: State) -> tuple[float, ...]:
        """Each seat's prospects from ``state`` (higher is better), for the game review: a
        guess of its final score when ``review_unit`` is 'points' (only the differences
        between seats matter), else a value in [-1, 1]. Games override it with their own
        evaluation; by default the returns of a finished game, else half of the returns
        the ranking as it stands would give."""
        if state.is_over():
            return tuple(float(v) for v in state.returns())
        return tuple(0.5 * v for v in returns_from_places(state.ranking()))

    def review_search(self, settings: Any) -> Any:
        """How the game review searches a position and values moves (a
        :class:`shared.gamekit.review_search.ReviewSearch` for ``settings``, a
        ``ReviewSettings`` with the level filled in). The default lets the level's bot
        choose and values a move by the level's answers, then ``projection``; a game whose
        bot keeps search statistics returns a subclass that reads them."""
        return ReviewSearch(self, settings)

    # -- the protocol's view ----------------------------------------------------------------
    def info(self) -> dict[str, Any]:
        """What the server's ``welcome`` says about this game."""
        return {"id": self.id, "title": self.title, "seat_counts": list(self.seat_counts),
                "options": [f.to_dict() for f in self.option_schema()],
                "computer_levels": list(self.computer_levels)}

    def __repr__(self) -> str:
        return f"<game {self.id}>"
