"""Rulebook text analysis: find what a rulebook says about its components (see scan/)."""
