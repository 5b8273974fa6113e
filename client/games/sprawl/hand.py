"""The piece in hand on the Sprawl match screen: its size (1-3), the action (stand it up:
a first tower or a spore; or lay it as a branch, with a direction), the ghost it makes on
the aimed square with the engine's objection, the squares where it is legal (they glow),
and the list of every legal move ending on a square (click a square to see them).
A part the match screen (:class:`~client.games.sprawl.game.MatchScene`) holds; every rule
answer is the engine's (``legal_moves``, ``why_not``)."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from shared.i18n import current_language
from shared.sprawl import Branch, Build, Place
from shared.sprawl.board import square_name
from shared.sprawl.foresight import move_warning
from shared.sprawl.words import _, direction_word, join_and

ACTIONS = ("place", "branch", "build")  # "build": only a hint sets it (a build on any tower is the hand's anyway)


def chooser_head() -> str:
    """The heading of the list of moves ending on a square (the list is at least as wide)."""
    return _("Moves ending here (arrows, Enter; Esc):")


def describe(move, first: bool = False) -> str:
    """A move in a few words for the chooser and the status line."""
    where, size = square_name(move.square), move.size
    if isinstance(move, Branch):
        return _("Branch: a {size} on {square} pointing {direction}").format(
            size=size, square=where, direction=direction_word(move.direction))
    if isinstance(move, Build):
        return _("Build a {size} on the tower on {square}").format(size=size, square=where)
    if first:
        return _("First tower: a {size} on {square}").format(size=size, square=where)
    if move.extra:
        # TRANSLATORS: {sizes}: the follow-up builds' sizes, e.g. "2 and 1".
        return _("Spore a {size} on {square}, then build {sizes} (overload)").format(
            size=size, square=where, sizes=join_and(str(k) for k in move.extra))
    return _("Spore a {size} on {square}").format(size=size, square=where)


def branch_caption(state, move) -> str:
    """A legal branch in one line, with the piece it grows from: "Branch 2 from your tower
    on c3, pointing east" (the engine's ``branch_sources`` picks the piece)."""
    sources = state.branch_sources(move.seat, move.square, move.size, move.direction)
    words = dict(size=move.size, direction=direction_word(move.direction),
                 source=square_name(sources[0][1]) if sources else "")
    if sources and state.tw[sources[0][1]] is not None:
        # TRANSLATORS: beside the ghost of a branch about to be laid; {source}: a square (c3).
        return _("Branch {size} from your tower on {source}, pointing {direction}").format(**words)
    if sources:
        # TRANSLATORS: beside the ghost of a branch grown from another branch; {source}: its square.
        return _("Branch {size} from your branch on {source}, pointing {direction}").format(**words)
    return describe(move)


def confirm_words(warning: str) -> str:
    """The warning of an armed move, with what the second click does."""
    # TRANSLATORS: {warning}: e.g. "This move ends the game: Red will have no legal move."
    return _("{warning} Click again to play it anyway.").format(warning=warning)


def enter_confirm_words(warning: str) -> str:
    """The warning of a hint armed by Enter, with what the second Enter does."""
    # TRANSLATORS: {warning}: e.g. "This move ends the game: Red will have no legal move."
    return _("{warning} Press Enter again to play it anyway.").format(warning=warning)


def off_board_words() -> str:
    """Why a drag out of a tower or a branch toward the board's edge lays nothing."""
    return _("No square that way: a branch from here would leave the board.")


class HandHost(Protocol):
    """What the hand needs from its match screen."""
    app: Any
    match: Any
    geo: Any
    timeline: Any
    size: tuple[int, int]
    margin: int
    top_h: int
    bottom_rect: pygame.Rect

    @property
    def human_turn(self) -> bool: ...

    def show_toast(self, text: str, seconds: float) -> None: ...
    def submit(self, move: Any) -> None: ...


class HandPart:
    """The piece in hand, the pointer on the board and the list of moves on a square; the
    match screen holds one and asks it for the move a click plays."""

    def __init__(self, host: HandHost) -> None:
        self.host = host
        self.hand_size = 3
        self.action = "place"
        self.direction = 0
        self.hover: int | None = None        # the square under the pointer
        self.drag_dir: int | None = None     # a direction being dragged out of ``press``
        self.press: tuple | None = None      # (square, pos) of a mouse press on the board
        self.chooser: list | None = None     # the legal moves listed for a clicked square
        self.chooser_square: int | None = None
        self.chooser_only: int | None = None  # the one size listed when a square has too many moves
        self.chooser_hover = -1
        self.armed: object = None            # a move that ends the game or strands a seat, clicked once
        self.followed: object = None         # the last hint the hand was set to
        self.quiet: int | None = None        # the square just played on: no refusal there until the pointer
        #                                      or the hand moves (the player did not try the next move)
        self._ghost_key: tuple | None = None
        self._ghost: tuple | None = None
        self._glow_key: tuple | None = None
        self._glow: tuple = (frozenset(), frozenset())
        self._warn_key: tuple | None = None
        self._warn: str | None = None
        self.rects: list[pygame.Rect] = []   # the sizes 3, 2, 1 under the board (the screen lays them out)

    @property
    def seat(self) -> int | None:
        return self.host.match.state.to_move

    def move_at(self, sq: int, direction: int | None = None):
        """The hand's move on ``sq``: a build on a tower, else a spore/tower or a branch. A
        drag out of a tower or a branch (``direction``) is a branch on the next square that
        way, pointing on: what the gesture shows, never a build on the square it left."""
        s, seat = self.host.match.state, self.seat
        if direction is not None and not s.vacant(sq):
            ahead = s.geo.nb[sq][direction]   # off the board: the branch on the square itself, refused
            return Branch(seat, self.hand_size, ahead if ahead >= 0 else sq, direction)
        if s.tw[sq] is not None:
            return Build(seat, self.hand_size, sq)
        if self.action == "branch" or direction is not None:
            return Branch(seat, self.hand_size, sq, self.aim_direction(sq) if direction is None else direction)
        return Place(seat, self.hand_size, sq)

    def off_board(self, sq: int, direction: int | None) -> bool:
        """A drag out of a tower or a branch toward the board's edge: no square to lay on."""
        state = self.host.match.state
        return direction is not None and not state.vacant(sq) and state.geo.nb[sq][direction] < 0

    def ghost(self) -> tuple | None:
        """(move, reason or None) for the aimed square, the engine's words."""
        aim = self.hover
        if aim is None or not self.host.human_turn or self.host.timeline.busy or self.chooser is not None:
            return None
        key = (self.host.match.state, self.hand_size, self.action, self.direction, self.drag_dir, aim,
               current_language())  # the reason is in words: a new language asks again
        if key != self._ghost_key:
            move = self.move_at(aim, self.drag_dir)
            reason = self.host.match.state.why_not(move)
            said = off_board_words() if self.off_board(aim, self.drag_dir) else None if reason is None else reason.text
            self._ghost_key, self._ghost = key, (move, said)
        if self._ghost is not None and self._ghost[1] is not None and aim == self.quiet:
            return None  # the normal prompt, not a refusal of a move nobody tried
        return self._ghost

    def pointer_moved(self, sq: int | None) -> None:
        """The pointer on ``sq``: leaving the square just played on lets its ghost speak again."""
        if sq != self.quiet:
            self.quiet = None

    def submit(self, move: Any) -> None:
        """``move`` played; the square under the pointer stays quiet until the pointer or
        the hand moves, so the next turn does not open with a refusal there."""
        self.quiet = self.hover
        self.host.submit(move)

    def branch_directions(self, sq: int | None) -> list[int]:
        """The directions a branch of the hand's size may point on ``sq`` (engine's list)."""
        if sq is None or not self.host.human_turn:
            return []
        k = self.hand_size
        return sorted({d for q, size, d in self.host.match.state.legal_moves().branches if q == sq and size == k})

    def aim_direction(self, sq: int) -> int:
        """The way a branch on ``sq`` points: the chosen direction where it is legal, else
        the first legal one clockwise from it, so the ghost on a lit square is always legal."""
        legal = self.branch_directions(sq)
        if not legal or self.direction in legal:
            return self.direction
        return next(d for d in ((self.direction + i) % 4 for i in range(1, 4)) if d in legal)

    def turn_branch(self, step: int = 1) -> None:
        """The branch turned to the next direction (clockwise) that is legal on the square
        under the pointer (any next direction off the board)."""
        if not self.host.human_turn:
            return
        legal = self.branch_directions(self.hover) or [0, 1, 2, 3]
        now = self.aim_direction(self.hover) if self.hover is not None else self.direction
        d = next((now + step * i) % 4 for i in range(1, 5) if (now + step * i) % 4 in legal)
        self.set_direction(d)

    def click_square(self, sq: int, direction: int | None = None) -> None:
        """A click (or a drag) on a square: the hand's move there if legal; else the list of
        the legal moves ending there; else the engine's reason."""
        host = self.host
        if not host.human_turn or host.timeline.busy:
            return
        if self.off_board(sq, direction):
            host.app.sounds.play("error")
            host.show_toast(off_board_words(), 4)
            self.quiet = sq   # the square's own refusal (a build there) is no answer to a drag
            return
        armed = self.armed if direction is None and getattr(self.armed, "square", None) == sq else None
        move = armed or self.move_at(sq, direction)  # the second click plays the armed move
        reason = host.match.state.why_not(move)
        if reason is None:
            if direction is not None:
                self.direction, self.action = direction, "branch"
            if self.confirmed(move):
                self.submit(move)
        elif direction is None and self.open_chooser(sq):
            host.show_toast(reason.text, 4)
        else:
            host.app.sounds.play("error")
            host.show_toast(reason.text, 4)

    def choose(self, index: int) -> None:
        """A row of the list of moves picked: played (a warned move on its second pick)."""
        if self.chooser and 0 <= index < len(self.chooser):
            move = self.chooser[index]
            if self.host.match.state.why_not(move) is None and not self.confirmed(move):
                self.chooser_hover = index  # the list stays open for the second click
                return
            self.chooser, self.chooser_hover = None, -1
            self.hand_for(move)
            self.try_move(move)

    def play_hint(self, hinter: Any) -> bool:
        """Enter on the hint shown: played as a click plays it, so a hinted move that ends
        the game or strands a seat is armed by the first Enter (said in a toast too) and
        played by the second. True when there was a hint to take the key."""
        hint = hinter.hint
        if hint is None or not self.host.human_turn or self.host.timeline.busy:
            return False
        if self.host.match.state.why_not(hint.move) is None and not self.confirmed(hint.move):
            self.host.show_toast(enter_confirm_words(self.warning(hint.move) or ""), 6)
            return True
        played = bool(hinter.play_hint())
        if played:
            self.quiet = self.hover
        return played

    def try_move(self, move) -> bool:
        """Play ``move`` if the engine allows it; else say why. True when played."""
        reason = self.host.match.state.why_not(move)
        if reason is not None:
            self.host.app.sounds.play("error")
            self.host.show_toast(reason.text, 4)
            return False
        self.submit(move)
        return True

    def follow_hint(self, hinter: Any) -> None:
        """A hint that arrives also takes the hand (an overload's extra squares aside: the
        list of moves on the square picks those), so a click on the hinted square plays it."""
        hinter.poll_hint()
        hint = hinter.hint
        if self.armed is not None:  # a move waiting for its second click keeps the hand
            return
        if hint is not None and hint is not self.followed and not getattr(hint.move, "extra", ()):
            self.hand_for(hint.move)
        self.followed = hint

    @staticmethod
    def strip(size: tuple[int, int]) -> int:
        """The height of the sizes' strip under the board in a window of ``size``."""
        return max(26, int(size[1] * 0.045))

    def place_sizes(self, board: pygame.Rect, bar_top: int) -> None:
        """The sizes 3, 2, 1 under the ``board``, clear of the bottom bar."""
        px = self.strip(self.host.size)
        y = min(board.bottom + 6, bar_top - px - 2)
        self.rects = [pygame.Rect(board.x + i * (px + 4), y, px, px) for i in range(3)]

    def confirmed(self, move) -> bool:
        """A move that ends the game or leaves a seat with no move plays on its second click
        only; the first one arms it and says so."""
        warning = self.warning(move)
        if warning is None or self.armed == move:
            self.armed = None
            return True
        self.armed = move  # the caption beside the square and the status line say so
        self.host.app.sounds.play("error")
        return False

    def warning(self, move) -> str | None:
        """The engine's warning for a legal move that ends the game or leaves a seat with no
        legal move (None: it does neither)."""
        key = (self.host.match.state, move.text(), current_language())
        if key != self._warn_key:
            self._warn_key, self._warn = key, move_warning(self.host.match.state, move)
        return self._warn

    def glow(self) -> tuple[frozenset, frozenset]:
        """(squares where the hand's size and action is legal, those legal with the chosen
        direction too) from the engine's legal moves."""
        if not self.host.human_turn:
            return frozenset(), frozenset()
        s = self.host.match.state
        key = (s, self.hand_size, self.action, self.direction)
        if key != self._glow_key:
            legal = s.legal_moves()
            k = self.hand_size
            builds = {q for q, size in legal.builds if size == k}
            if self.action == "build":
                some = best = builds
            elif self.action == "branch":  # every direction: the ghost turns to a legal one
                some = best = {q for q, size, _ in legal.branches if size == k} | builds
            else:
                some = best = {q for q, size, extra in legal.places if size == k and not extra} | builds
            self._glow_key, self._glow = key, (frozenset(some), frozenset(best))
        return self._glow

    def moves_ending_on(self, sq: int) -> list:
        """Every legal move of the side to move that puts a piece on ``sq``."""
        legal = self.host.match.state.legal_moves()
        out = [m for m in legal if m.square == sq]
        order = {Place: 0, Build: 1, Branch: 2}
        return sorted(out, key=lambda m: (order[type(m)], -m.size, getattr(m, "direction", 0),
                                          len(getattr(m, "extra", ()))))

    def set_size(self, k: int) -> None:
        if not self.host.human_turn:
            return
        stash = self.host.match.state.stash[self.seat]
        self.hand_size, self.quiet = k, None
        self.host.app.sounds.play("select")
        if not stash[k - 1]:
            self.host.show_toast(_("You have no {size} left in your stash.").format(size=k), 2)

    def set_action(self, action: str) -> None:
        if self.host.human_turn and action != self.action:
            self.action, self.quiet = action, None
            self.host.app.sounds.play("hover", 0.5)

    def set_direction(self, d: int) -> None:
        if self.host.human_turn:
            self.direction, self.action, self.quiet = d, "branch", None
            self.host.app.sounds.play("hover", 0.5)

    def auto_hand(self) -> None:
        """A new turn: keep the hand if it still has a legal use, else the largest size
        and the action the engine allows."""
        s = self.host.match.state
        self.chooser = None
        if s.is_over() or not self.host.human_turn:
            return
        if self.action == "build":  # a hint's build was for the turn it was given in
            self.action = "place"
        if self.glow()[0]:
            return
        legal = s.legal_moves()
        for k in (3, 2, 1):
            if any(size == k for _, size, _ in legal.places):
                self.hand_size, self.action = k, "place"
                return
            if any(size == k for _, size, _ in legal.branches):
                self.hand_size, self.action = k, "branch"
                return
            if any(size == k for _, size in legal.builds):
                self.hand_size = k
                return

    def drag_direction(self, start, pos) -> int | None:
        dx, dy = pos[0] - start[0], pos[1] - start[1]
        if max(abs(dx), abs(dy)) < self.host.geo.cell * 0.28:
            return None
        if abs(dx) > abs(dy):
            return 1 if dx > 0 else 3
        return 2 if dy > 0 else 0

    def open_chooser(self, sq: int) -> bool:
        moves = self.moves_ending_on(sq)
        if not moves:
            return False
        self.chooser_only = None
        if len(moves) > 9:  # more than the list has room for: the size in hand first (the others by size)
            same = [m for m in moves if m.size == self.hand_size]
            if same:
                moves = same
                self.chooser_only = self.hand_size
        self.chooser, self.chooser_square, self.chooser_hover = moves[:9], sq, -1
        self.host.app.sounds.play("select")
        return True

    def chooser_rects(self) -> list:
        """Where the chooser's rows are: beside the clicked square, inside the board area."""
        if not self.chooser:
            return []
        t = self.host.app.text
        size = max(13, int(self.size_px() * 0.5))
        first = not self.host.match.state.started[self.seat]
        w = max(max(t.font(size).size(describe(m, first))[0] for m in self.chooser) + 24,
                t.font(max(12, size - 2), True).size(chooser_head())[0] + 8)  # the heading fits too
        h = size + 12
        r = self.host.geo.square_rect(self.chooser_square)
        x = r.right + 6 if r.right + 6 + w < self.host.size[0] - self.host.margin else r.x - 6 - w
        y = min(max(self.host.top_h + 4, r.y), self.host.bottom_rect.y - 4 - h * len(self.chooser))
        return [pygame.Rect(x, y + i * h, w, h - 2) for i in range(len(self.chooser))]

    def size_px(self) -> int:
        return max(24, min(40, int(self.host.size[1] * 0.045)))

    def hand_for(self, move) -> None:
        """The hand set to ``move``: its size and kind (a branch with its direction), so a
        click on its square plays it."""
        self.hand_size = move.size
        if isinstance(move, Branch):
            self.action, self.direction = "branch", move.direction
        else:
            self.action = "build" if isinstance(move, Build) else "place"

    def ghost_caption(self, move) -> str:
        """A legal move in the hand in one line; a branch names the piece it grows from."""
        s = self.host.match.state
        return branch_caption(s, move) if isinstance(move, Branch) else describe(move, not s.started[s.to_move])
