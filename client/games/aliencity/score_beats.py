"""The score show's beats as timeline steps. Each beat writes its display values into a
:class:`BeatView` (tweens and callbacks only); the score scene draws them and the tests
read them. Numbers come from the beat (the engine's breakdown), never from counting pixels.

Timings are at animation speed 1; the scene's timeline runs at the player's speed option.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from client.anim import Callback, Delay, Tween
from client.anim.timeline import Step
from shared.aliencity import Player, lot_name
from shared.i18n import domain

from . import terms
from .score_plan import Beat, BonusBeat, LocationBeat, TotalsBeat, TowerBeat, tower_name

_, N_, ngettext, pgettext = domain("aliencity")

if TYPE_CHECKING:
    from .score_count import Tally

CUSTOMER_TICK = 0.26
FLY_TIME = 0.6


@dataclass
class BeatView:
    """What the current beat shows, written by its steps."""

    beat: Beat | None = None
    index: int = -1
    wave: float = 0.0  # road distance reached by the wave around the focus (shown up to 2)
    lit: int = 0  # customers lit so far (the ticking counter)
    excluded: float = 0.0  # alpha of the same-colour, not-counting marks
    trace: float = 0.0  # 0..1 of the road path(s) drawn
    counter: int = 0  # lots walked so far along the path (the second ticking counter)
    equation: float = 0.0  # 0..1: the equation pops up
    fly: float = 0.0  # 0..1: the points fly to the owner's total
    flying: bool = False
    landed: bool = False
    verdict: float = 0.0  # 0..1: an unpaid bonus's reason is stamped
    tile: float = 0.0  # 0..1: the location beat's tile lights up
    roll: float = 0.0  # 0..1: the totals roll up (last beat)
    done: bool = False
    shown: list[str] = field(default_factory=list)  # every caption shown, in order (tests)

    @property
    def length(self) -> int:
        """The distance this beat counts along the road (the engine's number)."""
        beat = self.beat
        if isinstance(beat, TowerBeat):
            return beat.tower.competition
        if isinstance(beat, BonusBeat):
            return beat.bonus.distance or 0
        return 0


def beat_steps(tally: "Tally", beat: Beat, view: BeatView) -> list[Step]:
    """The steps of one beat (the shell's ``BeatSequence`` adds its end)."""
    if isinstance(beat, TowerBeat):
        steps = _tower(tally, beat, view)
    elif isinstance(beat, BonusBeat):
        steps = _bonus(tally, beat, view)
    elif isinstance(beat, LocationBeat):
        steps = _location(tally, beat, view)
    else:
        steps = _totals(tally, beat, view)
    return steps


def _set(view: BeatView, name: str):
    return lambda p: setattr(view, name, p)


def _caption(view: BeatView, text: str) -> Callback:
    return Callback(lambda: view.shown.append(text))


def _counting(tally: "Tally", view: BeatView, length: int):
    """A setter for the path trace that ticks the distance counter lot by lot."""
    def set_trace(p: float) -> None:
        view.trace = p
        n = round(p * length) if p < 1.0 else length
        if n != view.counter:
            view.counter = n
            tally.sound("tick", 0.5)
    return set_trace


def _pop_and_fly(tally: "Tally", view: BeatView, who: Player | None, points: int, row) -> list[Step]:
    """The equation pops up by the focus; the points then fly to ``who``'s total."""
    steps: list[Step] = [Tween(0.34, _set(view, "equation"), "out_back"), _caption(view, view.beat.equation),
                         Delay(0.5)]
    if who is None:
        return steps

    def land() -> None:
        view.flying, view.landed = False, True
        tally.award(who, points, row)

    steps += [Callback(lambda: (setattr(view, "flying", True), tally.sound("whoosh", 0.6))),
              Tween(FLY_TIME, _set(view, "fly"), "in_out_cubic"), Callback(land), Delay(0.3)]
    return steps


def _tower(tally: "Tally", beat: TowerBeat, view: BeatView) -> list[Step]:
    t = beat.tower
    steps: list[Step] = [tally.glide_to(t.lot), _caption(view, beat.title),
                         Tween(0.45, lambda p: setattr(view, "wave", 3.4 * p), "linear")]

    def show_excluded() -> None:
        if beat.excluded:
            tally.sound("tick", 0.3)

    steps += [Callback(show_excluded), Tween(0.18, _set(view, "excluded"), "out_quad")]
    for k in range(len(t.customers)):
        def light(k=k) -> None:
            view.lit = k + 1
            tally.sound("tick", 0.8)
        steps += [Callback(light), Delay(CUSTOMER_TICK)]
    steps.append(_caption(view, _("customers {n}").format(n=len(t.customers))))
    if t.competitor is not None:
        walk = min(1.5, 0.18 + 0.09 * t.competition)
        steps += [Delay(0.15), Tween(walk, _counting(tally, view, t.competition), "linear"),
                  _caption(view, _("distance {n}").format(n=t.competition)), Delay(0.25)]
    else:
        steps += [Tween(0.3, _set(view, "verdict"), "out_back"),
                  _caption(view, no_other(t.colour)), Delay(0.45)]
    return steps + _pop_and_fly(tally, view, t.owner, t.points, row_of(beat))


def _bonus(tally: "Tally", beat: BonusBeat, view: BeatView) -> list[Step]:
    b = beat.bonus
    steps: list[Step] = [tally.glide_to(b.green), _caption(view, beat.title)]
    if b.distance is not None:
        walk = min(1.3, 0.18 + 0.09 * b.distance)
        steps += [Tween(walk, _counting(tally, view, b.distance), "linear"),
                  _caption(view, _("distance {n}").format(n=b.distance)), Delay(0.2)]
    if b.paid_to is None:
        steps += [Callback(lambda: tally.sound("stamp", 0.7)), Tween(0.3, _set(view, "verdict"), "out_back"),
                  _caption(view, beat.equation), _caption(view, terms.bonus_note(b)), Delay(1.0)]
        return steps
    return steps + _pop_and_fly(tally, view, b.paid_to, b.points, row_of(beat))


def _location(tally: "Tally", beat: LocationBeat, view: BeatView) -> list[Step]:
    t = beat.tower
    steps: list[Step] = [tally.glide_to(t.lot), _caption(view, beat.title),
                         Tween(0.3, _set(view, "tile"), "out_quad"), Delay(0.2)]
    if not t.location:
        return steps + [Callback(lambda: tally.sound("stamp", 0.6)), Tween(0.3, _set(view, "verdict"), "out_back"),
                        _caption(view, beat.equation), _caption(view, terms.location_note(t)),
                        Callback(lambda: tally.award(t.owner, 0, row_of(beat))), Delay(0.8)]
    return steps + _pop_and_fly(tally, view, t.owner, t.location, row_of(beat))


def _totals(tally: "Tally", beat: TotalsBeat, view: BeatView) -> list[Step]:
    def fanfare() -> None:
        tally.sound("fanfare")
        tally.announce_winner()

    return [tally.glide_home(), _caption(view, beat.title),
            Tween(1.5, _set(view, "roll"), "out_cubic"), _caption(view, beat.equation),
            Callback(fanfare), Delay(1.6)]


def no_other(colour) -> str:
    """A tower with no competitor: its distance is 0."""
    return _("no other {tower}: distance 0").format(tower=tower_name(colour))


def row_of(beat: Beat):
    """The table row a beat adds to its owner's panel (None: nothing to add)."""
    if isinstance(beat, TowerBeat):
        t = beat.tower
        return ("tower", t.lot, t.colour, f"{len(t.customers)} × {t.competition}", t.points)
    if isinstance(beat, BonusBeat):
        b = beat.bonus
        return ("bonus", b.green, b.colour, f"10 − 2×{b.distance}", b.points) if b.paid_to is not None else None
    if isinstance(beat, LocationBeat):
        t = beat.tower
        return ("location", t.lot, t.colour, (beat.rank, not t.location), t.location)
    return None


def describe(view: BeatView) -> str:
    """The live readout under the board for the current beat."""
    beat = view.beat
    if beat is None:
        return ""
    if isinstance(beat, TowerBeat):
        t = beat.tower
        parts = [_("customers {n}").format(n=view.lit)]
        if t.competitor is not None and (view.trace > 0 or view.equation > 0):
            parts.append(_("distance to {lot}: {n}").format(lot=lot_name(t.competitor), n=view.counter))
        elif t.competitor is None and view.verdict > 0:
            parts.append(no_other(t.colour))
        if view.equation > 0:
            parts.append(beat.equation)
        return "  ·  ".join(parts)
    if isinstance(beat, BonusBeat):
        b = beat.bonus
        if b.distance is None or (b.paid_to is None and view.verdict > 0):
            return terms.bonus_note(b)  # the engine's note names the nearest tower(s) and why: said once
        where = ", ".join(lot_name(x) for x in b.towers)
        text = _("nearest {tower}: {lots} at {n}").format(tower=tower_name(b.colour), lots=where, n=view.counter)
        if view.equation > 0 and b.paid_to is not None:
            text += "  ·  " + beat.equation
        return text
    if isinstance(beat, LocationBeat):
        t = beat.tower
        text = _("tile rank {rank}").format(rank=beat.rank)
        return text + (f"  ·  {terms.location_note(t)}" if view.verdict > 0 or view.equation > 0 else "")
    return ""
