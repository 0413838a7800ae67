"""The screen sizes the layout is built for, and the games shown on them
(shared by test_layout.py and docs/screenshots/make.py)."""

from __future__ import annotations

# Phones (portrait and landscape), tablets, laptops, a desktop.
SIZES = [
    (360, 640),
    (390, 844),
    (844, 390),
    (768, 1024),
    (1024, 768),
    (1280, 720),
    (1366, 768),
    (1920, 1080),
]
TOUCH = SIZES[:5]

# Seeds where the human in seat 0, first to play, draws a joker (the card that
# lights every spot of the grid at once).
JOKER_SEED = {3: 15, 5: 13}
BOTS = ["sharp", "casual", "rookie", "expert"]
NAMES = ["Ann", "Bob", "Chloé", "Dmitri", "Eve"]


def game_query(seats: int, lang: str = "en") -> str:
    players = ",".join(["human", *BOTS[: seats - 1]])
    seed = JOKER_SEED[seats]
    return f"?players={players}&names=Ann&rounds=1&first=0&seed={seed}&speed=instant&lang={lang}"
