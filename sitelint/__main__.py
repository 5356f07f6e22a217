from sitelint.cli import main

main()
