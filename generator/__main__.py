"""`python -m generator` runs the pnpgen command line."""

from generator.entry import main

main()
