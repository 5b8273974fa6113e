"""Cluster mode: several server nodes sharing one Redis (``serve --redis URL``).

:mod:`server.cluster.redis_store` is the match store on Redis. Nothing here imports the
``redis`` package until a node is started with ``--redis``. Status and design:
``docs/cluster.md``.
"""
