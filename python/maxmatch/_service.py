"""A ``maxmatch serve`` process: its pipes, the threads that read its answers and its messages,
and requests sent with a deadline."""

import collections
import json
import os
import queue
import selectors
import subprocess
import sys
import threading
import time

from ._errors import ServiceError

# PROTOCOL is the version of the service's protocol this package speaks (the command's
# service.ProtocolVersion): the "info" answer's "protocol" must be it.
PROTOCOL = 1

# A write of at most DIRECT_WRITE bytes is made by the calling thread: every pipe's buffer (4 KB
# on Windows, 64 KB on Linux) holds it whole, and the service has read every earlier request
# (each call reads all its answers), so it cannot block. A longer one is made by a thread while
# the answers are read, so that a service that stops reading cannot hold a call past its
# deadline, and so that answers and requests flow at once.
DIRECT_WRITE = 4096


class Timeout(Exception):
    """The deadline passed before an answer came."""


class Ended(Exception):
    """The service ended before the answer came (Process.ended says how)."""


def exit_status(code):
    if code is None:
        return "still running"
    if code < 0:
        return "killed by signal %d" % -code
    return "exit status %d" % code


class PollingReader:
    """Reads lines from a pipe in the calling thread, waiting for them with a selector (POSIX,
    where pipes can be polled): no thread between the service and the caller."""

    def __init__(self, stream):
        self._fd = stream.fileno()
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._fd, selectors.EVENT_READ)
        self._buffer = bytearray()
        self._scanned = 0  # the buffer has no line break before this offset
        self._end = False

    def readline(self, deadline):
        """The next line, or None at the end; Timeout at the deadline (None: none)."""
        while True:
            k = self._buffer.find(b"\n", self._scanned)
            if k >= 0:
                line = bytes(self._buffer[:k + 1])
                del self._buffer[:k + 1]
                self._scanned = 0
                return line
            self._scanned = len(self._buffer)
            if self._end:
                line, self._buffer = bytes(self._buffer), bytearray()
                return line or None
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not self._selector.select(wait):
                raise Timeout()
            chunk = os.read(self._fd, 1 << 16)
            if chunk:
                self._buffer += chunk
            else:
                self._end = True

    def close(self):
        self._selector.close()


class ThreadReader:
    """Reads lines from a pipe in a thread of its own, which hands them over through a queue
    (Windows, where pipes cannot be polled)."""

    def __init__(self, stream):
        self._lines = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._thread.start()

    def _read(self, stream):
        try:
            for line in stream:
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(None)

    def readline(self, deadline):
        """The next line, or None at the end; Timeout at the deadline (None: none)."""
        try:
            if deadline is None:
                line = self._lines.get()
            else:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise Timeout() from None
        if line is None:
            self._lines.put(None)  # the end stays the end
        return line

    def close(self):
        self._thread.join(timeout=1)


# How answers are read: a polling reader where pipes can be polled, a thread elsewhere.
Reader = PollingReader if os.name == "posix" else ThreadReader


class Process:
    """A running service. Its stderr is kept (the last 50 lines) for the messages of errors,
    except the command's warnings, which go to this process's stderr as the command prints
    them."""

    def __init__(self, args):
        self.args = args
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self._answers = Reader(self.proc.stdout)
        self._messages = collections.deque(maxlen=50)
        self._writer = None
        self._stderr = threading.Thread(target=self._read_messages, daemon=True)
        self._stderr.start()

    @property
    def pid(self):
        return self.proc.pid

    def _read_messages(self):
        try:
            for line in self.proc.stderr:
                text = line.decode("utf-8", "replace").rstrip("\r\n")
                if text.startswith("maxmatch: warning: "):
                    sys.stderr.write(text + "\n")
                else:
                    self._messages.append(text)
        except (OSError, ValueError):
            pass

    def send(self, data):
        """Writes data, requests of a line each (see DIRECT_WRITE); a failure to write is the
        service's death, which receive reports."""
        if len(data) <= DIRECT_WRITE:
            self._write(data)
            return
        self._writer = threading.Thread(target=self._write, args=(data,), daemon=True)
        self._writer.start()

    def _write(self, data):
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (OSError, ValueError):
            pass

    def receive(self, deadline):
        """The next answer, parsed; Timeout at the deadline (a time.monotonic(), or None for
        none), Ended when the service has ended, ServiceError when it answers something that is
        not an answer."""
        line = self._answers.readline(deadline)
        if line is None:
            raise Ended()
        try:
            answer = json.loads(line)
        except ValueError:
            answer = None
        if not isinstance(answer, dict):
            raise ServiceError("%s answered something that is not an answer of the maxmatch service: %r"
                               % (self.args[0], line[:200]))
        return answer

    def exit_code(self):
        """The exit code, or None while it runs."""
        return self.proc.poll()

    def ended(self):
        """The ServiceError of a service that has ended: its exit status and last messages."""
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        text = self.messages()
        return ServiceError("the maxmatch service %s ended (%s)%s" % (
            self.args[0], exit_status(code), ":\n" + text if text else " without a message"))

    def messages(self):
        """The service's last messages on stderr (its warnings excepted), once it has ended."""
        if self.proc.poll() is not None:
            self._stderr.join(timeout=1)
        return "\n".join(self._messages)

    def kill(self):
        """Stops the service at once (a stopped one too) and releases its pipes and threads."""
        try:
            self.proc.kill()
        except OSError:
            pass
        self._release()

    def close(self, timeout=10):
        """Ends the service as it should end, by closing its input (killing it after timeout
        seconds), and releases its pipes and threads."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self._release()

    def _release(self):
        self.proc.wait()
        self._answers.close()
        for t in [self._stderr] + ([self._writer] if self._writer else []):
            t.join(timeout=1)
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                f.close()
            except OSError:
                pass
