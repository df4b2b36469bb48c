"""Item pipelines: Extract (300) -> Validate (400) -> Store (500)."""
