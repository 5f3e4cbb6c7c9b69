"""Ctrl-C stops a long call (a list, an Arrow array, one long string) and
leaves the interpreter usable. Each case runs in a child Python that the
test sends SIGINT to once the call has started; the work is many times
what can be done before the signal, so the call ends only by being
interrupted. (python/benchmarks/sigint.py measures how fast, on larger
inputs.)"""
import signal
import subprocess
import sys
import time

import pytest

PROGRAM = """
import sys, time, ftfy_rs
case = sys.argv[1]
unit = "The Mona Lisa doesnÃ¢â‚¬â„¢t have eyebrows, and cafÃ© is nice. "
if case == "list":
    data = [unit + str(i) for i in range(3_000_000)]
    call = lambda: ftfy_rs.fix_texts(data, threads=2)
elif case == "arrow":
    import pyarrow
    data = pyarrow.array([unit + str(i) for i in range(2_000_000)])
    call = lambda: ftfy_rs.fix_texts(data, threads=1)
else:
    data = (unit + "\\n") * 1_000_000
    call = lambda: ftfy_rs.fix_text(data)
print("ready", flush=True)
try:
    call()
    print("finished")
except KeyboardInterrupt:
    # Usable afterwards.
    assert ftfy_rs.fix_texts(["cafÃ©"] * 1000) == ["café"] * 1000
    print("interrupted")
"""


@pytest.mark.parametrize("case", ["list", "arrow", "text"])
def test_ctrl_c_stops_the_call(case):
    if case == "arrow":
        pytest.importorskip("pyarrow")
    child = subprocess.Popen([sys.executable, "-c", PROGRAM, case], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    assert child.stdout.readline() == "ready\n"
    time.sleep(0.3)
    child.send_signal(signal.SIGINT)
    sent = time.monotonic()
    stdout, stderr = child.communicate(timeout=60)
    assert stdout == "interrupted\n", stderr
    # Far sooner than the call would take (seconds); the benchmark
    # measures the latency itself.
    assert time.monotonic() - sent < 5
