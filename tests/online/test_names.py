"""Player names (shared/online/names.py) and the secret that proves one
(shared/online/identity.py): clear refusals, lookalikes taken, wrong keys refused."""

import json
import stat

import pytest

from shared.online import identity
from shared.online.names import MAX_LENGTH, PROBLEMS, NameProblem, describe, name_key, same_name, validate_name


@pytest.mark.parametrize("name", ["Bob", "Ján Novák", "Zoë", "Ελένη", "Иван", "x_y.z-1",
                                  "O'Brien", "李小龍", "a" * MAX_LENGTH])
def test_good_names_are_kept_as_typed(name):
    assert validate_name(name) == name


def test_names_are_stored_composed():
    assert validate_name("Zoe\u0308") == "Zo\u00eb"


@pytest.mark.parametrize("raw, code", [
    ("", "name_empty"),
    (None, "name_empty"),
    ("   ", "name_spaces"),
    (" Bob", "name_spaces"),
    ("Bob ", "name_spaces"),
    ("Bo  b", "name_spaces"),
    ("x", "name_too_short"),
    ("a" * (MAX_LENGTH + 1), "name_too_long"),
    ("B\u200bob", "name_invisible"),  # zero-width space
    ("Bob\u202e", "name_invisible"),  # right-to-left override
    ("Bo\x07b", "name_invisible"),
    ("Bob\nAlice", "name_invisible"),
    ("Bob\u2028", "name_invisible"),  # line separator
    ("Bob\u00a0X", "name_characters"),  # no-break space
    ("Bob\u2603", "name_characters"),  # snowman
    ("<Bob>", "name_characters"),
    ("\u0301Bob", "name_characters"),  # a mark on nothing
    ("e\u0301\u0302\u0303\u0304", "name_characters"),  # zalgo
    ("-_-", "name_no_letters"),
])
def test_bad_names_are_refused_with_their_reason(raw, code):
    with pytest.raises(NameProblem) as caught:
        validate_name(raw)
    assert caught.value.code == code
    assert PROBLEMS[code] in str(caught.value)


def test_the_offending_character_is_named():
    with pytest.raises(NameProblem, match="U\\+200B ZERO WIDTH SPACE"):
        validate_name("B\u200bob")


@pytest.mark.parametrize("lookalike", [
    "bob", "BOB", "B0b",  # case, digit zero
    "\u0412ob",  # Cyrillic capital Ve
    "B\u043eb",  # Cyrillic small o
    "\u0392\u03bfb",  # Greek capital Beta, small omicron
    "\u042cob",  # Cyrillic soft sign passing for b
    "\uff22\uff4f\uff42",  # fullwidth
    "\U0001d401\U0001d428\U0001d41b",  # mathematical bold
    "Bo_b", "B.o.b", "B ob",  # separators
])
def test_lookalikes_of_bob_are_one_name(lookalike):
    assert same_name("Bob", validate_name(lookalike))


@pytest.mark.parametrize("a, b", [("Tim", "Tirn"), ("\u0391\u039d\u039d\u0391", "ANNA"),
                                  ("\u041d\u0415\u041c\u041e", "HEMO")])
def test_other_lookalikes(a, b):
    assert name_key(a) == name_key(b)


@pytest.mark.parametrize("name", ["Βασίλης", "Ivan", "Иван", "Ján", "STRAßE", "Zoë", "B0b"])
def test_keys_ignore_case_in_every_script(name):
    assert name_key(name) == name_key(name.upper()) == name_key(name.lower())


@pytest.mark.parametrize("a, b", [("Ján", "Jan"), ("Bob", "Rob"), ("Anna", "Ana"),
                                  ("Ivan", "Иван"),
                                  ("AlI", "All"), ("Kai", "Kal"), ("Bill", "Bi11")])
def test_different_names_stay_different(a, b):
    """Accents make other names; I, l and 1 are told apart by the game's font."""
    assert name_key(a) != name_key(b)


def test_a_taken_name_is_refused_by_key():
    taken = {name_key(n) for n in ("Bob", "Alice")}
    assert name_key(validate_name("ALICE")) in taken
    assert name_key(validate_name("Alicia")) not in taken


def test_problems_translate():
    from shared.i18n import set_language
    assert describe("name_taken") == PROBLEMS["name_taken"]
    assert describe("not_a_code") == "not_a_code"
    try:
        set_language("sk")
        assert describe("name_taken").startswith("Toto meno")
        set_language("fr")
        assert describe("name_empty") == "Choisissez un nom."
    finally:
        set_language("en")


# --- secret keys and transfer codes -------------------------------------------------------

def test_the_server_keeps_only_a_salted_hash():
    secret = identity.new_secret()
    assert len(secret) >= 43 and secret != identity.new_secret()
    stored = identity.hash_secret(secret)
    assert secret not in stored
    assert stored != identity.hash_secret(secret)  # salted: two hashes of one key differ
    assert identity.check_secret(secret, stored)


def test_a_wrong_key_is_refused():
    stored = identity.hash_secret(identity.new_secret())
    assert not identity.check_secret(identity.new_secret(), stored)
    assert not identity.check_secret("", stored)
    assert not identity.check_secret(None, stored)


def test_a_known_salt_gives_a_known_hash():
    # sha256 of sixteen zero bytes followed by b"abc" (python3 -c "import hashlib; ...")
    assert identity.hash_secret("abc", salt=bytes(16)) == (
        "sha256$" + "00" * 16 + "$277e7ff6d232b9763f4a66e8d05d210da32dac9c6dbce1026ad4cc98acb5fefe")


def test_damaged_hashes_are_errors_not_matches():
    with pytest.raises(identity.IdentityError, match="not a stored key hash"):
        identity.check_secret("x", "garbage")
    with pytest.raises(identity.IdentityError, match="scheme"):
        identity.check_secret("x", "md5$00$00")


def test_transfer_codes_read_back_however_typed():
    code = identity.new_transfer_code()
    assert len(code) == 12 and code[4] == code[9] == "-"
    plain = code.replace("-", "")
    assert identity.normalise_transfer_code(code) == plain
    assert identity.normalise_transfer_code(" " + code.lower().replace("-", " ") + " ") == plain
    assert set(plain) <= set(identity.TRANSFER_ALPHABET)


@pytest.mark.parametrize("typed, words", [("K7QX-ADM3-P0", "no 0, O, 1"),
                                          ("K7QX-ADM3", "10 characters, not 8"),
                                          ("K7QX-ADM3-P#", "not in a transfer code"),
                                          (42, "is text")])
def test_bad_transfer_codes_say_why(typed, words):
    with pytest.raises(identity.IdentityError, match=words):
        identity.normalise_transfer_code(typed)


def test_the_client_file_is_private_and_per_server(tmp_path):
    path = tmp_path / "data" / identity.FILE_NAME
    identity.save_identity(path, "ws://127.0.0.1:8765", "Bob", "s1")
    identity.save_identity(path, "wss://example.test", "Bobby", "s2")
    identity.save_identity(path, "ws://127.0.0.1:8765", "Bob", "s3")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert identity.load_identities(path) == {
        "ws://127.0.0.1:8765": {"name": "Bob", "secret": "s3"},
        "wss://example.test": {"name": "Bobby", "secret": "s2"}}
    assert not path.with_name(path.name + ".tmp").exists()


def test_a_damaged_client_file_reads_as_none(tmp_path):
    path = tmp_path / identity.FILE_NAME
    path.write_text("{not json", encoding="utf-8")
    assert identity.load_identities(path) == {}
    path.write_text(json.dumps({"a": {"name": 3}, "b": {"name": "B", "secret": "s"}}))
    assert identity.load_identities(path) == {"b": {"name": "B", "secret": "s"}}
    assert identity.load_identities(tmp_path / "missing.json") == {}


def test_the_lookalike_table_holds_folded_letters_only():
    """The table is applied after NFKC and case folding: a source that either would
    change could never be reached."""
    import unicodedata

    from shared.online.confusables import CONFUSABLES
    for source, prototype in CONFUSABLES.items():
        assert source == unicodedata.normalize("NFKC", source).casefold(), source
        assert prototype == prototype.casefold(), prototype
        assert CONFUSABLES.get(prototype, prototype) == prototype, "one step reaches the end"
