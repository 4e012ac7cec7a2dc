"""Shared fixtures: the shipped content, and a private copy a test may change."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from generator.build import parallel
from tests import engine_ahead

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
TEMPLATES = ROOT / "templates"
# The language a build makes when its test is about something else than languages (a
# build makes every language the game lists; tests/build/test_languages.py and the
# tests of the preview and the cache build them all).
ONE_LANGUAGE = ("en",)
ENGINE_AHEAD = pytest.StashKey["subprocess.Popen | None"]()  # the engine's compile
ONE_PROCESS = pytest.StashKey[pytest.MonkeyPatch]()  # `_one_process_a_build`
# The run's folder of user caches, one a worker (`_a_user_cache_a_worker`): its name in
# the environment the workers inherit, and in the stash of the run that made it.
USER_CACHE_ROOT = "TKG_TEST_CACHES"
USER_CACHES = pytest.StashKey[str]()
FORKS_AS_TKG_DOES = parallel._can_fork
# The rulebook's simulated games (`generator.sim.book.BOOK_GAMES`, fifty a number of
# players) for a test that plays them again for each of its many games or layouts and is
# about something else than their figures: a few show what it checks as well as fifty.
FEW_BOOK_GAMES = 4


def few_book_games(patch: pytest.MonkeyPatch) -> None:
    """Have the rulebook play `FEW_BOOK_GAMES` games a number of players."""
    patch.setattr("generator.sim.book.BOOK_GAMES", FEW_BOOK_GAMES)


def pytest_configure(config) -> None:
    """Collect cyclic garbage as `tkg` does (`generator.cli.COLLECT_AFTER`): the tests'
    builds run in this process, and the interpreter's default made them pay for some
    380 collections each. Take Ctrl-C as a terminal gives it, however the suite was
    started, build in one process where the runner keeps every core busy, write the
    package's bytecode once (all three below), and start compiling the
    simulator's engine for a run of the whole suite (`tests.engine_ahead`)."""
    import gc

    from generator.cli import COLLECT_AFTER

    gc.set_threshold(*COLLECT_AFTER)
    _take_ctrl_c()
    _one_process_a_build(config)
    _a_user_cache_a_worker(config)
    if not hasattr(config, "workerinput"):  # once, before any test worker starts
        _compile_the_package()
        config.stash[ENGINE_AHEAD] = engine_ahead.start(config.args,
                                                        config.invocation_params.dir)


def pytest_unconfigure(config) -> None:
    """Stop the engine's compile if the tests are over first (`tests.engine_ahead`)."""
    engine_ahead.stop(config.stash.get(ENGINE_AHEAD, None))
    if USER_CACHES in config.stash:
        shutil.rmtree(config.stash[USER_CACHES], ignore_errors=True)
    if ONE_PROCESS in config.stash:
        config.stash[ONE_PROCESS].undo()


def _one_process_a_build(config) -> None:
    """In a test worker of a runner that keeps every core busy (`pytest -n auto`), a
    build runs in one process: there its forked child only adds work (the fork, what
    the child hands back: some 15 % more CPU a build, 0.37 s of a cold tiles+tokens
    build's 2.2 s; the system time of tests/products and tests/check fell from 31 s to
    11 s). Every `tkg` a test starts forks as it would, and so do the build's own tests
    (`_the_build_s_own_tests_fork`)."""
    import os

    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if hasattr(config, "workerinput") and workers >= (os.cpu_count() or 1):
        config.stash[ONE_PROCESS] = patch = pytest.MonkeyPatch()
        patch.setattr(parallel, "_can_fork", lambda: False)


def _a_user_cache_a_worker(config) -> None:
    """Give each test worker a user cache of its own (XDG_CACHE_HOME), in a folder the
    run makes and removes.

    The user's last build (`generator.build.memo.keep_last_build`) is one per user
    cache: with one cache for both workers, each build replaced the other worker's, and
    a first build of a test's project (`project`) started from the other worker's
    project, whose drawings it could not use. The suite no longer writes in the
    developer's own cache either. The simulator's machine code is the exception: it
    stays where it was (NUMBA_CACHE_DIR), kept between runs and compiled once for
    every worker (`tests.engine_ahead`)."""
    import os

    if not hasattr(config, "workerinput") and USER_CACHE_ROOT not in os.environ:
        if "NUMBA_CACHE_DIR" not in os.environ:
            from generator.sim.compiled.folder import cache_folder

            os.environ["NUMBA_CACHE_DIR"] = str(cache_folder())
        os.environ[USER_CACHE_ROOT] = config.stash[USER_CACHES] = tempfile.mkdtemp(
            prefix="tkg-test-caches-")
    worker = getattr(config, "workerinput", {}).get("workerid", "main")
    os.environ["XDG_CACHE_HOME"] = str(Path(os.environ[USER_CACHE_ROOT]) / worker)


def pytest_runtest_setup(item) -> None:
    """A test of the engine waits while the engine is compiled (`tests.engine_ahead`)."""
    engine_ahead.wait_for_engine(item.nodeid)


def _compile_the_package() -> None:
    """Write the package's bytecode where Python looks for it, when this environment
    says not to (PYTHONDONTWRITEBYTECODE): each of the suite's some 200 `python -m
    generator` processes compiled the whole package from source again, about 0.1 s of
    CPU each. Python checks each file against its source's time and size, and the
    package's code digest reads the sources alone, so nothing else changes."""
    import compileall

    if sys.dont_write_bytecode:
        compileall.compile_dir(ROOT / "generator", quiet=2, workers=1)


def _take_ctrl_c() -> None:
    """Undo an inherited "ignore Ctrl-C": a shell starts a background job so (`.ci/run &`),
    and Python then never raises KeyboardInterrupt, here or in the commands the tests
    start (an ignored signal stays ignored across exec; a handled one is reset to the
    default), so every test of what Ctrl-C does would fail."""
    import signal

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def _the_build_s_own_tests_fork(request, monkeypatch) -> None:
    """The build's own tests (tests/build: what a forked child hands back, which process
    draws what) fork as `tkg` does, whoever runs them (`_one_process_a_build`)."""
    if Path(request.path).relative_to(ROOT / "tests").parts[0] == "build":
        monkeypatch.setattr(parallel, "_can_fork", FORKS_AS_TKG_DOES)
        _no_idle_dask_thread()


def _no_idle_dask_thread() -> None:
    """End the thread dask keeps for the rest of a process once a cluster was used in it
    (its "offload" executor's): in a worker whose earlier tests ran one (`pytest
    tests/cli tests/build`), a build would not fork, as `tkg`, which has no such
    thread, does. A fresh executor takes its place, its thread started when used."""
    utils = sys.modules.get("distributed.utils")
    old = getattr(utils, "_offload_executor", None)
    if old is None or not getattr(old, "_threads", None):
        return
    utils._offload_executor = type(old)(max_workers=1, thread_name_prefix="Dask-Offload")  # type: ignore[union-attr]
    old.shutdown(wait=True)


@pytest.fixture(scope="session")
def shipped_game():
    """The canonical game, loaded once per session (read-only)."""
    from generator.load.content import load_content

    loaded = load_content(CONTENT)
    assert loaded.game is not None, [d.format() for d in loaded.diagnostics]
    return loaded.game


def _project_home(tmp_path_factory) -> Path:
    """Where a test's copy of the shipped project lives: one folder for every test of a
    worker (they run one at a time). A drawing's memo key holds its content folder's
    path, so a copy at a path of its own drew and checked every piece again at its first
    build; at the worker's one path a first build starts from the worker's last build
    (`generator.build.memo.last_build_files`), as a designer's build of their one project
    does, and draws only what the test changed."""
    return tmp_path_factory.getbasetemp() / "project"


@pytest.fixture
def project_home(tmp_path_factory, tmp_path: Path):
    """An empty folder for a test to make its project in: the worker's project folder
    (`_project_home`), moved into the test's tmp_path afterwards, as project/, to be
    looked at when a test fails."""
    home = _project_home(tmp_path_factory)
    _remove(home)
    home.mkdir()
    yield home
    if home.exists():
        shutil.move(home, tmp_path / "project")


@pytest.fixture
def project(project_home: Path) -> Path:
    """A copy of content/ and templates/ that a test may edit freely (in `project_home`)."""
    shutil.copytree(CONTENT, project_home / "content")
    shutil.copytree(TEMPLATES, project_home / "templates")
    return project_home

@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """The output folder of `build` for both papers, tiles and tokens."""
    from generator.build.pipeline import build

    out = tmp_path_factory.mktemp("built") / "output"
    build(CONTENT, TEMPLATES, out, ("a4", "letter"), ["tiles", "tokens"], languages=ONE_LANGUAGE)
    return out


@pytest.fixture
def empty_memo(tmp_path, monkeypatch):
    """An empty drawing memo, signed with a key of this test's own."""
    from generator.build.memo import DrawingMemo

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return DrawingMemo()


@pytest.fixture
def kit(shipped_game):
    """What drawings of the shipped game are made with, with a memo of this test's own."""
    from generator.draw.kit import Kit

    return Kit(shipped_game)


def tkg_build(project: Path, *options: str):
    """`tkg build` of a test's project (its content/ and templates/ into its output/) in
    the test process, with `options`: click's result."""
    from click.testing import CliRunner

    from generator.cli import cli

    return CliRunner().invoke(cli, [
        "build", "--content", str(project / "content"), "--templates",
        str(project / "templates"), "--out", str(project / "output"), *options])


def load_layout(name: str = "default", templates: Path = TEMPLATES):
    """A layout as a build loads it (with the kinds table's piece kinds)."""
    from generator.layout import load_layout as load

    return load(templates, name)



class Prebuilt:
    """First builds of the shipped project, each made once per session (per xdist worker)
    and restored for every test that starts from it.

    Many tests start from "a good build of the shipped content" and are about what comes
    after it (an edit, a damaged output, a stopped write). `project(key, first)` gives the
    test the shipped project exactly as `first(project)` leaves it: the first test to ask
    runs `first` and keeps a copy of the whole folder (content, templates, the output, a
    cache given as XDG_CACHE_HOME, links kept); later tests get that copy back.

    The project always lives at the same path (`home`, the worker's project folder that
    `project_home` gives too; its tests run one at a time), so the restored folder is
    byte for byte the one the test's own first build would have left, cache included,
    whatever of it names the folder. A test whose subject is the first build itself
    keeps building it.
    """

    def __init__(self, home: Path, store: Path):
        self.home = home
        self._store = store
        self._made: dict[str, Path] = {}

    def project(self, key: str, first) -> Path:
        """The shipped project at `home` as `first(home)` leaves it (`key` names `first`:
        one key, one build)."""
        self.clear()
        if key in self._made:
            shutil.copytree(self._made[key], self.home, symlinks=True)
            return self.home
        shutil.copytree(CONTENT, self.home / "content")
        shutil.copytree(TEMPLATES, self.home / "templates")
        first(self.home)
        shutil.copytree(self.home, self._store / key, symlinks=True)
        self._made[key] = self._store / key
        return self.home

    def clear(self) -> None:
        _remove(self.home)


def _remove(folder: Path) -> None:
    """Remove a test's project folder, if there is one."""
    if folder.exists() or folder.is_symlink():
        shutil.rmtree(folder)


@pytest.fixture(scope="session")
def _prebuilt(tmp_path_factory) -> Prebuilt:
    return Prebuilt(_project_home(tmp_path_factory), tmp_path_factory.mktemp("prebuilt"))


@pytest.fixture
def prebuilt(_prebuilt: Prebuilt, tmp_path: Path):
    """`prebuilt(key, first)`: the shipped project after `first(project)`, built once a
    session and restored for each test (see `Prebuilt`). Afterwards the project is moved
    into the test's tmp_path (as prebuilt-project), to be looked at when a test fails."""
    yield _prebuilt.project
    if _prebuilt.home.exists():
        shutil.move(_prebuilt.home, tmp_path / "prebuilt-project")


def run_with_peak(args: list[str], timeout: float, **options
                  ) -> tuple[subprocess.CompletedProcess, float]:
    """`subprocess.run(args, capture_output=True, text=True, timeout=...)`, and the peak
    memory in MB of the command's own processes.

    The command is started by a small Python process that reports its child's peak: a
    process keeps its peak across exec, so one forked straight from a test worker (grown
    large in earlier tests) would count the worker's memory as its own; and this
    process's RUSAGE_CHILDREN is the largest child it ever waited for."""
    with tempfile.TemporaryDirectory() as folder:
        peak = Path(folder) / "peak"
        result = subprocess.run([sys.executable, "-c", PEAK_PROBE, str(timeout), str(peak),
                                 *args], capture_output=True, text=True,
                                timeout=timeout + 30, **options)
        return result, int(peak.read_text()) / 1024


# Runs argv[3:] within argv[1] seconds, its standard streams this process's, and writes
# the largest memory it took (KB) into the file argv[2].
PEAK_PROBE = """import resource, subprocess, sys
code = subprocess.run(sys.argv[3:], timeout=float(sys.argv[1])).returncode
with open(sys.argv[2], "w") as peak:
    peak.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
sys.exit(code)
"""
