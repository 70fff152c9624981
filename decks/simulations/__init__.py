"""Goldfish runs as Celery jobs: run records, chunked tasks, the API and the pages."""
