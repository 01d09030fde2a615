"""Pure, synchronous rules of tavolo: cards, game engines, Elo, the session envelope."""
