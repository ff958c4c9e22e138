#!/usr/bin/env bash
# Writes the man page gpuaudit.1 from the binary's own --help texts (top level and every
# subcommand), so the page never drifts from the options. help2man (Debian help2man) when it is
# installed; else a plain roff page with the same texts. Run by the build (CMakeLists.txt).
#   scripts/build/make-manpage.sh BUILD/gpuaudit OUT.1
set -euo pipefail
bin=$1
out=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The subcommands, from the SUBCOMMANDS: block of the top-level --help (CLI11's layout).
mapfile -t cmds < <("$bin" --help | awk 'tolower($0) ~ /^subcommands:/ {on = 1; next} on && /^[^ ]/ {on = 0} on && NF {print $1}')
{
  echo "[COMMANDS]"
  for c in "${cmds[@]}"; do
    printf '.SS "gpuaudit %s"\n.nf\n' "$c"
    "$bin" "$c" --help | sed -e 's/\\/\\\\/g' -e 's/^\./\\\&./' -e "s/^'/\\\\\&'/"
    printf '.fi\n'
  done
  printf '[FILES]\n.TP\n.I <prefix>/share/gpuaudit/baselines\nthe reference baselines (override with GPUAUDIT_BASELINES or --baselines)\n'
  printf '.TP\n.I <prefix>/share/gpuaudit/schema\nJSON Schemas of the result document and baselines\n'
  printf '.TP\n.I <prefix>/share/doc/gpuaudit\nthe documentation (result document, scoring, export, Prometheus, install)\n'
  printf '[ENVIRONMENT]\n.TP\n.B GPUAUDIT_BASELINES\nfolder of baselines to use instead of the installed ones\n'
  printf '.TP\n.B GPUAUDIT_NCCL_LIBRARY\nthe libnccl.so.2 to load for the multi-GPU figures\n'
  printf '.TP\n.B GPUAUDIT_CUBLASLT_LIBRARY\nthe libcublasLt.so to load for the GEMM figures (else: the loader path, system CUDA, pip wheels, a bundled copy; gpuaudit info says which)\n'
} >"$tmp/include"

if command -v help2man >/dev/null; then
  help2man --no-info --no-discard-stderr --section 1 --name "what did you actually rent? GPU audit benchmarks" \
    --include "$tmp/include" --output "$tmp/page" "$bin"
else
  version=$("$bin" --version | awk 'NR == 1 {print $2}')
  {
    printf '.TH GPUAUDIT 1 "" "gpuaudit %s" "User Commands"\n.SH NAME\ngpuaudit \\- what did you actually rent? GPU audit benchmarks\n' "$version"
    printf '.SH SYNOPSIS\n.B gpuaudit\n\\fICOMMAND\\fR [\\fIOPTIONS\\fR]\n.SH DESCRIPTION\n.nf\n'
    "$bin" --help | sed -e 's/\\/\\\\/g' -e 's/^\./\\\&./'
    printf '.fi\n'
    # [SECTION] markers of the include file become .SH headers
    sed -e 's/^\[\(.*\)\]$/.SH \1/' "$tmp/include"
  } >"$tmp/page"
fi
mv "$tmp/page" "$out"
