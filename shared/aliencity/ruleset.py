"""A ruleset: the immutable choice of edition and variants, fixed at game creation."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import MalformedError

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
            raise MalformedError(f"unknown edition {self.edition!r}: expected 2002 or 2004")
        if not isinstance(self.location_bonus, bool):
            raise MalformedError(f"location_bonus must be true or false, got {self.location_bonus!r}")

    def text(self) -> str:
        """``'2004'`` or ``'2002+location'``."""
        return f"{self.edition}{'+location' if self.location_bonus else ''}"

    @classmethod
    def parse(cls, text: str) -> "Ruleset":
        parts = str(text).strip().lower().split("+")
        try:
            edition = int(parts[0])
        except ValueError:
            raise MalformedError(f"bad ruleset {text!r}: expected e.g. '2004' or '2002+location'") from None
        extras = set(parts[1:])
        if extras - {"location"}:
            raise MalformedError(f"bad ruleset {text!r}: unknown variant {sorted(extras - {'location'})[0]!r}")
        return cls(edition, "location" in extras)

    def to_dict(self) -> dict:
        return {"edition": self.edition, "location_bonus": self.location_bonus}

    @classmethod
    def from_dict(cls, data: object) -> "Ruleset":
        if not isinstance(data, dict):
            raise MalformedError(f"ruleset must be a mapping, got {type(data).__name__}")
        edition = data.get("edition", 2004)
        if isinstance(edition, bool) or not isinstance(edition, int):
            raise MalformedError(f"ruleset edition must be 2002 or 2004, got {edition!r}")
        return cls(edition, data.get("location_bonus", False))
