"""The score show's beats as timeline steps. A beat writes what it shows into a
:class:`BeatView` (tweens and callbacks only); the score scene draws it and the tests read
it. Counters only ever show the beat's numbers (the engine's breakdown).

Timings are at animation speed 1; the scene's timeline runs at the player's speed option
(times four while fast-forward is on).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from client.anim import Callback, Delay, Tween
from client.anim.timeline import Step

from .score_plan import Beat, ColourBeat, TableBeat
from .words import _

if TYPE_CHECKING:
    from .score import ScoreScene


@dataclass
class BeatView:
    beat: Beat | None = None
    index: int = -1
    area: int = 0            # area squares lit (the area counter)
    groups: float = 0.0      # 0..1: the other groups flash their sizes
    edges: int = 0           # free edges lit (the edge counter)
    total: float = 0.0       # 0..1: the colour's total pops up
    table: float = 0.0       # 0..1: the seat table rolls in
    done: bool = False
    shown: list[str] = field(default_factory=list)      # captions in order (tests)
    area_seen: list[int] = field(default_factory=list)  # every value the area counter showed
    edges_seen: list[int] = field(default_factory=list)


def area_time(n: int) -> float:
    return min(1.6, 0.3 + 0.03 * n)


def edge_time(n: int) -> float:
    return min(1.8, 0.3 + 0.025 * n)


def _caption(view: BeatView, text: str) -> Callback:
    return Callback(lambda: view.shown.append(text))


def beat_steps(scene: "ScoreScene", beat: Beat, view: BeatView) -> list[Step]:
    """The steps of one beat (the shell's ``BeatSequence`` adds its end)."""
    return _colour(scene, beat, view) if isinstance(beat, ColourBeat) else _table(scene, beat, view)


def _counter(scene: "ScoreScene", view: BeatView, name: str, seen: list[int], n: int, sound: str):
    """A tween setter that walks an integer counter 0..n, noting every value shown."""
    def setter(p: float) -> None:
        k = n if p >= 1.0 else min(n, int(p * n + 1e-9))
        while getattr(view, name) < k:
            value = getattr(view, name) + 1
            setattr(view, name, value)
            seen.append(value)
            if value % 3 == 1 or value == n:
                scene.sound(sound, 0.45)
    return setter


def _colour(scene: "ScoreScene", beat: ColourBeat, view: BeatView) -> list[Step]:
    steps: list[Step] = [_caption(view, f"{beat.title}"), Delay(0.25)]
    if beat.area:
        steps += [Tween(area_time(beat.area), _counter(scene, view, "area", view.area_seen, beat.area, "tick"),
                        "linear"), _caption(view, _("area {n}").format(n=beat.area)), Delay(0.3)]
    else:
        steps += [_caption(view, _("area {n}").format(n=0)), Delay(0.3)]
    if beat.others:
        steps += [Callback(lambda: scene.sound("stamp", 0.4)),
                  Tween(0.9, lambda p: setattr(view, "groups", p), "linear"),
                  _caption(view, _("other groups {sizes} (not counted)").format(sizes=sizes_of(beat)))]
    if beat.edge_count:
        steps += [Delay(0.15), Tween(edge_time(beat.edge_count),
                                     _counter(scene, view, "edges", view.edges_seen, beat.edge_count, "hover"),
                                     "linear"), _caption(view, _("edges {n}").format(n=beat.edge_count)), Delay(0.25)]
    else:
        steps += [_caption(view, _("edges {n}").format(n=0))]

    def land() -> None:
        if beat.seat is not None:
            award(scene, beat.seat, beat.total)

    steps += [Tween(0.35, lambda p: setattr(view, "total", p), "out_back"),
              _caption(view, f"{beat.area} + {beat.edge_count} = {beat.total}" if beat.seat is not None else
                       _("{sum} (scores for nobody)").format(sum=f"{beat.area} + {beat.edge_count} = {beat.total}")),
              Callback(land), Delay(0.7)]
    return steps


def award(scene: "ScoreScene", seat: int, points: int) -> None:
    """Points land on ``seat``: its total counts up to what it has been awarded."""
    start = scene.totals[seat]
    scene.awarded[seat] += points
    end = scene.awarded[seat]
    scene.sound("coin", 0.7)

    def count(p: float) -> None:
        scene.totals[seat] = start + (end - start) * p

    scene.timeline.tween(0.45, count, "out_cubic", blocking=False)


def _table(scene: "ScoreScene", beat: TableBeat, view: BeatView) -> list[Step]:
    def fanfare() -> None:
        scene.sound("fanfare")
        scene.announce_winner()

    totals = "  ".join(f"{row.label} {row.total}" for row in beat.rows)
    return [_caption(view, beat.title), Tween(0.9, lambda p: setattr(view, "table", p), "out_cubic"),
            _caption(view, totals), Callback(fanfare), Delay(1.2)]


def sizes_of(beat: ColourBeat) -> str:
    """The sizes of a colour's other groups, largest first: "5, 3, 1"."""
    return ", ".join(str(size) for size, _squares in beat.others)


def describe(view: BeatView) -> str:
    """The live readout under the board."""
    beat = view.beat
    if not isinstance(beat, ColourBeat):
        return ""
    parts = [_("largest area {n}").format(n=view.area)]
    if beat.others and view.groups > 0:
        parts.append(_("other groups {sizes} (not counted)").format(sizes=sizes_of(beat)))
    if view.edges or view.total:
        parts.append(_("free edges {n}").format(n=view.edges))
    text = "  ·  ".join(parts)
    return text + (f"  =  {beat.total}" if view.total > 0 else "")
