"""How a Scorer lives and ends with the process that holds it: open at exit, closed, left to the
garbage collector, after fork, with the command's warnings, with a service that dies. Each case
runs as a program of its own, on this Python, or on every Python 3.8+ that pyenv has here too
(MAXMATCH_TEST_PYTHONS=all), or on every one for the cases whose behaviour depends on the
interpreter's version and on this one for the others (MAXMATCH_TEST_PYTHONS=versions, as go test
./python sets), and checks its exit status, that its stderr is empty, and what it wrote."""

import functools

import glob
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import unittest

import maxmatch

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(maxmatch.__file__)))

GOLD = """S She go to school every day .
A 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0

S They was happy .
A 1 2|||SVA|||were|||REQUIRED|||-NONE-|||0
"""


def pythons(by_version=True):
    """The Pythons to run a case with: this one; every pyenv 3.8+ too with
    MAXMATCH_TEST_PYTHONS=all, or with MAXMATCH_TEST_PYTHONS=versions when the case's behaviour
    depends on the interpreter's version (by_version)."""
    mode = os.environ.get("MAXMATCH_TEST_PYTHONS", "")
    if mode not in ("", "all", "versions"):
        raise ValueError("MAXMATCH_TEST_PYTHONS is %r: expected all, versions or nothing" % mode)
    if mode == "all" or (mode == "versions" and by_version):
        return _every_python()
    return [sys.executable]


@functools.lru_cache(maxsize=None)
def _every_python():
    """This Python and every pyenv 3.8+, found once (pyenv root is a shell script)."""
    found = [sys.executable]
    root = subprocess.run(["pyenv", "root"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          universal_newlines=True).stdout.strip() if _has("pyenv") else ""
    for path in sorted(glob.glob(os.path.join(root, "versions", "3.*", "bin", "python3"))) if root else []:
        version = os.path.basename(os.path.dirname(os.path.dirname(path))).split(".")
        if len(version) >= 2 and version[1].isdigit() and int(version[1]) >= 8 and \
                os.path.realpath(path) not in map(os.path.realpath, found):
            found.append(path)
    return found


def _has(program):
    return any(os.access(os.path.join(d, program), os.X_OK) for d in os.environ.get("PATH", "").split(os.pathsep))


class Programs(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.gold = os.path.join(self.dir, "gold.m2")
        with open(self.gold, "w", encoding="utf-8") as f:
            f.write(GOLD)

    def tearDown(self):
        import shutil
        shutil.rmtree(self.dir)

    def run_program(self, python, code, timeout=120, check=True):
        """Runs code with python (warnings shown, -W default), in the temporary directory;
        returns (exit status, stdout, stderr); with check, asserts status 0 and stderr empty."""
        env = dict(os.environ, PYTHONPATH=PACKAGE, PYTHONDONTWRITEBYTECODE="1")
        env.pop("PYENV_VERSION", None)
        done = subprocess.run([python, "-W", "default", "-W", "ignore:unclosed file <_io.TextIOWrapper:ResourceWarning", "-c", textwrap.dedent(code), self.gold],
                              cwd=self.dir, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=timeout)
        out, err = done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")
        if check:
            self.assertEqual((done.returncode, err), (0, ""), "%s: stdout:\n%s\nstderr:\n%s" % (python, out, err))
        return done.returncode, out, err


class TestExit(Programs):
    # Each writes 2,000 rows to a file it never closes, scoring as it goes (a sentence every 40
    # rows: 50 calls, the service busy throughout, the program short), and ends with the
    # Scorer as the case says: the file must keep its tail (an interpreter that aborts at exit
    # loses what its buffer held). The cases that leave the Scorer to the interpreter's exit
    # (open, in a cycle, after threads, made from text) run on every Python: finalization is
    # what changes between versions (the order modules and threads end in, what may still run
    # then). A Scorer closed or deleted ends while the program runs, as in the unittest suite's
    # other tests, which run on one Python: those cases run on this one (every one with
    # MAXMATCH_TEST_PYTHONS=all).
    CASES = {  # how the Scorer is made, what the program does last, and whether every Python runs it
        "open at exit (a module-level Scorer)": ("m2 = maxmatch.Scorer(sys.argv[1])", "", True),
        "closed": ("m2 = maxmatch.Scorer(sys.argv[1])", "m2.close()", False),
        "deleted": ("m2 = maxmatch.Scorer(sys.argv[1])", "del m2", False),
        "in a cycle, left to the garbage collector": ("m2 = maxmatch.Scorer(sys.argv[1])\nm2.cycle = [m2]", "del m2", True),
        "used by threads": ("m2 = maxmatch.Scorer(sys.argv[1])\nthreads = [threading.Thread(target=m2.nbest, args=(0, ['x'] * 100)) "
                            "for _ in range(4)]\n[t.start() for t in threads]\n[t.join() for t in threads]", "", True),
        "from gold text": ("m2 = maxmatch.Scorer.from_m2_text(open(sys.argv[1]).read())", "", True),
    }

    def test_exit_keeps_everything(self):
        for case, (make, end, by_version) in self.CASES.items():
            for python in pythons(by_version):
                with self.subTest(python=python, case=case):
                    code = ("import sys, threading, time, maxmatch\n" + make + "\n"
                            "out = open('rows.txt', 'w')\n"
                            "for k in range(2000):\n"
                            "    if k % 40 == 0:\n"
                            "        f = m2.sentence(k // 40 % 2, 'She goes to school every day .').f_beta\n"
                            "    out.write('%d %s\\n' % (k, f))\n"
                            "print('done')\n" + end + "\n")
                    _, out, _ = self.run_program(python, code)
                    self.assertEqual(out, "done\n")
                    with open(os.path.join(self.dir, "rows.txt")) as f:
                        rows = f.read().splitlines()
                    self.assertEqual(len(rows), 2000, case)
                    self.assertEqual(rows[-1], "1999 0.0")

    def test_left_to_the_garbage_collector(self):
        for python in pythons():
            with self.subTest(python=python):
                _, out, _ = self.run_program(python, """
                    import gc, sys, maxmatch
                    def score():
                        m2 = maxmatch.Scorer(sys.argv[1])
                        return m2._process.proc, m2.sentence(1, "They were happy .").f_beta
                    proc, f = score()
                    gc.collect()
                    print(f, proc.returncode)
                """)
                self.assertEqual(out, "1.0 0\n")  # collected: the service was ended, exit status 0


class TestFork(Programs):
    def test_pool_children_start_their_own_service(self):
        # A module-level Scorer (timeout=5) used in a fork Pool's workers: each starts its own
        # service, never touches the parent's, and the parent's goes on; workers that never use
        # it, a multiprocessing.Process and an os.fork() child exit cleanly. Bounded in time
        # (the pool's map has a timeout; the program one more).
        for python in pythons():
            with self.subTest(python=python):
                _, out, _ = self.run_program(python, """
                    import multiprocessing, os, sys, maxmatch
                    m2 = maxmatch.Scorer(sys.argv[1], timeout=5)
                    parent = m2._process.pid

                    def work(k):
                        s = m2.sentence(k % 2, "She goes to school every day .")
                        return m2._process.pid, s.f_beta

                    def idle(k):
                        return k

                    if __name__ == "__main__":
                        fork = multiprocessing.get_context("fork")
                        with fork.Pool(2) as pool:
                            got = pool.map_async(work, range(8), chunksize=1).get(timeout=60)
                            pool.map_async(idle, range(4)).get(timeout=60)
                        print(sorted(set(f for _, f in got)), parent not in [p for p, _ in got])
                        print(m2.sentence(1, "They were happy .").f_beta, m2._process.pid == parent)
                        child = fork.Process(target=idle, args=(0,))
                        child.start()
                        child.join(60)
                        pid = os.fork()
                        if pid == 0:
                            sys.exit(0)  # through atexit and finalization, never having used it
                        print(child.exitcode, os.waitpid(pid, 0)[1])
                """, timeout=180)
                self.assertEqual(out, "[0.0, 1.0] True\n1.0 True\n0 0\n")

    def test_parent_closes_with_a_child_alive(self):
        # The child holds no copy of the service's input: the parent's close ends the service at
        # once, while the child still runs (before, the service waited for the child's end).
        for python in pythons()[:1]:
            _, out, _ = self.run_program(python, """
                import os, sys, time, maxmatch
                m2 = maxmatch.Scorer(sys.argv[1])
                proc = m2._process.proc
                pid = os.fork()
                if pid == 0:
                    time.sleep(30)
                    os._exit(0)
                began = time.monotonic()
                m2.close()
                print(proc.returncode, time.monotonic() - began < 5)
                os.kill(pid, 9)
                os.waitpid(pid, 0)
            """)
            self.assertEqual(out, "0 True\n")


class TestWarnings(Programs):
    def test_warnings_of_the_command(self):
        beyond = os.path.join(REPO, "cmd", "maxmatch", "testdata", "beyond.m2")
        if not os.path.exists(beyond):
            self.skipTest("not in the repository: no cmd/maxmatch/testdata/beyond.m2")
        said = ('%s:2:3: span (field 1) "4 6" is outside the sentence\'s 4 tokens: expected 0 ≤ start ≤ end ≤ 4; '
                'ignored, as the official scorer does (--strict makes this an error)' % beyond)
        _, out, err = self.run_program(sys.executable, """
            import sys, warnings, maxmatch
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                m2 = maxmatch.Scorer(%r)
                print(m2.sentence(0, "a b c d").fp)
            for w in caught:
                print(w.category.__name__, w.filename, w.message)
            warnings.simplefilter("error", maxmatch.MaxmatchWarning)
            try:
                maxmatch.Scorer(%r)
            except maxmatch.MaxmatchWarning as e:
                print("raised:", e)
            warnings.simplefilter("ignore", maxmatch.MaxmatchWarning)
            maxmatch.Scorer(%r).close()
        """ % (beyond, beyond, beyond), check=False)
        self.assertEqual(err, "")
        self.assertEqual(out, "1\nMaxmatchWarning <string> %s\nraised: %s\n" % (said, said))

    def test_warning_shown_by_default(self):
        beyond = os.path.join(REPO, "cmd", "maxmatch", "testdata", "beyond.m2")
        if not os.path.exists(beyond):
            self.skipTest("not in the repository")
        code, _, err = self.run_program(sys.executable, "import maxmatch\nmaxmatch.Scorer(%r).close()\n" % beyond, check=False)
        self.assertEqual(code, 0)
        self.assertIn("MaxmatchWarning: %s:2:3: span (field 1)" % beyond, err)


class TestServiceDies(Programs):
    def fake(self, code):
        path = os.path.join(self.dir, "fake")
        with open(path, "w") as f:
            f.write("#!%s\n%s" % (sys.executable, textwrap.dedent(code)))
        os.chmod(path, 0o755)
        return path

    @unittest.skipUnless(hasattr(signal, "SIGKILL"), "no SIGKILL here")
    def test_killed_while_writing_an_answer(self):
        # Half an answer, then SIGKILL: the error says the service ended, by which signal, and
        # its last messages; not that it answered something that is not an answer.
        fake = self.fake("""
            import os, sys
            sys.stdin.readline()
            print('{"id":null,"protocol":%d,"version":"x","sentences":2}', flush=True)
            sys.stdin.readline()
            sys.stderr.write("about to die\\n")
            sys.stderr.flush()
            os.write(1, b'{"id":0,"rows":[0,1,')
            os.kill(os.getpid(), 9)
        """ % maxmatch._service.PROTOCOL)
        with maxmatch.Scorer(self.gold, binary=fake) as m2:
            with self.assertRaises(maxmatch.ServiceError) as cm:
                m2.sentence(0, "x")
        self.assertEqual(str(cm.exception), "the maxmatch service %s ended (killed by signal 9):\nabout to die" % fake)

    @unittest.skipUnless(hasattr(signal, "SIGKILL"), "no SIGKILL here")
    def test_real_service_killed_mid_call(self):
        # The service is killed once the call has read the first of its five answers.
        import time
        import unittest.mock
        with maxmatch.Scorer(self.gold, workers=1) as m2:
            pid = m2._process.pid
            real = maxmatch._scorer._answer

            def kill_then_read(line):
                if pid is not None:
                    os.kill(pid, signal.SIGKILL)
                    time.sleep(0.2)
                return real(line)

            with unittest.mock.patch.object(maxmatch._scorer, "_answer", kill_then_read):
                with self.assertRaises(maxmatch.ServiceError) as cm:
                    m2.nbest_many([(0, ["She goes to school every day ."] * 2000)] * 5)
            self.assertEqual(str(cm.exception), "the maxmatch service %s ended (killed by signal 9) without a message"
                             % m2._args[0])
            self.assertEqual(m2.sentence(1, "They were happy .").f_beta, 1.0)  # a new service
            self.assertNotEqual(m2._process.pid, pid)

if __name__ == "__main__":
    unittest.main()
