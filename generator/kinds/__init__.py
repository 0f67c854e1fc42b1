"""Component kinds (model stage): one module per kind with its options, builder and drawer, and the one
table that lists them, generator/kinds/registry.py. Shared helpers are in generator/kinds/common.py.
"""
