"""Build hook for the compiled matching kernel (the project config is pyproject.toml).

The kernel (``chessarbiter.pairing.matching._native``: arithmetic, solver and Python binding
in three C sources and a header) is the product; the pure-Python kernel is its reference and
the fallback. It is built where a C compiler works. Where none does, the package declares no
extension at all, so that its wheel is a pure-Python one (``py3-none-any``) instead of one
tagged for a platform with nothing platform-specific inside. ``CHESSARBITER_NO_NATIVE=1``
leaves the kernel out on purpose (``tests/pairing/matching/test_api.py`` otherwise fails on a
machine with a compiler where the kernel is not built).
"""

from __future__ import annotations

import os
import sysconfig
import tempfile

from setuptools import Extension, setup

KERNEL = "src/chessarbiter/pairing/matching/"
SOURCES = [KERNEL + name for name in ("_native_arith.c", "_native_solver.c", "_native_binding.c")]


def compiler_works() -> bool:
    """Whether the C compiler extensions are built with here (``$CC`` or Python's own) can
    compile a C file against the Python headers: a compiler that is missing or broken
    (``CC=false``), or missing headers, mean no kernel."""
    from distutils.ccompiler import new_compiler
    from distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as tmp:
        probe = os.path.join(tmp, "probe.c")
        with open(probe, "w") as file:
            file.write("#include <Python.h>\nint main(void) { return 0; }\n")
        try:
            compiler.compile(
                [probe], output_dir=tmp, include_dirs=[sysconfig.get_paths()["include"]]
            )
        except Exception:  # CompileError, or the compiler cannot be run at all
            return False
    return True


def kernel() -> list[Extension]:
    """The compiled kernel as the package's one extension, or none (see the module docstring)."""
    if os.environ.get("CHESSARBITER_NO_NATIVE") or not compiler_works():
        return []
    return [
        Extension(
            "chessarbiter.pairing.matching._native",
            sources=SOURCES,
            depends=[KERNEL + "_native.h"],
            extra_compile_args=[] if os.name == "nt" else ["-Wall"],
            optional=True,
        )
    ]


setup(ext_modules=kernel())
