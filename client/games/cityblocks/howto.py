"""How to play City Blocks: the rules in our words, with pictures of real positions
(seeded play through the engine) drawn by the game's own board code; every caption's
numbers and sentences come from the engine (``why_not``, ``score``)."""

from __future__ import annotations

import random

import pygame

from client import theme
from client.scenes.pages import PagesScene
from client.view.widgets import draw_panel
from shared.cityblocks import CITY_BLOCKS, CityState
from shared.cityblocks.geometry import COLOURS, PIECES

from . import look
from .pieces import Hand
from .words import N_, _, ngettext

# The pages in English, marked; ``HowToScene.page_text`` translates one as it is drawn.
PAGES = [
    (N_("The board"), [
        N_("20 × 20 squares, named like a chess board: files a to t, ranks 1 to 20 (a1 bottom left)."),
        N_("Four colours take turns: blue, green, red, yellow. Each colour's corner is flagged: "
           "blue a1, green a20, red t20, yellow t1."),
        N_("The four centre squares start on the board, one of each colour (dotted). They block "
           "pieces and score like any other square."),
    ]),
    (N_("A turn"), [
        N_("Place one of your colour's twenty pieces (two to five squares), turned and flipped as you "
           "like, on free squares. It does not have to touch anything."),
        N_("Your colour's first piece must cover its corner."),
        N_("Or pass: passing is always allowed, and you may place again later. When every turn of a "
           "whole round is a pass, the game ends."),
    ]),
    (N_("Scoring"), [
        N_("Each colour scores its largest area: the most squares of its colour joined side to side "
           "(corners touching do not join)."),
        N_("Plus one point for every side of its squares that borders an empty square. Sides against "
           "any piece, your own included, or the board's edge score nothing."),
        N_("Two players: you play two colours and add them. Three players: blue is shared (each turn "
           "places your colour or blue) and blue scores for nobody."),
    ]),
    (N_("Controls"), [
        N_("Pick a piece in your tray (click it; Tab, its letter, or its size 2-5; Shift+F and "
           "Shift+P for F5 and P5). R or the wheel turns it, F flips it; the ghost follows the pointer."),
        N_("Green: you may place it there (click or Enter). Red: the reason is written beside it."),
        N_("P passes (asked again if you could still place). S lights where the chosen piece fits. "
           "C switches to blue (3 players). U undoes, Ctrl+S saves, Esc pauses."),
        N_("H asks the computer for a hint: its best move is shown on the board, with the points it "
           "adds (as under the board); Enter plays it (its piece is in your hand too)."),
    ]),
]


# The keys page: (keys, what they do); key names with words are translated too (Shift, Space,
# Esc), single letters are the keys themselves.
KEYS = [(N_("Click / Tab / letter / 2-5"), N_("choose a piece")), (N_("R, wheel, right-click"), N_("turn it")),
        (N_("Shift+F, Shift+P"), N_("choose F5, P5")),
        (N_("Shift+R, E"), N_("turn it back")), ("F", N_("flip it")), (N_("Click / Enter"), N_("place it")),
        (N_("Arrows"), N_("move the ghost")), ("P", N_("pass")), ("S", N_("where it fits")),
        ("H", N_("a hint (Enter plays it)")),
        ("C", N_("blue or yours (3 players)")), (N_("U, Ctrl+Z"), N_("undo")), (N_("Ctrl+S"), N_("save the record")),
        (N_("Space"), N_("hurry an animation")), ("F1", N_("these pages")), (N_("Esc"), N_("pause menu"))]


def sample(players: int, seed: int, plies: int | None) -> CityState:
    """A position after ``plies`` seeded random placements (None: to the end)."""
    state = CITY_BLOCKS.new_state({"players": players}, seed)
    rng = random.Random(seed)
    while not state.over and (plies is None or state.ply < plies):
        state, _events = state.play(state.legal_moves().random_placement(rng))
    return state


class HowToScene(PagesScene):
    """The shell's pages with City Blocks' pictures, drawn by its own board code."""

    def __init__(self, app) -> None:
        self.empty = sample(4, 3, 0)
        self.middle = sample(4, 11, 10)
        self.late = sample(4, 21, None)
        self.examples = self._examples()
        super().__init__(app, PAGES, heading=_("CITY BLOCKS"))

    def page_text(self, page: int) -> tuple[str, list[str]]:
        title, paras = PAGES[page]
        return _(title), [_(para) for para in paras]

    def _examples(self) -> dict:
        """A legal and an illegal placement on the middle position, in the engine's words."""
        s = self.middle
        colour = s.colour
        legal = None
        for piece in reversed(PIECES):
            moves = s.placements_for(colour, piece)
            if moves:  # the one nearest the middle of the board shows best
                legal = min(moves, key=lambda m: sum(abs(x - 9.5) + abs(y - 9.5) for x, y in m.squares))
                break
        bad = None
        hand = Hand.take(colour, legal.piece if legal else "L5")
        near = {(x + dx, y + dy) for x, y in (legal.squares if legal else ()) for dx in range(-3, 4)
                for dy in range(-3, 4)}
        for y in range(20):
            for x in range(20):
                move = hand.move((x, y))
                reason = s.why_not(move)
                if reason is not None and reason.code == "covered" and not near & set(move.squares):
                    bad = move
                    break
            if bad:
                break
        return {"legal": legal, "bad": bad}

    def caption(self, page: int) -> tuple[str, tuple] | None:
        """The words under a page's picture (numbers and sentences from the engine)."""
        if page == 0:
            return (_("Flags: the corners each colour's first piece must cover. Dots: the centre block."),
                    theme.ACCENT_2)
        if page == 1:
            legal, bad = self.examples["legal"], self.examples["bad"]
            words = []
            if legal is not None:
                words.append(_("Green: {colour} may place its {piece} there.").format(
                    colour=look.word(legal.colour), piece=legal.piece))
            if bad is not None:
                words.append(_("Red: {reason}").format(reason=self.middle.why_not(bad).text))
            return " ".join(words), theme.BAD if bad else theme.GOOD
        if page == 2:
            colour, data = self.best()
            # TRANSLATORS: {squares} is e.g. "23 squares", {points} e.g. "61 points".
            return (_("A finished game: {colour}'s largest area (outlined) is {squares}, its free edges (yellow) "
                      "{edges}: {points}.").format(
                colour=look.word(colour), edges=data["edges"],
                squares=ngettext("{n} square", "{n} squares", data["area"]).format(n=data["area"]),
                points=ngettext("{n} point", "{n} points", data["total"]).format(n=data["total"])), theme.ACCENT)
        return None

    def best(self) -> tuple[int, dict]:
        """The finished game's best colour and its score breakdown."""
        score = self.late.score()
        colour = max(range(4), key=lambda c: score["colours"][COLOURS[c]]["total"])
        return colour, score["colours"][COLOURS[colour]]

    @property
    def text_scale(self) -> float:
        """The paragraphs' size: the shell's, or smaller when a longer translation would run
        into the caption box at the text panel's foot."""
        for scale in (0.026, 0.024, 0.022, 0.02, 0.018):
            if self.text_height(scale) <= self.text_box.h:
                return scale
        return 0.018

    def text_height(self, scale: float) -> int:
        """How tall this page's paragraphs and caption are at ``scale`` (the shell's spacing)."""
        t = self.app.text
        size = max(14, int(self.size[1] * scale))
        width = self.text_box.w - 48
        lines = sum(len(t.wrap(para, size, width)) for para in self.page_text(self.page)[1])
        paras = len(self.page_text(self.page)[1])
        height = 18 + lines * int(size * 1.25) + paras * int(size * 0.8)
        caption = self.caption(self.page)
        if caption:
            height += len(t.wrap(caption[0], size, width)) * int(size * 1.25) + 20 + 16
        return height

    def illustrate(self, surface: pygame.Surface, box: pygame.Rect) -> tuple[str, tuple] | None:
        cb = self.app.options.colour_blind
        if self.page == 3:
            self._keys(surface, box)
            return None
        state = {0: self.empty, 1: self.middle, 2: self.late}[self.page]
        geo = look.BoardGeo.fit(box)
        surface.blit(look.render_board(self.app.text, geo, state.boards, cb), geo.outer.topleft)
        if self.page == 1:
            legal, bad = self.examples["legal"], self.examples["bad"]
            if legal is not None:
                for sq in legal.squares:
                    surface.blit(look.tile(legal.colour, geo.cell, cb, 210), geo.square_rect(sq))
                look.outline(surface, geo, legal.squares, look.LEGAL, 3)
            if bad is not None:
                for sq in bad.squares:
                    surface.blit(look.tile(bad.colour, geo.cell, cb, 110), geo.square_rect(sq))
                look.outline(surface, geo, bad.squares, look.ILLEGAL, 3)
        if self.page == 2:
            _colour, data = self.best()
            area = [look.square_xy(sq) for sq in data["area_squares"]]
            look.outline(surface, geo, area, (255, 255, 255), 3)
            for sq, side in data["free_edges"]:
                a, b = look.edge_line(geo, look.square_xy(sq), side)
                pygame.draw.line(surface, (255, 236, 120), a, b, 3)
        return self.caption(self.page)

    def _keys(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        t = self.app.text
        draw_panel(surface, box)
        size = max(13, int(box.h / (len(KEYS) * 2.1)))
        y = box.y + size
        split = box.x + int(box.w * 0.55)
        for key, what in KEYS:
            surface.blit(t.fitted(_(key), size, theme.ACCENT, split - box.x - 32, bold=True), (box.x + 24, y))
            surface.blit(t.fitted(_(what), size, theme.TEXT, box.right - split - 12), (split, y))
            y += int(size * 1.9)
