"""Play a simulation's games on a Ray cluster (`pirdsl simulate --ray auto|ADDRESS`).

Ray is an optional extra (`pip install 'pirdsl[ray]'`). The games are cut into
chunks, each a Ray task that loads the rules from their text (sent with the
task, so a cluster's machines need no copy of the file, only pirdsl and Ray) and
plays its games exactly as a local worker would (`playing.play_game`, the
same seeds). The results are taken back in game order, so every figure is the
same as in one local process for the same seeds; at most a few chunks per CPU
of the cluster are in flight at once, so memory stays bounded.

`auto` joins the Ray cluster this machine is part of (started with `ray start`,
or named by RAY_ADDRESS), and starts a private one on this machine when there
is none; an address (`ray://head:10001` for a remote client, `head:6379` on a
cluster's own machine) joins that cluster. docs/cluster.md shows the steps.
An address is tried first with a plain TCP connection (`check_reachable`), as
Ray itself would retry a wrong one for minutes with warnings only.
"""

from __future__ import annotations

import collections
from typing import Any, Iterator

from pirdsl.playing import play_game

GAMES_PER_TASK_LIMIT = 25
TASKS_AHEAD_PER_CPU = 2
# How long a cluster's address may take to answer a TCP connection before it counts as unreachable.
REACH_SECONDS = 5.0
# How long Ray may take to join a cluster that answers before the run gives up (one line, not a hang).
JOIN_SECONDS = 10.0
# The port Ray listens on when an address names none: its client server (ray://) or its head node.
RAY_CLIENT_PORT = 10001
RAY_HEAD_PORT = 6379


class ClusterError(Exception):
    """Ray is missing, the cluster cannot be reached, or a task failed; the message is one line."""


def host_and_port(address: str) -> tuple[str, int] | None:
    """The host and TCP port an address (`ray://HOST[:PORT]`, `HOST[:PORT]`, `[IPv6]:PORT`) names.

    None for `auto` and for what is not an address of that form (left to Ray to judge).
    """
    if address == "auto":
        return None
    rest, default_port = address, RAY_HEAD_PORT
    if rest.startswith("ray://"):
        rest, default_port = rest[len("ray://"):], RAY_CLIENT_PORT
    elif "://" in rest:
        return None
    rest = rest.split("/", 1)[0]
    if rest.startswith("["):  # [IPv6]:PORT
        host, bracket, after = rest[1:].partition("]")
        if not bracket or (after and not after.startswith(":")):
            return None
        port_text = after[1:]
    elif rest.count(":") == 1:
        host, _, port_text = rest.partition(":")
    elif ":" in rest:  # a bare IPv6 address, no port
        host, port_text = rest, ""
    else:
        host, port_text = rest, ""
    if not host:
        return None
    if not port_text:
        return host, default_port
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ClusterError(f"{address} is not a cluster address: the port must be a number from 1 to 65535")
    return host, int(port_text)


def check_reachable(address: str, seconds: float = REACH_SECONDS) -> None:
    """Fail at once, in one line, when nothing answers at the address's host and port.

    Needs no Ray. Says nothing of whether what answers is a Ray cluster: that is for Ray to find.

    Raises:
        ClusterError: the address cannot be reached (refused, no route, no answer in `seconds`).
    """
    import socket

    target = host_and_port(address)
    if target is None:
        return
    host, port = target
    try:
        socket.create_connection((host, port), timeout=seconds).close()
    except socket.gaierror:
        raise ClusterError(f"cannot reach the Ray cluster at {address}: no such host {host}") from None
    except TimeoutError:
        raise ClusterError(
            f"cannot reach the Ray cluster at {address}: no answer from {host} port {port} in {seconds:g} s"
        ) from None
    except OSError as error:
        reason = (error.strerror or type(error).__name__).lower()
        raise ClusterError(f"cannot reach the Ray cluster at {address}: {reason} ({host} port {port})") from None


def joined_in_time(join: Any, address: str, seconds: float = JOIN_SECONDS) -> None:
    """Call `join` (Ray's own joining) in a thread of its own, giving up after `seconds`.

    Something that accepts connections but is no Ray cluster (or a cluster that never
    answers) keeps Ray waiting for ever; the thread is then left behind (a daemon, so
    that it does not keep the process alive) and the run fails with one line.
    """
    import threading

    outcome: list[BaseException | None] = []

    def attempt() -> None:
        try:
            join()
            outcome.append(None)
        except BaseException as error:  # noqa: BLE001 - handed to the caller's thread
            outcome.append(error)

    thread = threading.Thread(target=attempt, name="pirdsl-ray-join", daemon=True)
    thread.start()
    thread.join(seconds)
    if not outcome:
        raise ClusterError(f"cannot join the Ray cluster at {address}: something answers there, "
                           f"but no Ray cluster within {seconds:g} s")
    if outcome[0] is not None:
        raise outcome[0]


def connect(address: str) -> Any:
    """Join (or for `auto` with no cluster around, start) a Ray cluster; the ray module."""
    check_reachable(address)
    try:
        import ray
    except ImportError:
        raise ClusterError("Ray is not installed: pip install 'pirdsl[ray]'") from None
    if ray.is_initialized():
        return ray
    try:
        if address == "auto":
            # Workers on this machine import the very pirdsl this process runs (a checkout, say).
            import os
            from pathlib import Path

            root = str(Path(__file__).resolve().parent.parent)
            paths = [root] + [part for part in os.environ.get("PYTHONPATH", "").split(os.pathsep) if part]
            ray.init(include_dashboard=False, logging_level="ERROR", log_to_driver=False,
                     runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join(paths)}})
        else:
            joined_in_time(lambda: ray.init(address=address, logging_level="ERROR", log_to_driver=False), address)
    except ClusterError:
        raise
    except Exception as error:  # noqa: BLE001 - Ray raises many kinds; the user gets one line
        first_line = (str(error).strip().splitlines() or [type(error).__name__])[0]
        raise ClusterError(f"cannot join the Ray cluster at {address}: {first_line}") from None
    return ray


def _play_chunk(source: str, path: str, settings: Any, seed: int, first_game: int, count: int,
                play: Any = None) -> list:
    """On a Ray worker: load the rules from their text and play games first_game .. first_game + count - 1."""
    game = _loaded(source, path)
    play = play or play_game
    return [play(game, settings, number, seed + number) for number in range(first_game, first_game + count)]


_GAMES: dict[str, Any] = {}


def _loaded(source: str, path: str) -> Any:
    """The game for these rules, loaded once per worker process."""
    import hashlib

    key = hashlib.sha256(source.encode()).hexdigest()
    game = _GAMES.get(key)
    if game is None:
        from interpreter.game import load_source

        game = _GAMES[key] = load_source(source, path)
    return game


def played_on_ray(game: Any, settings: Any, seed: int, games: int, address: str,
                  play: Any = None) -> Iterator[Any]:
    """The results of games 0 .. games - 1, in game order, played as Ray tasks (each game by `play`)."""
    ray = connect(address)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    chunk = max(1, min(GAMES_PER_TASK_LIMIT, games // (cpus * 4) or 1))
    remote = ray.remote(_play_chunk)
    source_ref = ray.put(game.source)
    pending: collections.deque = collections.deque()
    next_game = 0
    try:
        while pending or next_game < games:
            while next_game < games and len(pending) < cpus * TASKS_AHEAD_PER_CPU:
                count = min(chunk, games - next_game)
                extra = () if play is None else (play,)  # the function that plays, when not the usual one
                pending.append(remote.remote(source_ref, game.path, settings, seed, next_game, count, *extra))
                next_game += count
            task = pending.popleft()
            try:
                results = ray.get(task)
            except Exception as error:  # noqa: BLE001 - a task's failure, reported in one line
                first_line = (str(error).strip().splitlines() or [type(error).__name__])[-1]
                raise ClusterError(f"a Ray task failed: {first_line}") from None
            yield from results
    finally:
        for task in pending:
            ray.cancel(task, force=True)
