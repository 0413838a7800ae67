"""Hypothesis without deadlines: a case's time on a loaded CI machine, or
in Pyodide's WebAssembly (tests/pythons.py), says nothing about the engine,
and a timed test fails for the machine's sake."""

from hypothesis import settings

settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")
