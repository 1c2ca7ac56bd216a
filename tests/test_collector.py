"""The garbage collector's owner: pauses and freezes nest, so an inner block never undoes an outer one."""

from __future__ import annotations

import gc

from pipeline import collector


def test_a_pause_inside_a_pause_leaves_the_collector_off_until_the_outer_one_ends() -> None:
    assert gc.isenabled()
    with collector.paused():
        with collector.paused():
            assert not gc.isenabled()
        assert not gc.isenabled(), "the inner pause must not turn collection back on"
    assert gc.isenabled()


def test_a_freeze_inside_a_freeze_gives_the_objects_back_only_when_the_outer_one_ends() -> None:
    before = gc.get_freeze_count()
    with collector.frozen():
        outer = gc.get_freeze_count()
        assert outer > before
        with collector.frozen():
            pass
        assert gc.get_freeze_count() >= outer, "the inner freeze must not unfreeze the outer one's objects"
    assert gc.get_freeze_count() == before


def test_a_target_run_inside_a_watch_round_keeps_the_watchs_freeze() -> None:
    """What `pnp watch --jobs 1` does: settle between rounds, then a round runs each target inside `frozen`."""
    before = gc.get_freeze_count()
    with collector.frozen_between_rounds() as settle:
        settle()
        settled = gc.get_freeze_count()
        assert settled > before
        with collector.frozen():  # a target (production/runner.run_job)
            [object() for _ in range(10)]
        assert gc.get_freeze_count() >= settled, "the target gave the watch's frozen heap back to the collector"
        settle()  # the next round starts from a collected, frozen heap again
        assert gc.get_freeze_count() > before
    assert gc.get_freeze_count() == before, "the watch gives everything back when it ends"
