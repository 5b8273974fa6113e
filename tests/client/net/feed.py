"""A scripted server for client tests that need exact timing: the test hands the
session the very messages a server would send, frame by frame."""

from __future__ import annotations

from client.online import OnlineSession

CODE = "K7QXAD"


class Feed:
    """A server that says only what the test hands it (``inbox``)."""

    url, name, key = "", "", None  # a transport's address and the hello's name and key

    def __init__(self) -> None:
        self.inbox: list[dict] = []

    def send(self, message: dict) -> None:
        pass

    def poll(self) -> list[dict]:
        out, self.inbox = self.inbox, []
        return out


def info(spec, status: str, version: int) -> dict:
    """The ``match_info`` of a two-seat match between Ann and Bob."""
    seats = spec.seats(spec.options(None))
    return {"code": CODE, "game": spec.id, "options": spec.options(None), "status": status,
            "version": version, "seats": [s.to_dict() for s in seats],
            "players": [{"seat": s.name, "name": n, "online": True} for s, n in zip(seats, ("Ann", "Bob"))]}


def joined_session(app, name: str, state, version: int, seat: str | None = None,
                   server: str | None = None) -> tuple[OnlineSession, Feed]:
    """A session that has joined match ``CODE`` (at ``state``, ``version``) as ``seat``'s
    player, or as a spectator without one."""
    spec = app.games.specs().get("alien-city")
    feed = Feed()
    session = OnlineSession(feed, name, app.games.specs(), server=server)
    feed.inbox += [{"type": "joined", "match": CODE, "role": "player" if seat else "spectator",
                    "seat": seat, "version": version},
                   {"type": "sync", "match": CODE, "version": version, "mode": "snapshot",
                    "state": state.to_dict(), "info": info(spec, "playing", version)}]
    session.pump()
    return session, feed
