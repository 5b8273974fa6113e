"""A ruleset: the immutable choice of edition and variants, fixed at game creation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import MalformedError
from .texts import _, ruleset_label

EDITIONS = (2002, 2004)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """``edition`` 2004 (Black starts; tied nearest towers may still pay a green bonus)
    or 2002 (dice decide who starts; a tie never pays). ``location_bonus``: the optional
    variant where claimed towers also score their tile's rank unless that rank repeats."""

    edition: int = 2004
    location_bonus: bool = False

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise MalformedError(_("unknown edition {edition!r}: expected 2002 or 2004")
                                 .format(edition=self.edition))
        if not isinstance(self.location_bonus, bool):
            raise MalformedError(_("location_bonus must be true or false, got {value!r}")
                                 .format(value=self.location_bonus))

    def text(self) -> str:
        """``'2004'`` or ``'2002+location'``."""
        return f"{self.edition}{'+location' if self.location_bonus else ''}"

    def label(self) -> str:
        """:meth:`text` for people, in the language in use."""
        return ruleset_label(self.edition, self.location_bonus)

    @classmethod
    def parse(cls, text: str) -> "Ruleset":
        parts = str(text).strip().lower().split("+")
        try:
            edition = int(parts[0])
        except ValueError:
            raise MalformedError(_("bad ruleset {text!r}: expected e.g. '2004' or '2002+location'")
                                 .format(text=text)) from None
        extras = set(parts[1:])
        if extras - {"location"}:
            raise MalformedError(_("bad ruleset {text!r}: unknown variant {variant!r}")
                                 .format(text=text, variant=sorted(extras - {"location"})[0]))
        return cls(edition, "location" in extras)

    def to_dict(self) -> dict[str, Any]:
        return {"edition": self.edition, "location_bonus": self.location_bonus}

    @classmethod
    def from_dict(cls, data: object) -> "Ruleset":
        if not isinstance(data, dict):
            raise MalformedError(_("ruleset must be a mapping, got {type}").format(type=type(data).__name__))
        edition = data.get("edition", 2004)
        if isinstance(edition, bool) or not isinstance(edition, int):
            raise MalformedError(_("ruleset edition must be 2002 or 2004, got {edition!r}")
                                 .format(edition=edition))
        return cls(edition, data.get("location_bonus", False))
