"""The game review: where a finished game was won and lost, for any game of the contract.

Each position of a record is searched by the game's strongest computer level with a fixed
iteration budget (no clock: the same seed gives the same review on any machine). The
search names the best move it finds, and its own values judge the moves (never the
static guess of the positions after them): a tree search's statistics for the best move
and for the move played (which the search always tries), or, when it hardly looked at
the move played, a search of its own from each position after the two moves, with the
same budget (:mod:`shared.gamekit.review_search`, chosen by ``GameSpec.review_search``). A seat's
*lead* is its value less the best other seat's; the *loss* of a move is how much lead
the mover gave away against the best move found, as the search sees it (never below
zero: when the played move looks at least as good, it was the best move).

The graph and the losses are one measure. Where the search's values can be graphed
(``ReviewSearch.graph_values``: City Blocks and Sprawl, games without chance, where a
position is worth its best move), ``before`` and ``after`` are the search's values of
the best move found and of the move played (a forced move keeps the values before it),
``graph`` is 'search', and the screen's graph draws each move as a step from the best
move's value to the played move's: the mover's lead falls by exactly its loss, and the
line ends at the last move's value (the result of a finished game). Otherwise (Alien City, whose end game is
searched to the end) ``after`` is the game's :meth:`~shared.gamekit.api.GameSpec.projection`
of the position after the move and ``before`` that plus the loss on the mover's side.

Each turn also keeps its *card* (``TurnReview.top``): the position's best moves with the
mover's lead after each, from the very search that gave the loss, the move played always
among them. The screen's analysis of a reviewed position is that card, so the loss it
states is the card's best lead less the card's lead of the move played, never a second
search's different opinion.

Pure Python and game-generic: the client runs it in a worker thread with ``progress``
and ``cancel``; :mod:`shared.gamekit.review_cache` keeps finished reviews.
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from .api import GameSpec, IllegalMove, Record, RecordError, State
from .review_search import ReviewCancelled, ReviewSearch, Searched, Values, check

VERSION = 9                 # bump when the method changes: cached reviews are redone
#                             (2, 3: losses from the search's values, not static guesses;
#                             4: Alien City's end game searched to the end; 5: and graphed;
#                             6: every game's search values, both moves searched alike;
#                             7: each turn keeps its card, the top moves of that search;
#                             8: the graph from the search's values where the game can;
#                             9: City Blocks' values in points, a finished game its margin)
DEFAULT_ITERATIONS = 300    # search budget per position
NOTABLE = {"points": 2.0, "value": 0.08}   # losses below this are not worth a mark
DIGITS = 3                  # projections are kept rounded (stable through JSON)
CARD_MOVES = 3              # a turn's card: the best three moves (and the move played)

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class ReviewSettings:
    """How a review searches: the level (default: the game's strongest), the iterations
    per position and the seed. Part of the cache key."""

    level: str = ""
    iterations: int = DEFAULT_ITERATIONS
    seed: int = 1

    def for_spec(self, spec: GameSpec) -> "ReviewSettings":
        """These settings with the level filled in (the strongest the game has)."""
        if self.level:
            if self.level not in spec.computer_levels:
                raise ValueError(f"{spec.title} has no computer level {self.level!r}: "
                                 f"{', '.join(spec.computer_levels)}")
            return self
        if not spec.computer_levels:
            raise ValueError(f"{spec.title} has no computer player to review a game with")
        return ReviewSettings(spec.computer_levels[-1], self.iterations, self.seed)

    def to_dict(self) -> dict[str, Any]:
        return {"level": self.level, "iterations": self.iterations, "seed": self.seed}


@dataclass(frozen=True)
class TurnReview:
    """One move of the game as the review saw it. ``after`` is the projection after the
    move played; ``before`` the same with the loss given back to the mover (what the best
    move found would have kept, in the search's view)."""

    ply: int                      # 1, 2, ... (moves only; a seat leaving is no ply)
    seat: int                     # the seat that moved
    played: str                   # the move's text
    best: str                     # the best move found (== played when it was the best)
    before: tuple[float, ...]
    after: tuple[float, ...]
    loss: float                   # the mover's lead given away, >= 0
    forced: bool = False          # the only legal move
    top: tuple[tuple[str, float], ...] = ()   # the card: (move text, mover's lead) best first,
    #                                           the move played among them; () when not kept

    @property
    def was_best(self) -> bool:
        return self.best == self.played

    def lead_before(self, seat: int | None = None) -> float:
        return lead(self.before, self.seat if seat is None else seat)

    def lead_after(self, seat: int | None = None) -> float:
        return lead(self.after, self.seat if seat is None else seat)

    def to_dict(self) -> dict[str, Any]:
        return {"ply": self.ply, "seat": self.seat, "played": self.played, "best": self.best,
                "before": list(self.before), "after": list(self.after), "loss": self.loss,
                "forced": self.forced, "top": [[move, value] for move, value in self.top]}

    def card_lead(self, move: str) -> float | None:
        """The card's lead after ``move`` (its text), or None: not on the card."""
        return next((value for text, value in self.top if text == move), None)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "TurnReview":
        return cls(int(data["ply"]), int(data["seat"]), str(data["played"]), str(data["best"]),
                   tuple(float(v) for v in data["before"]), tuple(float(v) for v in data["after"]),
                   float(data["loss"]), bool(data.get("forced", False)),
                   tuple((str(move), float(value)) for move, value in data.get("top", ())))


@dataclass
class Review:
    """A whole game's review (msgpack- and JSON-safe through ``to_dict``)."""

    game: str
    seats: int
    unit: str                     # 'points' or 'value' (the spec's ``review_unit``)
    settings: ReviewSettings
    record_hash: str
    start: tuple[float, ...]      # the projection of the first position
    turns: list[TurnReview] = field(default_factory=list)
    version: int = VERSION
    graph: str = "projection"     # what before/after hold: 'search' values or a 'projection'

    @property
    def seed(self) -> int:
        return self.settings.seed

    @property
    def notable(self) -> float:
        """The smallest loss worth marking on the graph."""
        return NOTABLE.get(self.unit, NOTABLE["value"])

    def leads(self, seat: int) -> list[float]:
        """``seat``'s lead over the game: the start, then after each move (the graph)."""
        return [lead(self.start, seat)] + [lead(t.after, seat) for t in self.turns]

    def round_length(self) -> int:
        """Plies in a round (every seat's turn once): seats x plies / turns, where a turn
        starts when the mover changes (Alien City's build and claim are one turn)."""
        movers = [t.seat for t in self.turns]
        turns = 1 + sum(1 for a, b in zip(movers, movers[1:]) if a != b) if movers else 1
        return max(1, round(self.seats * len(movers) / turns))

    def smoothed_leads(self, seat: int) -> list[float]:
        """``leads`` averaged over the last round at each ply: a one-move projection
        favours whoever just moved (the others have not answered yet), which makes the
        raw line zigzag from move to move; over a round every seat has had its move."""
        raw = self.leads(seat)
        width = self.round_length()
        out = []
        for i in range(len(raw)):
            window = raw[max(0, i - width + 1):i + 1]
            out.append(round(sum(window) / len(window), DIGITS))
        return out

    def worst(self, count: int = 3, seat: int | None = None) -> list[TurnReview]:
        """The turns where a seat (any, or ``seat``) lost the most, worst first; only
        losses of at least ``notable``, at most ``count`` per seat."""
        out: list[TurnReview] = []
        per_seat: dict[int, int] = {}
        for turn in sorted(self.turns, key=lambda t: (-t.loss, t.ply)):
            if turn.loss < self.notable or (seat is not None and turn.seat != seat):
                continue
            if per_seat.get(turn.seat, 0) < count:
                per_seat[turn.seat] = per_seat.get(turn.seat, 0) + 1
                out.append(turn)
        return out

    def total_loss(self, seat: int) -> float:
        return round(sum(t.loss for t in self.turns if t.seat == seat), DIGITS)

    def to_dict(self) -> dict[str, Any]:
        return {"version": self.version, "game": self.game, "seats": self.seats,
                "unit": self.unit, "settings": self.settings.to_dict(),
                "record_hash": self.record_hash, "start": list(self.start),
                "turns": [t.to_dict() for t in self.turns], "graph": self.graph}

    @classmethod
    def from_dict(cls, data: object) -> "Review":
        """A review back from ``to_dict``; ``ValueError`` names what is missing or wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"a review is a map, got {type(data).__name__}")
        try:
            s = data["settings"]
            return cls(str(data["game"]), int(data["seats"]), str(data["unit"]),
                       ReviewSettings(str(s["level"]), int(s["iterations"]), int(s["seed"])),
                       str(data["record_hash"]), tuple(float(v) for v in data["start"]),
                       [TurnReview.from_dict(t) for t in data["turns"]],
                       int(data.get("version", 0)), str(data.get("graph", "projection")))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a game review: {exc!r}") from None


def lead(values: Sequence[float], seat: int) -> float:
    """``seat``'s projection less the best other seat's (its margin for first place)."""
    others = [v for i, v in enumerate(values) if i != seat]
    return round(values[seat] - max(others), DIGITS) if others else 0.0


def record_hash(spec: GameSpec, record: Record) -> str:
    """The record's content (game, start position, moves), hashed: equal for the same
    game however it was saved or titled."""
    if record.start is None:
        raise RecordError(f"this {spec.title} record cannot be replayed (no start position)")
    body = {"game": spec.id, "start": record.start.to_dict(), "moves": list(record.moves)}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Step:
    """One move of a record replayed: the position before it, the move, the position after."""

    ply: int
    before: State
    move: Any
    after: State


def steps(spec: GameSpec, record: Record) -> Iterator[Step]:
    """The record's moves in order with the positions around them (seats leaving are
    applied, not listed). ``RecordError`` at the first move the rules refuse."""
    if record.start is None:
        raise RecordError(f"this {spec.title} record cannot be replayed (no start position)")
    state, ply = record.start, 0
    for text in record.moves:
        leaver = spec.leaver(text)
        if leaver is not None:
            state, _ = state.resign(leaver)
            continue
        ply += 1
        move = spec.parse_move(text)
        try:
            after, _ = state.play(move)
        except IllegalMove as exc:
            raise RecordError(f"ply {ply} ({text}): {exc.rejection.text}", illegal=True, ply=ply,
                              token=text, rule=exc.rejection.code) from None
        yield Step(ply, state, move, after)
        state = after


def _projection(search: ReviewSearch, state: State,
                cancel: threading.Event | None = None) -> tuple[float, ...]:
    return tuple(round(float(v), DIGITS) for v in search.projection(state, cancel))


def review_turn(spec: GameSpec, step: Step, settings: ReviewSettings,
                cancel: threading.Event | None = None,
                search: ReviewSearch | None = None,
                carried: tuple[float, ...] | None = None) -> TurnReview:
    """One position searched: the best move found against the move played, each valued
    by the search (``search``: the game's, made from ``settings`` when not given).
    ``carried``: the graph's values before the move (the last turn's ``after``), which a
    forced move keeps when the graph shows the search's values (a forced move that ends
    the game shows the result instead)."""
    settings = settings.for_spec(spec)
    search = search or spec.review_search(settings)
    seat = step.before.to_move
    assert seat is not None  # a step is a move, so a seat was to move
    played = spec.move_text(step.move)
    by_search = search.graph_values
    if len(step.before.legal_moves()) <= 1:
        end = search.end_values(step.after) if by_search and step.after.is_over() else None
        if end is not None:   # a forced last move: the game's result, as the search scores it
            after = _rounded(end)
        else:
            after = carried if by_search and carried is not None else _projection(search, step.after, cancel)
        return TurnReview(step.ply, seat, played, played, after, after, 0.0, forced=True)
    best_value, played_value, best, found = searched_values(search, step, cancel)
    better: tuple[float, ...] | None = None
    if by_search and best_value and played_value:   # the graph's values: kept as rounded
        after = played_value = _rounded(played_value)
        better = best_value = _rounded(best_value)
    else:
        after = _projection(search, step.after, cancel)
    used = {best: best_value, played: played_value}
    loss = 0.0 if best == played else round(lead(best_value, seat) - lead(played_value, seat), DIGITS)
    if loss <= 0:  # the move played looks at least as good: it was the best found
        card = card_of(spec, found, seat, used, played)
        return TurnReview(step.ply, seat, played, played, after, after, 0.0, top=card)
    if better is None:
        better = tuple(round(v + loss, DIGITS) if i == seat else v for i, v in enumerate(after))
    return TurnReview(step.ply, seat, played, best, better, after, loss, top=card_of(spec, found, seat, used, best))


def _rounded(values: Values) -> tuple[float, ...]:
    return tuple(round(float(v), DIGITS) for v in values)


def card_of(spec: GameSpec, found: Searched, seat: int, used: dict[str, Values], first: str,
            count: int = CARD_MOVES) -> tuple[tuple[str, float], ...]:
    """The turn's card: ``first`` (the better move the turn names), then the search's
    next moves by the mover's lead, ``count`` in all, and the move played added when it
    is not among them. ``used`` are the values the loss was taken from (better and played
    move), which stand for those two moves; () when the search kept no values for them
    (a level without a search)."""
    if any(not values for values in used.values()):
        return ()
    leads = {spec.move_text(move): lead(values, seat) for move, values in found.values.items()}
    leads.update({text: lead(values, seat) for text, values in used.items()})
    ranked = sorted(((text, value) for text, value in leads.items() if text != first), key=lambda item: -item[1])
    card = [(first, leads[first])] + ranked[:count - 1]
    played = list(used)[-1]
    if all(text != played for text, _ in card):
        card.append((played, leads[played]))
    return tuple(card)


def move_values(search: ReviewSearch, step: Step,
                cancel: threading.Event | None = None) -> tuple[Values, Values, str]:
    """The search's values (per seat) of the best move it finds and of the move played,
    and the best move's text (:func:`searched_values` without the search itself)."""
    return searched_values(search, step, cancel)[:3]


def searched_values(search: ReviewSearch, step: Step,
                    cancel: threading.Event | None = None) -> tuple[Values, Values, str, Searched]:
    """The search's values (per seat) of the best move it finds and of the move played,
    the best move's text and the search's root. Both come from the root's statistics when
    the search (which always tries the move played) visited both enough; otherwise each
    position after the two moves gets a search of its own with the same budget, so the
    two are alike."""
    spec, seat = search.spec, step.before.to_move
    assert seat is not None  # a step is a move, so a seat was to move
    found = search.search(step.before, cancel, include=(step.move,))
    best = spec.move_text(found.best)
    if best == spec.move_text(step.move):
        value = found.values.get(found.best, ())
        return value, value, best, found
    best_value, played_value = found.values.get(found.best), found.values.get(step.move)
    if best_value is None or played_value is None:
        best_value = search.value_after(step.before.play(found.best)[0], seat, cancel)
        played_value = search.value_after(step.after, seat, cancel)
    return best_value, played_value, best, found


def review_record(spec: GameSpec, record: Record, settings: ReviewSettings = ReviewSettings(), *,
                  progress: Progress | None = None,
                  cancel: threading.Event | None = None) -> Review:
    """Review every move of ``record``. ``progress(done, total)`` is called before the
    first position and after each; ``cancel`` (set from another thread) stops the search
    at once and raises :class:`ReviewCancelled`."""
    settings = settings.for_spec(spec)
    moves = list(steps(spec, record))
    assert record.start is not None  # steps() refuses a record without one
    search = spec.review_search(settings)
    review = Review(spec.id, record.start.seat_count, spec.review_unit, settings,
                    record_hash(spec, record), _projection(search, record.start, cancel))
    total = len(moves)
    if progress is not None:
        progress(0, total)
    if search.graph_values:
        review.graph = "search"
    carried = review.start
    for i, step in enumerate(moves, start=1):
        check(cancel)
        turn = review_turn(spec, step, settings, cancel, search, carried)
        if i == 1 and search.graph_values and not turn.forced:
            review.start = carried = turn.before   # the start as the search values it
        review.turns.append(turn)
        carried = turn.after
        if progress is not None:
            progress(i, total)
    return review


__all__ = ["DEFAULT_ITERATIONS", "Review", "ReviewCancelled", "ReviewSettings", "Step",
           "TurnReview", "card_of", "lead", "move_values", "record_hash", "review_record", "review_turn", "steps"]
