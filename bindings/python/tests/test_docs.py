"""Every `python` block of docs/python.md runs, in order, in one namespace, from the
repository's root."""

import os
import re

from conftest import REPO


def test_every_example_of_the_python_page_runs(capsys):
    page = (REPO / "docs" / "python.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", page, flags=re.S)
    assert len(blocks) >= 6
    namespace: dict = {}
    here = os.getcwd()
    os.chdir(REPO)
    try:
        for number, block in enumerate(blocks, 1):
            exec(compile(block, f"docs/python.md block {number}", "exec"), namespace)
    finally:
        os.chdir(here)
    printed = capsys.readouterr().out
    assert "black wins by perpetual chase" in printed
    assert "forbidden to Black" in printed
