"""Replay a record: step forward and back, jump to any ply, or let it play.

Positions come from the engine's record reader (``read_ppn``): the position before each
ply, then the final one. Stepping forward animates the build and claim; stepping back
or jumping shows the position at once. Rules the record broke (lenient reading) are
listed with the ply where they happened.
"""

from __future__ import annotations

import pygame

from shared.aliencity import GameState, Phase, lot_name
from shared.aliencity.ppn import ReadResult, read_ppn, write_ppn

from client import theme
from client.view.widgets import Button

from . import look
from .board_screen import BoardScreen
from .score import ScoreScene

AUTOPLAY_STEP = 1.0


class ReplayScene(BoardScreen):
    bottom_scale = 0.115

    def __init__(self, app, result: ReadResult, title: str = "Replay") -> None:
        self.result = result
        self.title = title
        self.positions: list[GameState] = [p.before for p in result.plies] + [result.state]
        self.index = 0
        self.playing = False
        self.play_timer = 0.0
        self.typed = ""
        self.hover_ply: int | None = None
        self.play_button = Button("Play", self.toggle_play, key=pygame.K_SPACE)
        self.score_button = Button("Score", self.score_show, key=pygame.K_c, enabled=False, accent=theme.ACCENT)
        super().__init__(app, self.positions[0])
        self.buttons = [Button("|<", self.first, key=pygame.K_HOME), Button("<", self.back),
                        self.play_button, Button(">", self.forward), Button(">|", self.last, key=pygame.K_END),
                        self.score_button, Button("Close", self.close)]
        self.layout_buttons()

    @property
    def count(self) -> int:
        return len(self.positions) - 1

    def layout_buttons(self) -> None:
        super().layout_buttons()
        self.resize_bar()

    def resize_bar(self) -> None:
        r = self.bottom_rect
        right = min((b.rect.x for b in self.buttons), default=r.right)
        self.bar = pygame.Rect(self.margin * 2, r.y + int(r.h * 0.14), right - 3 * self.margin, int(r.h * 0.3))

    # -- navigation -------------------------------------------------------------------
    def go(self, index: int, animate: bool = False) -> None:
        index = max(0, min(self.count, index))
        if index == self.index:
            return
        self.timeline.finish_all()
        self.index = index
        self.show_state(self.positions[index], animate=animate)
        over = index == self.count and self.positions[index].phase is Phase.OVER
        self.score_button.enabled = over
        if over and animate:  # reaching the end of the game: the score show, as at the table
            self.timeline.delay(0.9, self.score_show)

    def forward(self) -> None:
        self.go(self.index + 1, animate=True)

    def back(self) -> None:
        self.playing = False
        self.go(self.index - 1)

    def first(self) -> None:
        self.playing = False
        self.go(0)

    def last(self) -> None:
        self.playing = False
        self.go(self.count)

    def toggle_play(self) -> None:
        if self.index >= self.count:
            self.go(0)
        self.playing = not self.playing
        self.play_timer = 0.0

    def close(self) -> None:
        self.app.stack.pop()

    def score_show(self) -> None:
        """The animated final count of the record's last position (C, or the Score button)."""
        final = self.positions[-1]
        if final.phase is not Phase.OVER or self.index != self.count:
            return
        self.playing = False
        self.app.push(ScoreScene(self.app, final))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.play_button.label = "Pause" if self.playing else "Play"
        if self.playing:
            self.play_timer += dt * self.app.anim_speed
            if self.play_timer >= AUTOPLAY_STEP:
                self.play_timer = 0.0
                self.forward()
                if self.index >= self.count:
                    self.playing = False

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        if not self.bar.inflate(0, 16).collidepoint(pos) or self.count == 0:
            return None
        return round((pos[0] - self.bar.x) / max(1, self.bar.w) * self.count)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.road_keys(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.insight.click(self.geo.lot_at(event.pos)):
            return True  # a click on a structure pins its road wave
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_PERIOD):
                self.forward()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_COMMA):
                self.back()
                return True
            if event.unicode.isdigit():
                self.typed = (self.typed + event.unicode)[-3:]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.typed:
                self.playing = False
                self.go(int(self.typed))
                self.typed = ""
                return True
            if event.key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
                return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_ply = self.ply_at(event.pos)
            self.track_pointer(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            ply = self.ply_at(event.pos)
            if ply is not None:
                self.playing = False
                self.go(ply)
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.go(self.index - event.y)
            return True
        self.buttons_event(event)
        return True

    # -- drawing ----------------------------------------------------------------------
    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        if self.index == self.count and self.state.phase is Phase.OVER:
            return super().turn_text()
        return f"REPLAY: {self.title}", theme.ACCENT_2

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        if self.typed:
            return f"Jump to ply {self.typed} (Enter)", theme.ACCENT
        if self.index == 0:
            return f"Start of the game: {self.count} plies. Right arrow or Play to step through.", theme.TEXT
        ply = self.result.plies[self.index - 1]
        text = (f"Ply {self.index}/{self.count}: {look.PLAYER_NAME[ply.player]} built a "
                f"{ply.build.piece.name()} on {lot_name(ply.build.lot)}")
        if ply.claim is not None:
            text += f" and claimed the tower on {lot_name(ply.claim.lot)}"
        if ply.warnings:
            return text + ". Against the rules: " + "; ".join(w.split(": ", 1)[-1] for w in ply.warnings), theme.BAD
        return text + ".", theme.TEXT

    def draw_bottom(self, surface: pygame.Surface) -> None:
        super().draw_bottom(surface)
        bar, t = self.bar, self.app.text
        pygame.draw.rect(surface, (20, 22, 48), bar, border_radius=bar.h // 2)
        bad = {i + 1 for i, p in enumerate(self.result.plies) if p.warnings}
        n = max(1, self.count)
        for i in range(self.count + 1):
            x = bar.x + int(i / n * bar.w)
            colour = theme.BAD if i in bad else (theme.ACCENT if i <= self.index else theme.PANEL_EDGE)
            pygame.draw.line(surface, colour, (x, bar.y + 3), (x, bar.bottom - 3), 2)
        knob = (bar.x + int(self.index / n * bar.w), bar.centery)
        pygame.draw.circle(surface, theme.ACCENT, knob, bar.h // 2 + 3)
        pygame.draw.circle(surface, (20, 20, 30), knob, bar.h // 2 + 3, 2)
        if self.hover_ply is not None:
            tip = t.render(f"ply {self.hover_ply}", max(12, bar.h), theme.TEXT)
            x = bar.x + int(self.hover_ply / n * bar.w)
            surface.blit(tip, tip.get_rect(midbottom=(x, bar.y - 2)))

    def status_rect(self) -> pygame.Rect:
        r = self.bottom_rect
        return pygame.Rect(r.x, self.bar.bottom + 2, r.w, r.bottom - self.bar.bottom - 2)


def replay_of(app, state: GameState):
    """The score screen's "Watch replay": this game from its first build, as a record."""
    def open_replay() -> None:
        app.push(ReplayScene(app, read_ppn(write_ppn(state), lenient=True), title="This game"))
    return open_replay
