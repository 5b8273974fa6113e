"""Play online: where to connect (server address and name, remembered), and
optionally a room code to go straight to a match. Connect opens the lobby. A join link
(``alien-city://HOST:PORT/ROOM``, ``wss://HOST/#ROOM``) pasted with Ctrl+V, or typed in
the address field, fills in both."""

from __future__ import annotations

import pygame

from shared.i18n import domain
from shared.netkit.links import LinkError, parse_link

from .. import theme
from ..clipboard import paste_text
from ..view.form import draw_backdrop
from ..view.widgets import Button, TextField, draw_panel
from .base import Scene

_, N_, ngettext, pgettext = domain("online")

# TRANSLATORS: the name used when the player left theirs empty.
DEFAULT_NAME = N_("Player")


def player_name(app) -> str:
    """The name we go online with: the one in Options, else "Player" in the language in use
    (the options' untouched default counts as none: it is the English key)."""
    saved = app.options.player_name
    return (saved if saved and saved != DEFAULT_NAME else _(DEFAULT_NAME))[:24]


class OnlineScene(Scene):
    def __init__(self, app, mode: str = "play") -> None:
        super().__init__(app)
        self.mode = mode
        o = app.options
        self.address = TextField("Server address", o.server)
        self.name_field = TextField("Your name", player_name(app), max_len=24)
        self.code = TextField("Room code (to join or watch a private game)", "", max_len=12)
        # Field labels are keys, translated where drawn.
        self.field_labels = {self.address: N_("Server address"), self.name_field: N_("Your name"),
                             self.code: N_("Room code (to join or watch a private game)")}
        self.connect = Button(N_("Connect"), self.try_connect, tr=_)
        self.back = Button(N_("Back"), self.close, key=pygame.K_ESCAPE, tr=_)
        self.message = ""
        self._identity: tuple[str | None, str | None] = (None, None)  # (address, our name there)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.box = pygame.Rect(int(w * 0.22), int(h * 0.17), int(w * 0.56), int(h * 0.62))
        fh = max(34, int(h * 0.055))
        x, fw = self.box.x + 30, self.box.w - 60
        for i, field in enumerate((self.address, self.name_field, self.code)):
            field.rect = pygame.Rect(x, self.box.y + int(fh * 1.5) + i * int(fh * 2.2), fw, fh)
        bh = max(38, int(h * 0.06))
        self.connect.rect = pygame.Rect(x, self.code.rect.bottom + fh, max(170, int(w * 0.13)), bh)
        self.back.rect = self.connect.rect.move(self.connect.rect.w + 14, 0)

    def close(self) -> None:
        self.remember()
        self.app.stack.pop()

    def remember(self) -> None:
        o = self.app.options
        name = self.name_field.value.strip()
        if name == _(DEFAULT_NAME):
            name = DEFAULT_NAME  # the default kept as its key: another language says it its own way
        o.server, o.player_name = self.address.value.strip() or o.server, name or o.player_name
        self.app.save_options()

    def use_link(self, text: str) -> bool:
        """Fill the address and room code from a join link; False (and why) if it is none."""
        try:
            link = parse_link(text)
        except LinkError as exc:
            self.message = _("Not a join link: {why}").format(why=exc)
            return False
        self.address.value = link.server
        if link.room:
            self.code.value = link.room
        self.message = (_("Link read: {server}, room {code}").format(server=link.server, code=link.room)
                        if link.room else _("Link read: {server}").format(server=link.server))
        return True

    def paste(self) -> None:
        text = paste_text()
        if not text:
            self.message = _("The clipboard holds no text.")
        elif "://" in text or "#" in text:
            self.use_link(text)
        else:
            field = next((f for f in (self.address, self.name_field, self.code) if f.active), self.address)
            field.value = (field.value + text.strip())[:field.max_len]

    def registered_name(self) -> str | None:
        """The name this computer holds on the server typed in (it signs in with it)."""
        from ..connect import normal_url, token_store
        from ..online_accounts import saved_identity
        address = self.address.value.strip()
        if self._identity[0] != address:
            found = saved_identity(token_store(), normal_url(address)) if address else None
            self._identity = (address, found["name"] if found else None)
        return self._identity[1]

    def try_connect(self) -> None:
        """Start the network thread and go to the lobby (which shows the connection)."""
        from ..connect import open_lobby
        address = self.address.value.strip()
        if address.lower().startswith("alien-city:") or "#" in address:
            if not self.use_link(address):
                return
        self.remember()
        name = (self.name_field.value.strip() or _(DEFAULT_NAME))[:24]
        open_lobby(self.app, self.address.value.strip(), name, self.mode, code=self.code.value.strip() or None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_v
                and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)):
            self.paste()
            return True
        for field in (self.address, self.name_field, self.code):
            if field.handle_event(event):
                return True
        if self.connect.handle_event(event) or self.back.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.try_connect()
            return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app, t = self.app, self.app.text
        w, h = self.size
        draw_backdrop(surface, app, _("PLAY ONLINE") if self.mode == "play" else _("WATCH A GAME"), y=0.09)
        draw_panel(surface, self.box)
        hint = t.fitted(_("Ctrl+V pastes a join link (alien-city://… or wss://…#ROOM)"), max(12, int(h * 0.02)),
                        theme.TEXT_DIM, self.box.w - 60)
        surface.blit(hint, (self.box.x + 30, self.box.y + 12))
        blink = int(app.clock_time * 2) % 2 == 0
        for field in (self.address, self.name_field, self.code):
            field.label = _(self.field_labels[field])
            field.draw(surface, t, blink)
        registered = self.registered_name()
        if registered:
            said = _("You are {name} on this server: signed in by itself.").format(name=registered)
            img = t.fitted(said, max(12, int(h * 0.02)), theme.GOOD, self.name_field.rect.w)
            surface.blit(img, (self.name_field.rect.x, self.name_field.rect.bottom + 4))
        self.connect.draw(surface, t)
        self.back.draw(surface, t)
        if self.message:
            size = max(13, int(h * 0.024))
            y = self.connect.rect.bottom + 16
            for line in t.wrap(self.message, size, self.box.w - 60):
                surface.blit(t.render(line, size, theme.ACCENT), (self.box.x + 30, y))
                y += size + 4
