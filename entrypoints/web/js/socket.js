// The game's WebSocket (/ws/games/<id>): reconnects on its own (./reconnecting_socket.js) and asks for a
// fresh state after each reconnect, since frames sent meanwhile were lost.

import { ReconnectingSocket } from "./reconnecting_socket.js";

export class GameSocket extends ReconnectingSocket {
  /**
   * @param {string} gameId
   * @param {{onMessage: (msg: object) => void, onStatus: (status: string, failures: number) => void}} handlers
   */
  constructor(gameId, handlers) {
    super(`/ws/games/${encodeURIComponent(gameId)}`, {
      ...handlers,
      onOpen: (reconnected) => {
        if (reconnected) this.send({ action: "state" }); // resync whatever we missed
      },
    });
    this.gameId = gameId;
  }
}
