"""How to play Sprawl: the rules in our words, with pictures of real positions (seeded
play through the engine) drawn by the game's own board code, and the rules' quiz ("is
the green tower live or neutralized?") on a real position; every caption's sentence and
number comes from the engine (``why_not``, ``neutralization``, ``score``)."""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from shared.sprawl import SPRAWL
from shared.sprawl.board import square_name

from client import theme
from client.scenes.base import Scene
from client.view.widgets import Button, draw_panel

from . import look, overlays
from .hand import describe
from .marks import ghost_move

PAGES = [
    ("Pieces and board", [
        "3 to 8 players, each with fifteen pyramids of one colour: five each of sizes 1, 2 and 3 (45 pips).",
        "3 players play on 5 x 6 squares, 4 to 6 on 6 x 6, 7 or 8 on 8 x 8.",
        "A tree is an upright tower (its pieces stacked 3-2-1) and the branches grown from it: "
        "pieces lying flat, pointing. The outlines show which branches belong to which tower.",
    ]),
    ("A turn", [
        "Your first move stands a piece upright on any vacant square: your first tower.",
        "Then each turn: build on your tower (a 2 on a 3, a 1 on a 2), lay a branch next to a tower "
        "pointing away from it, or grow a smaller branch from a branch's tip or side; or spore.",
        "A branch may be as many steps from its tower as the tower is high. Green squares glow where "
        "the piece in hand may go; a red ghost tells you why not.",
    ]),
    ("Attacks", [
        "Every branch attacks the square its tip points at, your own towers included.",
        "A tower attacked by a size it does not contain is neutralized (a 3-2-1 is immune): its whole "
        "tree is dead, greyed, and nothing grows from it. A: the attack overlay.",
    ]),
    ("Spores", [
        "A branch of size k also targets the square k steps beyond its own, in the direction it points "
        "(the dots; S shows them). Stand a new tower there: a spore.",
        "A spore may not land where it would be neutralized at once.",
    ]),
    ("Quiz", [
        "Is the green tower live or neutralized? Look at the branches pointing at it and the sizes in it.",
        "Space shows the answer (the engine's).",
    ]),
    ("The end", [
        "When the player to move cannot act, the game ends. Dead trees go back to their owners' stashes.",
        "The fewest pips left in your stash wins; ties go to the most pips of opponents' towers you "
        "neutralized, then more such towers, then the largest live trees.",
    ]),
    ("Controls", []),
]

KEYS = [("1 2 3, wheel", "the size in hand"), ("Tab, B, P", "branch or upright (tower/spore)"),
        ("Arrows, or drag", "a branch's direction"), ("Click", "play, or list the moves there"),
        ("Right-click", "every legal move on a square"), ("A / S / O", "attacks, spores, trees"),
        ("U", "undo"), ("Ctrl+S", "save the record"), ("C", "the end show again"), ("Esc", "pause menu")]


def sample(players: int, seed: int, plies: int | None):
    state = SPRAWL.new_state({"players": players}, seed)
    rng = random.Random(seed)
    while not state.is_over() and (plies is None or state.ply < plies):
        state = state.play(state.legal_moves().random(rng))[0]
    return state


def find(test, players: int = 4, seeds=range(1, 400)):
    """The first position of seeded random play for which ``test`` holds (or None)."""
    for seed in seeds:
        state = SPRAWL.new_state({"players": players}, seed)
        rng = random.Random(seed)
        while True:
            if test(state):
                return state
            if state.is_over():
                break
            state = state.play(state.legal_moves().random(rng))[0]
    return None


@lru_cache(maxsize=1)
def positions() -> dict:
    """The pictures' positions: found once by seeded play."""
    middle = find(lambda s: not s.is_over() and s.ply >= 14 and len(s.towers) >= 5 and not s.dead)
    dead = find(lambda s: not s.is_over() and s.ply >= 10 and len(s.dead) == 1)
    quiz_state = find(lambda s: any(s.controller(t) == 2 and s.att[t] for t in s.towers))
    quiz = None
    if quiz_state is not None:
        quiz = (quiz_state, next(t for t in quiz_state.towers if quiz_state.controller(t) == 2 and quiz_state.att[t]))
    end = find(lambda s: s.is_over() and s.dead and s.ply >= 20)
    return {"middle": middle, "dead": dead, "quiz": quiz, "end": end, "examples": examples(middle)}


def examples(state) -> tuple:
    """A legal branch and an illegal move on ``state``, with the engine's reason."""
    legal = next(iter(sorted(state.legal_moves().branches)), None)
    seat = state.to_move
    good = None if legal is None else SPRAWL.parse_move(f"{'rygbkwpo'[seat]}:{legal[1]}{'nesw'[legal[2]]}@"
                                                         f"{square_name(legal[0])}")
    bad = None
    for sq in state.geo.squares:
        if state.tw[sq] is None and state.br[sq] is None:
            move = SPRAWL.parse_move(f"{'rygbkwpo'[seat]}:3@{square_name(sq)}")
            reason = state.why_not(move)
            if reason is not None:
                bad = (move, reason.text)
                break
    return good, bad


class HowToScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.page = 0
        self.pos = positions()
        self.answer = False
        self.prev = Button("< Back", lambda: self.turn(-1), key=pygame.K_LEFT)
        self.next = Button("Next >", lambda: self.turn(1), key=pygame.K_RIGHT)
        self.done = Button("Close", self.close, key=pygame.K_ESCAPE)
        self.resize(app.size)

    def turn(self, step: int) -> None:
        self.page = max(0, min(len(PAGES) - 1, self.page + step))
        self.answer = False
        self.app.sounds.play("select")

    def close(self) -> None:
        self.app.stack.pop()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.text_box = pygame.Rect(int(w * 0.04), int(h * 0.14), int(w * 0.42), int(h * 0.7))
        self.pic_box = pygame.Rect(int(w * 0.5), int(h * 0.14), int(w * 0.46), int(h * 0.6))
        bh = max(38, int(h * 0.06))
        bw = max(140, int(w * 0.12))
        y = h - bh - int(h * 0.03)
        self.prev.rect = pygame.Rect(int(w * 0.04), y, bw, bh)
        self.next.rect = pygame.Rect(int(w * 0.04) + bw + 14, y, bw, bh)
        self.done.rect = pygame.Rect(w - int(w * 0.04) - bw, y, bw, bh)

    def handle_event(self, event: pygame.event.Event) -> bool:
        for b in (self.prev, self.next, self.done):
            if b.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            if PAGES[self.page][0] == "Quiz" and not self.answer:
                self.answer = True
            elif self.page == len(PAGES) - 1:
                self.close()
            else:
                self.turn(1)
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.text
        w, h = self.size
        surface.blit(self.app.background(self.size), (0, 0))
        heading, paras = PAGES[self.page]
        title = t.shadowed(f"SPRAWL: {heading.upper()}", int(h * 0.05), theme.ACCENT, (120, 30, 80), 3, bold=True)
        surface.blit(title, (int(w * 0.04), int(h * 0.04)))
        r = max(5, h // 110)
        for i in range(len(PAGES)):
            centre = (w - int(w * 0.04) - (len(PAGES) - 1 - i) * r * 4, int(h * 0.07))
            pygame.draw.circle(surface, theme.ACCENT if i == self.page else theme.TEXT_DIM, centre, r,
                               0 if i == self.page else 2)
        draw_panel(surface, self.text_box)
        size = max(14, int(h * 0.024))
        y = self.text_box.y + 16
        for para in paras:
            pygame.draw.circle(surface, theme.ACCENT_2, (self.text_box.x + 18, y + size // 2), 4)
            for line in t.wrap(para, size, self.text_box.w - 48):
                surface.blit(t.render(line, size, theme.TEXT), (self.text_box.x + 32, y))
                y += int(size * 1.25)
            y += int(size * 0.7)
        if heading == "Controls":
            self._keys(surface, self.text_box, size)
        else:
            caption = self.illustrate(surface, self.pic_box)
            if caption:
                self._caption(surface, caption, size)
        for b in (self.prev, self.next, self.done):
            b.draw(surface, t)

    def _caption(self, surface: pygame.Surface, caption: tuple, size: int) -> None:
        t = self.app.text
        text, colour = caption
        box_w = self.pic_box.w
        lines = t.wrap(text, size, box_w - 28)[:5]
        box = pygame.Rect(self.pic_box.x, self.pic_box.bottom + 8, box_w, len(lines) * int(size * 1.25) + 16)
        pygame.draw.rect(surface, (12, 12, 28), box, border_radius=10)
        pygame.draw.rect(surface, colour, box, 2, border_radius=10)
        yy = box.y + 8
        for line in lines:
            surface.blit(t.render(line, size, theme.TEXT), (box.x + 14, yy))
            yy += int(size * 1.25)

    def illustrate(self, surface: pygame.Surface, box: pygame.Rect) -> tuple[str, tuple] | None:
        cb = self.app.options.colour_blind
        heading = PAGES[self.page][0]
        pos = self.pos
        state = {"Pieces and board": pos["middle"], "A turn": pos["middle"], "Attacks": pos["dead"],
                 "Spores": pos["middle"], "Quiz": pos["quiz"][0] if pos["quiz"] else pos["dead"],
                 "The end": pos["end"]}[heading]
        geo = look.BoardGeo.fit(box, state.geo.files, state.geo.ranks)
        hide = heading == "Quiz" and not self.answer  # the quiz shows no dead marks before its answer
        surface.blit(look.render_board(self.app.text, geo, state, cb, grey_dead=not hide), geo.outer.topleft)
        t = self.app.text
        if heading == "Pieces and board":
            overlays.draw_trees(surface, t, geo, state, cb)
            return f"A real game after {state.ply} moves: trees outlined, h = the tower's height.", theme.ACCENT_2
        if heading == "A turn":
            good, bad = pos["examples"]
            words = []
            view = _Picture(self.app, geo, state)
            if good is not None:
                ghost_move(surface, view, good, True, cb)
                words.append(f"Green: {describe(good)} is legal.")
            if bad is not None:
                ghost_move(surface, view, bad[0], False, cb)
                words.append(f"Red: {bad[1]}")
            return " ".join(words), theme.GOOD
        if heading == "Attacks":
            overlays.draw_attacks(surface, geo, state, cb)
            reason = overlays.dead_reasons(state)
            first = next(iter(reason.values()))
            return first[0].upper() + first[1:] + ".", theme.BAD
        if heading == "Spores":
            overlays.draw_spores(surface, geo, state, cb)
            return "Dots: where each colour may spore next (its colour; a number when several branches target it).", \
                theme.ACCENT_2
        if heading == "Quiz":
            return self._quiz(surface, geo, cb)
        score = state.score()
        best = min(score["seats"], key=lambda s: s["place"])
        return (f"A finished game: {best['colour']} wins with {best['stash']} pips left "
                f"({best['on_hand']} on hand + {best['stash'] - best['on_hand']} back from dead trees)."), theme.ACCENT

    def _quiz(self, surface, geo, cb) -> tuple[str, tuple]:
        if not self.pos["quiz"]:
            return "No quiz position found.", theme.TEXT_DIM
        state, tower = self.pos["quiz"]
        r = geo.square_rect(tower)
        pygame.draw.rect(surface, theme.ACCENT, r.inflate(6, 6), 3, border_radius=6)
        if not self.answer:
            return f"The green tower on {square_name(tower)}: live or neutralized? (Space)", theme.ACCENT
        overlays.draw_attacks(surface, geo, state, cb)
        why = state.neutralization(tower)
        if why is None:
            sizes = sorted({a["size"] for a in state.attack_map()[tower]})
            return (f"Live: it is attacked only by size {', '.join(map(str, sizes))}, and the tower holds "
                    f"that size."), theme.GOOD
        text = overlays.dead_reasons(state)[tower]
        return "Neutralized: " + text + ".", theme.BAD

    def _keys(self, surface: pygame.Surface, box: pygame.Rect, size: int) -> None:
        t = self.app.text
        y = box.y + size
        for key, what in KEYS:
            surface.blit(t.render(key, size, theme.ACCENT, bold=True), (box.x + 24, y))
            surface.blit(t.render(what, size, theme.TEXT), (box.x + int(box.w * 0.45), y))
            y += int(size * 1.9)


class _Picture:
    """Enough of a match screen for ``ghost_move`` to draw on a how-to picture."""

    def __init__(self, app, geo, state) -> None:
        self.app, self.geo = app, geo
        self.match = type("M", (), {"state": state})()
