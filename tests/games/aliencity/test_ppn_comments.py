"""A record's comments reach the replay: PPN's ``{...}`` comments belong to the turn
before them (one before the first turn is about the start), and the ``#`` comments of
the ``.cbr`` and ``.spr`` records to the move token before them."""

import random

from shared.aliencity import Ruleset, new_game
from shared.aliencity.ppn import read_ppn, write_ppn
from shared.gamekit.comments import hash_comments


def finished_game(seed: int):
    state = new_game(Ruleset(edition=2004), seed)
    rng = random.Random(seed)
    while not state.is_over():
        state = state.apply(rng.choice(list(state.legal_moves())))
    return state


def test_ppn_comments_belong_to_the_turn_before_them():
    text = write_ppn(finished_game(3))
    head, body = text.split("...\n", 1)
    lines = body.splitlines()
    lines[0] = "{An opening  seen before.} " + lines[0] + " {Bold:\nthe centre first.}"
    lines[2] = lines[2] + " {A slip}"
    result = read_ppn(head + "...\n" + "\n".join(lines) + "\n")
    plain = read_ppn(text)
    assert result.comment == "An opening seen before."
    assert [p.build for p in result.plies] == [p.build for p in plain.plies], "comments change no move"
    notes = [p.comment for p in result.plies]
    on_first_line = len(read_ppn(head + "...\n" + body.splitlines()[0] + "\n", lenient=True).plies)
    on_three_lines = len(read_ppn(head + "...\n" + "\n".join(body.splitlines()[:3]) + "\n", lenient=True).plies)
    assert notes[on_first_line - 1] == "Bold: the centre first."
    assert notes[on_three_lines - 1] == "A slip"
    assert sum(1 for n in notes if n) == 2


def test_a_record_without_moves_has_only_its_start_comment():
    head = write_ppn(finished_game(3)).split("...\n", 1)[0]
    result = read_ppn(head + "...\n{Set up, not played.}\n")
    assert result.plies == [] and result.comment == "Set up, not played."


def test_hash_comments_follow_their_tokens():
    text = "# about this file\nGame: Sprawl  # the game\nPlayers: 3\n\nr:3@c4 y:2@e2 # a sharp reply\n" \
           "g:3@b6   #   and   then\n#a line alone\nb:1@f5\n"
    comments = hash_comments(text)
    assert comments.start == "about this file the game"
    assert comments.tokens == 4
    assert comments.per_move(4) == ["", "a sharp reply", "and then a line alone", ""]
    assert comments.per_move(3) == ["", "", ""], "tokens that are not the moves one for one: no sure place"
