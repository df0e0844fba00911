"""The build backend of the maxmatch package (PEP 517, and PEP 660 for editable installs), of
the standard library only: no setuptools, no wheel package, no index.

A wheel carries the maxmatch command, built with Go (static: CGO_ENABLED=0, -trimpath) for
the platform it is tagged for, in ``maxmatch/bin/``; the package runs it. The platform is the
running Python's, or the config setting ``target`` (``pip wheel -C target=linux/arm64``):
one of TARGETS, whose tags say where the static command runs. The release tool (go run
./release) gives ``binary``, a command it has built with build_command, to put in the wheel
instead of building one.

The backend runs in two places: ``python/`` in the repository, where the Go module is the
repository (``..``) and a wheel is a development build (version NUMBER+devel); and the root of
the source distribution that build_sdist writes, where the Go module is ``go/`` (the sources
the command needs, their dependencies vendored: building from it needs Go and nothing else).
A source distribution records, in SOURCE, the commit its sources are, as git said when it was
written: only when that commit carries the tag vNUMBER and the sources were unchanged is it,
and what is built from it, version NUMBER (the command stamped with the commit and the tag);
any other is NUMBER+devel.COMMIT, with .dirty when the sources differed from the commit.
NUMBER is the repository's one version, in ``version/VERSION`` of the Go module.

Beside the package, a wheel carries the small example files of the documentation
(``maxmatch/examples``, ``docs/examples`` in the repository), the project's licence, and the
third-party notices of the command it carries when the release tool gives them (``notices``)
or the source distribution holds them.
"""

import json

import base64
import gzip
import hashlib
import io
import os
import platform
import shutil
import stat
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
import zipfile

NAME = "maxmatch"
PROJECT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # python/, or the sdist's root
SUMMARY = ("MaxMatch (M2) scores for grammatical error correction: the official NUS M2 scorer's "
           "numbers, from Python, through the maxmatch command")
REQUIRES_PYTHON = ">=3.8"
# The project's licence (an SPDX expression, as pyproject.toml says it) and its addresses
# (label: URL), which METADATA gives when they are set.
LICENSE = "Apache-2.0"
PROJECT_URLS = {}
# The licences of what the command is built from, which the release tool writes (go run ./release).
NOTICES = "THIRD_PARTY_NOTICES.txt"
# The file of a source distribution that says which commit its sources are.
SOURCE = "SOURCE.json"

# The platforms a wheel is built for, and their tags. The command is static (CGO_ENABLED=0): it
# needs no C library, so one wheel serves glibc (manylinux) and musl (musllinux) Linux alike on
# any kernel Go supports (3.2 and later, older than manylinux2014's); on macOS it needs what Go
# needs (Go 1.26: macOS 12, which the binary's LC_BUILD_VERSION records).
TARGETS = {
    "linux/amd64": "manylinux_2_17_x86_64.manylinux2014_x86_64.musllinux_1_1_x86_64",
    "linux/arm64": "manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64",
    "darwin/amd64": "macosx_12_0_x86_64",
    "darwin/arm64": "macosx_12_0_arm64",
    "windows/amd64": "win_amd64",
}
ENTRY_POINTS = "[console_scripts]\nmaxmatch = maxmatch.__main__:main\n"


class BuildError(Exception):
    """What stops a build, said in full."""


def _go_module():
    """(the Go module's directory, whether this is a source distribution)."""
    vendored = os.path.join(PROJECT, "go")
    if os.path.isfile(os.path.join(vendored, "go.mod")):
        return vendored, True
    repo = os.path.dirname(PROJECT)
    try:
        with open(os.path.join(repo, "go.mod"), encoding="utf-8") as f:
            if f.readline().split() == ["module", NAME]:
                return repo, False
    except OSError:
        pass
    raise BuildError("the maxmatch Go module is neither in %s (a source distribution) nor around %s "
                     "(python/ in the repository)" % (vendored, PROJECT))


def _number(module):
    with open(os.path.join(module, "version", "VERSION"), encoding="utf-8") as f:
        return f.read().strip()


def _git_source(module):
    """What git says of the repository's sources: {"commit": REVISION, "tagged": whether the
    commit carries the tag vNUMBER, "modified": whether the working tree differs from it (an
    untracked file too, as the go command counts it)}; {} when module is not a git checkout's
    root or git is missing."""
    def git(*args):
        done = subprocess.run(["git", "-C", module] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if done.returncode != 0:
            raise OSError(done.stderr.decode("utf-8", "replace"))
        return done.stdout.decode("utf-8", "replace")
    try:
        top = git("rev-parse", "--show-toplevel").strip()
        if os.path.realpath(top) != os.path.realpath(module):
            return {}
        commit = git("rev-parse", "--verify", "HEAD").strip()
        tags = git("tag", "--points-at", "HEAD").split()
        modified = git("status", "--porcelain").strip() != ""
    except OSError:
        return {}
    return {"commit": commit, "tagged": "v" + _number(module) in tags, "modified": modified}


def _source():
    """What a source distribution's SOURCE says of its commit ({} when it has none)."""
    module, vendored = _go_module()
    path = os.path.join(PROJECT, SOURCE)
    if not vendored or not os.path.isfile(path):
        return {}
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _version_of(number, source):
    """NUMBER for the sources of the commit tagged vNUMBER, unchanged; NUMBER+devel, the
    commit and .dirty (as they are known) for any other (the Go package version's rule)."""
    if source.get("tagged") and not source.get("modified"):
        return number
    version = number + "+devel"
    if len(source.get("commit", "")) >= 12:
        version += "." + source["commit"][:12]
    if source.get("modified"):
        version += ".dirty"
    return version


def _stamp_flags(source):
    """The linker flags that stamp the command with its sources' commit (the Go package
    version's StampFlags), or "" when the commit is unknown."""
    if not source.get("commit"):
        return ""
    state = "modified" if source.get("modified") else "tagged" if source.get("tagged") else ""
    return "-X maxmatch/version.commit=%s -X maxmatch/version.tree=%s" % (source["commit"], state)


def _version():
    """The version of what is built here: a source distribution's, as its SOURCE says; a
    development build's (NUMBER+devel) in the repository."""
    module, vendored = _go_module()
    if vendored:
        return _version_of(_number(module), _source())
    return _number(module) + "+devel"


def _outside_file(name):
    """A file of the repository beside the Go module (README.md, LICENSE), or of the source
    distribution's root; None when there is none."""
    module, release = _go_module()
    path = os.path.join(PROJECT if release else module, name)
    return path if os.path.isfile(path) else None


def _metadata(version, notices=False):
    lines = ["Metadata-Version: 2.4", "Name: " + NAME, "Version: " + version, "Summary: " + SUMMARY,
             "Requires-Python: " + REQUIRES_PYTHON]
    if LICENSE:
        lines.append("License-Expression: " + LICENSE)
    if _outside_file("LICENSE"):
        lines.append("License-File: LICENSE")
    if notices:
        lines.append("License-File: " + NOTICES)
    for label, url in sorted(PROJECT_URLS.items()):
        lines.append("Project-URL: %s, %s" % (label, url))
    lines += ["Classifier: Programming Language :: Python :: 3", "Classifier: Programming Language :: Go",
              "Classifier: Topic :: Scientific/Engineering :: Artificial Intelligence",
              "Classifier: Topic :: Text Processing :: Linguistic"]
    readme = _outside_file("README.md")
    text = "\n".join(lines) + "\n"
    if readme:
        with open(readme, encoding="utf-8") as f:
            text += "Description-Content-Type: text/markdown\n\n" + f.read()
    return text


def _wheel_file(tags):
    purelib = "true" if tags == ["any"] else "false"
    return "Wheel-Version: 1.0\nGenerator: maxmatch_build\nRoot-Is-Purelib: %s\n%s" % (
        purelib, "".join("Tag: py3-none-%s\n" % t for t in tags))


def _epoch():
    """The time written into archives: SOURCE_DATE_EPOCH, else 1980-01-01, ZIP's first day,
    so that the same inputs give the same bytes."""
    t = int(os.environ.get("SOURCE_DATE_EPOCH") or 315532800)
    return max(t, 315532800)


def _target(config_settings):
    """(GOOS, GOARCH, the wheel's platform tag) of the wheel to build."""
    wanted = (config_settings or {}).get("target")
    if wanted:
        if wanted not in TARGETS:
            raise BuildError("target %r: expected one of %s" % (wanted, ", ".join(TARGETS)))
        goos, goarch = wanted.split("/")
        return goos, goarch, TARGETS[wanted]
    goos = {"linux": "linux", "darwin": "darwin", "win32": "windows"}.get(sys.platform, sys.platform)
    machine = platform.machine().lower()
    goarch = {"x86_64": "amd64", "amd64": "amd64", "aarch64": "arm64", "arm64": "arm64",
              "i386": "386", "i686": "386", "armv7l": "arm"}.get(machine, machine)
    key = goos + "/" + goarch
    # Elsewhere, a wheel for this platform alone, tagged as pip tags it.
    return goos, goarch, TARGETS.get(key) or sysconfig.get_platform().replace("-", "_").replace(".", "_")


def _go():
    go = shutil.which("go")
    if go is None:
        raise BuildError("building the maxmatch wheel needs Go (go on PATH; https://go.dev/dl/), which "
                         "builds the maxmatch command it carries")
    return go


def build_command(goos, goarch, out):
    """Builds the maxmatch command for goos/goarch into out, as build_wheel does (the release
    tool builds its archives' commands with it, from the source distribution)."""
    module, release = _go_module()
    stamp = _stamp_flags(_source())
    ldflags = "-s -w" + (" " + stamp if stamp else "")
    args = [_go(), "build", "-trimpath", "-buildvcs=false", "-ldflags=" + ldflags, "-o", out, "./cmd/maxmatch"]
    if release:
        args[2:2] = ["-mod=vendor"]
    env = dict(os.environ, CGO_ENABLED="0", GOOS=goos, GOARCH=goarch, GOWORK="off")
    done = subprocess.run(args, cwd=module, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if done.returncode != 0:
        raise BuildError("go build for %s/%s in %s failed:\n%s" % (goos, goarch, module,
                                                                   done.stderr.decode("utf-8", "replace")))


def _package_files():
    """The package's Python files: (path in the wheel, bytes)."""
    pkg = os.path.join(PROJECT, NAME)
    out = []
    for name in sorted(os.listdir(pkg)):
        if (name.endswith(".py") and name != "_version.py") or name == "py.typed":
            with open(os.path.join(pkg, name), "rb") as f:
                out.append((NAME + "/" + name, f.read()))
    return out


def _example_dir():
    """The documentation's example files: docs/examples in the repository, examples/ in a
    source distribution."""
    module, release = _go_module()
    return os.path.join(PROJECT, "examples") if release else os.path.join(module, "docs", "examples")


def _example_files():
    """The documentation's example files, as the package carries them: (path in the wheel, bytes)."""
    d = _example_dir()
    out = []
    for name in sorted(os.listdir(d)):
        if os.path.isfile(os.path.join(d, name)):
            with open(os.path.join(d, name), "rb") as f:
                out.append((NAME + "/examples/" + name, f.read()))
    return out


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (path, digest, len(data))


def _write_wheel(wheel_directory, version, tags, files, notices=None):
    """Writes the wheel of files ((path, bytes, mode)) and its metadata, with the licence and
    the third-party notices (a path, or None); returns its name."""
    dist_info = "%s-%s.dist-info" % (NAME, version)
    files = list(files) + [(dist_info + "/METADATA", _metadata(version, notices is not None).encode("utf-8"), 0o644),
                           (dist_info + "/WHEEL", _wheel_file(tags).encode(), 0o644)]
    for name, path in (("LICENSE", _outside_file("LICENSE")), (NOTICES, notices)):
        if path:
            with open(path, "rb") as f:
                files.append((dist_info + "/licenses/" + name, f.read(), 0o644))
    record = "".join(_record_line(p, d) + "\n" for p, d, _ in files) + dist_info + "/RECORD,,\n"
    files.append((dist_info + "/RECORD", record.encode(), 0o644))
    name = "%s-%s-py3-none-%s.whl" % (NAME, version, ".".join(tags))
    date = time.gmtime(_epoch())[:6]
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for path, data, mode in files:
            info = zipfile.ZipInfo(path, date_time=date)
            info.external_attr = (stat.S_IFREG | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return name


# PEP 517.

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def _prepare_metadata(metadata_directory, version):
    d = os.path.join(metadata_directory, "%s-%s.dist-info" % (NAME, version))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata(version, _outside_file(NOTICES) is not None))
    return os.path.basename(d)


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return _prepare_metadata(metadata_directory, _version())


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    return _prepare_metadata(metadata_directory, _version())


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    """The wheel for the target platform, with the command inside."""
    goos, goarch, tag = _target(config_settings)
    exe = "maxmatch.exe" if goos == "windows" else "maxmatch"
    prebuilt = (config_settings or {}).get("binary")
    if prebuilt:
        with open(prebuilt, "rb") as f:
            command = f.read()
    else:
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, exe)
            build_command(goos, goarch, out)
            with open(out, "rb") as f:
                command = f.read()
    version = _version()
    files = [(p, d, 0o644) for p, d in _package_files()]
    files.append((NAME + "/_version.py", ("# Written by the build.\nVERSION = %r\n" % version).encode(), 0o644))
    files.append((NAME + "/bin/" + exe, command, 0o755))
    files += [(p, d, 0o644) for p, d in _example_files()]
    files.append(("%s-%s.dist-info/entry_points.txt" % (NAME, version), ENTRY_POINTS.encode(), 0o644))
    notices = (config_settings or {}).get("notices") or _outside_file(NOTICES)
    return _write_wheel(wheel_directory, version, tag.split("."), files, notices)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """An editable install (PEP 660): a .pth file that puts python/ on sys.path, so that the
    package runs from the checkout; it finds the command as a checkout does (MAXMATCH_BIN,
    PATH, or built with Go). It installs no maxmatch script: run python -m maxmatch."""
    module, release = _go_module()
    if release:
        raise BuildError("an editable install works from a clone of the repository (pip install -e "
                         "./python), not from a source distribution")
    pth = ("__editable__.%s.pth" % NAME, (PROJECT + "\n").encode("utf-8"), 0o644)
    return _write_wheel(wheel_directory, _version(), ["any"], [pth])


def build_sdist(sdist_directory, config_settings=None):
    """The source distribution: the package, this backend, the README, the licence and the
    third-party notices (when the release tool has written them beside a source distribution's
    files), the documentation's examples in examples/, SOURCE (the commit, as git says it in
    the repository), and in go/ the Go sources the command needs for every target platform,
    their dependencies vendored."""
    module, release = _go_module()
    source = _source() if release else _git_source(module)
    version = _version_of(_number(module), source)
    root = "%s-%s" % (NAME, version)
    files = {}  # path in the sdist → bytes
    for base in (NAME, "_build", "tests"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(PROJECT, base)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in filenames:
                if (name.endswith(".py") and name != "_version.py") or name == "py.typed":
                    path = os.path.join(dirpath, name)
                    with open(path, "rb") as f:
                        files[os.path.relpath(path, PROJECT).replace(os.sep, "/")] = f.read()
    with open(os.path.join(PROJECT, "pyproject.toml"), "rb") as f:
        files["pyproject.toml"] = f.read()
    for name in ("README.md", "LICENSE", NOTICES):
        path = _outside_file(name)
        if path:
            with open(path, "rb") as f:
                files[name] = f.read()
    for path, data in _example_files():
        files["examples/" + path.rsplit("/", 1)[1]] = data
    files[SOURCE] = (json.dumps(source, sort_keys=True) + "\n").encode()
    for path, data in _go_sources(module, release).items():
        files["go/" + path] = data
    files["PKG-INFO"] = _metadata(version, NOTICES in files).encode("utf-8")
    name = root + ".tar.gz"
    epoch = _epoch()
    with open(os.path.join(sdist_directory, name), "wb") as out:
        with gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=0) as gz:
            with tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar:
                for path in sorted(files):
                    data = files[path]
                    info = tarfile.TarInfo(root + "/" + path)
                    info.size, info.mtime, info.mode = len(data), epoch, 0o644
                    tar.addfile(info, io.BytesIO(data))
    return name


def _go_list(module, goos, goarch, *flags):
    """go list -deps of the command for goos/goarch in module: (directory, embedded files) of
    each package of its module, or of every package with -mod=vendor."""
    test = "{{.Dir}}\t{{join .EmbedFiles \"\t\"}}"
    if "-mod=vendor" not in flags:
        test = "{{if .Module}}{{if eq .Module.Path \"maxmatch\"}}" + test + "{{end}}{{end}}"
    done = subprocess.run([_go(), "list"] + list(flags) + ["-deps", "-f", test, "./cmd/maxmatch"], cwd=module,
                          env=dict(os.environ, GOOS=goos, GOARCH=goarch, CGO_ENABLED="0", GOWORK="off"),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if done.returncode != 0:
        raise BuildError("go list in %s failed:\n%s" % (module, done.stderr.decode("utf-8", "replace")))
    for line in done.stdout.decode().splitlines():
        if line:
            d, *embedded = line.split("\t")
            yield d, [os.path.join(d, e) for e in embedded if e]


def _read_tree(root, keep):
    """The files under root for which keep(path) is true: path relative to root → bytes."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            if keep(path):
                with open(path, "rb") as f:
                    out[os.path.relpath(path, root).replace(os.sep, "/")] = f.read()
    return out


# The files of a package's directory that a build for some platform may read, besides its
# embedded files; and those a redistribution must keep (licences).
_SOURCE_SUFFIXES = (".go", ".s", ".h")
_LICENCE_PREFIXES = ("LICENSE", "LICENCE", "COPYING", "NOTICE", "PATENTS", "AUTHORS")


def _go_sources(module, vendored):
    """The files of the Go module that building the command for any target needs, with its
    dependencies vendored: path in the module → bytes."""
    if vendored:
        return _read_tree(module, lambda path: True)
    dirs, embeds = set(), set()
    for target in TARGETS:
        for d, embedded in _go_list(module, *target.split("/")):
            dirs.add(d)
            embeds.update(embedded)
    paths = {os.path.join(module, "go.mod"), os.path.join(module, "go.sum")} | embeds
    for d in dirs:
        paths.update(os.path.join(d, n) for n in os.listdir(d)
                     if n.endswith(_SOURCE_SUFFIXES) and not n.endswith("_test.go"))
    with tempfile.TemporaryDirectory() as stage:
        for path in paths:
            rel = os.path.relpath(path, module)
            os.makedirs(os.path.dirname(os.path.join(stage, rel)), exist_ok=True)
            shutil.copyfile(path, os.path.join(stage, rel))
        done = subprocess.run([_go(), "mod", "vendor"], cwd=stage, env=dict(os.environ, GOWORK="off"),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if done.returncode != 0:
            raise BuildError("go mod vendor failed:\n%s" % done.stderr.decode("utf-8", "replace"))
        # go mod vendor copies whole directories (one dependency brings 17 MB of JSON that its
        # Go files hold too): keep the sources, the embedded files and the licences.
        vendor = os.path.join(stage, "vendor")
        vendor_embeds = {os.path.join(vendor, "modules.txt")}
        for target in TARGETS:
            for _, embedded in _go_list(stage, *target.split("/"), "-mod=vendor"):
                vendor_embeds.update(embedded)

        def keep(path):
            name = os.path.basename(path)
            if not path.startswith(vendor + os.sep) or path in vendor_embeds:
                return True
            return (name.endswith(_SOURCE_SUFFIXES) and not name.endswith("_test.go")) or name.upper().startswith(_LICENCE_PREFIXES)

        return _read_tree(stage, keep)
