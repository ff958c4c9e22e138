#!/usr/bin/env bash
# Turns the CUDA 12 wheels that scripts/build/setup.sh --cuda12 pip-installed into DIR (default
# .deps/cuda12) into a toolkit folder DIR/toolkit that CMake's CUDA language and FindCUDAToolkit
# accept: bin/ include/ lib64/ nvvm/ version.json, all symlinks into the wheels' folders.
#
# What the wheels lack, and how it is filled (only PyPI wheels and Debian packages are used):
#   - NVIDIA's nvcc driver and its front end (cicc, cudafe++), nvlink and fatbinary: the
#     nvidia-cuda-nvcc-cu12 wheels (every 12.x) ship only ptxas, libNVVM and libdevice. So the
#     CUDA front end is clang (Debian's clang-19), which compiles .cu against this toolkit's
#     headers and libdevice and assembles with this toolkit's ptxas 12.9;
#   - bin/fatbinary: clang calls it to bundle cubins and PTX; here it is a small program over
#     libnvfatbin (nvidia-nvfatbin-cu12 wheel, NVIDIA's own fatbin library);
#   - bin/nvcc: CMake asks an nvcc for the toolkit's root and version even when clang compiles;
#     this one answers those two questions (from ptxas --version) and refuses to compile;
#   - include/curand_mtgp32_kernel.h: clang's CUDA wrapper (__clang_cuda_runtime_wrapper.h)
#     force-includes this cuRAND header, which no wheel here ships; gpuaudit uses no cuRAND, so an
#     empty stand-in serves (without it the build silently took another CUDA's copy from
#     /usr/local/include where one was there, and failed where none was, as in a sysroot).
# Idempotent: rebuilds DIR/toolkit from scratch in a second.
#
#   scripts/build/cuda12-toolkit.sh [DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
WHEELS=$(realpath "${1:-.deps/cuda12}")
NV=$WHEELS/nvidia
TK=$WHEELS/toolkit

need() { [ -e "$1" ] || { echo "cuda12-toolkit: missing $1 (run scripts/build/setup.sh --cuda12)" >&2; exit 1; }; }
need "$NV/cuda_nvcc/bin/ptxas"
need "$NV/cuda_nvcc/nvvm/libdevice/libdevice.10.bc"
need "$NV/cuda_runtime/lib/libcudart_static.a"
need "$NV/cublas/lib/libcublasLt.so.12"
need "$NV/nvfatbin/lib/libnvfatbin.so.12"

rm -rf "$TK"
mkdir -p "$TK/bin" "$TK/include" "$TK/lib64"

# link_tree SRC DST: symlink every entry of SRC into DST; where two wheels both have a folder of
# the same name (include/cuda from cccl and the runtime, say), merge it one level down.
link_tree() {
  local src=$1 dst=$2 e name
  for e in "$src"/*; do
    [ -e "$e" ] || continue
    name=$(basename "$e")
    case "$name" in __init__.py|__pycache__) continue ;; esac
    if [ -L "$dst/$name" ] && [ -d "$e" ] && [ -d "$dst/$name" ]; then
      local first
      first=$(readlink "$dst/$name")
      rm "$dst/$name"
      mkdir "$dst/$name"
      link_tree "$first" "$dst/$name"
      link_tree "$e" "$dst/$name"
    elif [ -d "$dst/$name" ] && [ ! -L "$dst/$name" ] && [ -d "$e" ]; then
      link_tree "$e" "$dst/$name"
    elif [ -e "$dst/$name" ]; then
      echo "cuda12-toolkit: $name is in two wheels, keeping $(readlink "$dst/$name")" >&2
    else
      ln -s "$e" "$dst/$name"
    fi
  done
}

for pkg in cuda_runtime cuda_nvcc cuda_cccl cublas nccl nvml_dev nvfatbin; do
  [ -d "$NV/$pkg/include" ] && link_tree "$NV/$pkg/include" "$TK/include"
done

# Libraries: the versioned files, plus the unversioned names a linker looks for.
for f in "$NV"/*/lib/*.so.* "$NV"/*/lib/*.a; do
  [ -e "$f" ] || continue
  name=$(basename "$f")
  ln -sf "$f" "$TK/lib64/$name"
  case "$name" in *.so.*) ln -sf "$name" "$TK/lib64/${name%%.so.*}.so" ;; esac
done

[ -e "$TK/include/curand_mtgp32_kernel.h" ] ||
  printf '/* Empty stand-in written by scripts/build/cuda12-toolkit.sh: clang force-includes this cuRAND header;
   gpuaudit uses no cuRAND and the wheels ship none. */
' >"$TK/include/curand_mtgp32_kernel.h"

ln -s "$NV/cuda_nvcc/nvvm" "$TK/nvvm"
ln -s "$NV/cuda_nvcc/bin/ptxas" "$TK/bin/ptxas"

# bin/fatbinary: the subset of NVIDIA's fatbinary command line that clang uses:
#   fatbinary [--cuda] -64 --create OUT --image=profile=sm_60,file=A.cubin --image=profile=compute_90,file=B.ptx
# (and clang >= 20's --image3=kind=elf|ptx,sm=60,file=...).
cat >"$TK/bin/fatbinary" <<'EOF'
#!/usr/bin/env python3
"""fatbinary for a toolkit assembled from PyPI wheels: bundles cubins and PTX with libnvfatbin."""
import ctypes, os, sys

LIB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib64", "libnvfatbin.so.12")

def fail(msg):
    sys.stderr.write("fatbinary (nvfatbin shim): %s\n" % msg)
    sys.exit(1)

def main(argv):
    out, images, it = None, [], iter(argv)
    for a in it:
        if a == "--create":
            out = next(it, None)
        elif a.startswith("--create="):
            out = a.split("=", 1)[1]
        elif a.startswith("--image=") or a.startswith("--image3="):
            fields = dict(kv.split("=", 1) for kv in a.split("=", 1)[1].split(",") if "=" in kv)
            if "profile" in fields:  # profile=sm_60 (cubin) or profile=compute_90 (PTX)
                kind, arch = fields["profile"].split("_", 1)
                kind = "elf" if kind == "sm" else "ptx"
            else:  # --image3=kind=elf,sm=60,file=...
                kind, arch = fields.get("kind", ""), fields.get("sm", "")
            images.append((kind, arch, fields.get("file")))
        elif a in ("--cuda", "-64", "--64", "-g", "--compress-all", "-compress-all"):
            pass
        else:
            fail("unsupported option %s" % a)
    if not out or not images:
        fail("usage: fatbinary -64 --create OUT --image=profile=sm_XX,file=F ...")
    nv = ctypes.CDLL(LIB)
    handle = ctypes.c_void_p()
    opts = (ctypes.c_char_p * 1)(b"-64")
    if nv.nvFatbinCreate(ctypes.byref(handle), opts, ctypes.c_size_t(1)) != 0:
        fail("nvFatbinCreate failed")
    for kind, arch, path in images:
        with open(path, "rb") as f:
            data = f.read()
        ident = os.path.basename(path).encode()
        if kind == "elf":
            rc = nv.nvFatbinAddCubin(handle, data, ctypes.c_size_t(len(data)), arch.encode(), ident)
        elif kind == "ptx":
            data += b"\0"
            rc = nv.nvFatbinAddPTX(handle, data, ctypes.c_size_t(len(data)), arch.encode(), ident, b"")
        else:
            fail("unknown image kind in %s" % path)
        if rc != 0:
            nv.nvFatbinResultGetString.restype = ctypes.c_char_p
            fail("adding %s (%s sm_%s): %s" % (path, kind, arch, nv.nvFatbinResultGetString(rc).decode()))
    size = ctypes.c_size_t()
    nv.nvFatbinSize(handle, ctypes.byref(size))
    buf = ctypes.create_string_buffer(size.value)
    if nv.nvFatbinGet(handle, buf) != 0:
        fail("nvFatbinGet failed")
    nv.nvFatbinDestroy(ctypes.byref(handle))
    with open(out, "wb") as f:
        f.write(buf.raw)

main(sys.argv[1:])
EOF

# bin/nvcc: answers CMake's two questions (toolkit root, version); compiling needs clang.
cat >"$TK/bin/nvcc" <<'EOF'
#!/usr/bin/env bash
# Stand-in nvcc of a CUDA toolkit assembled from PyPI wheels (scripts/build/cuda12-toolkit.sh).
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
case "${1:-}" in
  --version|-V)
    echo "nvcc: stand-in for a CUDA toolkit assembled from PyPI wheels (compile with clang)"
    "$TOP/bin/ptxas" --version | tail -n 2 ;;
  -v)
    echo "#\$ TOP=$TOP"
    echo "#\$ NVVMIR_LIBRARY_DIR=$TOP/nvvm/libdevice"
    echo "nvcc: no input files" >&2; exit 1 ;;
  *)
    echo "nvcc: this CUDA 12 toolkit was assembled from PyPI wheels, which ship no nvcc front end;" >&2
    echo "nvcc: compile with clang: -DCMAKE_CUDA_COMPILER=clang++-19 -DCUDAToolkit_ROOT=$TOP (scripts/build/build-cuda12.sh)" >&2
    exit 1 ;;
esac
EOF
chmod +x "$TK/bin/fatbinary" "$TK/bin/nvcc"

# Versions, for people and for tools that read version.json.
python3 - "$WHEELS" "$TK/version.json" <<'EOF'
import json, os, re, sys
wheels, out = sys.argv[1], sys.argv[2]
parts = {}
for d in sorted(os.listdir(wheels)):
    m = re.match(r"(nvidia_[a-z_]+?)(?:_cu12)?-([0-9.]+(?:\.post[0-9]+)?)\.dist-info$", d)
    if m:
        parts[m.group(1).replace("nvidia_", "")] = {"version": m.group(2)}
runtime = parts.get("cuda_runtime", {}).get("version", "0.0.0")
doc = {"cuda": {"name": "CUDA SDK (assembled from PyPI wheels by scripts/build/cuda12-toolkit.sh)",
                "version": ".".join(runtime.split(".")[:2])}}
doc.update(parts)
with open(out, "w") as f:
    json.dump(doc, f, indent=2)
    f.write("\n")
EOF

"$TK/bin/nvcc" --version | grep release | sed "s|^|cuda12-toolkit: ${TK#$PWD/} -> |"
