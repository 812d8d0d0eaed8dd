"""Where the web example's server keeps its games: one SQLite file (the standard
library's :mod:`sqlite3`, in WAL mode), so that a restart, or a crash, loses nothing.

What is kept of a game is what it takes to make it again: its seed, its rules, its
names (two or three seats: a third seat's columns are NULL in a two-player game),
whether the seed was chosen, the creator's address (for the per-client limit), the bot,
the hashes of the seat keys and of the invitations (SHA-256: the keys themselves are
never written), when it was last touched, and its moves, one row a move. A file of
layout 1 (written before three-player games) is given the third seat's columns when it
is opened, and reads as it did. A game is
made again by playing its moves from its deal (:meth:`Store.load`), which the library
checks one by one: a file that does not hold what this module writes, or holds a move
that is not legal, is refused as a whole with a :class:`StoreError`, before anything is
served.

Every change is one transaction, committed before the server answers the request that
made it (:meth:`Store.add`, :meth:`Store.moved`...). In WAL mode with ``synchronous =
NORMAL`` a committed transaction survives the server's crash (even a SIGKILL); a power
cut may lose the last few, never the file.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

APPLICATION_ID: Final = 0x436E7131
"""SQLite's ``application_id`` of the server's files ("Cnq1"): a file without it is
another program's, and is refused."""
VERSION: Final = 2
"""The layout of the tables (SQLite's ``user_version``): 2 since three-player games (the
third seat's columns ``name2``, ``key2`` and ``invitation2``; 1 had none)."""
THIRD_SEAT: Final = (
    "ALTER TABLE games ADD COLUMN name2 TEXT; ALTER TABLE games ADD COLUMN key2 BLOB; "
    "ALTER TABLE games ADD COLUMN invitation2 BLOB;"
)
"""What makes a file of layout 1 one of layout 2: the third seat's columns, NULL in every
game it holds (all of two players)."""
SCHEMA: Final = """
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    seed TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed_chosen INTEGER NOT NULL,
    client TEXT NOT NULL,
    name0 TEXT NOT NULL,
    name1 TEXT NOT NULL,
    bot TEXT,
    key0 BLOB NOT NULL,
    key1 BLOB,
    invitation BLOB,
    touched REAL NOT NULL,
    name2 TEXT,
    key2 BLOB,
    invitation2 BLOB
) STRICT;
CREATE TABLE moves (
    game TEXT NOT NULL,
    ply INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (game, ply)
) STRICT, WITHOUT ROWID;
"""
"""The tables. A seed is kept as its digits: it may pass SQLite's largest integer. Seat
1's invitation is ``invitation``, seat 2's ``invitation2``."""


class StoreError(Exception):
    """The database file cannot be used: not SQLite, another program's, damaged, held by
    another server, or holding a game that cannot be made again. Nothing was loaded."""


@dataclass(frozen=True)
class SavedGame:
    """One game as the file keeps it (see the module's docstring)."""

    id: str
    seed: int
    rules: str
    seed_chosen: bool
    client: str
    names: tuple[str, ...]
    """Each seat's name (two or three)."""
    bot: str | None
    keys: tuple[bytes | None, ...]
    """The hash of each seat's key: the creator's (seat 0) always, an invited friend's
    once he joined, else ``None``."""
    invitations: tuple[bytes | None, ...]
    """The hash of each seat's invitation in a game between people (``None`` for seat 0
    and against bots)."""
    touched: float
    """When the game was last touched, by the wall clock (``time.time()``)."""
    moves: tuple[str, ...]


class Store:
    """The open database file of one server process, held exclusively (a second server
    on the same file is refused)."""

    def __init__(self, path: str | Path) -> None:
        """Open (or make) the database at ``path``.

        Raises:
            StoreError: the file is not one of this server's databases, is damaged, or
                another process holds it.
        """
        self.path = str(path)
        try:
            self.connection = sqlite3.connect(
                self.path, timeout=0.5, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as error:
            raise StoreError(f"{self.path}: cannot be opened ({error})") from None
        try:
            self._open()
        except sqlite3.DatabaseError as error:
            self.connection.close()
            text = str(error)
            if "locked" in text:
                raise StoreError(
                    f"{self.path}: another process (another server?) is using it"
                ) from None
            raise StoreError(
                f"{self.path} is not a database of this server, or it is damaged ({text})"
            ) from None
        except StoreError:
            self.connection.close()
            raise

    def _open(self) -> None:
        run = self.connection.execute
        # Exclusive: in WAL mode this lock is taken at the first read and kept until the
        # connection closes (a crashed process lets it go with its file locks).
        run("PRAGMA locking_mode = EXCLUSIVE")
        application = run("PRAGMA application_id").fetchone()[0]
        tables = run("SELECT count(*) FROM sqlite_schema").fetchone()[0]
        if application == 0 and tables == 0:  # a new file (or an empty one): make it ours
            if run("PRAGMA journal_mode = WAL").fetchone()[0] != "wal":
                raise StoreError(f"{self.path}: SQLite cannot use WAL mode for this file")
            self.connection.executescript(
                f"BEGIN IMMEDIATE; {SCHEMA}; PRAGMA application_id = {APPLICATION_ID}; "
                f"PRAGMA user_version = {VERSION}; COMMIT;"
            )
        elif application != APPLICATION_ID:
            raise StoreError(
                f"{self.path} is another program's SQLite database, not one of this "
                "server's: give another --database"
            )
        else:
            version = run("PRAGMA user_version").fetchone()[0]
            if version == 1:  # before three-player games: the third seat's columns
                self.connection.executescript(
                    f"BEGIN IMMEDIATE; {THIRD_SEAT} PRAGMA user_version = {VERSION}; COMMIT;"
                )
                version = VERSION
            if version != VERSION:
                raise StoreError(
                    f"{self.path} holds games in layout {version}, this server reads "
                    f"layout {VERSION}"
                )
            if run("PRAGMA journal_mode = WAL").fetchone()[0] != "wal":
                raise StoreError(f"{self.path}: SQLite cannot use WAL mode for this file")
            problems = [row[0] for row in run("PRAGMA quick_check")]
            if problems != ["ok"]:
                raise StoreError(f"{self.path} is damaged: {'; '.join(problems[:3])}")
        run("PRAGMA synchronous = NORMAL")

    def close(self) -> None:
        self.connection.close()

    def games(self) -> Iterator[SavedGame]:
        """Every game in the file, its moves in order.

        Raises:
            StoreError: a row is not what this module writes.
        """
        moves: dict[str, list[str]] = {}
        try:
            rows = self.connection.execute("SELECT game, ply, move FROM moves ORDER BY game, ply")
            for game_id, ply, move in rows:
                played = moves.setdefault(game_id, [])
                if ply != len(played):
                    missing = len(played)
                    raise StoreError(f"{self.path}: game {game_id} has no move at ply {missing}")
                played.append(move)
            games = self.connection.execute(
                "SELECT id, seed, rules, seed_chosen, client, name0, name1, bot, key0, key1, "
                "invitation, touched, name2, key2, invitation2 FROM games"
            ).fetchall()
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{self.path} cannot be read: {error}") from None
        known = {row[0] for row in games}
        strays = set(moves) - known
        if strays:
            raise StoreError(f"{self.path}: moves of no game ({min(strays)})")
        for row in games:
            game_id, seed, three = row[0], row[1], row[12]
            if not (isinstance(seed, str) and seed.isascii() and seed.isdigit()):
                raise StoreError(f"{self.path}: game {game_id} has no seed")
            yield SavedGame(
                id=game_id,
                seed=int(seed),
                rules=row[2],
                seed_chosen=bool(row[3]),
                client=row[4],
                names=(row[5], row[6]) if three is None else (row[5], row[6], three),
                bot=row[7],
                keys=(row[8], row[9]) if three is None else (row[8], row[9], row[13]),
                invitations=(None, row[10]) if three is None else (None, row[10], row[14]),
                touched=row[11],
                moves=tuple(moves.get(game_id, ())),
            )

    def add(self, game: SavedGame) -> None:
        """Write a new game, its first moves (a bot's) included, in one transaction."""
        third = len(game.names) == 3
        with self._transaction() as run:
            run(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game.id,
                    str(game.seed),
                    game.rules,
                    int(game.seed_chosen),
                    game.client,
                    *game.names[:2],
                    game.bot,
                    *game.keys[:2],
                    game.invitations[1],
                    game.touched,
                    game.names[2] if third else None,
                    game.keys[2] if third else None,
                    game.invitations[2] if third else None,
                ),
            )
            self._insert_moves(run, game.id, 0, game.moves)

    def moved(self, game_id: str, first_ply: int, moves: Sequence[str], touched: float) -> None:
        """Write the moves played from ``first_ply`` on (a person's, then a bot's)."""
        with self._transaction() as run:
            self._insert_moves(run, game_id, first_ply, moves)
            run("UPDATE games SET touched = ? WHERE id = ?", (touched, game_id))

    def joined(self, game_id: str, seat: int, key: bytes, touched: float) -> None:
        """Write the hash of a friend's key (seat 1 or 2), made as he joined."""
        column = {1: "key1", 2: "key2"}[seat]
        with self._transaction() as run:
            run(
                f"UPDATE games SET {column} = ?, touched = ? WHERE id = ?", (key, touched, game_id)
            )

    def renamed(self, game_id: str, names: tuple[str, ...], touched: float) -> None:
        """Write the seats' names (two or three)."""
        third = names[2] if len(names) == 3 else None
        with self._transaction() as run:
            run(
                "UPDATE games SET name0 = ?, name1 = ?, name2 = ?, touched = ? WHERE id = ?",
                (*names[:2], third, touched, game_id),
            )

    def delete(self, game_ids: Sequence[str]) -> None:
        """Take games out of the file (dropped to make room)."""
        with self._transaction() as run:
            for game_id in game_ids:
                run("DELETE FROM moves WHERE game = ?", (game_id,))
                run("DELETE FROM games WHERE id = ?", (game_id,))

    @staticmethod
    def _insert_moves(run: Runner, game_id: str, first_ply: int, moves: Sequence[str]) -> None:
        for ply, move in enumerate(moves, first_ply):
            run("INSERT INTO moves VALUES (?, ?, ?)", (game_id, ply, move))

    def _transaction(self) -> Transaction:
        return Transaction(self.connection)


class Runner:
    """What a transaction runs statements with (``sqlite3.Connection.execute``)."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def __call__(self, statement: str, parameters: Sequence[object] = ()) -> None:
        self.connection.execute(statement, parameters)


class Transaction:
    """``with`` one: its statements are committed together at the end, or none of them
    (an exception rolls them back and goes on)."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def __enter__(self) -> Runner:
        self.connection.execute("BEGIN IMMEDIATE")
        return Runner(self.connection)

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if kind is None:
            self.connection.execute("COMMIT")
        else:
            self.connection.execute("ROLLBACK")
