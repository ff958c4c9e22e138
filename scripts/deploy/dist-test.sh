#!/usr/bin/env bash
# The release artifacts as a user on a rented box meets them (a step of scripts/test.sh): builds
# them (scripts/deploy/dist.sh) unless given, then in a FRESH Debian 11 root (glibc 2.31, python3, no
# compiler, no CUDA, no driver; made by mmdebstrap, unpacked anew for each run, no network once it
# is made) unpacks the tarball and installs the wheel into a new venv, and runs them:
#   tarball: --version; info (exit 3, the missing driver said in one line, cuBLASLt said missing
#            with what was searched); score of a scenario document (exit 1 power-capped; a healthy
#            one exit 0); import of a real nvidia-smi -q -x, then score (exit 1 sliced);
#            check --state-only (exit 1, its FAIL line);
#   wheel:   pip install --no-index into a fresh venv; gpuaudit --version, score (exit 1),
#            python -m gpuaudit; then NVIDIA's cuBLASLt and NCCL wheel files placed in that venv's
#            site-packages as pip would put them: info finds both there (venv not activated);
#   both:    the binary asks for no glibc symbol newer than 2.31 and no library beyond the C runtime
#            (scripts/deploy/elf_portable.py); the wheel's binary is the tarball's.
# And it measures: the artifacts' sizes; the install time into a fresh venv; the time from nothing
# (an empty root) to `gpuaudit info` output by either route; the start-up time and peak memory of
# --version, score, import, compare, report and check --state-only (budget: 20 MB; the time is
# reported, not judged, on a shared CI machine).
#
#   scripts/deploy/dist-test.sh [OUTDIR]    (default: build it into build-dist/out)
# Needs root (chroot, unshare) and mmdebstrap the first time (the test root is kept in
# $GPUAUDIT_DIST_CACHE, default ~/.cache/gpuaudit, as a tarball, and unpacked anew each run).
set -euo pipefail
cd "$(dirname "$0")/../.."
src=$PWD
t0=$SECONDS
fail() {
  echo "FAIL: dist-test: $*" >&2
  exit 1
}
step() { echo "dist-test: $* (+$((SECONDS - t0)) s)"; }
[ "$(id -u)" -eq 0 ] || fail "needs root (chroot, unshare, mmdebstrap)"
cache=${GPUAUDIT_DIST_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/gpuaudit}
mirror=${GPUAUDIT_DEBIAN_MIRROR:-http://deb.debian.org/debian}

if [ $# -ge 1 ]; then
  out=$(realpath "$1")
else
  out=$src/build-dist/out
  b0=$SECONDS
  scripts/deploy/dist.sh "$out"
  echo "dist-test: scripts/deploy/dist.sh took $((SECONDS - b0)) s"
fi
tgz=$(ls "$out"/gpuaudit-*-linux-x86_64.tar.gz | head -n 1)
whl=$(ls "$out"/gpuaudit-*-py3-none-manylinux_2_31_x86_64.whl | head -n 1)
[ -f "$tgz" ] && [ -f "$whl" ] || fail "no tarball and wheel in $out"
(cd "$out" && sha256sum -c --quiet "$(basename "$tgz").sha256" "$(basename "$whl").sha256") || fail "sha256 of the artifacts"

# The test root: Debian 11 as a rented box's image has it (python3 with venv), nothing else.
testroot=$cache/bullseye-test-root-v1.tar
if [ ! -f "$testroot" ]; then
  step "a minimal Debian 11 root with python3 (mmdebstrap, once: $testroot)"
  mkdir -p "$cache"
  mmdebstrap --quiet --variant=minbase --format=tar --dpkgopt=force-unsafe-io --include=python3,python3-venv \
    bullseye "$testroot.tmp" "deb $mirror bullseye main" || fail "mmdebstrap"
  mv "$testroot.tmp" "$testroot"
fi
tmpbase=/dev/shm
[ -d "$tmpbase" ] && [ "$(df -Pm "$tmpbase" | awk 'NR == 2 {print $4}')" -gt 1024 ] || tmpbase=${TMPDIR:-/tmp}
work=$(mktemp -d "$tmpbase/gpuaudit-dist-test.XXXXXX")
cleanup() {
  awk -v w="$work" 'index($2, w) == 1 {print $2}' /proc/mounts | sort -r | xargs -r -n 1 umount -l 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
root=$work/root
mkdir "$root"
tar -xf "$testroot" -C "$root"
mkdir -p "$root/dist" "$root/data"
cp "$tgz" "$whl" "$root/dist/"
cp tests/data/scenarios/h100-power-capped.synthetic.json tests/data/scenarios/h100-sxm-healthy.synthetic.json \
   tests/data/real-world/a100-sxm4-40gb-mig-enabled/nvidia-smi-q-x.xml "$root/data/"
cp scripts/deploy/elf_portable.py "$root/dist/" 2>/dev/null || true

# in_root SCRIPT [BIND-SRC BIND-DST]...: runs SCRIPT with sh in the root, in its own network
# namespace (no network: only loopback, down), its own mount and PID namespaces and /proc; each
# BIND-SRC file is bind-mounted read-only onto BIND-DST inside the root first. Clean environment.
in_root() {
  local script=$1 binds=""
  shift
  while [ $# -ge 2 ]; do
    binds+="mkdir -p \"\$(dirname '$root$2')\" && touch '$root$2' && mount --bind -o ro '$1' '$root$2' && "
    shift 2
  done
  unshare --net --mount --pid --fork --mount-proc="$root/proc" \
    sh -c "${binds}exec chroot '$root' /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 /bin/sh -c \"\$0\"" "$script"
}
expect_rc() {  # expect_rc WANT NAME SCRIPT [BINDS...]: runs SCRIPT in the root (in_root), output in $work/NAME
  local want=$1 name=$2 rc=0
  shift 2
  in_root "$@" >"$work/$name" 2>&1 || rc=$?
  [ "$rc" = "$want" ] || { cat "$work/$name" >&2; fail "$name: exit $rc (want $want)"; }
  echo "  $name: exit $rc"
}
has() {  # has NAME PATTERN: the output of expect_rc's NAME holds PATTERN (grep)
  grep -q -- "$2" "$work/$1" || { cat "$work/$1" >&2; fail "$1: no '$2'"; }
}

step "the root: $(in_root 'ldd --version | head -n 1; python3 --version' | tr '\n' ' ')"
in_root 'command -v cc gcc c++ nvcc nvidia-smi; ls /usr/lib/x86_64-linux-gnu/libcuda* /usr/lib/x86_64-linux-gnu/libnvidia* 2>/dev/null; true' >"$work/tools"
[ ! -s "$work/tools" ] || { cat "$work/tools" >&2; fail "the test root has a compiler or NVIDIA software"; }
# No network: the root's network namespace has the loopback device only.
[ "$(in_root 'tail -n +3 /proc/net/dev' | cut -d: -f1 | tr -d ' ')" = lo ] || fail "the test root has a network device"

step "the tarball: $(basename "$tgz")"
t=$(date +%s%N)
expect_rc 3 info "cd /opt && tar -xzf /dist/$(basename "$tgz") && /opt/gpuaudit-*/bin/gpuaudit info"
tar_to_info_ms=$(( ($(date +%s%N) - t) / 1000000 ))
bin=$(in_root 'echo /opt/gpuaudit-*/bin/gpuaudit')
has info '^No usable GPU: no NVIDIA driver found: .*\[no-driver\]$'
[ "$(grep -c 'No usable GPU' "$work/info")" = 1 ] || fail "info: not one no-driver line"
has info 'Missing    cuBLASLt: libcublasLt.so.12 not found (searched: the loader.s path (libcublasLt.so.12)'
has info 'Needs      glibc >= 2.31, NVIDIA driver >= 525.60.13'
expect_rc 0 version "$bin --version"
has version '^build: CUDA 12.9 (runtime linked statically), clang'
expect_rc 1 score "$bin score /data/h100-power-capped.synthetic.json"
has score 'power-capped'
expect_rc 0 score-healthy "$bin score /data/h100-sxm-healthy.synthetic.json"
has score-healthy 'against H100 SXM5 80GB, matched'
expect_rc 0 import "$bin import /data/nvidia-smi-q-x.xml -o /tmp/a100.json"
expect_rc 1 score-import "$bin score /tmp/a100.json"
has score-import 'sliced'
expect_rc 1 check "$bin check --state-only"
has check '^gpuaudit check: FAIL no usable GPU'

step "the wheel: $(basename "$whl")"
t=$(date +%s%N)
expect_rc 0 venv "python3 -m venv /tmp/v"
venv_ms=$(( ($(date +%s%N) - t) / 1000000 ))
t=$(date +%s%N)
expect_rc 0 pip "/tmp/v/bin/pip install --no-index --disable-pip-version-check /dist/$(basename "$whl")"
pip_ms=$(( ($(date +%s%N) - t) / 1000000 ))
t=$(date +%s%N)
expect_rc 3 wheel-info "/tmp/v/bin/gpuaudit info"
wheel_info_ms=$(( ($(date +%s%N) - t) / 1000000 ))
has wheel-info '\[no-driver\]$'
expect_rc 0 wheel-version "/tmp/v/bin/gpuaudit --version"
has wheel-version '^gpuaudit [0-9]'
expect_rc 1 wheel-score "/tmp/v/bin/gpuaudit score /data/h100-power-capped.synthetic.json"
has wheel-score 'power-capped'
expect_rc 0 wheel-module "/tmp/v/bin/python -m gpuaudit --version"
in_root "cmp $bin /tmp/v/lib/python3*/site-packages/gpuaudit/bin/gpuaudit" || fail "the wheel's binary is not the tarball's"
# NVIDIA's wheels, laid out as pip installs nvidia-cublas-cu12 and nvidia-nccl-cu12 (their files
# bind-mounted from scripts/build/setup.sh --cuda12's copies): found beside the gpuaudit wheel.
site=$(in_root 'echo /tmp/v/lib/python3*/site-packages')
expect_rc 3 wheel-libs "/tmp/v/bin/gpuaudit info --steal-window 0" \
  "$src/.deps/cuda12/nvidia/cublas/lib/libcublasLt.so.12" "$site/nvidia/cublas/lib/libcublasLt.so.12" \
  "$src/.deps/cuda12/nvidia/nccl/lib/libnccl.so.2" "$site/nvidia/nccl/lib/libnccl.so.2"
has wheel-libs "Libraries  cuBLASLt $site/nvidia/cublas/lib/libcublasLt.so.12, NCCL $site/nvidia/nccl/lib/libnccl.so.2"
has wheel-libs 'cuBLAS 12\.[0-9]*\.[0-9]*, NCCL 2\.'

step "the binary: glibc symbols and libraries"
python3 scripts/deploy/elf_portable.py --glibc 2.31 "$root$bin" || fail "the binary needs more than glibc 2.31's C runtime"

step "start-up: time and peak memory (20 runs each, in the root)"
cat >"$root/tmp/startup.py" <<'EOF'
import resource, statistics, subprocess, sys, time
bin_ = sys.argv[1]
doc = "/data/h100-power-capped.synthetic.json"
cases = {"--version": [bin_, "--version"], "score": [bin_, "score", doc],
         "import": [bin_, "import", "/data/nvidia-smi-q-x.xml", "-o", "/tmp/s.json"],
         "compare": [bin_, "compare", doc, doc], "report": [bin_, "report", doc],
         "check --state-only": [bin_, "check", "--state-only"]}
worst = 0
for name, cmd in cases.items():
    times, peaks = [], []
    for _ in range(20):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - t) * 1000)
        peaks.append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    peak_mb = max(peaks) / 1024
    worst = max(worst, peak_mb)
    print("  %-20s median %5.1f ms (min %5.1f, max %5.1f), peak %4.1f MB" % (name, statistics.median(times), min(times), max(times), peak_mb))
sys.exit(0 if worst <= 20 else 1)
EOF
in_root "python3 /tmp/startup.py $bin" >"$work/startup" 2>&1 || { cat "$work/startup" >&2; fail "a start-up over 20 MB peak"; }
cat "$work/startup"

step "figures"
echo "  artifacts: $(basename "$tgz") $(du -k "$tgz" | cut -f1) KiB, $(basename "$whl") $(du -k "$whl" | cut -f1) KiB; bin/gpuaudit $(du -k "$root$bin" | cut -f1) KiB"
echo "  tarball, from nothing to info's output: ${tar_to_info_ms} ms (tar -xzf + gpuaudit info, whose CPU-steal sample takes 1 s)"
echo "  wheel: python3 -m venv ${venv_ms} ms, pip install --no-index ${pip_ms} ms, gpuaudit info ${wheel_info_ms} ms: from nothing $((venv_ms + pip_ms + wheel_info_ms)) ms"
step "ok"
