"""Register SABOT for the tests until the lead adds its entry point."""

from wargames.core.registry import register
from wargames.sabot import Sabot

register("sabot", Sabot, replace=True)
