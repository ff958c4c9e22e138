#!/usr/bin/env bash
# No child outlives gpuaudit (src/host/process_tree.cpp): `run --only host/disk` is interrupted at 50
# random moments, by SIGINT or SIGTERM, once or twice, and afterwards no process it started is left:
# neither fio nor a job process that left fio's process group (fio's job processes call setsid()).
# Half the runs use a fake fio whose "job" does the same (setsid, then sleep), the other half the
# real fio when it is installed.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
mkdir "$tmp/bin" "$tmp/disk"
cat >"$tmp/bin/fio" <<SH
#!/bin/sh
case "\$1" in --version) echo fio-3.33; exit 0 ;; esac
setsid sleep 6001 &
echo \$! >>"$tmp/pids"
echo \$\$ >>"$tmp/pids"
wait
SH
chmod +x "$tmp/bin/fio"
real_fio=$(command -v fio || true)

alive() {  # alive PID: running, not a zombie waiting to be reaped
  local state
  state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 1
  [ -n "$state" ] && [ "$state" != Z ]
}

fail=0
for i in $(seq 1 50); do
  path=$PATH
  [ $((i % 2)) = 1 ] || [ -z "$real_fio" ] && path="$tmp/bin:$PATH"
  PATH=$path "$bin" run --only host/disk --disk "$tmp/disk" -o "$tmp/out.json" >/dev/null 2>"$tmp/err" &
  pid=$!
  sleep "$(awk -v s="$RANDOM" 'BEGIN { srand(s); printf "%.2f", 0.2 + rand() * 1.8 }')"
  sig=INT; [ $((RANDOM % 2)) = 0 ] && sig=TERM
  kill -s "$sig" "$pid" 2>/dev/null
  if [ $((RANDOM % 3)) = 0 ]; then sleep 0.05; kill -s "$sig" "$pid" 2>/dev/null; fi
  wait "$pid" 2>/dev/null
  sleep 0.2
  left=""
  if [ -f "$tmp/pids" ]; then
    while read -r p; do alive "$p" && left="$left $p"; done <"$tmp/pids"
  fi
  for p in $(pgrep -f "fio --name=gpuaudit --filename=/proc/$pid/" 2>/dev/null); do alive "$p" && left="$left $p"; done
  if [ -n "$left" ]; then
    echo "FAIL: try $i (SIG$sig): left running:$left"
    ps -o pid,ppid,pgid,sid,stat,cmd -p "${left# }" 2>/dev/null || true
    kill -9 $left 2>/dev/null
    fail=1
  fi
  rm -f "$tmp/pids"
done
leftover=$(ls -A "$tmp/disk")
[ -z "$leftover" ] || { echo "FAIL: left in the disk folder: $leftover"; fail=1; }
[ "$fail" = 0 ] && echo ok
exit "$fail"
