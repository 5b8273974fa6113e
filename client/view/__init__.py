"""What the player sees: board geometry and drawing, pieces, panels and widgets."""
