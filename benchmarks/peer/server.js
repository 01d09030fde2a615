// boardgame.io's stock server, in-memory storage, serving the toy game.
// PORT: the socket.io game port; API_PORT: the lobby REST API (0.50.x answers 404 for
// the lobby on the game port unless lobbyConfig.apiPort gives it a port of its own).
const { Server } = require('boardgame.io/server');
const { Scopetta } = require('./game');

const port = Number(process.env.PORT || 8000);
const apiPort = Number(process.env.API_PORT || port + 1);
const server = Server({ games: [Scopetta], origins: ['http://127.0.0.1'] });
server.run({ port, lobbyConfig: { apiPort } }, () => {
  console.log(`boardgame.io ${require('boardgame.io/package.json').version} on ${port}, lobby on ${apiPort}`);
});
