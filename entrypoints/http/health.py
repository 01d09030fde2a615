"""Health: liveness (``/api/health``, ``/api/health/live``) and readiness (``/api/health/ready``).

Liveness does no I/O: it answers whenever the process runs, so a supervisor
restarts the process only when restarting can help. Readiness asks every
storage the server uses (each within about a second) and counts the workers;
a load balancer or an orchestrator stops sending traffic while it says 503.
A worker that is stopping (``entrypoints.draining``) is not ready either: it
answers 503 with code ``shutting_down`` from its first moment of draining.
"""

from __future__ import annotations

from dependency_injector.wiring import Provide, inject
from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse, json

from application.operations.health import ReadinessCheck
from entrypoints.config import Settings
from entrypoints.container import Container
from entrypoints.draining import Drain
from entrypoints.errors import RETRY_AFTER_SECONDS, UNAVAILABLE, UNAVAILABLE_MESSAGE
from entrypoints.http.openapi import Reply, documented
from entrypoints.http.schemas import HealthSchema, NotReadySchema, ReadinessSchema
from entrypoints.supervision import SanicWorkerCensus

bp = Blueprint("health")
health_schema = HealthSchema()
readiness_schema = ReadinessSchema()
not_ready_schema = NotReadySchema()

NO_STORE = {"Cache-Control": "no-store"}
SHUTTING_DOWN = "shutting_down"
SHUTTING_DOWN_MESSAGE = "this server is stopping: send traffic to another"


@bp.get("/api/health")
@documented(
    "Whether the process is up (liveness)",
    responses={200: HealthSchema},
    tags=("health",),
    description="The same answer as `/api/health/live`, kept for existing health checks.",
)
async def health(request: Request) -> HTTPResponse:
    return json(health_schema.dump({"status": "ok"}), headers=NO_STORE)


@bp.get("/api/health/live")
@documented(
    "Liveness: the process runs",
    responses={200: HealthSchema},
    tags=("health",),
    description="Answers 200 whenever the process runs; it reaches no storage.",
)
async def live(request: Request) -> HTTPResponse:
    return json(health_schema.dump({"status": "ok"}), headers=NO_STORE)


@bp.get("/api/health/ready")
@documented(
    "Readiness: every storage answers",
    responses={
        200: Reply(
            "Ready to serve: `degraded` when fewer server workers run than configured.", ReadinessSchema
        ),
        503: Reply(
            "A storage does not answer (`checks` says which; code `unavailable`), or this worker is "
            "stopping (code `shutting_down`); retry after `Retry-After` seconds.",
            NotReadySchema,
            headers={"Retry-After": "Seconds to wait before asking again."},
        ),
    },
    tags=("health",),
    description=(
        "Asks the live-state store (Redis, when configured) and the match database, each within "
        "about a second, and counts the running server workers. A worker that is stopping "
        "answers 503 from the start of its drain."
    ),
)
@inject
async def ready(
    request: Request,
    check: ReadinessCheck = Provide[Container.readiness],
    settings: Settings = Provide[Container.settings],
    drain: Drain = Provide[Container.drain],
) -> HTTPResponse:
    census = SanicWorkerCensus(request.app, configured=settings.workers)
    readiness = await check.check(census)
    checks = dict(readiness.checks)
    draining = drain.draining
    if draining or not readiness.ready:
        code, message = (
            (SHUTTING_DOWN, SHUTTING_DOWN_MESSAGE) if draining else (UNAVAILABLE, UNAVAILABLE_MESSAGE)
        )
        body = {"code": code, "message": message, "checks": checks}
        return json(
            not_ready_schema.dump(body),
            status=503,
            headers={**NO_STORE, "Retry-After": str(RETRY_AFTER_SECONDS)},
        )
    workers = {"configured": readiness.workers.configured, "running": readiness.workers.running}
    return json(
        readiness_schema.dump({"status": readiness.status, "checks": checks, "workers": workers}),
        headers=NO_STORE,
    )
