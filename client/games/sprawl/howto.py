"""How to play Sprawl: the rules in our words, with pictures of real positions (seeded
play through the engine) drawn by the game's own board code, and the rules' quiz ("is
the green tower live or neutralized?") on a real position; every caption's sentence and
number comes from the engine (``why_not``, ``neutralization``, ``score``)."""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from client import theme
from client.scenes.pages import PagesScene
from client.view.widgets import draw_panel
from shared.sprawl import SPRAWL
from shared.sprawl.board import COLOURS, square_name
from shared.sprawl.words import N_, _, colour_word, ngettext, sentence

from . import look, overlays
from .hand import describe
from .marks import ghost_move

# The pages in English, marked; translated as they are drawn (the headings double as the
# pages' keys in code and tests).
PAGES = [
    (N_("Pieces and board"), [
        N_("3 to 8 players, each with fifteen pyramids of one colour: five each of sizes 1, 2 and 3 (30 pips)."),
        N_("3 players play on 5 x 6 squares, 4 to 6 on 6 x 6, 7 or 8 on 8 x 8."),
        N_("A tree is an upright tower (its pieces stacked 3-2-1) and the branches grown from it: "
           "pieces lying flat, pointing. The outlines show which branches belong to which tower."),
    ]),
    (N_("A turn"), [
        N_("Your first move stands a piece upright on any vacant square: your first tower."),
        N_("Then each turn: build on your tower (a 2 on a 3, a 1 on a 2), lay a branch next to a tower "
           "pointing away from it, or grow a smaller branch from a branch's tip or side; or spore."),
        N_("A branch may be as many steps from its tower as the tower is high. Green squares glow where "
           "the piece in hand may go; a red ghost tells you why not."),
    ]),
    (N_("Branches"), [
        N_("A branch is a piece laid flat, pointing at a neighbouring square. A tree's first branches lie "
           "next to its tower and point straight away from it."),
        N_("A smaller branch grows from a branch's tip (the square it points at) or from its side, pointing "
           "away; a branch may be as many steps from its tower as the tower is high."),
        N_("In play: pick a size, then point at a glowing square. The ghost turns to a way it may point and "
           "the line beside it says what will happen; click to lay it. R or the wheel turns it when it may "
           "point several ways."),
    ]),
    (N_("Attacks"), [
        N_("Every branch attacks the square its tip points at, your own towers included."),
        N_("A tower attacked by a size it does not contain is neutralized (a 3-2-1 is immune): its whole "
           "tree is dead, greyed, and nothing grows from it. A: the attack overlay."),
    ]),
    (N_("Spores"), [
        N_("A branch of size k also targets the square k steps beyond its own, in the direction it points "
           "(the dots; S shows them). Stand a new tower there: a spore."),
        N_("A spore may not land where it would be neutralized at once."),
    ]),
    (N_("Quiz"), [
        N_("Is the green tower live or neutralized? Look at the branches pointing at it and the sizes in it."),
        N_("Space shows the answer (the engine's)."),
    ]),
    (N_("The end"), [
        N_("When the player to move cannot act, the game ends. Dead trees go back to their owners' stashes."),
        N_("The fewest pips left in your stash wins; ties go to the most pips of opponents' towers you "
           "neutralized, then more such towers, then the largest live trees."),
    ]),
    (N_("Controls"), [
        N_("Pick a size (and for a branch its direction) under the board, then click a glowing square; "
           "drag from a vacant square to lay a branch pointing that way, or out of your tower or branch "
           "to lay one on the next square."),
        N_("A red ghost says why a move is not allowed; clicking there lists every move that can end on "
           "that square."),
        N_("H asks the computer for a hint: its best move is shown on the board, with its chance of "
           "finishing first; Enter plays it."),
        N_("In a replay the same overlays work (A, S, O); C opens the end show at the end."),
    ]),
]

# TRANSLATORS: the Controls page's table: a key (or mouse action) and what it does.
KEYS = [(N_("1 2 3, wheel"), N_("the size in hand")), (N_("Tab, B, P"), N_("branch or upright")),
        (N_("Arrows, or drag"), N_("a branch's direction")),
        (N_("R, wheel on the board"), N_("turn the branch")), (N_("Click"), N_("play, or list the moves there")),
        (N_("Right-click"), N_("every legal move on a square")), (N_("A / S / O"), N_("attacks, spores, trees")),
        (N_("H"), N_("a hint (Enter plays it)")), (N_("U"), N_("undo")), (N_("Ctrl+S"), N_("save the record")),
        (N_("C"), N_("the end show again")), (N_("Esc"), N_("pause menu"))]


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


class HowToScene(PagesScene):
    """The shell's pages with Sprawl's pictures; on the quiz page Space first shows the answer."""

    def __init__(self, app) -> None:
        self.pos = positions()
        self.answer = False
        super().__init__(app, PAGES, heading="SPRAWL")
        self.done.label, self.done.tr = N_("Close"), _

    def page_text(self, page: int) -> tuple[str, list[str]]:
        """A page in the language in use at this frame."""
        head, paras = PAGES[page]
        return _(head), [_(para) for para in paras]

    def draw(self, surface: pygame.Surface) -> None:
        self.heading = _("SPRAWL")
        super().draw(surface)

    def turn(self, step: int) -> None:
        super().turn(step)
        self.answer = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        quiz = PAGES[self.page][0] == "Quiz"
        if quiz and not self.answer and event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE,
                                                                                       pygame.K_RETURN):
            self.answer = True
            return True
        return super().handle_event(event)

    def illustrate(self, surface: pygame.Surface, box: pygame.Rect) -> tuple[str, tuple] | None:
        cb = self.app.options.colour_blind
        heading = PAGES[self.page][0]
        if heading == "Controls":
            self._keys(surface, box)
            return None
        pos = self.pos
        state = {"Pieces and board": pos["middle"], "A turn": pos["middle"], "Branches": pos["middle"],
                 "Attacks": pos["dead"],
                 "Spores": pos["middle"], "Quiz": pos["quiz"][0] if pos["quiz"] else pos["dead"],
                 "The end": pos["end"]}[heading]
        geo = look.BoardGeo.fit(box, state.geo.files, state.geo.ranks)
        hide = heading == "Quiz" and not self.answer  # the quiz shows no dead marks before its answer
        surface.blit(look.render_board(self.app.text, geo, state, cb, grey_dead=not hide), geo.outer.topleft)
        t = self.app.text
        if heading == "Pieces and board":
            overlays.draw_trees(surface, t, geo, state, cb)
            return ngettext("A real game after {n} move: trees outlined, h = the tower's height.",
                            "A real game after {n} moves: trees outlined, h = the tower's height.",
                            state.ply).format(n=state.ply), theme.ACCENT_2
        if heading == "A turn":
            good, bad = pos["examples"]
            words = []
            view = _Picture(self.app, geo, state)
            if good is not None:
                ghost_move(surface, view, good, True, cb)
                # TRANSLATORS: "Green"/"Red": the colour of the ghost piece drawn (legal/not), not a player.
                words.append(_("Green: {move} is legal.").format(move=describe(good)))
            if bad is not None:
                ghost_move(surface, view, bad[0], False, cb)
                # asked now: in today's words
                words.append(_("Red: {reason}").format(reason=state.why_not(bad[0]).text))
            return " ".join(words), theme.GOOD
        if heading == "Branches":
            return self._branches(surface, geo, state, cb)
        if heading == "Attacks":
            overlays.draw_attacks(surface, geo, state, cb)
            reason = overlays.dead_reasons(state)
            first = next(iter(reason.values()))
            return sentence(first), theme.BAD
        if heading == "Spores":
            overlays.draw_spores(surface, geo, state, cb)
            return _("Dots: where each colour may spore next (its colour; a number when several branches target "
                     "it)."), theme.ACCENT_2
        if heading == "Quiz":
            return self._quiz(surface, geo, cb)
        score = state.score()
        best = min(score["seats"], key=lambda s: s["place"])
        return ngettext("A finished game: {colour} wins with {n} pip left ({on_hand} on hand + {back} back from "
                        "dead trees).",
                        "A finished game: {colour} wins with {n} pips left ({on_hand} on hand + {back} back from "
                        "dead trees).", best["stash"]).format(
            colour=colour_word(COLOURS.index(best["colour"])), n=best["stash"], on_hand=best["on_hand"],
            back=best["stash"] - best["on_hand"]), theme.ACCENT

    def _branches(self, surface, geo, state, cb) -> tuple[str, tuple]:
        """Every square where the side to move may lay a branch of the size with the most
        such squares, a ghost pointing the first legal way there, the trees outlined."""
        branches = state.legal_moves().branches
        if not branches:
            return "", theme.TEXT_DIM
        k = max((1, 2, 3), key=lambda size: (len({q for q, s, _d in branches if s == size}), size))
        first: dict[int, int] = {}
        for q, size, d in sorted(branches):
            if size == k:
                first.setdefault(q, d)
        seat = state.to_move
        overlays.draw_trees(surface, self.app.text, geo, state, cb)
        view = _Picture(self.app, geo, state)
        for q, d in first.items():
            ghost_move(surface, view, SPRAWL.parse_move(f"{'rygbkwpo'[seat]}:{k}{'nesw'[d]}@{square_name(q)}"),
                       True, cb)
        # TRANSLATORS: the Branches page's picture; {colour}: the player to move, {size}: 1-3.
        return _("Green: where {colour} may lay a {size} now, each pointing a way it may.").format(
            colour=colour_word(seat), size=k), theme.GOOD

    def _quiz(self, surface, geo, cb) -> tuple[str, tuple]:
        if not self.pos["quiz"]:
            return _("No quiz position found."), theme.TEXT_DIM
        state, tower = self.pos["quiz"]
        r = geo.square_rect(tower)
        pygame.draw.rect(surface, theme.ACCENT, r.inflate(6, 6), 3, border_radius=6)
        if not self.answer:
            return _("The green tower on {square}: live or neutralized? (Space)").format(
                square=square_name(tower)), theme.ACCENT
        overlays.draw_attacks(surface, geo, state, cb)
        why = state.neutralization(tower)
        if why is None:
            sizes = sorted({a["size"] for a in state.attack_map()[tower]})
            return _("Live: it is attacked only by size {sizes}, and the tower holds that size.").format(
                sizes=", ".join(map(str, sizes))), theme.GOOD
        return _("Neutralized: {reason}.").format(reason=overlays.dead_reasons(state)[tower]), theme.BAD

    def _keys(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        t = self.app.text
        draw_panel(surface, box)
        size = max(13, min(int(box.h / (len(KEYS) * 2.1)), int(box.w / 26)))
        y = box.y + size
        col = int(box.w * 0.45)
        for key, what in KEYS:
            surface.blit(t.fitted(_(key), size, theme.ACCENT, col - 32, bold=True), (box.x + 24, y))
            surface.blit(t.fitted(_(what), size, theme.TEXT, box.w - col - 16), (box.x + col, y))
            y += int(size * 1.9)


class _Picture:
    """Enough of a match screen for ``ghost_move`` to draw on a how-to picture."""

    def __init__(self, app, geo, state) -> None:
        self.app, self.geo = app, geo
        self.match = type("M", (), {"state": state})()
