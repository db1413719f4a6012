"""bitmove.DeepPerft: the library's deep run (units, checkpoint, resume, refusals) as the
cluster driver uses it, tested directly."""

import json

import bitmove
import pytest

START = bitmove.Board().fen()


def count_all(run, stats=False):
    for index in run.pending():
        fen, multiplicity = run.unit(index)
        if stats:
            counted = bitmove.perft_stats(fen, run.remaining_depth, threads=1)
            assert run.record(index, multiplicity, counted["nodes"], counted)
        else:
            nodes = bitmove.perft(fen, run.remaining_depth, threads=1)
            assert run.record(index, multiplicity, nodes)


def test_a_run_in_units_adds_up_to_perft_with_and_without_statistics():
    run = bitmove.DeepPerft(START, 4, split=2, stats=True)
    assert (run.units, run.split, run.remaining_depth, run.done_before) == (400, 2, 2, 0)
    count_all(run, stats=True)
    nodes, stats = run.total()
    assert nodes == 197_281
    assert stats == bitmove.perft_stats(START, 4)
    plain = bitmove.DeepPerft(START, 5)  # the automatic split: 2 plies below a depth of 5
    assert plain.split == 1 and plain.units == 20
    count_all(plain)
    assert plain.total() == (4_865_609, None)


def test_results_that_do_not_fit_are_refused_and_none_counts_twice():
    run = bitmove.DeepPerft(START, 3, split=1)
    fen, multiplicity = run.unit(0)
    nodes = bitmove.perft(fen, 2)
    assert run.record(0, multiplicity, nodes) is True
    assert run.record(0, multiplicity, nodes) is False
    with pytest.raises(bitmove.CheckpointError, match="multiplicity"):
        run.record(1, multiplicity + 1, nodes)
    with pytest.raises(bitmove.CheckpointError, match="not a result of this run"):
        run.record(20, 1, 1)
    with pytest.raises(bitmove.CheckpointError, match="not a result of this run"):
        run.record(1, 1, 1, bitmove.perft_stats(fen, 1))  # statistics in a plain run
    with pytest.raises(ValueError, match="stats must have exactly the fields"):
        run.record(1, 1, 1, {"nodes": 1})
    with pytest.raises(IndexError):
        run.unit(20)
    with pytest.raises(bitmove.CheckpointError, match="19 units were not counted"):
        run.total()
    assert run.done_count == 1 and run.nodes_so_far == nodes


def test_plans_that_cannot_run_are_refused():
    with pytest.raises(bitmove.CheckpointError, match="deeper than"):
        bitmove.DeepPerft(START, 3, split=4)
    with pytest.raises(bitmove.CheckpointError, match="must be below"):
        bitmove.DeepPerft(START, 3, split=3, stats=True)
    with pytest.raises(bitmove.FenError):
        bitmove.DeepPerft("not a fen", 3)


def test_a_checkpoint_resumes_and_another_runs_is_refused(tmp_path):
    path = tmp_path / "run.jsonl"
    run = bitmove.DeepPerft(START, 4, split=2, checkpoint=str(path))
    for index in run.pending()[:150]:
        fen, multiplicity = run.unit(index)
        run.record(index, multiplicity, bitmove.perft(fen, 2))
    run.sync()
    del run
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["format"] == "bitmove-perft-checkpoint" and header["units"] == 400
    assert len(lines) == 151
    # A torn last line (a killed writer) is dropped and counted again.
    path.write_text("\n".join(lines) + '\n{"unit":3')
    again = bitmove.DeepPerft(START, 4, checkpoint=path)  # the checkpoint's split is taken
    assert (again.split, again.done_before, len(again.pending())) == (2, 150, 250)
    count_all(again)
    assert again.total() == (197_281, None)
    with pytest.raises(bitmove.CheckpointError, match="another run: depth 4 there, 5 here"):
        bitmove.DeepPerft(START, 5, checkpoint=path)
    with pytest.raises(bitmove.CheckpointError, match="statistics: without --stats there"):
        bitmove.DeepPerft(START, 4, stats=True, checkpoint=path)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("hello\n")
    with pytest.raises(bitmove.CheckpointError, match="not a bitmove checkpoint header"):
        bitmove.DeepPerft(START, 4, checkpoint=bad)


def test_hash_sizes_and_the_statistics_table():
    assert [bitmove.task_hash_mb(d) for d in (6, 7, 8, 9, 12)] == [0, 64, 256, 1024, 1024]
    assert bitmove.task_hash_mb(5, seeded=True) == 64
    assert bitmove.task_hash_mb(8, asked=16) == 16
    with pytest.raises(bitmove.CheckpointError, match="--hash-seed needs a hash table"):
        bitmove.task_hash_mb(8, asked=0, seeded=True)
    table = bitmove.stats_table(bitmove.perft_stats(START, 3)).splitlines()
    assert table[0] == "nodes:                        8902"
    assert table[-1] == "stalemates:                      0"
    assert len(table) == 18 and len({len(line) for line in table}) == 1
