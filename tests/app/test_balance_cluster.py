"""`pnp balance` plays the same games wherever it runs: in this process, in local worker processes, or on a Dask
distributed cluster (a LocalCluster here)."""

from __future__ import annotations

import json

import pytest

from pipeline.app import balance as balancing
from pipeline.app.balance import BATCH_GAMES, BalanceRun, balance
from pipeline.app.project import UsageError
from pipeline.games import find_game
from pipeline.rules.variants import parse_setting
from tests.conftest import CONTENT, PROCESSES

distributed = pytest.importorskip("distributed")

# Two variants, more games than one batch: batches finish in any order on any worker.
RUN = BalanceRun(players="2", bots=["greedy"], games=BATCH_GAMES + 2, seed=11, settings=[parse_setting("hand_limit=6,7")])


# One variant, still two batches: the default tier's run (the slow tier plays RUN on the cluster as well).
ONE_VARIANT = BalanceRun(players="2", bots=["greedy"], games=BATCH_GAMES + 2, seed=11, settings=[])


def figures(run: BalanceRun = RUN, **where: object) -> str:
    report, found = balance(find_game("old-world"), CONTENT, run, **where)  # type: ignore[arg-type]
    assert report.ok and found is not None
    return json.dumps(found, sort_keys=True)


@PROCESSES
def test_local_processes_give_the_figures_of_one_process() -> None:
    """The default tier's share of the promise (the slow tier adds the cluster): batches spread over two processes."""
    assert figures(ONE_VARIANT, jobs=2) == figures(ONE_VARIANT, jobs=1)


@pytest.mark.slow
@PROCESSES
def test_local_processes_and_a_dask_cluster_give_identical_figures() -> None:
    local = figures(jobs=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp", dashboard_address=None) as cluster:
        on_cluster = figures(scheduler=cluster.scheduler_address)
    assert on_cluster == local
    assert figures(jobs=1) == local


def test_an_unreachable_scheduler_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(balancing, "SCHEDULER_TIMEOUT", 2)
    with pytest.raises(UsageError, match="cannot reach the Dask scheduler"):
        balance(find_game("old-world"), CONTENT, BalanceRun("2", ["greedy"], 1, 1, []), scheduler="tcp://127.0.0.1:9")
