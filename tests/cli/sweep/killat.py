"""killat.py PID SIGNAL COUNT GLOB...: sends SIGNAL to PID once a continuation branch file matching
GLOB holds COUNT points or more (polled every 20 ms; the files are replaced atomically); prints
the file and its count, or 'finished first' when PID ends before (exit 1). PID 0: only waits."""
import glob
import os
import signal
import sys
import time

import h5py

pid, sig, count, pats = int(sys.argv[1]), getattr(signal, sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
t0 = time.time()
while time.time() - t0 < 120:
    for p in pats:
        for f in glob.glob(p):
            try:
                n = int(h5py.File(f, "r")["cont"].attrs["count"])
            except (OSError, KeyError):
                continue
            if n >= count:
                if pid:
                    os.kill(pid, sig)
                print("%s %d" % (f, n))
                sys.exit(0)
    try:
        if not pid:
            raise ProcessLookupError("no process to watch")
        os.kill(pid, 0)
        if os.path.exists("/proc/%d/stat" % pid) and open("/proc/%d/stat" % pid).read().split()[2] == "Z":
            raise OSError
    except ProcessLookupError as e:
        if str(e) == "no process to watch":
            time.sleep(0.02)
            continue
        print("finished first")
        sys.exit(1)
    except OSError:
        print("finished first")
        sys.exit(1)
    time.sleep(0.02)
print("timeout")
sys.exit(1)
