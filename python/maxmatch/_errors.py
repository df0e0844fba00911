"""The package's exceptions: one class for each cause, all of them MaxmatchErrors."""


class MaxmatchError(Exception):
    """Base of the package's errors."""


class BinaryNotFoundError(MaxmatchError, FileNotFoundError):
    """No ``maxmatch`` command: not in the package, not in MAXMATCH_BIN, not on PATH, and not
    buildable with Go."""


class OptionError(MaxmatchError, ValueError):
    """An option of the Scorer is out of its range or unknown to the command; the message
    names the option and what it expects."""


class GoldFileError(MaxmatchError, ValueError):
    """The service refused the gold file; the message is the command's, with the file, line
    and column of what was wrong."""


class ServiceError(MaxmatchError, RuntimeError):
    """The service could not start, ended (died) before it answered, or answered something that
    is not an answer; the message says which, with its exit status (or the signal that killed
    it) and its last messages."""


class ProtocolError(ServiceError):
    """The command speaks another version of the service's protocol than this package: a
    package and a command of different releases."""


class ServiceTimeoutError(ServiceError, TimeoutError):
    """The service did not answer within the timeout: it was stopped, and the next call
    starts a new one."""


class InvalidTextError(MaxmatchError, ValueError):
    """A text cannot be sent to the service: it holds a lone surrogate, which UTF-8 cannot
    encode."""


class RequestError(MaxmatchError, ValueError):
    """The service could not answer a request; the message says why."""


class SentenceIndexError(RequestError, IndexError):
    """A sentence index outside the gold file."""


class MaxmatchWarning(UserWarning):
    """A warning of the maxmatch command (about the gold standard: a span outside its sentence,
    read as the official reads it), given through :func:`warnings.warn` so that it can be
    filtered, or raised as an error (``warnings.simplefilter("error", MaxmatchWarning)``)."""
