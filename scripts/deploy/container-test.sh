#!/usr/bin/env bash
# Builds docker/Dockerfile.cuda13's image with podman and runs it, on a machine that reaches no
# container registry: the base is a minimal Debian rootfs made from Debian's packages
# (mmdebstrap, imported with `podman import`), the .deb is the host-only package of CI's package
# stage (scripts/deploy/package-test.sh), and the image's own steps (apt installs the .deb, the
# unprivileged user, entry point) are the Dockerfile's, unchanged. The image then runs with every
# capability dropped and no-new-privileges: info (exit 3 and one no-driver line, as without a
# GPU), score on committed documents (exit 0 healthy, 1 a finding, 2 a foreign file), import and
# score of a real nvidia-smi output (sliced), check on a read-only root; and the image's user and
# entry point.
#
#   scripts/deploy/container-test.sh [PACKAGE.deb]     (default: build-package/gpuaudit-*-host-*.deb)
#
# Needs root (rootful podman; sudo when not root), podman, runc and mmdebstrap (scripts/build/setup.sh --test installs
# them) and the Debian mirror (GPUAUDIT_DEBIAN_MIRROR, default deb.debian.org). Everything lives
# in one temporary folder (on /dev/shm when there is room: dpkg's fsyncs are slow on a shared
# disk) with podman's storage in it; nothing is cached or left behind.
set -euo pipefail
cd "$(dirname "$0")/../.."
src=$PWD
t0=$SECONDS
fail() {
  echo "FAIL: container-test: $*" >&2
  exit 1
}
if [ "$(id -u)" -ne 0 ]; then  # rootful podman, as scripts/build/setup.sh uses sudo for apt-get
  command -v sudo >/dev/null || fail "needs root (rootful podman)"
  exec sudo "$0" "$@"
fi
for c in podman runc mmdebstrap; do
  command -v "$c" >/dev/null || fail "$c is missing: scripts/build/setup.sh --test installs it"
done
deb=${1:-$(ls build-package/gpuaudit-*-host-*.deb 2>/dev/null | head -n 1)}
[ -f "$deb" ] || fail "no package: run scripts/deploy/package-test.sh first, or name a .deb"
deb=$(realpath "$deb")
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
mirror=${GPUAUDIT_DEBIAN_MIRROR:-http://deb.debian.org/debian}

tmpbase=/dev/shm
[ -d "$tmpbase" ] && [ "$(df -Pm "$tmpbase" | awk 'NR == 2 {print $4}')" -gt 2048 ] || tmpbase=${TMPDIR:-/tmp}
work=$(mktemp -d "$tmpbase/gpuaudit-container.XXXXXX")
# Private storage, so the machine's own podman images are never touched. Flags this sandbox needs,
# harmless elsewhere: runc, because crun refuses a cgroup v1 host whose cgroup2 mount has a
# controller ("cgroups in hybrid mode not supported"); cgroupfs and file events, for a machine
# without systemd; ulimits no higher than ours, because podman's default (nofile 1048576) needs
# CAP_SYS_RESOURCE to set.
podman_=(podman --root "$work/storage" --runroot "$work/run" --runtime runc
         --cgroup-manager cgroupfs --events-backend file)
limits=(--ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit nproc=4096:4096)
cleanup() {
  "${podman_[@]}" rm -af >/dev/null 2>&1 || true
  "${podman_[@]}" rmi -af >/dev/null 2>&1 || true
  # (storage overlays still mounted, deepest first, before the folder goes)
  awk -v w="$work" 'index($2, w) == 1 {print $2}' /proc/mounts | sort -r | xargs -r -n 1 umount -l 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
step() {
  echo "container-test: $* (+$((SECONDS - t0)) s)"
}

step "a minimal Debian $suite rootfs from $mirror"
TMPDIR=$work mmdebstrap --quiet --variant=minbase --dpkgopt=force-unsafe-io "$suite" "$work/rootfs.tar" "$mirror" ||
  fail "mmdebstrap $suite"
"${podman_[@]}" import --quiet "$work/rootfs.tar" "localhost/debian:$suite" >/dev/null
rm "$work/rootfs.tar"

step "podman build -f docker/Dockerfile.cuda13 on it, with $(basename "$deb")"
mkdir "$work/context"
cp "$deb" "$work/context/"
# --network=host: the Dockerfile's apt-get update reaches the same Debian mirror as this machine.
"${podman_[@]}" build --quiet --network=host "${limits[@]}" -f docker/Dockerfile.cuda13 \
  --build-arg RUNTIME_BASE="localhost/debian:$suite" --build-arg PACKAGE_FROM=prebuilt \
  -t localhost/gpuaudit:test "$work/context" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; fail "podman build"; }

step "podman build -f docker/Dockerfile.cuda12 (the same steps, another CUDA_VERSION)"
"${podman_[@]}" build --quiet --network=host "${limits[@]}" -f docker/Dockerfile.cuda12 \
  --build-arg RUNTIME_BASE="localhost/debian:$suite" --build-arg PACKAGE_FROM=prebuilt \
  -t localhost/gpuaudit:test12 "$work/context" >"$work/build12.log" 2>&1 || { cat "$work/build12.log" >&2; fail "podman build cuda12"; }

step "runs: no capability, no new privileges, no network"
size=$("${podman_[@]}" image inspect --format '{{.Size}}' localhost/gpuaudit:test)
echo "  image localhost/gpuaudit:test: $((size / 1000000)) MB"
user=$("${podman_[@]}" image inspect --format '{{.Config.User}} {{join .Config.Entrypoint " "}}' localhost/gpuaudit:test)
[ "$user" = "10001 gpuaudit" ] || fail "image user and entry point: '$user' (want '10001 gpuaudit')"
run=("${podman_[@]}" run --rm --network=none --cap-drop=ALL --security-opt no-new-privileges "${limits[@]}"
     -v "$src/tests/data:/data:ro")
expect_rc() {  # expect_rc WANT OUTFILE ARGS...: runs the image with ARGS
  local want=$1 out=$2 rc=0; shift 2
  "${run[@]}" localhost/gpuaudit:test "$@" >"$out" 2>&1 || rc=$?
  [ "$rc" = "$want" ] || { cat "$out" >&2; fail "gpuaudit $*: exit $rc (want $want)"; }
  echo "  gpuaudit $*: exit $rc"
}
ids=$("${run[@]}" --entrypoint /bin/sh localhost/gpuaudit:test -c 'id -u; grep -E "^(CapEff|CapBnd|NoNewPrivs):" /proc/self/status | tr -s "\t" " "' | tr '\n' ' ')
[ "$ids" = "10001 CapEff: 0000000000000000 CapBnd: 0000000000000000 NoNewPrivs: 1 " ] || fail "in the container: $ids"

# No GPU here: info describes the host, then one line says why there is no GPU, and exits 3.
expect_rc 3 "$work/info" info --steal-window 0
[ "$(grep -c 'no NVIDIA driver found' "$work/info")" = 1 ] || { cat "$work/info" >&2; fail "info: not one no-driver line"; }
grep -q '^No usable GPU: no NVIDIA driver found: .*\[no-driver\]$' "$work/info" || fail "info: the no-driver line"
echo "  $(grep 'no NVIDIA driver found' "$work/info")"
grep -q 'in a .*container' "$work/info" || { cat "$work/info" >&2; fail "info: the container is not detected"; }
# The committed documents, scored with the baselines the .deb installed (/usr/share/gpuaudit).
expect_rc 0 "$work/score" score /data/scenarios/h100-sxm-healthy.synthetic.json
grep -q 'against H100 SXM5 80GB, matched' "$work/score" || { cat "$work/score" >&2; fail "score: not against the installed H100 baseline"; }
expect_rc 1 "$work/capped" score /data/scenarios/h100-power-capped.synthetic.json
grep -q 'power-capped' "$work/capped" || { cat "$work/capped" >&2; fail "score: no power-capped finding"; }
# A foreign file of the image itself. (The corpus README was used until 2026-12-03: it quotes GPU
# error messages in prose, which the importer reads as evidence today, a known limit.)
expect_rc 2 "$work/bad" score /etc/os-release
[ "$(wc -l <"$work/bad")" = 1 ] && grep -q 'os-release' "$work/bad" || { cat "$work/bad" >&2; fail "score on a foreign file: not one line naming it"; }
# A real output (tests/data/real-world: an A100 in MIG mode, as posted), imported by the unprivileged
# user into its working folder /out, then scored: sliced, exit 1.
case=/data/real-world/a100-sxm4-40gb-mig-enabled/nvidia-smi-q-x.xml
"${run[@]}" --entrypoint /bin/sh localhost/gpuaudit:test -c \
  "gpuaudit import $case -o a100.json && gpuaudit score a100.json; echo \"exit \$?\"" >"$work/mig" 2>&1
grep -q '^exit 1$' "$work/mig" && grep -q 'sliced' "$work/mig" || { cat "$work/mig" >&2; fail "import + score of a real nvidia-smi -q -x: not sliced, exit 1"; }
echo "  gpuaudit import ${case#/data/} + score: sliced, exit 1"
# The DaemonSet's way (scripts/deploy/k8s): a read-only root, state only; without a driver that is a FAIL line, exit 1.
run+=(--read-only)
expect_rc 1 "$work/check" check --state-only
grep -q '^gpuaudit check: FAIL no usable GPU' "$work/check" || { cat "$work/check" >&2; fail "check: the one-line verdict"; }

step "the image builds and runs unprivileged"
