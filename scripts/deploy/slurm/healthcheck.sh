#!/usr/bin/env bash
# gpuaudit as a Slurm node health check, NHC-style: one line, and on FAIL the node is drained with
# that line as the reason. Two ways to hook it in (slurm.conf, then `scontrol reconfigure`):
#
#   HealthCheckProgram=/usr/local/sbin/gpuaudit-healthcheck.sh   # this file, installed
#   HealthCheckInterval=300
#   HealthCheckNodeState=ANY,CYCLE
#     -> every 5 min, state only (inventory + state rules, under a second): jobs may be running,
#        and a GPU between jobs may be given to one at any moment, so nothing is measured.
#
#   Prolog=/usr/local/sbin/gpuaudit-healthcheck.sh
#   PrologFlags=Alloc
#     -> before each job: the GPUs nobody uses get a few seconds of key figures (GEMM, HBM, host
#        copy); GPUs other jobs use are checked by state only (gpuaudit check never loads a busy GPU).
#        A prolog that exits non-zero drains the node and requeues the job, which is what a FAIL
#        should do. Set GPUAUDIT_CHECK_ARGS=--state-only for a prolog that measures nothing.
#
# Exit: 0 OK or WARN (the node stays; the WARN line is logged), 1 FAIL (drained). gpuaudit's own
# exit codes are in `gpuaudit check --help`; anything but 0 and 1 (a broken install) also fails.
set -u
GPUAUDIT=${GPUAUDIT:-gpuaudit}
LOG_TAG=gpuaudit-check
node=${SLURMD_NODENAME:-$(hostname -s)}

args=()
if [ -n "${SLURM_JOB_ID:-}" ]; then
  # Prolog / epilog: slurmd sets SLURM_JOB_ID. The default measures the idle GPUs.
  read -r -a args <<<"${GPUAUDIT_CHECK_ARGS:-}"
else
  read -r -a args <<<"${GPUAUDIT_CHECK_ARGS:---state-only}"
fi

line=$(timeout "${GPUAUDIT_CHECK_TIMEOUT:-120}" "$GPUAUDIT" check --tag "node=$node" "${args[@]}" 2>&1 | head -n 1)
rc=${PIPESTATUS[0]}
[ -n "$line" ] || line="gpuaudit check: FAIL no output (exit $rc)"
logger -t "$LOG_TAG" -- "$line" 2>/dev/null || true
echo "$line"

case $rc in
  0) exit 0 ;;
  1) reason=${line#gpuaudit check: } ;;
  124) reason="FAIL gpuaudit check timed out" ;;
  *) reason="FAIL gpuaudit check exit $rc: $line" ;;
esac
# As a HealthCheckProgram nothing drains the node for us: do it, with the line as the reason.
if [ -z "${SLURM_JOB_ID:-}" ] && command -v scontrol >/dev/null; then
  scontrol update NodeName="$node" State=DRAIN Reason="gpuaudit: ${reason:0:200}" || true
fi
exit 1
