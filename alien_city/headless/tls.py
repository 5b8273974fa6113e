"""TLS for the headless bot: the context it connects to ``wss://`` with, and one sentence
for a failed handshake instead of an OpenSSL trace (in English, like the bot; the game
window has its own, translated, in ``client.net``)."""

from __future__ import annotations

import ssl


def client_context(cafile: str | None = None, insecure: bool = False) -> ssl.SSLContext:
    """TLS for connecting to ``wss://``: the system's trusted certificates (plus
    ``cafile``, e.g. a self-signed server's own certificate), host name checked.
    ``insecure`` turns checking off, for tests and one's own LAN only."""
    context = ssl.create_default_context(cafile=cafile)
    if insecure:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


def tls_problem(url: str, exc: BaseException) -> str | None:
    """One line saying what is wrong with the server's certificate, or ``None`` when
    ``exc`` is not a certificate problem."""
    if isinstance(exc, ssl.SSLCertVerificationError):
        why = (exc.verify_message or str(exc)).rstrip(".")
        if exc.verify_code in (18, 19):  # self-signed leaf / in chain
            why = "it is self-signed"
        elif exc.verify_code == 10:
            why = "it has expired"
        elif exc.verify_code == 20 or "issuer" in why:
            why = "it is signed by an authority this computer does not trust"
        elif "Hostname mismatch" in why or "IP address mismatch" in why:
            why = "it was made for another name or address"
        return (f"the certificate of {url} is not trusted: {why}. Use --cafile FILE to trust "
                f"that server's certificate, or --insecure to skip the check (testing only)")
    if isinstance(exc, ssl.SSLError):
        return f"TLS with {url} failed ({exc.reason or exc}): is it a wss:// server?"
    return None
