"""Shared fixtures for the test suite.

The real-world TRF files and the pairing corpus live next to the repository, in ``../shared``
(they are not part of the product and must not be copied into it). Tests that need them take
the :func:`shared` fixture, which skips with a clear reason when the folder is missing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

#: ``../shared`` relative to the repository root (this file is ``<root>/tests/conftest.py``).
SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow",
        action="store_true",
        default=False,
        help="also run the tests marked slow (whole data sets, e.g. the full pairing corpus)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: long runs over whole data sets; skipped unless --run-slow is given"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def shared() -> Path:
    """The ``../shared`` folder (real TRF files, pairing corpus, spec)."""
    if not SHARED.is_dir():
        pytest.skip(f"shared test data not found: {SHARED} (expected ../shared beside the repo)")
    return SHARED
