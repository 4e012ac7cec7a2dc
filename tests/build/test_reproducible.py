"""Two builds in separate processes, with different hash seeds, give identical files.

In-process tests share caches and one hash seed, so ordering that depends on set or
dict hashing could hide there; separate interpreters cannot hide it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow


def test_builds_in_fresh_processes_are_byte_identical(project):
    manifests = []
    for seed in ("1", "2"):
        out = project / f"out-{seed}"
        env = {**os.environ, "PYTHONHASHSEED": seed, "XDG_CACHE_HOME": str(project / seed)}
        subprocess.run([sys.executable, "-m", "generator", "build", "--paper", "a4",
                        "--out", str(out)], cwd=project, env=env, check=True,
                       capture_output=True)
        manifests.append(json.loads((out / "manifest.json").read_text()))
    assert manifests[0] == manifests[1]
    kinds = {f["kind"] for f in manifests[0]["files"]}
    assert {"tiles", "tokens", "rulebook", "aids", "pnp"} <= kinds
