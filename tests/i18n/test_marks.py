"""The pseudo-language marks every translation test relies on: nested marks, a text cut
with "…", allowed data, and the language coming back after a block."""

from __future__ import annotations

import re

import pytest

from shared import i18n

from .marks import CLOSE, OPEN, bare_words, flatten, is_marked, language, outside_marks, pseudo


def m(text: str) -> str:
    return OPEN + text + CLOSE


def test_nested_marks_hide_their_words_and_what_lies_outside_is_left():
    sentence = m("It is " + m("blue") + "'s turn")
    assert flatten(sentence) == OPEN + CLOSE
    assert bare_words(sentence) == []
    assert bare_words("Score: " + sentence + " now") == ["Score", "now"]
    assert outside_marks("a" + m("x") + "b").split() == ["a", "b"]  # no word made of the sides


def test_a_text_cut_with_an_ellipsis_gets_its_closing_marks_back():
    cut = OPEN + "It is " + OPEN + "blue" + CLOSE + "'s tu…"
    assert bare_words(cut) == []
    assert bare_words(OPEN + "It is blue's tu") == ["It", "is", "blue", "tu"]  # not cut: not closed


def test_allowed_data_strings_and_patterns_are_not_words():
    text = m("Lot") + " Harbour Street " + m("taken") + " by Ann, b:V3:a1"
    assert bare_words(text) == ["Harbour", "Street", "by", "Ann"]
    assert bare_words(text, allow=("Harbour Street", "Harbour", "Ann")) == ["by"]
    assert bare_words(text, allow=(re.compile(r"\bby\b"), "Harbour Street", "Ann")) == []


def test_is_marked_needs_a_mark_and_no_bare_word():
    assert is_marked(m("Pass"))
    assert not is_marked("Pass")
    assert not is_marked("f3")  # no word, but no mark either: never looked up
    assert not is_marked(m("Pass") + " now")
    assert is_marked(m("Pass") + " now", allow=("now",))


def test_language_blocks_give_back_the_language_in_use_before_even_on_error():
    with language("fr"):
        with pseudo():
            assert i18n.current_language() == i18n.PSEUDO
            assert i18n.domain("client")[0]("Quit") == m("Quit")
        assert i18n.current_language() == "fr"
        with pytest.raises(KeyError):
            with language("sk"):
                raise KeyError("boom")
        assert i18n.current_language() == "fr"
    assert i18n.current_language() == i18n.SOURCE_LANGUAGE
