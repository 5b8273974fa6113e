"""Rated games against the computer (as Pentobi has them), the client's side.

The picker's *Rated game* row makes a game against the computer rated: the level is the
measured one closest to the player's local rating for that game (:mod:`shared.online.
local_ratings`), shown before Start; the game has no undo and no hints (their buttons
stay in the bar, greyed, and say why when pressed; U, Ctrl+Z, H and the pause menu
refuse the same way). When the game ends the new rating is settled and the score screen's
headline says the change. The ratings live in ``local-ratings.json`` in the config folder
(:mod:`shared.online.local_store`), beside the saves.

A rated game is saved and continued like any local game (its slot keeps ``rated``: the
id, level and seat), and resuming it keeps undo and hints off. Leaving it is not losing
it: it waits in Continue. Deleting it there counts as a loss (as leaving a rated online
match does), and the confirmation says so first.
"""

from __future__ import annotations

import datetime as _dt
import secrets
from dataclasses import dataclass
from typing import Any

import pygame

from shared.gamekit.levels import LevelRating, level_ratings
from shared.i18n import domain
from shared.online import local_ratings
from shared.online.local_store import LocalRatings, StoreError
from shared.online.ratings import DISPLAY_SCALE, Rating

from .computer import level_name
from .config import config_dir
from .view.form import Row
from .view.widgets import Button, button_surface

_, N_, ngettext, pgettext = domain("client")

FILE_NAME = "local-ratings.json"


class Ratings:
    """The app's ratings file, opened once (``app.kit``); ``error`` when it cannot be read."""

    def __init__(self) -> None:
        self.store: LocalRatings | None = None
        self.error = ""
        try:
            self.store = LocalRatings(config_dir() / FILE_NAME)
        except StoreError as exc:
            self.error = str(exc)

    def notice(self) -> str:
        """What the player should know about the file (damaged, unreadable), or ""."""
        if self.error:
            return _("The ratings file cannot be read: {error}").format(error=self.error)
        store = self.store
        if store is None or not store.damaged:
            return ""
        if store.from_backup:
            return _("The ratings file was damaged ({reason}). It is kept as {name}; the backup was "
                     "read instead.").format(reason=store.damage, name=store.damaged)
        return _("The ratings file was damaged ({reason}). It is kept as {name}; your ratings start "
                 "afresh.").format(reason=store.damage, name=store.damaged)


def ratings(app) -> Ratings:
    return app.kit("local-ratings", Ratings)


def now() -> str:
    return _dt.datetime.now().isoformat(timespec="seconds")


def levels(spec) -> dict[str, LevelRating]:
    """The levels a rated game of this game may play (measured ones only), weakest first."""
    return local_ratings.rated_levels(tuple(spec.computer_levels), level_ratings(spec))


def rating_of(app, game: str) -> Rating:
    store = ratings(app).store
    return store.rating(game) if store is not None else local_ratings.START


def level_for(app, spec) -> LevelRating | None:
    """The level a rated game would play now, or None when there is none to rate against."""
    measured = levels(spec)
    if not measured or ratings(app).store is None:
        return None
    return measured[local_ratings.choose_level(rating_of(app, spec.id), measured)]


def why_not(app, spec) -> str:
    """Why this game cannot be rated now ("" when it can)."""
    if ratings(app).store is None:
        return ratings(app).notice()
    if not levels(spec):
        return _("No rated games of {game} yet: its computer levels have no measured rating.").format(
            game=spec.title)
    return ""


def rating_words(rating: Rating) -> str:
    """"1523 ± 90" (about 95 % sure), or "1500?" while provisional."""
    if rating.provisional:
        return rating.label()
    return _("{rating} ± {spread}").format(rating=rating.display(), spread=round(2 * rating.sigma * DISPLAY_SCALE))


@dataclass
class RatedGame:
    """One rated game: what its save keeps, and its outcome once settled."""

    game: str
    id: str
    level: str
    seat: int
    outcome: local_ratings.Outcome | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "level": self.level, "seat": self.seat}

    @classmethod
    def from_dict(cls, game: str, data: object) -> RatedGame | None:
        if not isinstance(data, dict) or not isinstance(data.get("id"), str) \
                or not isinstance(data.get("seat"), int) or not isinstance(data.get("level"), str):
            return None
        return cls(game, data["id"], data["level"], data["seat"])


def begin(app, spec, level: LevelRating, seat: int, seats: int) -> RatedGame:
    """Register a new rated game (it counts from now on); raises OSError if it cannot."""
    store = ratings(app).store
    if store is None:
        raise OSError(ratings(app).notice())
    rated = RatedGame(spec.id, secrets.token_hex(8), level.level, seat)
    store.begin(spec.id, rated.id, level, seats, now())
    return rated


class RefusingButton(Button):
    """Undo or Hint in a rated game: drawn greyed, a press says why instead of acting."""

    def draw(self, surface: pygame.Surface, text, focus: bool = False) -> None:
        img = button_surface(text, self.rect.size, self.text, hover=False, enabled=False,
                             accent=self.accent, cache=self._cache)
        surface.blit(img, self.rect)


def refusal(what: str) -> str:
    if what == "undo":
        return _("No undo in a rated game.")
    return _("No hints in a rated game.")


def refuse(scene, what: str) -> None:
    scene.app.sounds.play("error")
    scene.show_toast(refusal(what), 3)


def attach(scene, rated: RatedGame) -> None:
    """Make a match screen's game rated: undo and hints refuse, the level is said."""
    scene.rated = rated
    scene.computers.refuse_hints = lambda: refuse(scene, "hint")
    for old, what in ((scene.undo_button, "undo"), (scene.hint_button, "hint")):
        if old is None or old not in scene.buttons:
            continue
        refusing = RefusingButton(old.label, lambda what=what: refuse(scene, what), key=old.key, tr=old.tr)
        refusing.label_key = old.label_key  # Alien City relabels its buttons by this key on a language switch
        scene.buttons[scene.buttons.index(old)] = refusing
    scene.layout_buttons()
    scene.show_toast(start_words(scene.app, rated), 5)


def start_words(app, rated: RatedGame) -> str:
    # TRANSLATORS: a rated game starts: the player's rating, the computer's level and its rating
    return _("Rated game: you ({rating}) against {level}. No undo, no hints.").format(
        rating=rating_words(rating_of(app, rated.game)), level=level_name(rated.level))


def settle(scene) -> None:
    """The rated game on ``scene`` has ended: the player's new rating, once."""
    rated: RatedGame = scene.rated
    store = ratings(scene.app).store
    if rated.outcome is not None or store is None:
        return
    try:
        rated.outcome = store.finish(rated.game, rated.id, list(scene.position().ranking()), rated.seat, now())
    except (OSError, StoreError) as exc:
        scene.show_toast(_("The rating could not be saved: {error}").format(error=exc), 6)


def headline(rated: RatedGame) -> str | None:
    """The score screen's headline: the rating's change."""
    o = rated.outcome
    if o is None:
        return None
    # TRANSLATORS: the end of a rated game: "Your rating: 1606? (+106)" ("?": still provisional)
    return _("Your rating: {after} ({change})").format(after=o.after.label(), change=f"{o.change:+d}")


def abandon(app, data: dict) -> local_ratings.Outcome | None:
    """A saved rated game deleted before its end: a loss."""
    rated = RatedGame.from_dict(str(data.get("game", "")), data.get("rated"))
    store = ratings(app).store
    if rated is None or store is None:
        return None
    return store.abandon(rated.game, rated.id, now())


def resume(scene, data: dict) -> None:
    """A continued game: rated again if its save says so (undo and hints stay off)."""
    rated = RatedGame.from_dict(str(data.get("game", "")), data.get("rated"))
    if rated is not None:
        attach(scene, rated)


def start(app, scene, level: LevelRating) -> Any:
    """Make ``scene`` (a new match screen, the person in one seat) a rated game against
    ``level``: registered, undo and hints off. None (and a toast) when it cannot be."""
    from .scenes.seats import HumanSeat
    seat = next(i for i, s in enumerate(scene.seats) if isinstance(s, HumanSeat))
    try:
        rated = begin(app, scene.spec, level, seat, len(scene.seats))
    except (OSError, StoreError) as exc:
        scene.show_toast(_("The rating could not be saved: {error}").format(error=exc), 6)
        return None
    attach(scene, rated)
    return rated


def next_game(scene) -> None:
    """New game after a rated one: rated again, the level chosen anew, the same seats."""
    from .scenes.seats import ComputerSeat
    app, old = scene.app, scene.rated
    level = level_for(app, scene.spec)
    if level is None:
        scene.show_toast(why_not(app, scene.spec), 5)
        return
    seed = secrets.randbelow(10**9)
    seats = [seat if i == old.seat else ComputerSeat(level=level.level) for i, seat in enumerate(scene.seats)]
    new = type(scene)(app, scene.fresh_state(seed), seats=seats, seed=seed, bot_factory=scene.bot_factory)
    app.stack.clear_to(new)
    start(app, new, level)


# -- the picker's row and line -------------------------------------------------------------
def picker_row(picker) -> Row:
    """*Rated game* Off/On (only Off, saying why, when the game cannot be rated)."""
    spec = picker.plugin.spec
    if ratings(picker.app).store is None:
        # TRANSLATORS: the picker's Rated game row when the ratings file cannot be read
        values, names = [False], [N_("Off: the ratings file is unreadable")]
    elif not levels(spec):
        # TRANSLATORS: the picker's Rated game row for a game whose levels have no measured rating
        values, names = [False], [N_("Off: no measured levels")]
    else:
        values, names = [False, True], [N_("Off"), N_("On")]

    def put(value: bool) -> None:
        picker.rated = value
        picker.build_rows()
    # TRANSLATORS: picker row: a game against the computer that counts for your local rating
    return Row(N_("Rated game"), values, names, lambda: picker.rated, put,
               N_("The computer's level follows your rating; no undo, no hints."), tr=_)


def picker_words(app, spec, rated: bool) -> str:
    """The picker's line in a rated game: the level chosen from the rating."""
    if not rated or why_not(app, spec):
        return ""
    level = level_for(app, spec)
    if level is None:
        return ""
    if level.floor:
        # TRANSLATORS: as the line below, for a level that won every game it was measured in
        said = _("Rated: you ({rating}) against {level} (at least {level_rating}); no undo, no hints.")
    else:
        # TRANSLATORS: the picker, a rated game: the player's rating, the level chosen for it and
        # the level's rating; one short line (it has to fit the picker at 1024x640)
        said = _("Rated: you ({rating}) against {level} (about {level_rating}); no undo, no hints.")
    return said.format(rating=rating_words(rating_of(app, spec.id)), level=level_name(level.level),
                       level_rating=level.about())
