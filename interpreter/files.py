"""One way to write a file: whole or not at all, and never onto something it must not replace.

Every file pirdsl writes goes through here: a save at the play prompt, `--records`
and `--report` of `simulate`, `compile -o`, `reference -o`, and (with the refusals
for people's outputs turned off) the cache's entries. The text goes to a new
temporary file in the target's own folder, is flushed to the disk, and only then
takes the target's name (`os.replace`, which is atomic on one file system). So a run
that fails, is stopped or is killed leaves the old file as it was, never half of a
new one; a killed run may leave its temporary file (`.pirdsl-*.tmp`) behind, which
anyone may delete.

A person's output is refused, with one line naming the path, when it is:

- an input of the same command (the rules file being read): `compile g.pir -o g.pir`
  would otherwise replace the game with its own compiled code;
- a read-only file (unless `force`: `--force` on the command line);
- a symbolic link (writing through it would change a file somewhere else), a named
  pipe (it would wait forever for a reader), a device, a socket, or a directory;
- in a folder that does not exist.

`check_target` makes the same checks without writing anything, so a command can
refuse a bad output at once rather than after a long run.

This module uses only the standard library and knows nothing of games, so that
every layer (the cache in `interpreter/`, the commands in `pirdsl/`) can use it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import IO, Any, Iterable, Sequence

TEMPORARY_PREFIX = ".pirdsl-"
TEMPORARY_SUFFIX = ".tmp"
FORCE_HINT = "give --force to replace it"
PATH_SHOWN = 200  # characters of a path shown in a message (a path typed at a prompt can be any length)


class OutputError(OSError):
    """A file that may not or cannot be written: one line for the user, naming the path.

    Args:
        reason: why, without the path ("is read-only; give --force to replace it").
        path: the file; `str(error)` is "PATH: REASON".
    """

    def __init__(self, reason: str, path: str | os.PathLike[str] | None = None) -> None:
        self.reason = reason
        self.message = reason if path is None else f"{shown_path(path)}: {reason}"
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


def shown_path(path: str | os.PathLike[str]) -> str:
    """A path as a one-line message shows it: control characters escaped, and cut around `…` when long."""
    text = "".join(char if char.isprintable() else repr(char)[1:-1] for char in os.fspath(path))
    if len(text) <= PATH_SHOWN:
        return text
    half = PATH_SHOWN // 2
    return f"{text[:half]}…{text[-half:]}"


def kind_of(mode: int) -> str | None:
    """What a non-regular file is, in words ("a directory", "a named pipe"...), or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _is_read_only(path: str, info: os.stat_result) -> bool:
    """Whether a regular file is read-only: no write permission in its mode, or none for this user.

    The mode is looked at, not only `os.access`, because the superuser may write to any
    file: a file someone made read-only is still meant to be kept.
    """
    return not info.st_mode & 0o222 or not os.access(path, os.W_OK)


def _same_file(target: str, info: os.stat_result, other: str | os.PathLike[str]) -> bool:
    try:
        other_info = os.stat(other)
    except OSError:
        return os.path.realpath(target) == os.path.realpath(other)
    return (info.st_dev, info.st_ino) == (other_info.st_dev, other_info.st_ino)


def check_target(
    path: str | os.PathLike[str],
    *,
    inputs: Iterable[str | os.PathLike[str]] = (),
    force: bool = False,
    force_hint: str = FORCE_HINT,
    probe: bool = True,
) -> Path:
    """Refuse, in one line naming the path, an output that `write_file` would refuse; leaves nothing behind.

    Args:
        path: the file to write.
        inputs: the files the command reads (the rules file): never written over.
        force: replace a read-only file all the same.
        force_hint: how the user can replace a read-only file (the message's end).
        probe: also make and remove a temporary file in the folder, to know now that it can
            be written (so a long run does not fail at its end); the target is not touched.

    Returns:
        the path, as a Path.

    Raises:
        OutputError: the reason, in one line.
    """
    text = os.fspath(path)
    if not text:
        raise OutputError("an output file name cannot be empty")
    if "\0" in text:
        raise OutputError("a file name cannot contain a NUL byte", text)
    if text.endswith(("/", os.sep)):
        raise OutputError("names a folder, not a file", text)
    folder = os.path.dirname(text) or "."
    try:
        info: os.stat_result | None = os.lstat(text)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise OutputError(f"cannot write the file ({error.strerror or error})", text) from None
    if info is None:
        try:
            folder_info = os.stat(folder)
        except FileNotFoundError:
            raise OutputError(f"cannot write the file: the folder {shown_path(folder)} does not exist", text) \
                from None
        except OSError as error:
            raise OutputError(f"cannot write the file ({error.strerror or error})", text) from None
        if not stat.S_ISDIR(folder_info.st_mode):
            raise OutputError(f"cannot write the file: {shown_path(folder)} is not a folder", text)
    else:
        kind = kind_of(info.st_mode)
        if kind == "a symbolic link":
            raise OutputError("is a symbolic link; pirdsl writes only to a regular file or a new one "
                              "(give the path of the file itself)", text)
        if kind is not None:
            raise OutputError(f"is {kind}, not a regular file; pirdsl will not write to it", text)
        for other in inputs:
            if _same_file(text, info, other):
                raise OutputError("is the rules file this command reads; write to another file", text)
        if not force and _is_read_only(text, info):
            raise OutputError(f"is read-only; {force_hint}", text)
    if probe:
        _discard(*_make_temporary(Path(text), 0o600))
    return Path(text)


def _make_temporary(target: Path, mode: int, prefix: str = TEMPORARY_PREFIX) -> tuple[int, str]:
    """A new file beside `target`, opened for writing: (descriptor, path)."""
    folder = os.path.dirname(os.fspath(target)) or "."
    name = target.name[:40]
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    for _ in range(100):
        temporary = os.path.join(folder, f"{prefix}{name}.{os.urandom(4).hex()}{TEMPORARY_SUFFIX}")
        try:
            return os.open(temporary, flags, mode), temporary
        except FileExistsError:
            continue
        except OSError as error:
            raise OutputError(f"cannot write the file ({error.strerror or error})", target) from None
    raise OutputError("cannot write the file (no free temporary name in its folder)", target)


def _discard(handle: int | None, temporary: str) -> None:
    if handle is not None:
        try:
            os.close(handle)
        except OSError:
            pass
    try:
        os.unlink(temporary)
    except OSError:
        pass


def _umask() -> int:
    """This process's umask, read without changing it where the system can say (Linux), else briefly set."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


class PendingFile:
    """A file being written: a temporary file beside the target that takes its name on `commit`.

    Use it as a context manager: the file is committed when the block ends normally and
    discarded (the old file kept whole) when it ends with an exception. `file` is the
    open file to write to (text, UTF-8, or binary). Records written while a long run
    goes on use this directly: `commit` once the run has succeeded, `discard` otherwise.

    Args:
        path: the file to write.
        binary: write bytes rather than text.
        mode: the permissions of the new file (default: 0o666 less the umask, as `open` gives).
        inputs, force, force_hint: see `check_target`.
        checked: refuse what a person's output must not replace (`check_target`); the
            cache, which writes only in its own folder, turns this off.
        sync: flush the data to the disk before the rename (a power cut then leaves the
            old file or the new one, never an empty one).
        replace: replace a file already there; when False, `commit` raises FileExistsError
            if one appeared meanwhile and leaves it as it is (a key made once, by whichever
            process is first).
        prefix: the start of the temporary file's name.

    Raises:
        OutputError: the target is refused, or its folder cannot be written.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        binary: bool = False,
        mode: int | None = None,
        inputs: Sequence[str | os.PathLike[str]] = (),
        force: bool = False,
        force_hint: str = FORCE_HINT,
        checked: bool = True,
        sync: bool = True,
        replace: bool = True,
        prefix: str = TEMPORARY_PREFIX,
    ) -> None:
        self.path = Path(os.fspath(path))
        self.inputs = tuple(inputs)
        self.force = force
        self.force_hint = force_hint
        self.checked = checked
        self.sync = sync
        self.replace = replace
        if checked:
            check_target(self.path, inputs=self.inputs, force=force, force_hint=force_hint, probe=False)
        self.mode = (0o666 & ~_umask()) if mode is None else mode
        handle, self.temporary = _make_temporary(self.path, 0o600, prefix)
        try:
            self.file: IO[Any] = os.fdopen(handle, "wb") if binary else \
                os.fdopen(handle, "w", encoding="utf-8", newline="")
        except BaseException:
            _discard(handle, self.temporary)
            raise
        self.done = False

    def write(self, data: Any) -> int:
        return self.file.write(data)

    def commit(self) -> None:
        """Give the finished file the target's name (checking the target once more just before)."""
        if self.done:
            return
        self.done = True
        try:
            self.file.flush()
            if self.sync:
                os.fsync(self.file.fileno())
            os.chmod(self.temporary, self.mode)
            self.file.close()
            if self.checked:  # the target may have changed during a long run
                check_target(self.path, inputs=self.inputs, force=self.force, force_hint=self.force_hint, probe=False)
            if self.replace:
                os.replace(self.temporary, self.path)
            else:
                os.link(self.temporary, self.path)  # FileExistsError when another process was first
                os.unlink(self.temporary)
        except (OutputError, FileExistsError):
            self._remove()
            raise
        except OSError as error:
            self._remove()
            raise OutputError(f"cannot write the file ({error.strerror or error})", self.path) from None
        except BaseException:
            self._remove()
            raise
        if self.sync:
            _sync_folder(self.path)

    def discard(self) -> None:
        """Forget the new file: remove the temporary file, leave the target as it was."""
        if self.done:
            return
        self.done = True
        self._remove()

    def _remove(self) -> None:
        try:
            self.file.close()
        except (OSError, ValueError):
            pass
        try:
            os.unlink(self.temporary)
        except OSError:
            pass

    def __enter__(self) -> PendingFile:
        return self

    def __exit__(self, kind: Any, error: Any, trace: Any) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()


def _sync_folder(path: Path) -> None:
    """Flush the folder's entry for a renamed file to the disk, where the system allows it (best effort)."""
    try:
        handle = os.open(os.path.dirname(os.fspath(path)) or ".", os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def write_file(
    path: str | os.PathLike[str],
    data: str | bytes | Iterable[str] | Iterable[bytes],
    **options: Any,
) -> Path:
    """Write `data` to `path` whole or not at all (see `PendingFile` for the options).

    `data` is text, bytes, or an iterable of either (written piece by piece, so a large
    output need not be held whole). Returns the path written.

    Raises:
        OutputError: the target is refused or cannot be written; the old file is kept.
    """
    binary = isinstance(data, (bytes, bytearray, memoryview))
    pieces: Iterable[Any]
    if isinstance(data, (str, bytes, bytearray, memoryview)):
        pieces = (data,)
    else:
        pieces = iter(data)
        first = next(pieces, "")
        binary = isinstance(first, (bytes, bytearray, memoryview))
        pieces = _chain(first, pieces)
    options.setdefault("binary", binary)
    with PendingFile(path, **options) as pending:
        try:
            for piece in pieces:
                pending.write(piece)
        except OSError as error:
            if isinstance(error, OutputError):
                raise
            raise OutputError(f"cannot write the file ({error.strerror or error})", path) from None
    return pending.path


def _chain(first: Any, rest: Iterable[Any]) -> Iterable[Any]:
    yield first
    yield from rest
