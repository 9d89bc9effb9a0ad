"""The one atomic write (``cdoctest_runner.files``): whole or nothing, permission bits kept."""

from __future__ import annotations

import json
import os

import pytest

from cdoctest_runner.files import write_atomic, write_json_atomic


def test_the_file_is_replaced_whole_and_keeps_its_mode(tmp_path) -> None:
    path = tmp_path / "f.c"
    path.write_text("old\n")
    os.chmod(path, 0o640)
    write_atomic(path, "new\n", keep_mode=True)
    assert path.read_text() == "new\n"
    assert os.stat(path).st_mode & 0o7777 == 0o640
    assert os.listdir(tmp_path) == ["f.c"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path) -> None:
    path = tmp_path / "f.json"
    write_json_atomic(path, {"a": 1})
    with pytest.raises(TypeError):
        write_atomic(path, 3)  # type: ignore[arg-type]
    assert json.loads(path.read_text()) == {"a": 1}
    assert os.listdir(tmp_path) == ["f.json"]
