"""Sprawl's client plug-in (board, seat panels, hand, overlays, end show, replay, how-to)."""
