"""The edge of tavolo: HTTP, WebSocket, CLI, static UI and the composition root.

A worker process of ``tavolo serve --workers N`` imports this package first of all (Sanic spawns
it, and it re-imports the command's module): from that moment SIGINT does nothing in it, until
Sanic puts its own stop handlers in place as the worker starts serving. Sanic stops a worker with
SIGINT, so a worker still importing when the server stops would otherwise die with a
``KeyboardInterrupt`` traceback in the log; see ``entrypoints.supervision.ignore_interrupts_while_starting``.
"""

import os
import signal

if os.environ.get("SANIC_WORKER_NAME"):  # set by Sanic's manager for the processes it spawns
    signal.signal(signal.SIGINT, signal.SIG_IGN)
