#!/usr/bin/env python3
"""Writes the gpuaudit wheel, gpuaudit-VERSION-py3-none-manylinux_2_31_x86_64.whl, from the staged
release folder of scripts/deploy/dist.sh (bin/gpuaudit, share/...) and the package in python/gpuaudit:

    gpuaudit/__init__.py, __main__.py, _launcher.py   the `gpuaudit` console command (exec of the binary)
    gpuaudit/bin/gpuaudit                             the same binary as the tarball's
    gpuaudit/share/gpuaudit/{baselines,schema}        found by the binary beside itself (<exe>/../share)
    gpuaudit/share/doc/gpuaudit, share/man/man1       docs, licences, the man page

The tag says what the binary needs: any Python 3 (py3-none: no extension module), glibc >= 2.31
on x86-64 (manylinux_2_31_x86_64, PEP 600); `auditwheel show` checks it. The extra `cuda` names
NVIDIA's cuBLAS and NCCL wheels for CUDA 12, which gpuaudit opens when a GEMM or collective runs.
Written with the standard library only, reproducibly (every file dated SOURCE_DATE_EPOCH).

    scripts/deploy/make_wheel.py --stage DIR --version X.Y.Z --out OUTDIR [--tag manylinux_2_31_x86_64]
"""
import argparse
import base64
import hashlib
import os
import sys
import time
import zipfile

SUMMARY = "What did you actually rent? Benchmarks a cloud GPU against its reference (prebuilt, drivers >= 525)"
EXTRAS = {"cuda": ["nvidia-cublas-cu12>=12.0", "nvidia-nccl-cu12>=2.18"]}


def digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def metadata(version, readme):
    lines = ["Metadata-Version: 2.1", "Name: gpuaudit", "Version: " + version, "Summary: " + SUMMARY,
             "License: Apache-2.0", "Requires-Python: >=3.6", "Classifier: Operating System :: POSIX :: Linux",
             "Classifier: Environment :: GPU :: NVIDIA CUDA :: 12", "Classifier: License :: OSI Approved :: Apache Software License"]
    for extra, reqs in EXTRAS.items():
        lines.append("Provides-Extra: " + extra)
        lines += ['Requires-Dist: %s ; extra == "%s"' % (r, extra) for r in reqs]
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + readme


def files_of(stage, package_src, version):
    """(name in the wheel, bytes, executable) for every file."""
    out = []
    for name in sorted(os.listdir(package_src)):
        if name.endswith(".py"):
            with open(os.path.join(package_src, name), "rb") as f:
                data = f.read().replace(b"@VERSION@", version.encode())
            out.append(("gpuaudit/" + name, data, False))
    for top in ("bin", "share"):
        for d, dirs, names in os.walk(os.path.join(stage, top)):
            dirs.sort()
            for name in sorted(names):
                path = os.path.join(d, name)
                with open(path, "rb") as f:
                    data = f.read()
                rel = os.path.relpath(path, stage).replace(os.sep, "/")
                out.append(("gpuaudit/" + rel, data, os.access(path, os.X_OK) and top == "bin"))
    return out


def main():
    ap = argparse.ArgumentParser(description="Writes the gpuaudit wheel from scripts/deploy/dist.sh's staged folder.")
    ap.add_argument("--stage", required=True)
    ap.add_argument("--version", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--tag", default="manylinux_2_31_x86_64")
    ap.add_argument("--package", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python", "gpuaudit"))
    a = ap.parse_args()

    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))
    stamp = time.gmtime(max(epoch, 315532800))[:6]  # zip dates start in 1980
    dist_info = "gpuaudit-%s.dist-info" % a.version
    with open(os.path.join(a.stage, "share", "doc", "gpuaudit", "README.md"), encoding="utf-8") as f:
        readme = f.read()
    with open(os.path.join(a.stage, "share", "doc", "gpuaudit", "LICENSE"), "rb") as f:
        license_text = f.read()
    entries = files_of(a.stage, a.package, a.version)
    entries += [
        (dist_info + "/METADATA", metadata(a.version, readme).encode(), False),
        (dist_info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: gpuaudit scripts/deploy/make_wheel.py\nRoot-Is-Purelib: false\n"
                                "Tag: py3-none-%s\n" % a.tag).encode(), False),
        (dist_info + "/entry_points.txt", b"[console_scripts]\ngpuaudit = gpuaudit._launcher:main\n", False),
        (dist_info + "/LICENSE", license_text, False),
    ]
    record = "".join("%s,%s,%d\n" % (name, digest(data), len(data)) for name, data, _ in entries)
    record += dist_info + "/RECORD,,\n"
    entries.append((dist_info + "/RECORD", record.encode(), False))

    os.makedirs(a.out, exist_ok=True)
    path = os.path.join(a.out, "gpuaudit-%s-py3-none-%s.whl" % (a.version, a.tag))
    with zipfile.ZipFile(path + ".tmp", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, data, executable in entries:
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.external_attr = (0o100755 if executable else 0o100644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data, compresslevel=9)
    os.replace(path + ".tmp", path)
    print(path)


if __name__ == "__main__":
    sys.exit(main())
