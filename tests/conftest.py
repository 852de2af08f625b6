"""Hypothesis profiles: ``ci`` (bounded and derandomised, for `make test`) and ``dev``.

Choose with HYPOTHESIS_PROFILE; the default is ``dev``.  Long runs belong in benchmarks/.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=30,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
