#!/usr/bin/env bash
# The Slurm and Kubernetes examples: shell syntax (bash -n), the slurm.conf and #SBATCH option
# names they use against Slurm's own names, the YAML parsed (python3-yaml) with the keys that make
# them safe (GPU-taint toleration, non-root, no capability, a real image built by docker/), and
# `kubectl apply --dry-run=client` when kubectl can run without a cluster.
# $1: the gpuaudit binary (unused), $2: the source folder.
set -u
src=$2
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
for s in "$src"/scripts/deploy/slurm/*.sh "$src"/scripts/deploy/slurm/*.sbatch; do
  bash -n "$s" || fail "bash -n $s"
done
# slurm.conf parameters named in the health check's instructions: all are real slurm.conf names
# (from slurm.conf(5)); a typo there would be silently ignored by slurmd.
known="HealthCheckProgram HealthCheckInterval HealthCheckNodeState Prolog Epilog PrologFlags"
for k in $(grep -oE '^#   [A-Za-z]+=' "$src/scripts/deploy/slurm/healthcheck.sh" | tr -d '#= '); do
  case " $known " in *" $k "*) ;; *) fail "healthcheck.sh names slurm.conf parameter $k, not a Slurm name" ;; esac
done
grep -q 'HealthCheckNodeState=ANY,CYCLE' "$src/scripts/deploy/slurm/healthcheck.sh" || fail "HealthCheckNodeState value"
# #SBATCH options: long names sbatch knows (sbatch(1))
sbatch_known="job-name nodes ntasks-per-node gpus-per-node exclusive time output error partition gpus-per-task"
for k in $(grep -oE '^#SBATCH --[a-z-]+' "$src"/scripts/deploy/slurm/*.sbatch | sed 's/.*--//'); do
  case " $sbatch_known " in *" $k "*) ;; *) fail "#SBATCH --$k is not an sbatch option" ;; esac
done

python3 - "$src" <<'PY' || fail "k8s YAML"
import sys, yaml
src = sys.argv[1]
def load(name):
    with open(f"{src}/scripts/deploy/k8s/{name}") as f:
        return [d for d in yaml.safe_load_all(f) if d]
def pod_spec(doc):
    return doc["spec"]["template"]["spec"]
def check_container(c, where):
    img = c["image"]
    assert "example" not in img and not img.endswith(":latest"), f"{where}: placeholder image {img}"
    sc = c.get("securityContext", {})
    assert sc.get("runAsNonRoot") is True, f"{where}: not runAsNonRoot"
    assert sc.get("allowPrivilegeEscalation") is False, f"{where}: privilege escalation allowed"
    assert sc.get("capabilities", {}).get("drop") == ["ALL"], f"{where}: capabilities not dropped"
    assert "add" not in sc.get("capabilities", {}), f"{where}: adds capabilities"
    assert not sc.get("privileged"), f"{where}: privileged"

docs = load("gpuaudit-check-daemonset.yaml")
kinds = [d["kind"] for d in docs]
assert kinds == ["ServiceAccount", "ClusterRole", "ClusterRoleBinding", "DaemonSet"], kinds
ds = docs[-1]
spec = pod_spec(ds)
assert any(t.get("key") == "nvidia.com/gpu" and t.get("operator") == "Exists" for t in spec["tolerations"]), "no GPU-taint toleration"
assert spec["serviceAccountName"] == docs[0]["metadata"]["name"]
rules = docs[1]["rules"]
assert rules == [{"apiGroups": [""], "resources": ["nodes"], "verbs": ["get", "patch"]}], rules
names = {c["name"]: c for c in spec["containers"]}
assert set(names) == {"check", "label"}, names
for n, c in names.items():
    check_container(c, f"daemonset/{n}")
    assert "resources" in c and "nvidia.com/gpu" not in c["resources"].get("limits", {}), f"{n}: takes a GPU from the scheduler"
check_args = " ".join(names["check"]["args"])
assert "gpuaudit check --state-only" in check_args, "the DaemonSet must not load GPUs it does not own"
label_args = " ".join(names["label"]["args"])
for v in ("health=${health}", "health=ok", "health=warn", "health=fail"):
    assert v.split("=")[1].strip("${}") in label_args, v
env = {e["name"]: e for e in names["check"]["env"]}
assert env["NODE_NAME"]["valueFrom"]["fieldRef"]["fieldPath"] == "spec.nodeName"

job = load("gpuaudit-job.yaml")[0]
assert job["kind"] == "Job"
for c in pod_spec(job)["containers"]:
    check_container(c, "job")
    assert c["image"] == "gpuaudit:cuda13", c["image"]
import re
steps = {}
for df, cuda in (("Dockerfile.cuda12", "12."), ("Dockerfile.cuda13", "13.")):
    text = open(f"{src}/docker/{df}").read()
    froms = re.findall(r"^FROM (\S+)(?: AS (\S+))?$", text, re.M)
    # build (the toolkit makes the .deb), prebuilt (a .deb from the context), package (one of the
    # two, by PACKAGE_FROM), then the image on RUNTIME_BASE: only the .deb crosses into it.
    assert froms == [(f"nvidia/cuda:${{CUDA_VERSION}}-devel-ubuntu24.04", "build"), ("scratch", "prebuilt"),
                     ("${PACKAGE_FROM}", "package"), ("${RUNTIME_BASE}", "")], f"{df}: stages {froms}"
    assert re.search(rf"^ARG CUDA_VERSION={re.escape(cuda)}\d+\.\d+$", text, re.M), f"{df}: CUDA_VERSION"
    assert "ARG RUNTIME_BASE=nvidia/cuda:${CUDA_VERSION}-runtime-ubuntu24.04" in text, f"{df}: runtime base"
    assert "ARG PACKAGE_FROM=build" in text, f"{df}: users' default must build from source"
    assert "\nUSER 10001\n" in text, f"{df}: does not run as the unprivileged user"
    assert "--cap-add" not in text and "setcap" not in text and "privileged" not in text.replace("unprivileged", ""), df
    # scripts/deploy/container-test.sh builds both, but runs only the CUDA 13 image: their steps must match.
    steps[df] = [l for l in text.splitlines() if l and not l.startswith(("#", "ARG CUDA_VERSION="))]
assert steps["Dockerfile.cuda12"] == steps["Dockerfile.cuda13"], "the Dockerfiles' steps differ"
print("k8s YAML and Dockerfiles: ok")
PY

if command -v kubectl >/dev/null; then
  for y in "$src"/scripts/deploy/k8s/*.yaml; do
    if out=$(kubectl apply --dry-run=client --validate=false -f "$y" -o name 2>&1); then
      echo "$out"
    elif echo "$out" | grep -qiE 'connection refused|unable to connect|no configuration|couldn.t get current server|dial tcp'; then
      echo "NOTE: kubectl needs a cluster for --dry-run=client here; skipped for $(basename "$y")"
    else
      echo "$out" >&2
      fail "kubectl --dry-run=client $y"
    fi
  done
fi
echo "fleet examples: all checks passed"
