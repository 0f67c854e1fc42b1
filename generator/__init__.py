"""pnpgen: print-and-play kits from YAML manifests, rendered to print-ready vector PDFs."""

__version__ = "0.1.0"
