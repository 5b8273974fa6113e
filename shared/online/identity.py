"""Proving a name without passwords: a secret key the client keeps and the server only
knows the hash of, and a short transfer code to move the name to another computer.

Why no password: players pick a name and play, as on the sites they know for casual
play; the client makes a 256-bit random secret, keeps it in a 0600 file, and shows it
with each hello. The server stores ``hash_secret(secret)``: a salted SHA-256. A fast
hash is enough because the secret is random and long (nobody can guess it offline the
way they guess a human password); the salt keeps two stored hashes of one secret apart,
and ``check_secret`` compares in constant time (``hmac.compare_digest``) so timing
tells nothing about how close a wrong key came.

Moving to another computer: the server makes a transfer code (10 letters and digits
that cannot be misread, shown as ``K7QX-ADM3-PZ``) on request of the logged-in client,
keeps only its hash with an expiry, and the other computer trades name + code for a new
secret. The old secret stops working: a name is moved, not copied.

Security randomness comes from the operating system (``secrets``), never from a seed:
a seeded key would be a guessable key. Tests check the form and behaviour, not values.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path

SECRET_BYTES = 32
SALT_BYTES = 16
HASH_SCHEME = "sha256"
# No 0/O, 1/I/L, U/V: a code read aloud or typed from a phone cannot be mistaken.
TRANSFER_ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ"
TRANSFER_LENGTH = 10  # 29**10 is about 4e14: with a server's attempt limit and expiry, enough
TRANSFER_MINUTES = 15
FILE_NAME = "online-identity.json"


class IdentityError(ValueError):
    """A secret, hash or transfer code that is not of our form: the message says how."""


def new_secret() -> str:
    """A fresh secret key for a new name (URL-safe text, 43 characters)."""
    return secrets.token_urlsafe(SECRET_BYTES)


def hash_secret(secret: str, salt: bytes | None = None) -> str:
    """What the server stores: ``sha256$<salt hex>$<digest hex>``."""
    if not isinstance(secret, str) or not secret:
        raise IdentityError("a secret key is non-empty text")
    salt = secrets.token_bytes(SALT_BYTES) if salt is None else salt
    digest = hashlib.sha256(salt + secret.encode("utf-8")).hexdigest()
    return f"{HASH_SCHEME}${salt.hex()}${digest}"


def check_secret(secret: object, stored: str) -> bool:
    """True when ``secret`` is the key ``stored`` was made from (constant-time)."""
    try:
        scheme, salt_hex, digest = stored.split("$")
        salt = bytes.fromhex(salt_hex)
    except ValueError as exc:
        raise IdentityError(f"not a stored key hash: {stored[:20]!r}") from exc
    if scheme != HASH_SCHEME:
        raise IdentityError(f"unknown key hash scheme {scheme!r}")
    if not isinstance(secret, str) or not secret:
        return False
    candidate = hashlib.sha256(salt + secret.encode("utf-8")).hexdigest()
    return hmac.compare_digest(candidate, digest)


def new_transfer_code() -> str:
    """A fresh transfer code, grouped for reading: ``K7QX-ADM3-PZ``."""
    raw = "".join(secrets.choice(TRANSFER_ALPHABET) for _ in range(TRANSFER_LENGTH))
    return format_transfer_code(raw)


def format_transfer_code(code: str) -> str:
    """``K7QXADM3PZ`` -> ``K7QX-ADM3-PZ``."""
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


def normalise_transfer_code(typed: object) -> str:
    """The code as typed (any case, spaces or dashes) to its 10 characters; a misread
    O/0 or I/1/L is refused with a hint, since those never appear in a code."""
    if not isinstance(typed, str):
        raise IdentityError("a transfer code is text")
    code = "".join(ch for ch in typed.upper() if ch not in " -\t")
    for ch in code:
        if ch not in TRANSFER_ALPHABET:
            hint = " (codes have no 0, O, 1, I, L, U or V)" if ch in "0O1ILUV" else ""
            raise IdentityError(f"{ch!r} is not in a transfer code{hint}")
    if len(code) != TRANSFER_LENGTH:
        raise IdentityError(f"a transfer code has {TRANSFER_LENGTH} characters, not {len(code)}")
    return code


# --- the client's file: per server, the name and its secret -----------------------------

def load_identities(path: Path) -> dict[str, dict[str, str]]:
    """Server address -> {"name", "secret"}; an unreadable or damaged file reads as none
    (the player can still move a name back with a transfer code)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    kept: dict[str, dict[str, str]] = {}
    for server, entry in data.items():
        if isinstance(entry, dict) and isinstance(entry.get("name"), str) \
                and isinstance(entry.get("secret"), str):
            kept[str(server)] = {"name": entry["name"], "secret": entry["secret"]}
    return kept


def save_identity(path: Path, server: str, name: str, secret: str) -> None:
    """Keep (or replace) this server's name and secret, readable by the user only: the
    file is written beside the old one with mode 0600, then swapped in."""
    identities = load_identities(path)
    identities[server] = {"name": name, "secret": secret}
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(path.name + ".tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(identities, handle, indent=1, sort_keys=True)
        os.chmod(temp, 0o600)  # an older temp file kept its mode through O_TRUNC
        os.replace(temp, path)
    finally:
        if temp.exists():
            temp.unlink()
