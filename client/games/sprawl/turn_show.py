"""What the Sprawl match screen shows and says as turns go by, a part it holds (``shows``):
a played move dropping in with its news (towers neutralized, a seat leaving, the end), the
banner as a person's turn starts, and a turn taken back. The screen keeps the game; this
part only animates and words what the game did."""

from __future__ import annotations

from typing import Any, Protocol

from client.scenes.seats import HumanSeat
from client.seat_words import beside, you_word
from shared.sprawl.board import COLOURS
from shared.sprawl.words import _, join_and, piece_on

from . import look


class ShowHost(Protocol):
    """What the part needs of its match screen."""

    app: Any
    match: Any
    hand: Any
    timeline: Any
    seats: list

    @property
    def bots(self) -> dict: ...
    @property
    def human_turn(self) -> bool: ...
    def show_state(self, new: Any, animate: bool = True) -> None: ...
    def show_toast(self, text: str, seconds: float = 3.0) -> None: ...
    def announce(self, text: str, sub: str = "", colour: Any = ..., hold: float = 1.0,
                 blocking: bool = False) -> None: ...
    def update_buttons(self) -> None: ...
    @property
    def actions(self) -> Any: ...   # the shell's MatchActions (take_back)


class TurnShow:
    def __init__(self, host: ShowHost) -> None:
        self.host = host

    def step(self, events: list[dict]) -> None:
        """Animate a played move and say what it did (neutralized towers, the end)."""
        host = self.host
        host.show_state(host.match.state)
        host.hand._ghost_key = None
        host.hand.chooser, host.hand.armed = None, None
        for e in events:
            if e.get("type") == "neutralized":
                host.app.sounds.play("stamp")
                host.show_toast(neutralized_words(e), 4)
            elif e.get("type") == "left":
                host.show_toast(_("{colour} left the game.").format(colour=look.name(e["seat"])), 3)
        if any(e.get("type") == "game_over" for e in events):
            host.timeline.delay(0.7, host.actions.game_over)
        elif not host.match.state.is_over():
            host.hand.auto_hand()
            self.announce()
        host.update_buttons()

    def announce(self, first: bool = False) -> None:
        """The banner as a person's turn starts (not between computers, not for one person alone)."""
        host = self.host
        s = host.match.state
        if s.is_over() or (not first and not host.human_turn):
            return
        if not first and len(host.seats) - len(host.bots) < 2:
            return
        seat = s.to_move
        sub = host.seats[seat].label if isinstance(host.seats[seat], HumanSeat) else ""
        colour = (beside(look.name(seat), you_word()) if seat == host.mine() else look.name(seat)).upper()
        # TRANSLATORS: a banner as a turn starts ({colour}: the player's colour, in capitals).
        words = _("{colour} FIRST TOWER") if not s.started[seat] else _("{colour} TO MOVE")
        host.announce(words.format(colour=colour), sub, look.text_rgb(seat, host.app.options.colour_blind),
                      hold=0.5 if not first else 0.9)

    def undo(self) -> None:
        """Back to the last person's turn, said in a toast."""
        host = self.host
        state = host.actions.take_back()
        if state is None:
            return
        host.hand.auto_hand()
        host.app.sounds.play("undo")
        host.show_toast(_("Took back the last turn: {colour} to move.").format(colour=look.name(state.to_move)), 3)
        host.update_buttons()


def neutralized_words(event: dict) -> str:
    """The toast for a tower neutralized by a move (the engine's event, codes in English)."""
    by = [piece_on(COLOURS.index(b["colour"]), b["size"], b["square"]) for b in event["by"]]
    return _("{owner}'s tower on {square} is neutralized by {attackers}: its tree is dead.").format(
        owner=look.name(COLOURS.index(event["owner"])), square=event["square"], attackers=join_and(by))
