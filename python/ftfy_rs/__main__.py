"""`python -m ftfy_rs`: ftfy's command-line tool (see :mod:`ftfy_rs.cli`)."""

from ftfy_rs.cli import run

run(prog="python -m ftfy_rs")
