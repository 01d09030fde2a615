"""Property-based fuzzing of WebSocket messages (issue 16, section 5).

One real in-process server, one live table per game type (all six), each with every seat's socket
and a spectator's. Every example, for each table: a hypothesis-drawn batch of messages — well
formed (a legal move, a card of the hand), near misses (Unicode digits, ranks out of range, odd
points) and garbage (nested structures, wrong types, huge numbers, overlong strings within the
frame limit, NaN, lone surrogates, invalid JSON, binary frames of invalid UTF-8) — sent one at a
time from any of the sockets; then the table moves on through real play (the lobby, the auction,
the call, card play, the hand-end summary, the finished match, a new match), so batches land in
every phase.

Checked on every message: it is answered by a ``state`` frame or an ``error`` frame whose code is
one of the stable codes and never ``internal``, and an error names no card but those the message
itself held; after every batch every socket is still open (a ``{"action": "state"}`` answers), a
legal move is still accepted, and no frame ever carried a card of another seat's hand.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import AsyncExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed

from domain.cards import DECK
from entrypoints.errors import HTTP_STATUS
from tests.faults.figures import report
from tests.integration.server import Guest, RunningServer, Socket, running_server, server_settings

GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "scopone_scientifico": (4, {"target_score": 4}),
    "scopa": (2, {"target_score": 3}),
    "scopa_a_quattro": (4, {"target_score": 3}),
    "briscola": (2, {"target_score": 121}),  # more than one deal's points: a hand-end summary comes first
    "briscola_a_quattro": (4, {"target_score": 121}),
    "briscola_chiamata": (5, {}),
}
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")
FRAME_LIMIT = 4096  # WS_MAX_MESSAGE_BYTES: a bigger frame closes the socket by design (1009)
ANSWER_SECONDS = 10.0
EXAMPLES = max(10, settings().max_examples // 10)  # 10 by default, a tenth of a larger profile's
BATCH = 32
CARD_CODE = re.compile(r"(?<![0-9A-Za-z])(0[1-9]|10)[DCSB](?![0-9A-Za-z])")
STABLE_CODES = frozenset(HTTP_STATUS) - {"internal"}
FORMAT_EXAMPLE = "for example 07D"
# Keys not searched for another seat's cards: the legal moves may offer cards as choices (chiamata's
# call names every suit of the rank won), and the history of what was played (the last trick, play,
# hand) is public — after a new deal its cards may well be in someone's hand again.
UNCHECKED_KEYS = frozenset({"legal_moves", "last_trick", "last_play", "last_hand", "deals"})

# --- what a client may send ------------------------------------------------------------------------

CODES = [card.code for card in DECK]
UNICODE_DIGITS = [
    "\u00b2\u00b3D",
    "\u0660\u0667D",
    "\uff10\uff17D",
    "\u00b9\u2070B",
    "\u09e6\u09edC",
    "07\uff24",
]
NEAR_CARDS = [*UNICODE_DIGITS, "7D", "007D", "00D", "11D", "07X", "07d", " 07D", "07D ", "07D\x00", "", "1OD"]
ACTIONS = ["play", "ack", "bid", "pass", "call", "state", "sync", "rematch"]

leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.sampled_from([2**63, -(2**63) - 1, 2**64, 10**30, 10**300]),
    st.floats(),  # NaN and infinities too: json.dumps writes them, orjson refuses them
    st.text(max_size=12),
    st.text(st.characters(codec=None, categories=["Cs", "Cc", "Zs", "Nd", "No"]), max_size=6),
    st.sampled_from(CODES + NEAR_CARDS + ACTIONS),
)
garbage = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=10,
)
overlong = st.builds(lambda char, size: char * size, st.characters(codec="utf-8"), st.integers(500, 1300))
cards = st.sampled_from(CODES) | st.sampled_from(NEAR_CARDS) | st.sampled_from(UNICODE_DIGITS) | garbage
ranks = st.integers(0, 11) | st.sampled_from([1.0, "1", True, 2**70, -1]) | garbage
points = st.integers(58, 124) | st.sampled_from([61, 63, 119, 121, 10**20, -62, 62.0, "62"]) | garbage
names = st.sampled_from(ACTIONS) | st.text(max_size=12) | overlong | garbage

json_messages = st.fixed_dictionaries(
    {"action": names},
    optional={
        "card": cards,
        "capture": st.lists(cards, max_size=6) | garbage,
        "rank": ranks,
        "points": points,
        "seat": garbage,
        "version": garbage,
        "comment": overlong | garbage,
    },
)
deep = st.integers(900, 2040).map(lambda depth: "[" * depth + "]" * depth)
deep_object = st.integers(600, 1020).map(
    lambda depth: '{"action": "play", "card": ' + '{"a": ' * depth + "1" + "}" * (depth + 1)
)
raw_texts = st.one_of(
    st.sampled_from(
        ["", " ", "{", "}", "[1, 2]", "null", "42", '"play"', '{"action": "play", "card": "07D"', "{'a': 1}"]
    ),
    st.sampled_from(['{"action": "play", "card": "\\ud800"}', '{"action": "\\udc00"}', '{"action": NaN}']),
    deep,
    deep_object,
    st.text(max_size=200),
)
binaries = st.one_of(
    st.binary(max_size=200),
    st.sampled_from([b"\xff\xfe", b"\xc3\x28", b'{"action": "\xff"}', b"\xed\xa0\x80"]),
    json_messages.map(lambda message: fit(json.dumps(message)).encode()),  # a message, as a binary frame
)


@dataclass(frozen=True)
class Plan:
    """One frame to send: ``kind`` says how ``body`` becomes a frame at send time."""

    sender: int  # index into the table's peers (every seat's socket, then the spectator's)
    kind: str  # json | text | binary | legal | own_card | state
    body: Any = None
    pick: int = 0


plans = st.one_of(
    st.builds(Plan, st.integers(0, 5), st.just("json"), json_messages),
    st.builds(Plan, st.integers(0, 5), st.just("text"), raw_texts),
    st.builds(Plan, st.integers(0, 5), st.just("binary"), binaries),
    st.builds(Plan, st.integers(0, 5), st.just("legal"), st.none(), st.integers(0, 10**6)),
    st.builds(
        Plan,
        st.integers(0, 5),
        st.just("own_card"),
        st.sampled_from(ACTIONS) | cards,
        st.integers(0, 10**6),
    ),
    st.builds(Plan, st.integers(0, 5), st.just("state")),
)

# --- the tables ----------------------------------------------------------------------------------


@dataclass(eq=False)
class Peer:
    socket: Socket
    label: str
    seen: int = 0  # the newest version this socket delivered
    game: dict[str, Any] = field(default_factory=dict)  # its newest view

    @property
    def seat(self) -> int | None:
        seat = self.game.get("seat")
        return seat if isinstance(seat, int) and not self.game.get("spectator") else None


@dataclass
class Figures:
    messages: int = 0
    internal_errors: int = 0
    sockets_dropped: int = 0
    legal_moves: int = 0
    matches: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    phases: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))


class Table:
    """A live match of one game type, every seat's socket and a spectator's, driven one frame at a time."""

    def __init__(self, server: RunningServer, game_type: str, figures: Figures) -> None:
        self.server, self.game_type, self.figures = server, game_type, figures
        self.seats, self.options = GAMES[game_type]
        self.guests: list[Guest] = []
        self.peers: list[Peer] = []
        self.game_id = ""
        self.version = 0
        self.phase = "lobby"
        self.views: dict[int, dict[int, dict[str, Any]]] = defaultdict(dict)  # version -> seat -> view
        self.unchecked: list[tuple[Peer, dict[str, Any]]] = []
        self.said: list[str] = []  # every frame received since the last secret check, as sent

    async def open(self) -> None:
        if not self.guests:
            self.guests = [await Guest.login(self.server, name) for name in NAMES[: self.seats]]
        created = await self.guests[0].http.post(
            "/api/games", json={"game_type": self.game_type, "options": self.options}
        )
        assert created.status_code == 201, created.text
        self.game_id, self.version, self.phase = created.json()["id"], created.json()["version"], "lobby"
        self.views.clear()
        self.peers = [
            Peer(await Socket.open(self.server, self.game_id, guest.cookie), f"seat {n}")
            for n, guest in enumerate(self.guests)
        ]
        self.peers.append(Peer(await Socket.open(self.server, self.game_id), "spectator"))
        self.figures.matches += 1
        await self.catch_up()

    async def close(self) -> None:
        await self.check_no_secret()
        for peer in self.peers:
            await peer.socket.close()
        self.peers = []

    async def close_all(self) -> None:
        await self.close()
        for guest in self.guests:
            await guest.close()

    # --- frames ---

    async def read(self, peer: Peer) -> dict[str, Any]:
        try:
            frame = await peer.socket.receive(ANSWER_SECONDS)
        except ConnectionClosed as closed:
            self.figures.sockets_dropped += 1
            raise AssertionError(
                f"{self.game_type}: the server closed {peer.label}'s socket: {closed!r}"
            ) from None
        except TimeoutError:
            raise AssertionError(
                f"{self.game_type}: {peer.label} got no frame in {ANSWER_SECONDS}s"
            ) from None
        self.said.append(json.dumps(frame))
        if frame["type"] == "state":
            game = frame["game"]
            peer.seen, peer.game = game["version"], game
            self.version = max(self.version, game["version"])
            self.phase = game["phase"] if game["version"] == self.version else self.phase
            if peer.seat is not None:
                self.views[game["version"]][peer.seat] = game
            self.unchecked.append((peer, game))
        elif frame["type"] == "error":
            assert frame.get("code") != "internal", f"{self.game_type}: {peer.label}: {frame}"
        return frame

    async def settle(self) -> None:
        """The move that ends a match is followed by a change of the server's own (the result marked
        recorded): wait until the stored version stops moving, then read every socket up to it,
        so that no broadcast is left to be taken for the answer to a later message."""
        stable = 0
        while stable < 3:
            view = (await self.guests[0].http.get(f"/api/games/{self.game_id}")).json()
            stable = stable + 1 if view["version"] <= self.version else 0
            self.version = max(self.version, view["version"])
            await asyncio.sleep(0.02)
        await self.catch_up()

    async def catch_up(self) -> None:
        """Read every socket up to the newest version (the broadcasts of changes made by others)."""
        for peer in self.peers:
            while peer.seen < self.version:
                await self.read(peer)

    async def send(self, peer: Peer, frame: str | bytes) -> dict[str, Any]:
        """Send one frame from ``peer`` and return its answer: an error, or a state no older than now."""
        await self.catch_up()
        try:
            await peer.socket.conn.send(frame)
        except ConnectionClosed as closed:
            self.figures.sockets_dropped += 1
            raise AssertionError(f"{self.game_type}: {peer.label}'s socket was closed: {closed!r}") from None
        self.figures.messages += 1
        while True:
            answer = await self.read(peer)
            if answer["type"] == "error" or (
                answer["type"] == "state" and answer["game"]["version"] >= self.version
            ):
                break
        if answer["type"] == "state" and answer["game"]["phase"] == "finished":
            await self.settle()
        if answer["type"] == "error":
            code = answer.get("code")
            self.figures.codes[str(code)] += 1
            if code == "internal":
                self.figures.internal_errors += 1
            text = frame if isinstance(frame, str) else frame.decode("utf-8", "replace")
            assert code in STABLE_CODES, f"{self.game_type}: {peer.label} sent {text[:300]!r}, got {answer}"
            assert isinstance(answer.get("message"), str) and answer["message"], answer
            said = answer["message"].replace(FORMAT_EXAMPLE, "")  # how a card is written: no card of a hand
            for match in CARD_CODE.finditer(said):
                assert match.group(0) in text, f"{self.game_type}: an error names {match.group(0)}: {answer}"
        return answer

    # --- what to send ---

    def frame_of(self, plan: Plan, peer: Peer) -> str | bytes:
        if plan.kind == "json":
            return fit(json.dumps(plan.body))
        if plan.kind == "text":
            return fit(plan.body)
        if plan.kind == "binary":
            return bytes(plan.body)
        if plan.kind == "legal":
            return json.dumps(legal_move(peer.game, plan.pick) or {"action": "ack"})
        if plan.kind == "own_card":
            hand = peer.game.get("hand") or CODES
            message: dict[str, Any] = {"action": plan.body, "card": hand[plan.pick % len(hand)]}
            if plan.pick % 3 == 0:
                message["capture"] = [code for code in peer.game.get("table", []) if isinstance(code, str)][
                    :2
                ]
            return fit(json.dumps(message))
        return json.dumps({"action": "state"})

    async def fuzz(self, batch: list[Plan]) -> None:
        self.figures.phases[self.game_type].add(self.phase)
        for plan in batch:
            peer = self.peers[plan.sender % len(self.peers)]
            await self.send(peer, self.frame_of(plan, peer))
        await self.catch_up()
        for peer in self.peers:  # every socket is still open and answers
            answer = await self.send(peer, json.dumps({"action": "state"}))
            assert answer["type"] == "state" and answer["game"]["version"] == self.version, answer
        self.check_no_leak()
        await self.check_no_secret()

    # --- real play ---

    def actor(self) -> Peer | None:
        for peer in self.peers:
            game, seat = peer.game, peer.seat
            if seat is None or game.get("version") != self.version:
                continue
            if game.get("legal_moves"):
                return peer
        return None

    async def progress(self, moves: int, pick: int) -> None:
        """Move the table on: seat everyone in the lobby, a new match after the last, else up to
        ``moves`` legal moves (stopping where the phase changes, so the next batch lands there)."""
        if self.phase == "lobby":
            for guest in self.guests[1:]:
                joined = await guest.http.post("/api/games/join", json={"code": await self.join_code()})
                assert joined.status_code == 200, joined.text
                self.version = max(self.version, joined.json()["version"])
            await self.catch_up()
            return
        if self.phase == "finished":
            await self.close()
            await self.open()
            return
        start = self.phase
        for n in range(moves):
            peer = self.actor()
            assert peer is not None, f"{self.game_type}: nobody may act in phase {self.phase}"
            move = legal_move(peer.game, pick + n)
            assert move is not None
            before = self.version
            answer = await self.send(peer, json.dumps(move))
            assert answer["type"] == "state" and answer["game"]["version"] > before, (
                f"{self.game_type}: the legal move {move} was not accepted: {answer}"
            )
            self.figures.legal_moves += 1
            await self.catch_up()
            if self.phase != start:
                return

    async def join_code(self) -> str:
        view = (await self.guests[0].http.get(f"/api/games/{self.game_id}")).json()
        return str(view["join_code"])

    async def check_no_secret(self) -> None:
        """No frame — a state, an event, an error, game over — named the match's secret seed or salt
        (the match record reveals them, over HTTP, once the match is over)."""
        session = await self.server.games.store.get(self.game_id)
        secrets = [] if session is None else [s for s in (session.seed, session.salt) if s is not None]
        for text in self.said:
            for secret in secrets:
                assert secret not in text, f"{self.game_type}: a frame carried the match's seed or salt"
        self.said.clear()

    def check_no_leak(self) -> None:
        """No frame carried another seat's hand, nor any of its cards (a spectator's: of any hand)."""
        for peer, game in self.unchecked:
            version, seat = game["version"], peer.seat
            if "hand" in game:
                assert seat is not None and game["seat"] == seat, (
                    f"{self.game_type}: a hand in {peer.label}'s view"
                )
            others = {s: v for s, v in self.views.get(version, {}).items() if s != seat}
            hidden = set().union(*(set(v.get("hand", [])) for v in others.values())) - {
                game.get("called_card")
            }
            shown = {k: v for k, v in game.items() if k not in UNCHECKED_KEYS}
            seen = {card for card in hidden if card in json.dumps(shown)}
            where = sorted(k for k, v in shown.items() if any(card in json.dumps(v) for card in seen))
            assert not seen, (
                f"{self.game_type}: {peer.label} saw {sorted(seen)} of another hand at v{version} in {where}"
            )
        self.unchecked.clear()


def legal_move(game: dict[str, Any], pick: int) -> dict[str, Any] | None:
    """One of the seat's legal moves (each a complete action, an owed ``ack`` included)."""
    moves = game.get("legal_moves") or []
    return dict(moves[pick % len(moves)]) if moves else None


def fit(text: str) -> str:
    """``text`` cut (mid-JSON, as it may be) to the frame limit: a bigger frame closes the socket."""
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= FRAME_LIMIT:
        return text
    return data[: FRAME_LIMIT - 8].decode("utf-8", "ignore")


@contextmanager
def private_loop() -> Iterator[asyncio.AbstractEventLoop]:
    """An event loop of the test's own: hypothesis drives examples synchronously, each runs in it."""
    loop = asyncio.new_event_loop()
    try:
        yield loop
    finally:
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()


def test_fuzzed_websocket_messages_never_crash_a_socket_leak_a_hand_or_stop_a_game() -> None:
    figures = Figures()
    failures: list[Exception] = []
    settings_ = server_settings(
        ws_rate_per_second=1_000_000.0,
        ws_rate_burst=1_000_000,
        turn_timeout_seconds=3600.0,  # nothing moves but what the test sends
        hand_ack_timeout_seconds=3600.0,
    )
    with private_loop() as loop:
        stack = AsyncExitStack()
        server = loop.run_until_complete(stack.enter_async_context(running_server(settings_)))
        tables = [Table(server, game_type, figures) for game_type in GAMES]
        try:
            for table in tables:
                loop.run_until_complete(table.open())

            @given(data=st.data())
            @settings(
                max_examples=EXAMPLES,
                deadline=None,
                database=None,
                phases=[Phase.generate],  # the tables live on between examples: nothing to shrink
                suppress_health_check=list(HealthCheck),
            )
            def batches(data: st.DataObject) -> None:
                # Everything is drawn first, whatever happens: hypothesis wants the same draws from the
                # same choices, and the tables' state must not steer them.
                work = [
                    (
                        table,
                        data.draw(st.lists(plans, min_size=BATCH, max_size=BATCH), label=table.game_type),
                        data.draw(st.integers(4, 16), label="moves"),
                        data.draw(st.integers(0, 10**6), label="pick"),
                    )
                    for table in tables
                ]
                if failures:
                    return  # the tables are in an unknown state now: the first failure is the report
                try:
                    for table, batch, moves, pick in work:
                        loop.run_until_complete(table.fuzz(batch))
                        loop.run_until_complete(table.progress(moves, pick))
                except (
                    Exception
                ) as failure:  # kept from hypothesis: replaying on a moved-on table is meaningless
                    failures.append(failure)

            try:
                batches()
            finally:
                report(
                    "fuzz websocket",
                    messages=figures.messages,
                    game_types=len(GAMES),
                    internal_errors=figures.internal_errors,
                    sockets_dropped=figures.sockets_dropped,
                    legal_moves=figures.legal_moves,
                    matches=figures.matches,
                    phases=" ".join(
                        f"{game}:{'/'.join(sorted(phases))}"
                        for game, phases in sorted(figures.phases.items())
                    ),
                    codes=" ".join(f"{code}={n}" for code, n in sorted(figures.codes.items())),
                )
        finally:
            for table in tables:
                loop.run_until_complete(table.close_all())
            loop.run_until_complete(stack.aclose())

    if failures:
        raise failures[0]
    assert figures.internal_errors == 0 and figures.sockets_dropped == 0
    for game_type, phases in figures.phases.items():
        assert {"lobby", "playing"} <= phases, f"{game_type} was fuzzed in {sorted(phases)} only"
