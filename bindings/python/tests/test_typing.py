"""The stubs: `mypy --strict` accepts a typed example of the whole interface."""

import subprocess
import sys
from pathlib import Path

import pytest


def test_mypy_strict_accepts_the_typed_example():
    pytest.importorskip("mypy")
    example = Path(__file__).with_name("typed_example.py")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(example)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_strict_accepts_the_packages_own_python_code():
    pytest.importorskip("mypy")
    # The sources beside the tests, whose native part mypy reads from its stubs.
    package = Path(__file__).parents[1] / "python" / "arbiter"
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(package / "__init__.py"), str(package / "envs.py")],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_finds_a_mistake(tmp_path: Path):
    pytest.importorskip("mypy")
    wrong = tmp_path / "wrong.py"
    wrong.write_text("import arbiter\nn: str = arbiter.perft('xiangqi', 1)\n")
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(wrong)], capture_output=True, text=True)
    assert run.returncode == 1 and "incompatible types" in run.stdout.lower()
