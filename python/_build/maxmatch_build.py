"""A PEP 517 build backend of the standard library only, for the maxmatch package: it writes a
wheel of python/maxmatch (and a record of the Go module it came from, so that the package can
build the maxmatch command when it is not installed). No setuptools, no wheel package, no index."""

import base64
import hashlib
import os
import zipfile

NAME = "maxmatch"
VERSION = "0.1.0"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # python/
DIST_INFO = "%s-%s.dist-info" % (NAME, VERSION)
METADATA = """Metadata-Version: 2.1
Name: maxmatch
Version: %s
Summary: MaxMatch (M2) scores for grammatical error correction, from Python, through the maxmatch command
Requires-Python: >=3.8
""" % VERSION
WHEEL = """Wheel-Version: 1.0
Generator: maxmatch_build
Root-Is-Purelib: true
Tag: py3-none-any
"""


def _files():
    """The package's files: (path in the wheel, bytes)."""
    out = []
    pkg = os.path.join(HERE, NAME)
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py") and name != "_source.py":
            with open(os.path.join(pkg, name), "rb") as f:
                out.append((NAME + "/" + name, f.read()))
    source = os.path.dirname(HERE)
    if os.path.exists(os.path.join(source, "go.mod")):
        out.append((NAME + "/_source.py", ("# Written by the installer: the Go module this package came from.\n"
                                           "SOURCE_DIR = %r\n" % source).encode()))
    return out


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (path, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    d = os.path.join(metadata_directory, DIST_INFO)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "METADATA"), "w") as f:
        f.write(METADATA)
    with open(os.path.join(d, "WHEEL"), "w") as f:
        f.write(WHEEL)
    return DIST_INFO


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name = "%s-%s-py3-none-any.whl" % (NAME, VERSION)
    files = _files() + [(DIST_INFO + "/METADATA", METADATA.encode()), (DIST_INFO + "/WHEEL", WHEEL.encode())]
    record = [_record_line(p, d) for p, d in files] + [DIST_INFO + "/RECORD,,"]
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in files:
            z.writestr(path, data)
        z.writestr(DIST_INFO + "/RECORD", "\n".join(record) + "\n")
    return name
