"""The accounts store (server/accounts.py): names unique by their lookalike key, secrets
kept as hashes, transfer codes, and ratings updated for all seats in one transaction."""

import sqlite3
import threading
import time

import pytest

import server.accounts as accounts_module
from server.accounts import AccountError, Accounts
from shared.online.identity import new_secret
from shared.online.names import NameProblem
from shared.online.ratings import Rating, places_with_resignations, rate

NOW = 1_800_000_000.0


@pytest.fixture
def accounts(tmp_path):
    store = Accounts(tmp_path / "accounts.sqlite")
    yield store
    store.close()


def test_register_and_log_in(accounts):
    secret = new_secret()
    bob = accounts.register("Bob", secret, NOW)
    assert bob.name == "Bob" and accounts.find("bob") == bob
    assert accounts.authenticate("Bob", secret) == bob
    assert accounts.authenticate("BOB", secret) == bob  # any lookalike spelling finds him


def test_the_store_keeps_no_secret(accounts, tmp_path):
    secret = new_secret()
    accounts.register("Bob", secret, NOW)
    raw = sqlite3.connect(tmp_path / "accounts.sqlite").execute(
        "SELECT key_hash FROM players").fetchone()[0]
    assert secret not in raw and raw.startswith("sha256$")


def test_a_wrong_key_is_refused(accounts):
    accounts.register("Bob", new_secret(), NOW)
    assert accounts.authenticate("Bob", new_secret()) is None
    assert accounts.authenticate("Bob", "") is None
    assert accounts.authenticate("Nobody", new_secret()) is None


@pytest.mark.parametrize("lookalike", ["Bob", "bob", "B0B", "\u0412ob", "Bo_b"])
def test_taken_names_and_their_lookalikes_are_refused(accounts, lookalike):
    accounts.register("Bob", new_secret(), NOW)
    with pytest.raises(NameProblem) as caught:
        accounts.register(lookalike, new_secret(), NOW)
    assert caught.value.code == "name_taken"
    assert not accounts.name_free(lookalike)
    assert accounts.name_free("Rob")


def test_bad_names_are_refused_before_the_store(accounts):
    with pytest.raises(NameProblem) as caught:
        accounts.register(" Bob", new_secret(), NOW)
    assert caught.value.code == "name_spaces"


def test_a_transfer_moves_the_name(accounts):
    old, new = new_secret(), new_secret()
    bob = accounts.register("Bob", old, NOW)
    code = accounts.start_transfer(bob.id, NOW)
    typed = code.lower().replace("-", " ")  # read over the phone, typed loosely
    assert accounts.redeem_transfer("Bob", typed, new, NOW + 60) == bob
    assert accounts.authenticate("Bob", new) == bob
    assert accounts.authenticate("Bob", old) is None  # moved, not copied
    with pytest.raises(AccountError) as caught:  # spent
        accounts.redeem_transfer("Bob", code, new_secret(), NOW + 61)
    assert caught.value.code == "transfer_refused"


def test_a_transfer_code_expires(accounts):
    bob = accounts.register("Bob", new_secret(), NOW)
    code = accounts.start_transfer(bob.id, NOW)
    with pytest.raises(AccountError, match="15 minutes"):
        accounts.redeem_transfer("Bob", code, new_secret(), NOW + 15 * 60)


def test_five_wrong_tries_spend_the_code(accounts):
    secret = new_secret()
    bob = accounts.register("Bob", secret, NOW)
    code = accounts.start_transfer(bob.id, NOW)
    wrong = "2222-2222-22" if code != "2222-2222-22" else "3333-3333-33"
    for _ in range(5):
        with pytest.raises(AccountError):
            accounts.redeem_transfer("Bob", wrong, new_secret(), NOW + 1)
    with pytest.raises(AccountError):  # now even the right code is refused
        accounts.redeem_transfer("Bob", code, new_secret(), NOW + 2)
    assert accounts.authenticate("Bob", secret) == bob


def test_a_malformed_code_says_why(accounts):
    accounts.register("Bob", new_secret(), NOW)
    with pytest.raises(AccountError) as caught:
        accounts.redeem_transfer("Bob", "O0O0", new_secret(), NOW)
    assert caught.value.code == "transfer_malformed" and "no 0, O" in str(caught.value)


def players(accounts, *names):
    return [accounts.register(name, new_secret(), NOW).id for name in names]


def test_a_match_rates_every_seat_and_keeps_the_history(accounts):
    a, b, c = players(accounts, "Ann", "Ben", "Cy")
    after = accounts.record_match("K7QXAD", "sprawl", [a, b, c], [1, 2, 2], NOW)
    assert after == rate([Rating()] * 3, [1, 2, 2])
    assert accounts.rating(b, "sprawl", 3) == after[1]
    assert accounts.rating(b, "sprawl", 4) == Rating()  # another pool
    row, = accounts.history(a, "sprawl", 3)
    assert (row.match, row.place, row.before, row.after) == ("K7QXAD", 1, Rating(), after[0])


def test_a_match_is_rated_once(accounts):
    a, b = players(accounts, "Ann", "Ben")
    first = accounts.record_match("M1", "alien-city", [a, b], [1, 2], NOW)
    again = accounts.record_match("M1", "alien-city", [a, b], [1, 2], NOW + 5)  # a retry
    assert again == first and accounts.rating(a, "alien-city", 2).games == 1
    c, = players(accounts, "Cy")
    with pytest.raises(AccountError, match="rated with other players"):
        accounts.record_match("M1", "alien-city", [a, c], [1, 2], NOW)


def test_a_resignation_is_rated_as_a_loss(accounts):
    a, b = players(accounts, "Ann", "Ben")
    places = places_with_resignations([1, 2], [0])  # Ann was ahead, then resigned
    accounts.record_match("M1", "alien-city", [a, b], list(places), NOW)
    assert accounts.rating(a, "alien-city", 2).mu < accounts.rating(b, "alien-city", 2).mu


def test_bad_matches_are_refused(accounts):
    a, _b = players(accounts, "Ann", "Ben")
    with pytest.raises(AccountError, match="against themselves"):
        accounts.record_match("M1", "alien-city", [a, a], [1, 2], NOW)
    with pytest.raises(AccountError, match="2 to 8 seats"):
        accounts.record_match("M1", "alien-city", [a], [1], NOW)


def test_a_failing_rating_changes_nothing(accounts):
    a, b = players(accounts, "Ann", "Ben")
    with pytest.raises(ValueError, match="places"):
        accounts.record_match("M1", "alien-city", [a, b], [1], NOW)
    assert accounts.rating(a, "alien-city", 2) == Rating() and not accounts.history(a, "alien-city", 2)


def test_two_matches_of_one_player_ending_at_once_both_count(tmp_path, monkeypatch):
    """Two connections (two server tasks or processes on one file) rate two matches of
    Ann at the same moment. The first holds its transaction open while it rates; the
    second must wait and then read what the first wrote, not the rating from before."""
    path = tmp_path / "accounts.sqlite"
    setup = Accounts(path)
    ann, ben, cy = players(setup, "Ann", "Ben", "Cy")
    inside = threading.Event()
    real_rate = accounts_module.rate

    def slow_rate(ratings, places):
        if not inside.is_set():
            inside.set()
            time.sleep(0.3)  # room for the other match to try to read meanwhile
        return real_rate(ratings, places)

    monkeypatch.setattr(accounts_module, "rate", slow_rate)
    errors: list[BaseException] = []

    def finish(match, opponent):
        store = Accounts(path)
        try:
            store.record_match(match, "alien-city", [ann, opponent], [1, 2], NOW)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            store.close()

    first = threading.Thread(target=finish, args=("M1", ben))
    first.start()
    assert inside.wait(10)
    second = threading.Thread(target=finish, args=("M2", cy))
    second.start()
    first.join(20)
    second.join(20)
    assert not errors
    final = setup.rating(ann, "alien-city", 2)
    assert final.games == 2
    once, = rate([Rating(), Rating()], [1, 2])[:1]
    twice = rate([once, Rating()], [1, 2])[0]
    assert final == twice  # the second match started from the first one's result
    assert len(setup.history(ann, "alien-city", 2)) == 2
    setup.close()


def test_leaderboard_leaves_out_provisional_players(accounts):
    a, b, c = players(accounts, "Ann", "Ben", "Cy")
    for k in range(10):
        accounts.record_match(f"A{k}", "city-blocks", [a, b], [1, 2], NOW + k)
    accounts.record_match("C1", "city-blocks", [c, a], [1, 2], NOW + 20)
    board = accounts.leaderboard("city-blocks", 2)
    assert [p.name for p, _ in board] == ["Ann", "Ben"]
    everyone = accounts.leaderboard("city-blocks", 2, include_provisional=True)
    assert {p.name for p, _ in everyone} == {"Ann", "Ben", "Cy"}
