"""Race to 10: a throwaway game for the server's many-seat tests, never in the real registry.

Each seat in turn adds 1, 2 or 3 to its own counter; the first to reach the target (10)
wins and the others are ranked by their counters. A seat that resigns is out: the others
play on, and the last seat left wins. Small enough to read in a minute, yet it exercises
the whole contract: options with a seat count, seats, lazy legal moves, events, resign,
ranking, records and a computer player.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Hashable, Iterator, Mapping

from shared.gamekit import (
    BadOptions,
    GameError,
    GameSpec,
    IllegalMove,
    MalformedMove,
    OptionField,
    Record,
    RecordError,
    Registry,
    Rejection,
    SeatInfo,
    builtin_games,
    places_from_scores,
    returns_from_places,
)

COLOURS = ((200, 40, 40), (40, 90, 200), (40, 160, 60), (220, 180, 30))


class RaceMoves:
    """The legal steps (1..3) as the contract's lazy view."""

    def __init__(self, steps: tuple[int, ...]) -> None:
        self.steps = steps

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[int]:
        return iter(self.steps)

    def __contains__(self, move: object) -> bool:
        return move in self.steps

    def random(self, rng: random.Random) -> int:
        if not self.steps:
            raise IndexError("no legal move: the game is over")
        return self.steps[rng.randrange(len(self.steps))]


@dataclass(frozen=True)
class RaceState:
    options: Mapping
    seed: int
    counters: tuple[int, ...]
    to_move_: int | None
    out: frozenset = frozenset()
    history: tuple = field(default=())  # (seat, step or "resign")

    spec = None  # set below, once the spec exists

    @property
    def seat_count(self) -> int:
        return len(self.counters)

    @property
    def to_move(self) -> int | None:
        return self.to_move_

    def _next(self, seat: int, out: frozenset) -> int:
        n = self.seat_count
        for k in range(1, n + 1):
            if (seat + k) % n not in out:
                return (seat + k) % n
        return seat

    def legal_moves(self) -> RaceMoves:
        return RaceMoves(() if self.is_over() else (1, 2, 3))

    def why_not(self, move: Any, seat: int | None = None) -> Rejection | None:
        if self.is_over():
            return Rejection("game_over", "The race is over.")
        if seat is not None and seat != self.to_move_:
            return Rejection("not_your_turn", f"It is seat {self.to_move_ + 1}'s turn.")
        if move not in (1, 2, 3):
            return Rejection("too_far", "A step is 1, 2 or 3.")
        return None

    def play(self, move: Any, seat: int | None = None) -> tuple["RaceState", list[dict]]:
        rejection = self.why_not(move, seat)
        if rejection is not None:
            raise IllegalMove(str(move), rejection)
        me = self.to_move_
        counters = list(self.counters)
        counters[me] += move
        names = [s.name for s in RACE.seats(self.options)]
        events = [{"type": "stepped", "seat": names[me], "by": move, "total": counters[me]}]
        won = counters[me] >= self.options["target"]
        state = RaceState(self.options, self.seed, tuple(counters),
                          None if won else self._next(me, self.out), self.out,
                          self.history + ((me, move),))
        if won:
            events.append({"type": "game_over", "winner": names[me]})
        return state, events

    def resign(self, seat: int) -> tuple["RaceState", list[dict]]:
        if self.is_over() or seat in self.out or not 0 <= seat < self.seat_count:
            raise IllegalMove("resign", Rejection("cannot_resign", "That seat cannot resign now."))
        out = self.out | {seat}
        over = len(out) >= self.seat_count - 1
        to_move = None if over else (self._next(seat, out) if self.to_move_ == seat else self.to_move_)
        name = RACE.seats(self.options)[seat].name
        return (RaceState(self.options, self.seed, self.counters, to_move, out,
                          self.history + ((seat, "resign"),)), [{"type": "resigned", "seat": name}])

    def is_over(self) -> bool:
        return self.to_move_ is None

    def ranking(self) -> tuple[int, ...]:
        # resigned seats rank below everyone still in, by the order they left (later is better)
        left = [seat for seat, step in self.history if step == "resign"]
        keys = [c + 1000 if seat not in self.out else left.index(seat) - 100
                for seat, c in enumerate(self.counters)]
        return places_from_scores(keys)

    def returns(self) -> tuple[float, ...]:
        return returns_from_places(self.ranking()) if self.is_over() else (0.0,) * self.seat_count

    def score(self) -> dict:
        return {"counters": list(self.counters), "final": self.is_over()}

    def turn(self) -> dict:
        names = [s.name for s in RACE.seats(self.options)]
        return {"to_move": None if self.to_move_ is None else names[self.to_move_],
                "counters": list(self.counters)}

    def key(self) -> Hashable:
        return (self.counters, self.to_move_, self.out)

    def to_dict(self) -> dict:
        return {"game": "race", "options": dict(self.options), "seed": self.seed,
                "counters": list(self.counters), "to_move": self.to_move_,
                "out": sorted(self.out), "history": [list(h) for h in self.history]}


class RaceSpec(GameSpec):
    id = "race"
    title = "Race to 10"
    seat_counts = (2, 3, 4)
    computer_levels = ("random",)
    record_suffix = ".race"
    record_game_names = ("Race",)

    def option_schema(self) -> tuple[OptionField, ...]:
        return (OptionField("players", "choice", 4, "Players", "", (2, 3, 4)),
                OptionField("target", "int", 10, "Target", "the counter that wins"))

    def options(self, raw: Mapping | None) -> dict:
        raw = dict(raw or {})
        if set(raw) - {"players", "target"}:
            raise BadOptions(f"unknown option {sorted(set(raw) - {'players', 'target'})[0]!r}")
        players, target = raw.get("players", 4), raw.get("target", 10)
        if players not in (2, 3, 4) or isinstance(players, bool):
            raise BadOptions("'players' must be 2, 3 or 4")
        if not isinstance(target, int) or isinstance(target, bool) or not 3 <= target <= 30:
            raise BadOptions("'target' must be 3 to 30")
        return {"players": players, "target": target}

    def seats(self, options: Mapping) -> tuple[SeatInfo, ...]:
        return tuple(SeatInfo(f"seat{i + 1}", f"Seat {i + 1}", COLOURS[i])
                     for i in range(options["players"]))

    def describe(self, options: Mapping) -> str:
        return f"{options['players']} players, to {options['target']}"

    def new_state(self, options: Mapping, seed: int) -> RaceState:
        return RaceState(dict(options), seed, (0,) * options["players"], seed % options["players"])

    def state_from_dict(self, data: object) -> RaceState:
        try:
            options = self.options(data["options"])
            return RaceState(options, data["seed"], tuple(data["counters"]), data["to_move"],
                             frozenset(data["out"]), tuple(tuple(h) for h in data["history"]))
        except (KeyError, TypeError, GameError) as exc:
            raise RecordError(f"not a race state: {exc}") from None

    def parse_move(self, text: str) -> int:
        if text not in ("+1", "+2", "+3"):
            raise MalformedMove(f"{text!r} is not a step (+1, +2 or +3)")
        return int(text[1])

    def move_text(self, move: Any) -> str:
        return f"+{move}"

    def read_record(self, text: str, *, lenient: bool = False) -> Record:
        lines = [line.strip() for line in text.splitlines()
                 if line.strip() and not line.startswith("#")]
        if not lines or lines[0] != "Game: Race":
            raise RecordError("not a race record")
        options = self.options({"players": int(lines[1].split()[1])})
        state = self.new_state(options, int(lines[2].split()[1]))
        start, moves = state, []
        for token in lines[3:]:
            state = state.play(self.parse_move(token))[0]
            moves.append(token)
        return Record(state, tuple(moves), start)

    def write_record(self, state: RaceState, headers: Mapping[str, str] | None = None) -> str:
        lines = ["Game: Race", f"Players: {state.seat_count}", f"Seed: {state.seed}"]
        lines += [f"# {k}: {v}" for k, v in (headers or {}).items()]
        return "\n".join(lines + [self.move_text(m) for _, m in state.history if m != "resign"]) + "\n"

    def make_bot(self, level: str, seed: int = 0, *, iterations: int | None = None,
                 think_s: float | None = None) -> "RaceBot":
        if level not in self.computer_levels:
            raise ValueError(f"no race bot {level!r}")
        return RaceBot(seed)


class RaceBot:
    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: RaceState, *, deadline_s: float | None = None, stop: Any = None) -> int:
        return state.legal_moves().random(self.rng)


RACE = RaceSpec()


def games_with_race() -> Registry:
    """The built-in games plus the race, for one test's server."""
    registry = builtin_games()
    registry.add(RACE)
    return registry
RaceState.spec = RACE
