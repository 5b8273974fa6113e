"""Screens of the game: each a Scene on the App's SceneStack."""
