"""Settings for the whole suite.

Hypothesis' default 200 ms deadline per example measures the machine, not the rules: on a busy
2-core CI box a correct example can take longer, and a timing failure there would be noise. Speed
is measured in bench/, so no test fails for being slow.
"""

from hypothesis import HealthCheck, settings

settings.register_profile("stammtisch", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("stammtisch")
