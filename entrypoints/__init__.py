"""The edge of tavolo: HTTP, WebSocket, CLI, static UI and the composition root."""
