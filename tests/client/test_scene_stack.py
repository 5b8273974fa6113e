"""SceneStack lifecycle: changes apply at the end of a frame, hooks run once, events go
top-down, drawing starts at the topmost opaque scene, modal overlays freeze what is below."""

from unittest.mock import Mock

import pygame

from client.scenes.base import Part, Scene, SceneStack


def scene(opaque=True, modal=False, consumes=False) -> Mock:
    s = Mock(spec=Scene)
    s.opaque = opaque
    s.modal = modal
    s.parts = ()
    s.handle_event.return_value = consumes
    return s


def test_a_scenes_parts_follow_its_lifecycle_after_it():
    """A part listed in a scene's ``parts`` is paused, resumed, updated and told of the
    exit after the scene, whatever the scene's own hooks do."""
    calls: list[str] = []
    part = Mock(spec=Part)
    for hook in ("update", "pause", "resume", "exit"):
        getattr(part, hook).side_effect = lambda *a, hook=hook: calls.append(f"part {hook}")
    below = scene()
    for hook in ("update", "pause", "resume", "exit"):
        getattr(below, hook).side_effect = lambda *a, hook=hook: calls.append(f"scene {hook}")
    below.parts = (part,)
    stack = SceneStack()
    stack.push(below)
    stack.apply_pending()
    stack.update(0.1)
    stack.push(scene())
    stack.apply_pending()
    stack.pop()
    stack.pop()
    stack.apply_pending()
    assert calls == ["scene update", "part update", "scene pause", "part pause", "scene resume", "part resume",
                     "scene exit", "part exit"]
    part.update.assert_called_once_with(0.1)


def test_push_is_applied_at_the_end_of_the_frame():
    """A pushed scene enters only when pending changes are applied."""
    stack, a = SceneStack(), scene()
    stack.push(a)
    assert stack.top is None and not a.enter.called
    stack.apply_pending()
    assert stack.top is a
    a.enter.assert_called_once()


def test_push_pauses_and_pop_resumes():
    """The covered scene is paused, then resumed when the cover is popped (which exits)."""
    stack, a, b = SceneStack(), scene(), scene()
    stack.push(a)
    stack.apply_pending()
    stack.push(b)
    stack.apply_pending()
    a.pause.assert_called_once()
    b.enter.assert_called_once()
    stack.pop()
    stack.apply_pending()
    b.exit.assert_called_once()
    a.resume.assert_called_once()
    assert stack.scenes == [a]


def test_replace_and_clear():
    """replace swaps the top scene; clear_to exits every scene and leaves one."""
    stack, a, b, c = SceneStack(), scene(), scene(), scene()
    for s in (a, b):
        stack.push(s)
    stack.replace(c)
    stack.apply_pending()
    b.exit.assert_called_once()
    assert stack.scenes == [a, c]
    d = scene()
    stack.clear_to(d)
    stack.apply_pending()
    a.exit.assert_called_once()
    c.exit.assert_called_once()
    assert stack.scenes == [d]


def test_events_go_top_down_until_consumed():
    """The top scene sees an event first; a consumed event goes no further."""
    stack = SceneStack()
    below, overlay = scene(), scene(opaque=False, consumes=True)
    for s in (below, overlay):
        stack.push(s)
    stack.apply_pending()
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert stack.handle_event(event)
    overlay.handle_event.assert_called_once_with(event)
    below.handle_event.assert_not_called()
    overlay.handle_event.return_value = False
    stack.handle_event(event)
    below.handle_event.assert_called_once_with(event)


def test_draw_starts_at_the_topmost_opaque_scene():
    """Scenes hidden under an opaque scene are not drawn; overlays draw over their base."""
    stack = SceneStack()
    hidden, base, overlay = scene(), scene(), scene(opaque=False)
    for s in (hidden, base, overlay):
        stack.push(s)
    stack.apply_pending()
    surface = pygame.Surface((4, 4))
    stack.draw(surface)
    hidden.draw.assert_not_called()
    base.draw.assert_called_once_with(surface)
    overlay.draw.assert_called_once_with(surface)


def test_modal_overlay_freezes_the_scene_below():
    """Under a modal overlay (pause, dice, score) the game does not advance."""
    stack = SceneStack()
    game, toast, pause = scene(), scene(opaque=False), scene(opaque=False, modal=True)
    stack.push(game)
    stack.push(toast)
    stack.apply_pending()
    stack.update(0.1)
    game.update.assert_called_once()
    toast.update.assert_called_once()
    stack.push(pause)
    stack.apply_pending()
    stack.update(0.1)
    assert game.update.call_count == 1
    pause.update.assert_called_once_with(0.1)


def test_a_cover_that_does_not_freeze_below_lets_the_scene_under_it_run():
    """The score show covers the match screen but an online match still hears its server."""
    stack = SceneStack()
    game, show = scene(), scene(modal=True)
    show.freeze_below = False
    game.freeze_below = True
    for s in (game, show):
        stack.push(s)
    stack.apply_pending()
    stack.update(0.1)
    game.update.assert_called_once_with(0.1)
    assert not stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    game.handle_event.assert_not_called()  # events stop at the cover all the same


def test_a_plain_scene_says_what_the_stack_asks_of_it(app):
    """Every scene declares the stack's questions: not modal, freezing what it covers,
    no frames while still and full rate while its timeline runs, no replay controls,
    no server connection."""
    class Plain(Scene):
        def draw(self, surface: pygame.Surface) -> None:
            pass

    plain = Plain(app)
    assert (plain.modal, plain.freeze_below, plain.controls, plain.server_session()) == (False, True, None, None)
    assert plain.frame_rate() == 0.0
    plain.timeline.delay(1.0, lambda: None)
    assert plain.frame_rate() == 60.0
