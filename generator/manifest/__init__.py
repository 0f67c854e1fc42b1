"""Manifest stage: `load_manifest(kit_dir)` reads kit.yaml (and its includes) into a validated KitSpec."""

from generator.manifest.loader import load_manifest

__all__ = ["load_manifest"]
