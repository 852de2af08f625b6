"""Maintenance scripts run from the repository's root (``python tools/mutate.py sabot``)."""
