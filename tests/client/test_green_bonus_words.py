"""Alien City's final board says in words which green bonus was paid and which was not,
and why (a tie, too far, unclaimed), in English, Slovak and French."""

import pytest

from client.games.aliencity.view.score_show import unpaid_chips
from shared import i18n
from shared.aliencity import Colour, Player, lot_name
from shared.aliencity.scoring import Bonus, ScoreBreakdown

F7, E5, G7 = 6 * 8 + 5, 4 * 8 + 4, 6 * 8 + 6


def breakdown(*bonuses: Bonus) -> ScoreBreakdown:
    return ScoreBreakdown((), tuple(bonuses), (0, 0), True)


TIE = Bonus(F7, Colour.BLUE, (E5, G7), 2, 0, None, "tie", "")
PAID = Bonus(F7, Colour.RED, (E5,), 1, 8, Player.BLACK, None, "")


@pytest.mark.parametrize("lang,words", [("en", ("blue bonus not paid", " and ", "tie", "nobody")),
                                        ("sk", ("modrý bonus sa neplatí", " a ", "nikto")),
                                        ("fr", ("bonus bleu non payé", " et ", "égalité", "personne"))])
def test_an_unpaid_bonus_says_why_in_words(lang, words):
    i18n.set_language(lang)
    try:
        [chip] = unpaid_chips(breakdown(TIE, PAID))
    finally:
        i18n.set_language("en")
    assert chip.startswith(lot_name(F7)) and lot_name(E5) in chip and lot_name(G7) in chip
    for word in words:
        assert word in chip, chip
