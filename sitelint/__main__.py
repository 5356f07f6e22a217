from sitelint.cli import run

run()
