"""Vs computer: the level chosen is remembered (the options keep it) for the next game."""

from client.scenes.picker import GamePickerScene


def test_the_chosen_level_is_kept_for_the_next_game(app):
    picker = GamePickerScene(app, "computer")
    assert picker.level == "easy"
    picker._set_level("hard")
    assert app.options.computer_level == "hard"
    again = GamePickerScene(app, "computer")
    assert again.level == "hard" and "hard" in again.chosen()


def test_every_games_level_descriptions_follow_the_language(app):
    """What the picker says each computer level does comes out in the language in use."""
    from shared import i18n
    for plugin in app.games:
        english = {level: plugin.describe_level(level) for level in plugin.spec.computer_levels}
        try:
            i18n.set_language("sk")
            for level in plugin.spec.computer_levels:
                assert plugin.describe_level(level) != english[level], (plugin.spec.id, level)
        finally:
            i18n.set_language("en")


def test_a_measured_level_shows_its_rating(app):
    """A level with a measured rating (the game's level_ratings.json) says it in the
    picker's lines, rounded as people read it; an unmeasured one does not."""
    from shared.gamekit.levels import level_ratings
    rated = [plugin for plugin in app.games if level_ratings(plugin.spec)]
    assert rated, "no game ships level ratings"
    picker = GamePickerScene(app, "computer")
    for plugin in app.games:
        picker.choose_game(plugin.spec.id)
        measured = level_ratings(plugin.spec)
        for level in picker.levels():  # the levels the picker offers
            picker._set_level(level)
            lines = " ".join(picker.describe())
            if level in measured:
                words = "rated at least" if measured[level].floor else "rated about"
                assert f"{words} {measured[level].about()}" in lines, (plugin.spec.id, level)
            else:
                assert "rated" not in lines, (plugin.spec.id, level)
    assert any(r.floor for plugin in rated for r in level_ratings(plugin.spec).values()), \
        "some shipped level is a floor (City Blocks' swept every pair)"


def test_a_focused_variant_row_explains_itself_in_the_language_in_use(app):
    """The setup screen says in a line what a game's option does while its row has the
    focus (Sprawl's variants), in English, Slovak and French."""
    from shared import i18n
    picker = GamePickerScene(app, "computer")
    picker.choose_game("sprawl")
    rows = [r for r in picker.menu.rows if r.label in ("Strict branching", "Superior forces", "Sprawlgami", "Overload")]
    assert len(rows) == 4
    seen = {}
    try:
        for lang in ("en", "sk", "fr"):
            i18n.set_language(lang)
            for row in rows:
                picker.menu.focus = picker.menu.rows.index(row)
                words = picker.row_help(picker.menu.focused)
                colon = " : " if lang == "fr" else ": "   # French puts a space before a colon
                assert words.startswith(row.text() + colon) and len(words) > len(row.text()) + 15, (lang, words)
                seen[lang, row.label] = words
                app.stack.push(picker)
                app.stack.apply_pending()
                app.stack.draw(app.window)
                app.stack.scenes.clear()
    finally:
        i18n.set_language("en")
    assert seen["sk", "Overload"] != seen["en", "Overload"] != seen["fr", "Overload"]
    picker.menu.focus = 0
    assert picker.row_help(picker.menu.focused) == "", "the shell's rows keep their lines as they were"
