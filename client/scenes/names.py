"""Your name on this server (from the lobby): play as a guest, take a name so it is yours
(the server's key is kept in the identity file, mode 0600, and signs you in by itself
next time), get a transfer code to take the name to another computer, or type one here
to bring a name from another computer. Every refusal is the session's sentence for the
server's error code (name taken, a look-alike, too long, a wrong code...).

Why the name is checked here too: the player sees what is wrong with it as they press
the button, in their language, without a round trip (the server checks it again).
"""

from __future__ import annotations

import pygame

from shared.i18n import domain
from shared.online.identity import IdentityError, normalise_transfer_code
from shared.online.names import NameProblem, describe, validate_name

from .. import theme
from ..online import OnlineSession
from ..view.form import draw_backdrop
from ..view.widgets import Button, TextField, draw_panel
from .base import Scene

_, N_, ngettext, pgettext = domain("online")


class NamesScene(Scene):
    def __init__(self, app, session: OnlineSession) -> None:
        super().__init__(app)
        self.session = session
        self.new_name = TextField(N_("A name that is yours on this server"), "" if session.signed_in
                                  else session.name, max_len=24, tr=_)
        self.move_name = TextField(N_("Your name on the other computer"), "", max_len=24, tr=_)
        self.move_code = TextField(N_("Transfer code"), "", max_len=16, tr=_)
        self.fields = (self.new_name, self.move_name, self.move_code)
        # TRANSLATORS: buttons of the name screen (online).
        self.take_button = Button(N_("Take this name"), self.take, tr=_)
        self.code_button = Button(N_("Get a transfer code"), self.get_code, tr=_)
        self.redeem_button = Button(N_("Move my name here"), self.redeem, tr=_)
        self.back = Button(N_("Back"), self.close, key=pygame.K_ESCAPE, tr=_)
        self.buttons = (self.take_button, self.code_button, self.redeem_button, self.back)
        self.message = ""
        self.code_button.enabled = session.signed_in
        self.take_button.enabled = not session.signed_in
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.box = pygame.Rect(int(w * 0.12), int(h * 0.15), int(w * 0.76), int(h * 0.74))
        fh = max(32, int(h * 0.05))
        gap = int(fh * 0.9)
        x, fw = self.box.x + 24, self.box.w - 48
        bw = min(fw, max(230, int(w * 0.26)))
        y = self.box.y + int(fh * 2.2)
        self.new_name.rect = pygame.Rect(x, y, fw - bw - 14, fh)
        self.take_button.rect = pygame.Rect(x + fw - bw, y, bw, fh)
        y += fh + int(gap * 1.2)
        self.code_button.rect = pygame.Rect(x, y, bw, fh)
        self.code_at = (x + bw + 16, y)
        y += fh + gap + int(fh * 0.6)
        half = (fw - bw - 28) // 2
        self.move_name.rect = pygame.Rect(x, y, half, fh)
        self.move_code.rect = pygame.Rect(x + half + 14, y, half, fh)
        self.redeem_button.rect = pygame.Rect(x + fw - bw, y, bw, fh)
        self.message_y = y + fh + 14
        self.box.h = self.message_y + 3 * (max(13, int(h * 0.024)) + 4) + 16 - self.box.y  # three lines of message
        self.back.rect = pygame.Rect(self.box.x, self.box.bottom + 10, max(160, int(w * 0.12)), fh)

    def close(self) -> None:
        self.app.stack.pop()

    # -- actions ----------------------------------------------------------------------------
    def take(self) -> None:
        """Register the typed name (checked here first, then by the server)."""
        name = self.checked(self.new_name)
        if name is None:
            return
        self.session.register(name)
        self.say(_("Asking the server for {name}…").format(name=name))

    def get_code(self) -> None:
        if not self.session.signed_in:
            self.say(_("Take a name first: a guest has no name to move."), error=True)
            return
        self.session.transfer_start()
        self.say(_("Asking the server for a transfer code…"))

    def redeem(self) -> None:
        name = self.checked(self.move_name)
        if name is None:
            return
        try:
            normalise_transfer_code(self.move_code.value)
        except IdentityError:
            self.say(_("That is not a transfer code: it has 10 letters and digits, "
                       "without 0, O, 1, I, L, U or V."), error=True)
            return
        self.session.transfer_redeem(name, self.move_code.value)
        self.say(_("Moving {name} here…").format(name=name))

    def checked(self, field: TextField) -> str | None:
        """The field's name as the server will check it, or None (and what is wrong)."""
        try:
            return validate_name(field.value.strip())
        except NameProblem as exc:
            self.say(describe(exc.code), error=True)
            return None

    def say(self, text: str, error: bool = False) -> None:
        self.message = text
        if error:
            self.app.sounds.play("error")

    # -- frame ------------------------------------------------------------------------------
    def status(self) -> str:
        s = self.session
        if s.signed_in:
            return _("You are {name} on this server: this computer signs you in by itself.").format(name=s.name)
        return _("You play as a guest ({name}): take a name to keep it and get a rating.").format(name=s.name)

    def update(self, dt: float) -> None:
        super().update(dt)
        for note in self.session.pump():
            if note.kind == "registered":
                self.say(_("{name} is yours on this server: the key is kept on this computer.").format(
                    name=self.session.name))
                self.app.sounds.play("claim")
            elif note.kind == "transfer":
                self.say(_("On the other computer, type your name and this code within 15 minutes. "
                           "The name then moves there: this computer plays as a guest."))
            elif note.kind == "error" and not note.match:
                self.say(note.text, error=True)
        self.code_button.enabled = self.session.signed_in
        # One name per server on a computer: a second would replace (and lose) the first's key.
        self.take_button.enabled = not self.session.signed_in

    def handle_event(self, event: pygame.event.Event) -> bool:
        for field in self.fields:
            if field.handle_event(event):
                return True
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            (self.redeem if self.move_name.active or self.move_code.active else self.take)()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        t, h = self.app.text, self.size[1]
        draw_backdrop(surface, self.app, _("YOUR NAME"), y=0.07)
        draw_panel(surface, self.box)
        size = max(13, int(h * 0.024))
        colour = theme.GOOD if self.session.signed_in else theme.TEXT
        y = self.box.y + 14
        for line in t.wrap(self.status(), size, self.box.w - 48)[:2]:
            surface.blit(t.render(line, size, colour), (self.box.x + 24, y))
            y += size + 4
        blink = int(self.app.clock_time * 2) % 2 == 0
        for field in self.fields:
            field.draw(surface, t, blink)
        for button in self.buttons:
            button.draw(surface, t)
        if self.session.transfer_code:
            x, y = self.code_at
            img = t.fitted(self.session.transfer_code, int(self.code_button.rect.h * 0.7), theme.ACCENT,
                           self.box.right - 24 - x, bold=True)
            surface.blit(img, (x, y + (self.code_button.rect.h - img.get_height()) // 2))
        y = self.message_y
        for line in t.wrap(self.message, size, self.box.w - 48)[:3]:
            surface.blit(t.render(line, size, theme.ACCENT), (self.box.x + 24, y))
            y += size + 4
