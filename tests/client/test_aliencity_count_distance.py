"""The final count's words name the engine's road distance: on a play-tester's record
(tests/data/SOURCES.md) White's red tower a2 with no customers is 12 from f4; the readout
under the board and the caption by the tower say 12 in every frame of the walk, as the
score table does, and never a number the walk has counted so far."""

from pathlib import Path

from client.games.aliencity.score import ScoreScene
from client.games.aliencity.score_beats import describe
from client.games.aliencity.score_plan import TowerBeat
from client.games.aliencity.view import score_show
from shared.aliencity import lot_name
from shared.aliencity.ppn import read_ppn

from .conftest import show

RECORD = Path(__file__).resolve().parents[1] / "data" / "playtest-zero-customers.ppn"


def test_the_walk_to_the_nearest_tower_is_said_as_the_engine_counts_it(app, monkeypatch):
    final = read_ppn(RECORD.read_text(encoding="utf-8"), lenient=True).state
    a2 = next(t for t in final.score().towers if lot_name(t.lot) == "a2")
    assert (len(a2.customers), a2.competition, lot_name(a2.competitor)) == (0, 12, "f4")
    captions: list[str] = []
    real_live = score_show._live
    monkeypatch.setattr(score_show, "_live", lambda s, g, k, lot, text, *where: (
        captions.append(text), real_live(s, g, k, lot, text, *where)))
    scene = ScoreScene(app, final)
    show(app, scene)
    readouts: list[str] = []
    for _ in range(4000):
        captions.clear()
        app.step(1 / 60, events=[])
        view = scene.tally.view
        if isinstance(view.beat, TowerBeat) and view.beat.tower.lot == a2.lot and view.trace > 0:
            readouts.append(describe(view))
            assert all(c == "0 × 12" for c in captions), captions
        if scene.stage == "final":
            break
    assert readouts and all("distance to f4: 12" in r for r in readouts), sorted(set(readouts))
