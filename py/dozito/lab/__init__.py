"""The lab: tools that measure the engine and the bots, never run by the page.

``python -m dozito bench`` (:mod:`.engine_bench`, and :mod:`.bot_bench` with
``--bots``) and ``python -m dozito arena`` (:mod:`.arena`) load these modules
when they run; ``python -m dozito.lab.tune_sharp`` and ``tune_expert`` play
``sharp`` with other weights and ``expert`` with another budget in the
arena; :mod:`.stats` holds the statistics they share. The
engine and the bots never import the lab, so build.py leaves it out of the
wheel the browser downloads.
"""
