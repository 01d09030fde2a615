// The lobby's WebSocket (/ws/lobby): the open tables as they change, and quick match. One per lobby
// screen, closed when the screen is left (closing it also leaves the quick-match pool, on the server).
// It reconnects on its own (./reconnecting_socket.js); after each reconnect ``onOpen(true)`` lets the
// quick-match panel seek again, since the server forgot the closed socket's seek.

import { ReconnectingSocket } from "./reconnecting_socket.js";

export class LobbySocket extends ReconnectingSocket {
  /**
   * @param {{onMessage: (msg: object) => void, onStatus: (status: string) => void,
   *          onOpen: (reconnected: boolean) => void}} handlers
   */
  constructor(handlers) {
    super("/ws/lobby", handlers);
  }
}
