"""A ``maxmatch serve`` process: its pipes, requests written and answers read with a deadline,
its messages and warnings.

Where pipes can be polled (POSIX), the calling thread does all of it: it writes the requests
without blocking and reads the answers and the messages as they come, with ``poll()``. No thread
holds a pipe, so nothing is left holding one's lock when the interpreter exits or the process
forks (a daemon thread blocked in a read made the interpreter abort at exit, closing the pipe it
held). Elsewhere (Windows), threads read the pipes.
"""

import collections
import os
import queue
import re
import subprocess
import sys
import threading
import time

from ._errors import ServiceError

# PROTOCOL is the version of the service's protocol this package speaks (the command's
# service.ProtocolVersion): the "info" answer's "protocol" must be it.
PROTOCOL = 5

# A warning of the command: "maxmatch COMMAND: warning: …" (the service's is "maxmatch serve: ").
WARNING = re.compile(r"^maxmatch(?: [\w-]+)?: warning: ")

# How much of a pipe is read or written at a time.
CHUNK = 1 << 16

# PIPE_BYTES is the room asked of the service's request and answer pipes, where Linux lets a pipe
# be widened (F_SETPIPE_SZ; at most /proc/sys/fs/pipe-max-size, 1 MiB by default). In a pipe of
# the default 64 KiB, one batch's request (about 60 kB for 512 hypotheses) fills it, so each
# request waits for the service to read the one before and the service's workers wait for
# work: nbest_many of the CoNLL-2014 list takes about 0.9x the time with 1 MiB (0.85-1.01x,
# six pairs of 40 calls on 2 CPUs; the busy cores 1.61-1.66 -> 1.72-1.78).
PIPE_BYTES = 1 << 20


class Timeout(Exception):
    """The deadline passed before every answer came."""


class Ended(Exception):
    """The service ended before every answer came (Process.ended says how)."""


def exit_status(code):
    if code is None:
        return "still running"
    if code < 0:
        return "killed by signal %d" % -code
    return "exit status %d" % code


def _remaining(deadline):
    return None if deadline is None else max(0.0, deadline - time.monotonic())


class Lines:
    """Bytes read from a pipe, cut into lines."""

    def __init__(self):
        self.buffer = bytearray()
        self.scanned = 0  # the buffer has no line break before this offset
        self.ended = False

    def next(self):
        """The next whole line (with its line break), or None."""
        k = self.buffer.find(b"\n", self.scanned)
        if k < 0:
            self.scanned = len(self.buffer)
            return None
        with memoryview(self.buffer) as view:  # one copy (a slice of the bytearray would be two)
            line = bytes(view[:k + 1])
        del self.buffer[:k + 1]
        self.scanned = 0
        return line


class _Writer:
    """Requests written to a pipe without blocking, taken from an iterator as it empties."""

    def __init__(self, requests):
        self._requests = iter(requests)
        self.view = None  # what is left to write of the request being written
        self.written = 0  # requests begun
        self.failure = None  # what the iterator raised

    def next(self):
        """Takes the next request; false when there is none (or the iterator failed)."""
        try:
            data = next(self._requests)
        except StopIteration:
            self.view = None
            return False
        except Exception as e:
            self.view, self.failure = None, e
            return False
        self.view, self.written = memoryview(data), self.written + 1
        return True

    def write(self, fd):
        """Writes what the pipe takes; false once every request is written (or the service
        stopped reading: it ended)."""
        while self.view is not None:
            try:
                n = os.write(fd, self.view[:CHUNK])
            except BlockingIOError:
                return True
            except OSError:
                self.view = None
                return False
            self.view = self.view[n:]
            if not self.view and not self.next():
                return False
        return False


class PollingPipes:
    """The pipes of a service, served by the calling thread (POSIX)."""

    bufsize = 0  # raw files: no lock that a thread or a fork could leave held

    def __init__(self, proc, message):
        self._in, self._out, self._err = proc.stdin.fileno(), proc.stdout.fileno(), proc.stderr.fileno()
        os.set_blocking(self._in, False)
        self._answers = Lines()
        self._messages = Lines()
        self._message = message  # called with each line of stderr

    def exchange(self, requests, deadline, take):
        """Writes requests (bytes of one request each, made as the pipe takes them: a caller's
        generator encodes the next while the service scores the last) and hands each answer
        line to take as it comes, one per request written. A failure to write is the service's
        end, which reading then finds; an exception of the generator stops the writing, and is
        returned once the requests written are answered."""
        import select  # a poll object per call: it holds no state a fork could share

        poller = select.poll()
        fds = {self._out: self._answers, self._err: self._messages}
        for fd, lines in fds.items():
            if not lines.ended:
                poller.register(fd, select.POLLIN)
        writer = _Writer(requests)
        if writer.next():
            poller.register(self._in, select.POLLOUT)
        answered = 0
        while answered < writer.written or writer.view is not None:
            line = self._answers.next() if answered < writer.written else None
            if line is not None:
                take(line)
                answered += 1
                continue
            if self._answers.ended:
                raise Ended()
            wait = _remaining(deadline)
            events = poller.poll(None if wait is None else wait * 1000)
            if not events:
                raise Timeout()
            for fd, event in events:
                if fd == self._in:
                    if not writer.write(fd):
                        poller.unregister(fd)
                elif self._read(fds[fd], fd):
                    poller.unregister(fd)
        self.drain(0)
        return writer.failure

    def _read(self, lines, fd):
        """Reads what the pipe holds into lines; true at its end."""
        chunk = os.read(fd, CHUNK)
        if not chunk:
            lines.ended = True
        lines.buffer += chunk
        if lines is self._messages:
            self._take_messages()
        return lines.ended

    def _take_messages(self):
        while True:
            line = self._messages.next()
            if line is None:
                break
            self._message(line)
        if self._messages.ended and self._messages.buffer:
            self._message(bytes(self._messages.buffer))
            self._messages.buffer.clear()

    def drain(self, timeout):
        """Reads the messages the service has written (within timeout seconds, after which
        what is left is left): those written before its answers come with them."""
        import select

        deadline = time.monotonic() + timeout
        while not self._messages.ended:
            poller = select.poll()
            poller.register(self._err, select.POLLIN)
            if not poller.poll(_remaining(deadline) * 1000):
                return
            self._read(self._messages, self._err)

    def close(self):
        pass


class ThreadPipes:
    """The pipes of a service, read by threads that hand the lines over (Windows, where pipes
    cannot be polled); requests longer than a pipe holds are written by a thread too, so that a
    service that stops reading cannot hold a call past its deadline."""

    # A write of at most DIRECT_WRITE bytes is made by the calling thread: every pipe's buffer (4
    # KB on Windows) holds it whole, and the service has read every earlier request.
    DIRECT_WRITE = 4096
    bufsize = -1

    def __init__(self, proc, message):
        self._proc = proc
        self._lines = queue.SimpleQueue()
        self._writer = None
        self._threads = [threading.Thread(target=self._read, args=(proc.stdout,), daemon=True),
                         threading.Thread(target=self._read_messages, args=(proc.stderr, message), daemon=True)]
        for t in self._threads:
            t.start()

    def _read(self, stream):
        try:
            for line in stream:
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(None)

    @staticmethod
    def _read_messages(stream, message):
        try:
            for line in stream:
                message(line)
        except (OSError, ValueError):
            pass

    def exchange(self, requests, deadline, take):
        try:
            data = b"".join(requests)
        except Exception as e:
            return e
        count = data.count(b"\n")
        if len(data) <= self.DIRECT_WRITE:
            self._write(data)
        else:
            self._writer = threading.Thread(target=self._write, args=(data,), daemon=True)
            self._writer.start()
        for _ in range(count):
            try:
                line = self._lines.get(timeout=_remaining(deadline))
            except queue.Empty:
                raise Timeout() from None
            if line is None or not line.endswith(b"\n"):
                self._lines.put(None)  # the end stays the end
                raise Ended()
            take(line)
        return None

    def _write(self, data):
        try:
            self._proc.stdin.write(data)
            self._proc.stdin.flush()
        except (OSError, ValueError):
            pass

    def drain(self, timeout):
        if self._proc.poll() is not None:
            self._threads[1].join(timeout=timeout)

    def close(self):
        for t in self._threads + ([self._writer] if self._writer else []):
            t.join(timeout=1)


# How the pipes are served: by the calling thread where pipes can be polled, by threads elsewhere.
Pipes = PollingPipes if os.name == "posix" else ThreadPipes


def widen_pipes(proc):
    """Asks Linux for PIPE_BYTES of room (or the most it allows) in proc's stdin and stdout pipes.
    Elsewhere, or where the kernel refuses (a user's pipes over their limit), the pipes keep
    their room, which works the same, with more waits."""
    if not sys.platform.startswith("linux"):
        return
    import fcntl

    size = PIPE_BYTES
    try:
        with open("/proc/sys/fs/pipe-max-size") as f:
            size = min(size, int(f.read()))
    except (OSError, ValueError):
        pass
    setsize = getattr(fcntl, "F_SETPIPE_SZ", 1031)  # named from Python 3.10; Linux's value
    for pipe in (proc.stdin, proc.stdout):
        try:
            fcntl.fcntl(pipe.fileno(), setsize, size)
        except OSError:
            pass


class Process:
    """A running service, owned by the process that started it. Its stderr is kept (the last
    50 lines) for the messages of errors, except the command's warnings, which are kept apart
    until the caller takes them (take_warnings)."""

    def __init__(self, args):
        self.args = args
        self.owner = os.getpid()
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, bufsize=Pipes.bufsize)
        widen_pipes(self.proc)
        self._messages = collections.deque(maxlen=50)
        self._warnings = collections.deque()
        self._pipes = Pipes(self.proc, self._message)

    @property
    def pid(self):
        return self.proc.pid

    def _message(self, line):
        text = line.decode("utf-8", "replace").rstrip("\r\n")
        found = WARNING.match(text)
        if found:
            self._warnings.append(text[found.end():])
        else:
            self._messages.append(text)

    def exchange(self, requests, deadline, take):
        """Writes requests (an iterable of bytes, one request each) and hands each answer line
        to take as it comes: Timeout at the deadline (a time.monotonic(), or None for none),
        Ended when the service has ended before the last (a line cut short is not an answer).
        Returns what the iterator raised, if it did, once the requests written are answered."""
        return self._pipes.exchange(requests, deadline, take)

    def take_warnings(self):
        """The command's warnings read since the last call, without their "maxmatch serve:
        warning: "."""
        out = []
        while self._warnings:
            out.append(self._warnings.popleft())
        return out

    def exit_code(self):
        """The exit code, or None while it runs."""
        return self.proc.poll()

    def ended(self):
        """The ServiceError of a service that has ended, or was found ending: its exit status
        and last messages."""
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        text = self.messages()
        return ServiceError("the maxmatch service %s ended (%s)%s" % (
            self.args[0], exit_status(code), ":\n" + text if text else " without a message"))

    def messages(self):
        """The service's last messages on stderr (its warnings excepted), all of them once it
        has ended."""
        if self.proc.poll() is not None:
            self._pipes.drain(1)
        return "\n".join(self._messages)

    def kill(self):
        """Stops the service at once (a stopped one too) and releases its pipes."""
        try:
            self.proc.kill()
        except OSError:
            pass
        self._release()

    def close(self, timeout=10):
        """Ends the service as it should end, by closing its input (killing it after timeout
        seconds), and releases its pipes."""
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
        self._pipes.close()
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                f.close()
            except OSError:
                pass

    def abandon(self):
        """In a process forked from the owner: closes this process's copies of the pipes (so
        that the service still sees its input end when the owner closes it) without touching
        the service, which is the owner's."""
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                f.close()
            except OSError:
                pass
        # subprocess would otherwise wait for the service at this copy's end, and warn that it
        # is still running: it is not this process's child.
        self.proc.returncode = 0
