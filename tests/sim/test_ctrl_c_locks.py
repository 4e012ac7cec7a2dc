"""Ctrl-C never leaves a batch's lock taken (the runner, `generator.sim.runner`).

A Ctrl-C raised just after the runner took a future's lock left it taken, and the
pool, cancelling the batches as the command ended, waited on it for ever: `tkg
simulate --jobs 2` hung after saying it had stopped, some 1 run in 20 on a loaded
machine (`tests.ctrl_c` makes the Ctrl-C come at that moment every time).
"""

from __future__ import annotations

import pytest

from generator.sim import runner
from tests.ctrl_c import Ready, ctrl_c_raises, disarmed, free, unlucky_future

pytestmark = pytest.mark.usefixtures(ctrl_c_raises.__name__)


def test_ctrl_c_while_the_runner_waits_on_a_batchs_lock_leaves_it_free():
    future = unlucky_future(1)  # the lock's first taker: the runner asking to be told
    with pytest.raises(KeyboardInterrupt):
        next(runner._finished([future], None))
    assert free(disarmed(future))


@pytest.mark.parametrize("nth", [1, 2, 3])
def test_ctrl_c_while_the_runner_submits_or_collects_a_batch_leaves_its_lock_free(nth):
    # A future's lock is taken to finish its batch (1), to ask to be told (2), and to
    # read what it came to (3).
    pool = Ready(nth)
    with pytest.raises(KeyboardInterrupt):
        runner._run(lambda start, stop: stop - start, [(0, 5), (5, 9)], pool, None, None)
    assert pool.all_free()
