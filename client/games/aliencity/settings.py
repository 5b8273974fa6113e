"""Alien City's options: the rules edition and the location variant (the spec's), and
whether the road flashes after a build (a look). Saved under the game's id in the config;
an older config kept them at its top level, and they are moved from there when read."""

from __future__ import annotations

from typing import Any

from client.games.base import GameOption, option_value
from shared.aliencity import Ruleset
from shared.aliencity.spec import ALIEN_CITY
from shared.i18n import domain

_, N_, ngettext, pgettext = domain("aliencity")

OPTIONS = (
    GameOption("edition", (2004, 2002), (N_("2004 (Black starts)"), N_("2002 (dice decide)")), 2004,
               N_("Rules edition"),
               N_("2004: Black starts; a tie of nearest towers may still pay a green bonus. "
                  "2002: four dice each decide who starts; a tie never pays."), tr=_, legacy="edition"),
    GameOption("location_bonus", (False, True), (N_("Off"), N_("On")), False, N_("Location variant"),
               N_("Claimed towers also score their tile's rank, unless another claimed tower "
                  "stands on a tile of the same rank."), tr=_, legacy="location_bonus"),
    GameOption("road_flash", (True, False), (N_("Flash it"), N_("Off")), True, N_("Road after a build"),
               N_("After each build the road network shows for a moment, narrowing where the new "
                  "structure closed it. R shows it whenever you like."), tr=_, legacy="road_flash"),
)


def setting(app, name: str) -> Any:
    """The saved value of one of Alien City's options."""
    return option_value(app, ALIEN_CITY.id, next(o for o in OPTIONS if o.name == name))


def ruleset(app) -> Ruleset:
    """The rules a new game is played under (what Options say)."""
    return Ruleset(setting(app, "edition"), setting(app, "location_bonus"))
