"""Weights of City Blocks' final-score forecast (:mod:`.forecast`), written by
``bench/cityblocks_forecast.py --games 900 --seed 71000 --write``: per player count
(2, or 4 for 3-4 players), one row per stage of the game, the weights of the
forecast's features area, hole_sides, open_sides, reach, fitting. Do not edit by hand: run the bench again."""

STAGES = (12, 30, 42, 54, 66, 78)   # the mean ply of each row's stage
WEIGHTS: dict[int, tuple[tuple[float, ...], ...]] = {
    2: (
        (1.3034, 1.1742, 0.7615, -0.1141, 2.1816),
        (1.6947, 1.5107, 1.0094, 0.5260, 2.4405),
        (1.7169, 1.3746, 0.9813, 0.4326, 1.9993),
        (1.2833, 1.0372, 0.6977, 0.4024, 0.8400),
        (1.1094, 0.9673, 0.8212, 0.1282, 0.4845),
        (1.0073, 1.0014, 0.9857, 0.0723, 0.2844),
    ),
    4: (
        (1.4722, 1.0964, 0.8637, -0.1249, 2.0755),
        (1.5110, 1.1568, 0.8896, 0.6535, 1.5562),
        (1.3580, 0.9949, 0.7281, 0.6490, 1.1224),
        (1.0920, 0.9587, 0.6232, 0.5078, 0.6660),
        (1.0066, 0.9960, 0.7476, 0.2558, 0.3557),
        (1.0006, 1.0026, 0.9948, 0.3052, 0.3313),
    ),
}
