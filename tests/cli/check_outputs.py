#!/usr/bin/python3
"""Regression tests for how `latticelab` writes its outputs (issue 10's fuzzing findings).

Usage: check_outputs.py LATTICELAB WORKDIR CASE   (CASE: one of the functions named case_*)

Every device node, FIFO, socket and link is made inside WORKDIR, never the system's own: a
test that goes wrong can only damage its own folder. Device nodes need root (mknod); without
it those cases print SKIP and pass, saying why.
"""
import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import threading
import time

EXE, WORK, CASE = sys.argv[1], sys.argv[2], sys.argv[3]
SMALL = ["run", "cavity2d", "--backend", "cpu", "--set", "size=8", "--steps", "2"]
# Long enough to be interrupted: about 0.2 s per batch on 2 cores.
LONG = ["run", "cavity2d", "--backend", "cpu", "--set", "size=128"]
FOREVER = ["--steps", "2000000000"]


def fail(msg):
    print("check_outputs %s: FAIL: %s" % (CASE, msg))
    sys.exit(1)


def skip(why):
    print("check_outputs %s: SKIP: %s" % (CASE, why))
    sys.exit(0)


def path(name):
    return os.path.join(WORK, name)


def run(args, expect, stdout=None, timeout=120, match=None):
    p = subprocess.run([EXE] + args, stdout=stdout or subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=timeout, text=True)
    if p.returncode != expect:
        fail("%s: exit %d, expected %d\nstdout: %s\nstderr: %s" %
             (" ".join(args), p.returncode, expect, p.stdout, p.stderr))
    if match and match not in p.stderr:
        fail("%s: stderr lacks %r:\n%s" % (" ".join(args), match, p.stderr))
    return p


def mknod_char(name, major, minor):
    """A character device like the system's /dev/null (1, 3) or /dev/full (1, 7), in WORK."""
    if os.geteuid() != 0:
        skip("making device nodes needs root (mknod)")
    p = path(name)
    os.mknod(p, 0o666 | stat.S_IFCHR, os.makedev(major, minor))
    return p


def fingerprint(p):
    """What must not change about a node that is not a regular file."""
    st = os.lstat(p)
    return (stat.S_IFMT(st.st_mode), st.st_ino, st.st_rdev)


def temporaries():
    return [f for f in os.listdir(WORK) if ".tmp" in f]


def no_temporaries():
    if temporaries():
        fail("temporaries left behind: %s" % temporaries())


def write(name, text):
    with open(path(name), "w") as f:
        f.write(text)
    return path(name)


def read(name):
    with open(path(name), errors="replace") as f:  # a .vti holds raw binary after its header
        return f.read()


class FifoReader(threading.Thread):
    """Reads a FIFO to its end, as `cat fifo` would."""

    def __init__(self, fifo):
        super().__init__(daemon=True)
        self.fifo, self.data = fifo, ""
        self.start()

    def run(self):
        with open(self.fifo) as f:
            self.data = f.read()


# ---- special files as outputs ------------------------------------------------------------
def case_full_device():
    full = mknod_char("full", 1, 7)
    before = fingerprint(full)
    run(SMALL + ["--json", full], 1, match="the disk is full")
    if fingerprint(full) != before:
        fail("the character device was replaced")
    no_temporaries()


def case_null_device():
    null = mknod_char("null", 1, 3)
    before = fingerprint(null)
    for flag in ("--json", "--vtk", "--png"):
        run(SMALL + [flag, null], 0)
        if fingerprint(null) != before:
            fail("%s replaced the character device" % flag)
    no_temporaries()


def case_stdout_dash():
    p = run(SMALL + ["-q", "--json", "-"], 0)
    record = json.loads(p.stdout)
    if record["time_step"] != 2:
        fail("the record printed by --json - says step %s" % record["time_step"])


def case_stdout_link():
    # Our own link to this process's standard output, like /dev/stdout -> /proc/self/fd/1.
    link = path("stdout")
    os.symlink("/proc/self/fd/1", link)
    p = run(SMALL + ["-q", "--json", link], 0)  # standard output is a pipe
    if json.loads(p.stdout)["time_step"] != 2:
        fail("--json to a link to standard output did not print the record")
    with open(path("redirected.txt"), "w") as out:  # standard output is a regular file
        run(SMALL + ["--json", link], 0, stdout=out)
    text = read("redirected.txt")
    if "scenario   cavity2d" not in text or '"time_step": 2' not in text:
        fail("summary and record should both be in the redirected file:\n" + text)
    if not os.path.islink(link):
        fail("the link to standard output was replaced")


def case_fifo():
    fifo = path("fifo")
    os.mkfifo(fifo)
    before = fingerprint(fifo)
    reader = FifoReader(fifo)
    run(SMALL + ["--json", fifo], 0)
    reader.join(30)
    if json.loads(reader.data)["time_step"] != 2:
        fail("the FIFO's reader did not get the record")
    if fingerprint(fifo) != before:
        fail("the FIFO was replaced")


def case_refused_kinds():
    os.mkdir(path("dir"))
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(path("sock"))
    os.symlink("sock", path("link-to-sock"))
    os.symlink("missing", path("dangling"))
    for name, why in (("dir", "is a directory"), ("sock", "is a socket"),
                      ("link-to-sock", "is a socket"), ("dangling", "is a symbolic link to a missing")):
        before = fingerprint(path(name))
        run(SMALL + ["--json", path(name)], 2, match=path(name) + ": " + why)
        if fingerprint(path(name)) != before:
            fail(name + " was changed")
    if os.geteuid() == 0:
        os.mknod(path("block"), 0o600 | stat.S_IFBLK, os.makedev(7, 0))
        run(SMALL + ["--vtk", path("block")], 2, match="is a block device")
    no_temporaries()


def case_link_to_regular():
    write("target.json", "old\n")
    os.symlink("target.json", path("link.json"))
    run(SMALL + ["--json", path("link.json")], 0)
    if not os.path.islink(path("link.json")):
        fail("the link was replaced instead of its target")
    if json.loads(read("target.json"))["time_step"] != 2:
        fail("the link's target was not written")


# ---- all outputs or none -----------------------------------------------------------------
def case_all_or_none():
    old = {"a.vti": "old vti\n", "a.png": "old png\n"}
    for name, text in old.items():
        write(name, text)
    # /proc accepts no new files: the JSON cannot be staged, so nothing may be replaced.
    expect = 1 if os.geteuid() == 0 else 2
    run(SMALL + ["--json", "/proc/latticelab-test.json", "--vtk", path("a.vti"),
                 "--png", path("a.png")], expect)
    for name, text in old.items():
        if read(name) != text:
            fail(name + " was replaced although --json failed")
    no_temporaries()


def case_all_or_none_stream():
    full = mknod_char("full", 1, 7)
    write("a.vti", "old vti\n")
    run(SMALL + ["--vtk", path("a.vti"), "--json", full], 1, match="the disk is full")
    if read("a.vti") != "old vti\n":
        fail("a.vti was replaced although --json failed")
    no_temporaries()


def case_same_file_twice():
    os.symlink(WORK, path("alias"))
    run(SMALL + ["--vtk", path("same.out"), "--json", path("same.out")], 2, match="the same file")
    run(SMALL + ["--vtk", path("b.out"), "--json", path("alias/b.out")], 2, match="the same file")
    run(SMALL + ["--json", ""], 2, match="--json: needs a file name")
    if os.listdir(WORK) != ["alias"]:
        fail("a refused run wrote %s" % os.listdir(WORK))


# ---- interrupts --------------------------------------------------------------------------
def start_long(extra):
    return subprocess.Popen([EXE] + LONG + extra, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def wait_for(condition, seconds, what):
    end = time.time() + seconds
    while time.time() < end:
        if condition():
            return
        time.sleep(0.05)
    fail("timed out waiting for " + what)


def case_interrupt():
    for sig, code in ((signal.SIGINT, 130), (signal.SIGTERM, 143)):
        name = signal.Signals(sig).name
        p = start_long(FOREVER + ["--json", path("r.json"), "--vtk", path("r.vti")])
        time.sleep(3)
        p.send_signal(sig)
        out, err = p.communicate(timeout=60)
        if p.returncode != code:
            fail("%s: exit %d, expected %d\n%s" % (name, p.returncode, code, err))
        record = json.loads(read("r.json"))
        step = record.get("interrupted", {}).get("step", 0)
        if record["interrupted"]["signal"] != name or step <= 0 or step != record["time_step"]:
            fail("%s: the record does not say where the run stopped: %s" %
                 (name, record.get("interrupted")))
        if "(interrupted by %s)" % name not in out:
            fail("%s: the summary does not say the run was interrupted:\n%s" % (name, out))
        if "<VTKFile" not in read("r.vti"):
            fail("%s: no VTK file for the step reached" % name)
        no_temporaries()


def case_second_interrupt():
    """A second Ctrl-C while the outputs are being written: exit at once, nothing left."""
    fifo = path("fifo")
    os.mkfifo(fifo)  # nobody reads it: the run waits there with its VTK staged as a temporary
    p = start_long(FOREVER + ["--vtk", path("r.vti"), "--json", fifo])
    time.sleep(2)
    p.send_signal(signal.SIGINT)
    wait_for(lambda: temporaries(), 60, "the staged VTK temporary")
    p.send_signal(signal.SIGINT)
    p.communicate(timeout=60)
    if p.returncode != 130:
        fail("second SIGINT: exit %d, expected 130" % p.returncode)
    if os.path.exists(path("r.vti")):
        fail("the second interrupt still wrote r.vti")
    no_temporaries()


def case_stale_temporaries():
    # What a killed run leaves: SIGKILL while it waits on a FIFO with its VTK staged.
    fifo = path("fifo")
    os.mkfifo(fifo)
    p = start_long(["--steps", "5", "--vtk", path("r.vti"), "--json", fifo])
    wait_for(lambda: temporaries(), 60, "the staged VTK temporary")
    p.kill()
    p.communicate(timeout=30)
    left = temporaries()
    if not left:
        fail("the killed run left no temporary: nothing to test")
    run(SMALL + ["--vtk", path("r.vti")], 0)
    no_temporaries()


# ---- every command, every output, every kind of node ------------------------------------
COMMANDS = [
    (SMALL, ["--vtk", "--png", "--json"]),
    (["run", "rt2d", "--backend", "cpu", "--set", "size=16", "--set", "height=48", "--steps",
      "2", "--probe", "fronts"], ["--probe-csv"]),
    (["bench", "--backend", "cpu", "--size", "8", "--steps", "1", "--repeats", "1", "--schemes",
      "pull", "--layouts", "soa"], ["--json", "--markdown"]),
    (["thermal-bench", "--size", "64", "--height", "64"], ["--json", "--markdown"]),
]


def case_every_command():
    """As root, no command changes a node that is not a regular file named as an output."""
    nodes = {"null": mknod_char("null", 1, 3), "full": mknod_char("full", 1, 7)}
    os.mkfifo(path("fifo"))
    nodes["fifo"] = path("fifo")
    os.symlink("null", path("link-to-null"))
    nodes["link-to-null"] = path("link-to-null")
    os.mkdir(path("dir"))
    nodes["dir"] = path("dir")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(path("sock"))
    nodes["sock"] = path("sock")
    before = {name: fingerprint(p) for name, p in nodes.items()}
    for args, flags in COMMANDS:
        for flag in flags:
            for name, node in nodes.items():
                reader = FifoReader(node) if name == "fifo" else None
                p = subprocess.run([EXE] + args + [flag, node], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, timeout=120)
                if reader:
                    if p.returncode != 0:  # the reader waits for a writer that never came
                        with open(node, "w"):
                            pass
                    reader.join(30)
                if p.returncode not in (0, 1, 2) or "Traceback" in p.stderr:
                    fail("%s %s %s: exit %d\n%s" % (args[0], flag, name, p.returncode, p.stderr))
                now = {n: fingerprint(q) for n, q in nodes.items()}
                if now != before:
                    fail("%s %s %s changed a node: %s -> %s" % (args[0], flag, name, before, now))
    no_temporaries()


# ---- the rest ----------------------------------------------------------------------------
def case_stdout_full():
    full = mknod_char("full", 1, 7)
    with open(full, "w") as out:
        run(["scenarios"], 1, stdout=out, match="cannot write standard output")


def case_quiet():
    p = run(SMALL + ["-q", "--png", path("a.png"), "--vtk", path("a.vti")], 0)
    if p.stdout or p.stderr:
        fail("-q printed:\nstdout: %s\nstderr: %s" % (p.stdout, p.stderr))


def main():
    case = globals().get("case_" + CASE)
    if case is None:
        fail("unknown case")
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    case()
    print("check_outputs %s: ok" % CASE)


main()
