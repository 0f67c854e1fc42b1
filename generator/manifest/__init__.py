"""Manifest stage: `load_manifest(kit_dir)` reads kit.yaml (and its includes) into a validated KitSpec."""

from __future__ import annotations

from typing import Any

__all__ = ["load_manifest"]


def __getattr__(name: str) -> Any:
    # The loader is imported on first use, not with the package: the kind modules import manifest.spec, and
    # the loader imports the kind table (generator/kinds/registry.py), which imports the kind modules.
    if name == "load_manifest":
        from generator.manifest.loader import load_manifest

        return load_manifest
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
