"""Text fields edit as people expect: Home/End and arrows move the caret, Ctrl+A then
typing replaces everything, Ctrl+V pastes at the caret; the key that opened chat is not typed."""

import pygame

from client.clipboard import copy_text
from client.view.widgets import TextField

from .conftest import key


def typed(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def field(value: str = "") -> TextField:
    f = TextField("Name", value)
    f.active = True
    return f


def test_home_end_and_arrows_move_the_caret():
    f = field("ace")
    f.handle_event(key(pygame.K_HOME))
    f.handle_event(typed("R"))
    assert f.value == "Race"
    f.handle_event(key(pygame.K_RIGHT))
    f.handle_event(key(pygame.K_BACKSPACE))
    assert f.value == "Rce"
    f.handle_event(key(pygame.K_END))
    f.handle_event(typed("!"))
    assert f.value == "Rce!"
    f.handle_event(key(pygame.K_HOME))
    f.handle_event(key(pygame.K_DELETE))
    assert f.value == "ce!"


def test_ctrl_a_replaces_and_ctrl_v_pastes_at_the_caret():
    f = field("old name")
    f.handle_event(key(pygame.K_a, pygame.KMOD_LCTRL))
    f.handle_event(typed("N"))
    assert f.value == "N"
    copy_text("ew name")
    f.handle_event(key(pygame.K_v, pygame.KMOD_LCTRL))
    assert f.value == "New name"
    f.handle_event(key(pygame.K_a, pygame.KMOD_LCTRL))
    f.handle_event(key(pygame.K_BACKSPACE))
    assert f.value == ""


def test_the_key_that_opened_the_field_is_not_typed():
    f = field()
    f.ignore_next_text("t")
    f.handle_event(typed("t"))
    f.handle_event(typed("h"))
    f.handle_event(typed("t"))
    assert f.value == "ht"
