"""Characters that look like others, each mapped to the one it passes for (its prototype),
so "Воb" written with a Cyrillic В and "B0b" with a zero both come out as "bob".

The table is applied after case folding, so it maps lower-case letters only: that keeps
names case-insensitive by construction (a key computed from the folded name cannot tell
Bob from BOB). A capital that passes for a Latin capital therefore brings its small
letter along: Cyrillic В passes for B, so в goes to b; Greek Ν passes for N, so ν goes
to n (although ν alone looks more like v).

Source: a small hand-picked part of Unicode's confusables.txt (Unicode Technical Standard
#39, "Unicode Security Mechanisms", https://www.unicode.org/Public/security/latest/),
which is © Unicode, Inc. under the Unicode License v3 (permissive: copying and changing
allowed with the notice kept; see assets/CREDITS.md). We kept the Cyrillic and Greek
letters that pass for Latin ones in everyday fonts and a few Latin look-alikes, and made
our own choices where a player name is at stake: the digit 0 goes to o (UTS #39 goes the
other way), the Cyrillic soft sign ь to b; 1, I and l are not merged, because the game's
font (Cantarell) draws l with a tail and I and 1 with flags, and merging I with l would
also merge i with l after case folding (Kai and Kal would be one name).

Only what NFKC normalisation does not already fold is here: fullwidth, mathematical and
circled letters, ligatures and superscripts reach the table as plain letters.
"""

from __future__ import annotations

# One "source prototype" pair after another, both as case folding leaves them.
_PAIRS = """
а a  в b  е e  з 3  к k  м m  н h  о o  р p  с c  т t  у y  х x  ь b  ё ë
ѕ s  і i  ї ï  ј j  һ h  ӏ l  ү y  ԛ q  ԝ w  ƅ b
α a  β b  γ y  ε e  ζ z  η h  ι i  κ k  μ m  ν n  ο o  ρ p  τ t  υ y  χ x  ϳ j
ı i  ɑ a  ɡ g  ɩ i  ɪ i  ʏ y  ǀ l
0 o
"""

CONFUSABLES: dict[str, str] = {}
for _line in _PAIRS.strip().splitlines():
    _fields = _line.split()
    for _source, _prototype in zip(_fields[::2], _fields[1::2]):
        CONFUSABLES[_source] = _prototype

# Strings of several letters that pass for one: "rn" reads as "m".
SEQUENCES: tuple[tuple[str, str], ...] = (("rn", "m"),)
