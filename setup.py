"""Build hook for the optional compiled matching kernel (the project config is pyproject.toml).

The extension is ``optional``: without a C compiler the build skips it and the package falls
back to the pure-Python kernel (see ``chessarbiter.pairing.matching.native``).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "chessarbiter.pairing.matching._native",
            sources=["src/chessarbiter/pairing/matching/_native.c"],
            optional=True,
        )
    ]
)
