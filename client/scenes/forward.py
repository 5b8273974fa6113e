"""A screen attribute that is one of its parts': the names the shell's parts, the online
chrome and the director read off a screen (``margin``, ``match``, ``show_toast``) stay
where they look while the part that owns them keeps them."""

from __future__ import annotations

from typing import Any, Callable, Generic, Iterable, TypeVar

T = TypeVar("T")
S = TypeVar("S")


class Forward(Generic[T]):
    """``geo = Forward()`` makes ``scene.geo`` read and write ``scene.board.geo``;
    ``Forward("frame")`` another part's."""

    def __init__(self, part: str = "board") -> None:
        self.part = part

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, scene: Any, owner: type | None = None) -> T:
        return self if scene is None else getattr(getattr(scene, self.part), self.name)  # type: ignore[return-value]

    def __set__(self, scene: Any, value: T) -> None:
        setattr(getattr(scene, self.part), self.name, value)


def forwarding(part: str, names: Iterable[str]) -> Callable[[type[S]], type[S]]:
    """A class decorator: each of ``names`` on the screen is its part ``part``'s (a name the
    class defines itself stays its own), so every screen holding a shell part shows the
    same names without spelling them out (``@forwarding("frame", FRAME_NAMES)``)."""

    def decorate(cls: type[S]) -> type[S]:
        for name in names:
            if name not in vars(cls):
                forward: Forward[Any] = Forward(part)
                forward.__set_name__(cls, name)
                setattr(cls, name, forward)
        return cls

    return decorate
