"""The pure parts of playing online the way players know from other sites: ratings for
2-8 seats with shared places (``ratings``), player names and the secret that proves one
(``names``), chess-style and correspondence clocks (``clock``).

No sockets, no asyncio, no clock reads here: every time is passed in, so the server can
drive these from its event loop and the tests from plain numbers.
"""
