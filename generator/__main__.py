"""`python -m generator` runs the pnpgen command line."""

from generator.cli import main

main()
