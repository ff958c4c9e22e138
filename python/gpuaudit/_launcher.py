"""The `gpuaudit` console command of the wheel: replaces this Python process with the gpuaudit
binary (exec), so its exit code, signals (Ctrl-C: 130) and output are the binary's own, and the
binary finds its baselines beside itself (gpuaudit/share/gpuaudit/baselines)."""
import os
import stat
import sys

from gpuaudit import binary_path


def main():
    exe = binary_path()
    if not os.access(exe, os.X_OK):  # an installer that dropped the executable bit
        try:
            os.chmod(exe, os.stat(exe).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        except OSError as e:
            sys.stderr.write("gpuaudit: %s is not executable and cannot be made so: %s\n" % (exe, e))
            sys.exit(126)
    try:
        os.execv(exe, [exe] + sys.argv[1:])
    except OSError as e:
        sys.stderr.write("gpuaudit: cannot run %s: %s\n" % (exe, e))
        sys.exit(126)
