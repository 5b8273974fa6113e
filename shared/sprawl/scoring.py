"""The end of a Sprawl game: dead trees go home, stashes are counted (fewest pips wins),
then the spec's tie-break chain; seats that left rank below everyone still playing.

Everything is read from the board as it stands, so a running game gets the score "as if
it ended now" and a finished one its final score from the same code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import COLOURS, square_name, square_order
from .words import N_, _, colour_word, join_and, ngettext, pips, sentence

if TYPE_CHECKING:
    from .state import SprawlState

TIE_BREAKS = ("neutralized_pips", "neutralized_towers", "live_squares", "live_tower_pips",
              "live_towers")
# The tie-break figures in words (translated where shown).
TIE_WORDS = {"neutralized_pips": N_("pips of towers neutralized"),
             "neutralized_towers": N_("towers neutralized"),
             "live_squares": N_("squares in live trees"), "live_tower_pips": N_("pips in live towers"),
             "live_towers": N_("live towers")}


def breakdown(state: "SprawlState") -> dict[str, Any]:
    """The score as data: per seat the pieces returned from dead trees, the stash pips,
    the tie-break figures in order, the place; plus ranking and winners."""
    n, tw, br = state.n, state.tw, state.br
    returned: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    counts = [list(state.stash[s]) for s in range(n)]
    dead_of: list[list[int]] = [[] for _ in range(n)]
    for t in sorted(state.dead, key=square_order):
        dead_of[state.controller(t)].append(t)
        pieces = [(size, seat, t) for size, seat in tw[t]]  # type: ignore[union-attr]  # a tower square
        pieces += [(br[b][1], br[b][0], b) for b in state.tree_branches[t]]  # type: ignore[index]  # a branch square
        for size, seat, sq in pieces:
            counts[seat][size - 1] += 1
            returned[seat].append({"square": square_name(sq), "size": size,
                                   "tree": square_name(t)})
    figures = [dict.fromkeys(TIE_BREAKS, 0) for _ in range(n)]
    for t in state.dead:
        owner = state.controller(t)
        pips = sum(p[0] for p in tw[t])  # type: ignore[misc, union-attr]  # a tower square
        for seat in {state.credited(a) for a in state.att[t]} - {owner}:
            figures[seat]["neutralized_pips"] += pips
            figures[seat]["neutralized_towers"] += 1
    for t in state.live_trees():
        f = figures[state.controller(t)]
        f["live_squares"] += 1 + len(state.tree_branches[t])
        f["live_tower_pips"] += sum(p[0] for p in tw[t])  # type: ignore[misc, union-attr]  # a tower square
        f["live_towers"] += 1
    stash_pips = [c[0] + 2 * c[1] + 3 * c[2] for c in counts]
    keys = [(stash_pips[s],) + tuple(-figures[s][name] for name in TIE_BREAKS)
            for s in range(n)]
    places = [0] * n
    active = [s for s in range(n) if s not in state.left]
    for s in active:
        places[s] = 1 + sum(1 for o in active if keys[o] < keys[s])
    for i, s in enumerate(reversed(state.left)):
        places[s] = len(active) + 1 + i
    winners = [s for s in range(n) if places[s] == 1]
    decided_by = _decided_by(keys, active, winners)
    seats = []
    for s in range(n):
        seats.append({"seat": s, "colour": COLOURS[s], "on_hand": state.stash_pips(s),
                      "returned": returned[s], "stash": stash_pips[s],
                      "stash_pieces": {str(k): counts[s][k - 1] for k in (1, 2, 3)},
                      "dead": [square_name(t) for t in dead_of[s]],
                      "tie_breaks": figures[s], "left": s in state.left, "place": places[s]})
    return {"over": state.to_move is None, "seats": seats, "ranking": places,
            "winners": winners, "decided_by": decided_by,
            "ended": None if state.ended is None else
            {"reason": state.ended[0],
             "seat": None if state.ended[1] is None else COLOURS[state.ended[1]]}}


def _decided_by(keys: list[tuple[int, ...]], active: list[int], winners: list[int]) -> str | None:
    """The first figure that separated the winner from the runners-up on stash pips."""
    if len(winners) != 1 or winners[0] not in active:
        return None
    w = winners[0]
    rivals = [s for s in active if s != w and keys[s][0] == keys[w][0]]
    if not rivals:
        return "stash"
    for i, name in enumerate(TIE_BREAKS, start=1):
        rivals = [s for s in rivals if keys[s][i] == keys[w][i]]
        if not rivals:
            return name
    return None


def summary(state: "SprawlState") -> dict[str, Any]:
    """The ``score`` object of ``analyze --json``: stash after dead trees return, dead
    tower squares, winners."""
    full = breakdown(state)
    return {"seats": [{"colour": s["colour"], "stash": s["stash"], "dead": sorted(s["dead"])}
                      for s in full["seats"]],
            "winners": full["winners"]}


def text(state: "SprawlState") -> str:
    """The breakdown for people (``alien-city score``), in the player's language."""
    from .diagram import diagram
    full = breakdown(state)
    size = f"{state.geo.files}x{state.geo.ranks}"
    if full["over"]:
        head = ngettext("Sprawl, {n} player, {size} (game over)",
                        "Sprawl, {n} players, {size} (game over)", state.n)
    else:
        head = ngettext("Sprawl, {n} player, {size} (still running: as if it ended now)",
                        "Sprawl, {n} players, {size} (still running: as if it ended now)", state.n)
    lines = [head.format(n=state.n, size=size), "", diagram(state), ""]
    width = max(len(colour_word(s)) for s in range(state.n))
    for s in sorted(full["seats"], key=lambda s: (s["place"], s["seat"])):
        back = sum(r["size"] for r in s["returned"])
        # TRANSLATORS: a line of the score table: place, colour, the pips left in the stash.
        line = ngettext("{place}. {colour} stash {pips} pip ({on_hand} on hand + {back} back from "
                        "dead trees)",
                        "{place}. {colour} stash {pips} pips ({on_hand} on hand + {back} back "
                        "from dead trees)", s["stash"]).format(
            place=s["place"], colour=colour_word(s["seat"]).ljust(width), pips=f"{s['stash']:>2}",
            on_hand=s["on_hand"], back=back)
        if s["dead"]:
            line += _("; dead towers {squares}").format(squares=", ".join(s["dead"]))
        if s["left"]:
            line += _("; left the game")
        lines.append(line)
        t = s["tie_breaks"]
        # TRANSLATORS: the tie-break figures of one player, each phrase counted apart.
        lines.append("   " + _("neutralized {pips} in {towers}; live trees cover {squares}, "
                              "{tower_pips} in {live_towers}").format(
            pips=pips(t["neutralized_pips"]), towers=_towers(t["neutralized_towers"]),
            squares=ngettext("{n} square", "{n} squares", t["live_squares"]).format(
                n=t["live_squares"]),
            tower_pips=pips(t["live_tower_pips"]), live_towers=_towers(t["live_towers"])))
    names = join_and(colour_word(w) for w in full["winners"])
    decided = full["decided_by"]
    if len(full["winners"]) > 1:
        lines.append(sentence(_("{names} share the win with the fewest pips left").format(
            names=names)))
    elif decided not in (None, "stash"):
        lines.append(sentence(_("{names} wins with the fewest pips left (decided by {figure})")
                              .format(names=names, figure=_(TIE_WORDS[decided]))))
    else:
        lines.append(sentence(_("{names} wins with the fewest pips left").format(names=names)))
    return "\n".join(lines)


def _towers(count: int) -> str:
    return ngettext("{n} tower", "{n} towers", count).format(n=count)
