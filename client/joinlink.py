"""``alien-city join LINK``: open the client straight into a room from a join link
(``alien-city://HOST:PORT/ROOM`` or ``wss://HOST/#ROOM``; ``shared.netkit.links``).

A seat is taken when one is free; when both are taken the lobby watches the match
instead (``--watch`` watches from the start). Your saved seat in that match, if any
(``client.tokens``), is taken back.
"""

from __future__ import annotations

import argparse
import sys

from shared.i18n import domain

_, N_, ngettext, pgettext = domain("online")


def add_arguments(parser: argparse.ArgumentParser, command: str = "join") -> None:
    parser.add_argument("link", help=_("a join link: alien-city://HOST:PORT/ROOM or wss://HOST/#ROOM"))
    parser.add_argument("--name", default=None, help=_("your name (default: the one in Options)"))
    parser.add_argument("--watch", action="store_true", help=_("watch the match rather than take a seat"))


def run(args: argparse.Namespace) -> int:
    from shared.netkit.links import LinkError, parse_link
    try:
        link = parse_link(args.link)
    except LinkError as exc:
        print(_("alien-city join: {error}").format(error=exc), file=sys.stderr)
        return 2
    from .app import main as open_window
    from .connect import open_lobby
    from .scenes.online import player_name

    def go(app) -> None:
        name = (args.name or player_name(app))[:24]
        open_lobby(app, link.server, name, "watch" if args.watch else "play", code=link.room,
                   spectator=args.watch, replace=False)
        app.stack.apply_pending()
    return open_window(then=go, language=args.lang)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="alien-city join",
                                     description=_("Open the game straight into a room from a join link."))
    add_arguments(parser)
    parser.set_defaults(lang=None)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
