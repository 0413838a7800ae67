"""The engine's own PRNG, so a seed deals the same cards on every Python.

``random.shuffle`` may change between Python versions; this does not. It is
SplitMix64 (Steele, Lea & Flood 2014) with unbiased bounded draws by
rejection, and a Fisher-Yates shuffle. Its state is one int, so a game state
copies it for free.

>>> rng = Rng(42)
>>> items = list(range(5)); rng.shuffle(items); items
[1, 2, 0, 4, 3]
"""

from __future__ import annotations

from typing import TypeVar

_MASK = (1 << 64) - 1
_T = TypeVar("_T")


class Rng:
    """SplitMix64: a 64-bit counter stepped by the golden gamma, then mixed."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform int in ``0..n-1`` (n >= 1), without modulo bias."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def shuffle(self, items: list[_T]) -> None:
        """Shuffle in place (Fisher-Yates, from the end)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
