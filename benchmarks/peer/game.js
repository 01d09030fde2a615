// A 4-player toy fishing game for boardgame.io, comparable to scopone's move path:
// 40 cards dealt 10 per player, hands hidden from the other seats (PlayerView.STRIP_SECRETS
// keeps only G.players[playerID] and drops G.secret), one card per turn, a same-rank
// table card is captured, a new deal when the hands are empty. It never ends, so the
// load client can play it for as long as a scenario lasts.
const { PlayerView, INVALID_MOVE } = require('boardgame.io/core');

const SUITS = ['D', 'C', 'S', 'B'];
const DECK = [];
for (const suit of SUITS) {
  for (let rank = 1; rank <= 10; rank += 1) DECK.push(String(rank).padStart(2, '0') + suit);
}

function deal(G, random) {
  const deck = random.Shuffle(DECK.slice());
  for (let seat = 0; seat < 4; seat += 1) {
    G.players[String(seat)].hand = deck.slice(seat * 10, seat * 10 + 10);
  }
  G.secret.deals += 1;
  G.table = [];
}

const Scopetta = {
  name: 'scopetta',
  minPlayers: 4,
  maxPlayers: 4,
  setup: ({ random }) => {
    const G = {
      secret: { deals: 0 },
      players: { 0: { hand: [] }, 1: { hand: [] }, 2: { hand: [] }, 3: { hand: [] } },
      table: [],
      captured: [0, 0, 0, 0],
      moves: 0,
    };
    deal(G, random);
    return G;
  },
  playerView: PlayerView.STRIP_SECRETS,
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    play: ({ G, playerID, random }, card) => {
      const hand = G.players[playerID].hand;
      const at = hand.indexOf(card);
      if (at < 0) return INVALID_MOVE;
      hand.splice(at, 1);
      const same = G.table.findIndex((other) => other.slice(0, 2) === card.slice(0, 2));
      if (same >= 0) {
        G.table.splice(same, 1);
        G.captured[Number(playerID)] += 2;
      } else {
        G.table.push(card);
      }
      G.moves += 1;
      if (['0', '1', '2', '3'].every((seat) => G.players[seat].hand.length === 0)) deal(G, random);
      return undefined;
    },
  },
};

module.exports = { Scopetta };
