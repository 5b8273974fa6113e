"""Nim: the template game, the smallest complete implementation of the game contract.

Copy this file to add a game. Two players take turns removing one or more objects from
a single pile; whoever takes the last object wins. It lives in ``tests/`` only: the test
suite registers it in a registry of its own, and it plays through the same conformance
suite, server and headless client as the shipped games with no change to generic code.

Moves are ``PILE-COUNT`` (``2-3`` takes three objects from pile 2); a record is a few
``Key: value`` header lines, a blank line and the moves separated by spaces, with
``resign:SEAT`` for a seat that left.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

from shared.gamekit.api import (
    BadOptions,
    GameError,
    GameSpec,
    IllegalMove,
    MalformedMove,
    OptionField,
    Record,
    RecordError,
    Rejection,
    SeatInfo,
)

PILES = {"3-4-5": (3, 4, 5), "5-7-9": (5, 7, 9), "7-9-11": (7, 9, 11)}
SEATS = (SeatInfo("first", "First", (200, 80, 60)), SeatInfo("second", "Second", (60, 110, 200)))
FORMAT = 1


@dataclass(frozen=True, order=True)
class Take:
    """Take ``count`` objects from pile ``pile`` (numbered from 1)."""

    pile: int
    count: int


class NimMoves:
    """The lazy legal-move view: counted and sampled without building the list."""

    def __init__(self, piles: tuple[int, ...]) -> None:
        self.piles = piles

    def __len__(self) -> int:
        return sum(self.piles)

    def __iter__(self) -> Iterator[Take]:
        for pile, size in enumerate(self.piles, 1):
            for count in range(1, size + 1):
                yield Take(pile, count)

    def __contains__(self, move: object) -> bool:
        return (isinstance(move, Take) and 1 <= move.pile <= len(self.piles)
                and 1 <= move.count <= self.piles[move.pile - 1])

    def random(self, rng: random.Random) -> Take:
        index = rng.randrange(len(self))  # IndexError on an empty range, as the contract says
        for pile, size in enumerate(self.piles, 1):
            if index < size:
                return Take(pile, index + 1)
            index -= size
        raise AssertionError("unreachable")


@dataclass(frozen=True)
class NimState:
    """One position: the piles, whose turn, and who resigned (if anyone)."""

    spec: "NimSpec"
    options: Mapping[str, Any]
    seed: int
    piles: tuple[int, ...]
    mover: int = 0
    moves: tuple[str, ...] = ()
    resigned: int | None = None
    seat_count: int = field(default=2)

    @property
    def to_move(self) -> int | None:
        return None if self.is_over() else self.mover

    def is_over(self) -> bool:
        return self.resigned is not None or not any(self.piles)

    def winner(self) -> int | None:
        if self.resigned is not None:
            return 1 - self.resigned
        return 1 - self.mover if not any(self.piles) else None  # the last taker moved before

    def legal_moves(self) -> NimMoves:
        return NimMoves(() if self.is_over() else self.piles)

    def why_not(self, move: Any, seat: int | None = None) -> Rejection | None:
        if self.is_over():
            return Rejection("game_over", "The game is over.")
        if seat is not None and seat != self.mover:
            return Rejection("not_your_turn", "It is not your turn.")
        if not isinstance(move, Take) or not 1 <= move.pile <= len(self.piles):
            return Rejection("no_such_pile", f"There is no pile {getattr(move, 'pile', move)}.")
        if not 1 <= move.count <= self.piles[move.pile - 1]:
            return Rejection("too_many", f"Pile {move.pile} has {self.piles[move.pile - 1]} left.")
        return None

    def play(self, move: Any, seat: int | None = None) -> tuple["NimState", list[dict]]:
        reason = self.why_not(move, seat)
        if reason is not None:
            raise IllegalMove(self.spec.move_text(move) if isinstance(move, Take) else repr(move), reason)
        piles = list(self.piles)
        piles[move.pile - 1] -= move.count
        after = NimState(self.spec, self.options, self.seed, tuple(piles), 1 - self.mover,
                         self.moves + (self.spec.move_text(move),))
        events: list[dict] = [{"type": "take", "seat": self.mover, "pile": move.pile, "count": move.count}]
        if after.is_over():
            events.append({"type": "game_over", "winner": after.winner()})
        return after, events

    def resign(self, seat: int) -> tuple["NimState", list[dict]]:
        if self.is_over() or seat not in (0, 1):
            raise IllegalMove(f"resign:{seat}", Rejection("game_over", "The game is over."))
        after = NimState(self.spec, self.options, self.seed, self.piles, self.mover,
                         self.moves + (f"resign:{seat}",), resigned=seat)
        return after, [{"type": "resigned", "seat": seat}, {"type": "game_over", "winner": 1 - seat}]

    def ranking(self) -> tuple[int, ...]:
        winner = self.winner()
        return (1, 1) if winner is None else tuple(1 if s == winner else 2 for s in (0, 1))

    def returns(self) -> tuple[float, ...]:
        winner = self.winner()
        return (0.0, 0.0) if winner is None else tuple(1.0 if s == winner else -1.0 for s in (0, 1))

    def score(self) -> dict:
        return {"piles": list(self.piles), "winner": self.winner()}

    def turn(self) -> dict:
        return {"ply": len(self.moves), "seat": self.to_move}

    def key(self) -> tuple:
        return (self.piles, self.mover, self.resigned)

    def to_dict(self) -> dict:
        return {"format": FORMAT, "options": dict(self.options), "seed": self.seed,
                "moves": list(self.moves)}


class NimSpec(GameSpec):
    """Nim for two: options ``piles`` (the starting piles), levels random and expert."""

    id = "nim"
    title = "Nim"
    seat_counts = (2,)
    computer_levels = ("random", "expert")
    record_suffix = ".nim"
    record_game_names = ("Nim",)

    def option_schema(self) -> tuple[OptionField, ...]:
        return (OptionField("piles", "choice", "5-7-9", "Piles", "the objects in each pile", tuple(PILES)),)

    def options(self, raw: Mapping | None) -> dict:
        raw = dict(raw or {})
        unknown = sorted(set(map(str, raw)) - {"piles"})
        if unknown:
            raise BadOptions(f"unknown option {unknown[0]!r}: Nim has only 'piles'")
        piles = raw.get("piles", "5-7-9")
        if piles not in PILES:
            raise BadOptions(f"option 'piles' must be one of {', '.join(PILES)}, got {piles!r}")
        return {"piles": piles}

    def seats(self, options: Mapping) -> tuple[SeatInfo, ...]:
        return SEATS

    def describe(self, options: Mapping) -> str:
        return f"piles {self.options(options)['piles']}"

    def new_state(self, options: Mapping, seed: int) -> NimState:
        options = self.options(options)  # Nim has no chance: the seed is only kept
        return NimState(self, options, seed, PILES[options["piles"]])

    def state_from_dict(self, data: object) -> NimState:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise GameError(f"not a Nim state of format {FORMAT}: {str(data)[:60]!r}")
        return self._replay(data.get("options"), data.get("seed", 0), data.get("moves", ()))

    def _replay(self, options: Any, seed: Any, tokens: Any) -> NimState:
        if not isinstance(seed, int) or not isinstance(tokens, (list, tuple)):
            raise GameError("a Nim state needs an integer seed and a list of moves")
        state = self.new_state(options if isinstance(options, Mapping) else {}, seed)
        for token in tokens:
            seat = self.leaver(str(token))
            state, _ = state.resign(seat) if seat is not None else state.play(self.parse_move(str(token)))
        return state

    def parse_move(self, text: str) -> Take:
        pile, sep, count = str(text).strip().partition("-")
        if not (sep and pile.isdigit() and count.isdigit() and len(text) <= 8):
            raise MalformedMove(f"{text!r} is not a Nim move (PILE-COUNT, e.g. 2-3)")
        return Take(int(pile), int(count))

    def move_text(self, move: Any) -> str:
        return f"{move.pile}-{move.count}"

    def leaver(self, token: str) -> int | None:
        name, sep, seat = token.partition(":")
        return int(seat) if name == "resign" and sep and seat in ("0", "1") else None

    def read_record(self, text: str, *, lenient: bool = False) -> Record:
        head, _, body = text.partition("\n\n")
        headers = dict(line.split(": ", 1) for line in head.splitlines() if ": " in line)
        if headers.get("Game") != "Nim":
            raise RecordError("not a Nim record (no 'Game: Nim' header)")
        try:
            seed = int(headers.get("Seed", "0"))
            start = self.new_state({"piles": headers.get("Piles", "5-7-9")}, seed)
            state = self._replay(start.options, seed, body.split())
        except IllegalMove as exc:
            raise RecordError(f"{exc}", illegal=True) from None
        except (GameError, ValueError) as exc:
            raise RecordError(f"unreadable Nim record: {exc}") from None
        return Record(state, state.moves, start, headers)

    def write_record(self, state: Any, headers: Mapping[str, str] | None = None) -> str:
        head = {"Game": "Nim", "Seed": str(state.seed), "Piles": state.options["piles"], **(headers or {})}
        return "".join(f"{k}: {v}\n" for k, v in head.items()) + "\n" + " ".join(state.moves) + "\n"

    def make_bot(self, level: str, seed: int = 0, *, iterations: int | None = None,
                 think_s: float | None = None) -> "NimBot":
        if level not in self.computer_levels:
            raise BadOptions(f"unknown level {level!r}: Nim has {', '.join(self.computer_levels)}")
        return NimBot(level, seed)


class NimBot:
    """``random`` takes anything; ``expert`` plays the nim-sum strategy (perfect play)."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.seed = seed

    def choose(self, state: NimState, *, deadline_s: float | None = None, stop: Any = None) -> Take:
        rng = random.Random(hash((self.seed, state.key())))
        if self.level == "expert":
            total = 0
            for size in state.piles:
                total ^= size
            for pile, size in enumerate(state.piles, 1):
                if total and size ^ total < size:
                    return Take(pile, size - (size ^ total))
        return state.legal_moves().random(rng)


NIM = NimSpec()
