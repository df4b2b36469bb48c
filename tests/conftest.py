"""Suite-wide settings. Area fixtures live in each area's own conftest.py."""

from hypothesis import HealthCheck, settings

# The test machines are shared and noisy: no property test may fail on timing, so
# Hypothesis' per-example deadline and too-slow health check are off everywhere.
settings.register_profile(
    "newscrawl",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("newscrawl")
