"""The public API of the matching kernel, run against both kernels.

The compiled kernel (``_native``: the product) and the pure-Python one (:class:`MatchingComputer`:
its reference) promise the same contracts; every test here takes the ``kernel`` fixture and runs
once per kernel. The compiled run is skipped only where the extension is not built, and
:func:`test_compiled_kernel_is_built_where_a_compiler_exists` fails when that happens on a
machine with a C compiler (set ``CHESSARBITER_NO_NATIVE=1`` to build and test without it on
purpose). ``test_native.py`` compares the two kernels call by call.
"""

from __future__ import annotations

import os
import shutil
import sysconfig
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chessarbiter.pairing.matching import MatchingComputer
from chessarbiter.pairing.matching.native import NativeMatchingComputer, import_error

Kernel = Callable[..., Any]

#: Set (to anything) to build and test without the compiled kernel on a machine that has a
#: C compiler; ``setup.py`` then skips the extension too.
OPT_OUT = "CHESSARBITER_NO_NATIVE"


@pytest.fixture(params=["python", "compiled"])
def kernel(request: pytest.FixtureRequest) -> Kernel:
    """The matching computer class of one kernel (called like ``MatchingComputer``)."""
    if request.param == "python":
        return MatchingComputer
    if NativeMatchingComputer is None:
        pytest.skip(f"compiled matching kernel not built: {import_error()}")
    return NativeMatchingComputer


def c_compiler() -> str | None:
    """The C compiler extensions are built with here (``$CC`` or the one Python was built
    with), when it is installed."""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(cc.split()[0])


def python_headers() -> bool:
    """Whether the headers an extension is compiled against are installed."""
    return Path(sysconfig.get_paths()["include"], "Python.h").is_file()


def test_compiled_kernel_is_built_where_a_compiler_exists() -> None:
    """The compiled kernel is the product: a machine that can build it must have built it,
    so that the comparisons with the reference kernel are not skipped silently."""
    if os.environ.get(OPT_OUT):
        pytest.skip(f"{OPT_OUT} is set: the compiled kernel is left out on purpose")
    compiler = c_compiler()
    if compiler is None or not python_headers():
        pytest.skip("no C compiler or no Python headers here: the pure-Python kernel is used")
    assert NativeMatchingComputer is not None, (
        f"a C compiler ({compiler}) and the Python headers are installed, but the compiled "
        f"matching kernel cannot be imported: {import_error()}. Build it with `make native` "
        f"(pip builds it on install), or set {OPT_OUT}=1 to build and test without it."
    )


def test_api_basics(kernel: Kernel) -> None:
    mc = kernel()
    assert len(mc) == 0
    mc.compute_matching()
    assert mc.matching() == []
    assert mc.add_vertex() == 0
    assert mc.add_vertex() == 1
    assert len(mc) == 2
    mc.set_edge_weight(1, 0, 7)
    assert mc.edge_weight(0, 1) == mc.edge_weight(1, 0) == 7
    assert mc.edge_weight(0, 0) == 0
    with pytest.raises(RuntimeError):
        mc.matching()
    with pytest.raises(RuntimeError):
        mc.matching_weight()
    with pytest.raises(RuntimeError):
        mc.check_optimality()
    mc.compute_matching()
    assert mc.matching() == [1, 0]
    assert mc.matching_weight() == 7
    assert mc.add_vertex() == 2  # an isolated vertex keeps the matching optimal
    assert mc.matching() == [1, 0, 2]
    mc.set_edge_weight(0, 1, 0)
    mc.compute_matching()
    assert mc.matching() == [0, 1, 2]
    assert mc.restart_divisor == 8
    mc.restart_divisor = 0
    assert kernel(3, restart_divisor=5).restart_divisor == 5


def test_api_errors(kernel: Kernel) -> None:
    mc = kernel(3)
    with pytest.raises(ValueError):
        kernel(-1)
    with pytest.raises(IndexError):
        mc.set_edge_weight(0, 3, 1)
    with pytest.raises(IndexError):
        mc.set_edge_weight(-1, 0, 1)
    with pytest.raises(IndexError):
        mc.edge_weight(0, -1)
    with pytest.raises(ValueError):
        mc.set_edge_weight(1, 1, 1)
    with pytest.raises(ValueError):
        mc.set_edge_weight(0, 1, -1)
    with pytest.raises(ValueError):
        mc.set_edge_weight(0, 1, -(2**200))
    with pytest.raises(TypeError):
        mc.set_edge_weight(0, 1, 1.5)


def test_huge_weights(kernel: Kernel) -> None:
    mc = kernel(4)
    big = 2**3000
    for x in (0, 1, 2**62, 2**63 - 1, 2**63, 2**64 + 1, big - 1, big):
        mc.set_edge_weight(2, 3, x)
        assert mc.edge_weight(3, 2) == x
    mc.set_edge_weight(0, 1, big)
    mc.set_edge_weight(2, 3, big)
    mc.set_edge_weight(1, 2, 2 * big - 1)
    mc.compute_matching()
    assert mc.matching() == [1, 0, 3, 2]
    mc.set_edge_weight(1, 2, 2 * big + 1)
    mc.compute_matching()
    assert mc.matching() == [0, 2, 1, 3]
    assert mc.matching_weight() == 2 * big + 1


def test_weights_of_every_width(kernel: Kernel) -> None:
    """Weights one bit wider at a time (the compiled kernel widens its numbers as they come,
    each limb width with its own conversion path): each reads back, and the heavier edge wins."""
    mc = kernel(3)
    for bits in range(1, 400):
        for x in (2**bits - 1, 2**bits, 2**bits + 1):
            mc.set_edge_weight(0, 1, x)
            assert mc.edge_weight(1, 0) == x
        mc.set_edge_weight(1, 2, 2**bits + 2)
        mc.compute_matching()
        assert mc.matching() == [0, 2, 1]
        assert mc.matching_weight() == 2**bits + 2


@pytest.mark.parametrize("weight", [3, 2**500 + 3])
def test_setting_the_same_weight_is_free(kernel: Kernel, weight: int) -> None:
    mc = kernel(3)
    mc.set_edge_weight(0, 1, weight)
    mc.compute_matching()
    stages = mc.stats["stages"]
    mc.set_edge_weight(1, 0, weight)
    assert mc.matching() == [1, 0, 2]  # nothing pending
    mc.compute_matching()
    assert mc.stats["stages"] == stages


def test_classic_cases(
    kernel: Kernel, classic_case: tuple[list[tuple[int, int, int]], list[int]]
) -> None:
    """The classic cases (see ``conftest.py``), their weights shifted up to 1300 bits, and
    with the vertices renumbered backwards: the only optimum, certified."""
    edges, expected = classic_case
    n = len(expected)
    for shift in (0, 1, 200, 1300):
        mc = kernel(n)
        for u, v, x in edges:
            mc.set_edge_weight(u, v, x << shift)
        mc.compute_matching()
        assert mc.matching() == expected
        assert mc.check_optimality() == []
    mc = kernel(n)
    for u, v, x in edges:
        mc.set_edge_weight(n - 1 - u, n - 1 - v, x)
    mc.compute_matching()
    assert mc.matching() == [n - 1 - expected[n - 1 - v] for v in range(n)]


def test_warm_start_with_no_edges_leaves_everybody_exposed(kernel: Kernel) -> None:
    """Duals far above every weight (here all weights 0): the computation still ends."""
    mc = kernel(4)
    mc.warm_start([0, 1, 2, 3], [2**120] * 4)
    mc.compute_matching()
    assert mc.matching() == [0, 1, 2, 3]


def test_warm_start_refuses_a_bad_start(kernel: Kernel) -> None:
    mc = kernel(3)
    mc.set_edge_weight(0, 1, 4)
    mc.set_edge_weight(1, 2, 2)
    with pytest.raises(ValueError, match="infeasible on edge 0-1"):
        mc.warm_start([0, 1, 2], [1, 1, 1])
    with pytest.raises(ValueError, match="not tight"):
        mc.warm_start([1, 0, 2], [3, 3, 0])
    with pytest.raises(ValueError, match="symmetric"):
        mc.warm_start([1, 2, 0], [4, 4, 4])
    with pytest.raises(ValueError, match="3 mates"):
        mc.warm_start([0, 1], [4, 4])
    with pytest.raises(ValueError, match="non-negative"):
        mc.warm_start([0, 1, 2], [-1, 5, 5])
    mc.compute_matching()
    mc.freeze(0, 1)
    with pytest.raises(ValueError, match="frozen"):
        mc.warm_start([1, 0, 2], [2, 2, 0])
