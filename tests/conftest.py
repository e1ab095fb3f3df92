"""Settings for the whole suite.

Hypothesis' default 200 ms deadline per example measures the machine, not the rules: on a busy
2-core CI box a correct example can take longer, and a timing failure there would be noise. Speed
is measured in bench/, so no test fails for being slow.
"""

from hypothesis import HealthCheck, settings

# Every TestClient sends the CSRF token as our pages do (issue 10.5; tests/support/csrf.py).
from tests.support.csrf import _test_clients_send_the_csrf_token  # noqa: F401

settings.register_profile("stammtisch", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("stammtisch")
