#!/usr/bin/env python3
"""Lists the device code inside a CUDA binary: the cubins (sm_XX) and PTX (compute_XX) of its
.nv_fatbin section, read from the fatbin headers. Needs no CUDA tool (cuobjdump is not in the PyPI
wheels nor in every toolkit), so CI can show what each toolkit really built.

  scripts/build/list-device-code.py build/gpuaudit
"""
import struct
import sys

FATBIN_MAGIC = 0xBA55ED50
KIND_PTX, KIND_ELF = 1, 2


def section(data, wanted):
    if data[:4] != b"\x7fELF" or data[4] != 2:
        raise SystemExit("list-device-code: not a 64-bit ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    names = headers[shstrndx]
    for h in headers:
        start = names[4] + h[0]
        name = data[start:data.index(b"\0", start)].decode()
        if name == wanted:
            return data[h[4]:h[4] + h[5]]
    return b""


def entries(blob):
    pos = 0
    while pos + 16 <= len(blob):
        magic, _version, header_size, fat_size = struct.unpack_from("<IHHQ", blob, pos)
        if magic != FATBIN_MAGIC:
            pos += 8  # containers are 8-byte aligned; skip padding
            continue
        p, end = pos + header_size, pos + header_size + fat_size
        while p + 32 <= end:
            kind, _, entry_header, size = struct.unpack_from("<HHIQ", blob, p)
            arch, = struct.unpack_from("<I", blob, p + 28)
            yield kind, arch
            p += entry_header + size
        pos = end


def main(path):
    with open(path, "rb") as f:
        data = f.read()
    blob = section(data, ".nv_fatbin")
    if not blob:
        print(f"{path}: no device code (built without CUDA)")
        return
    found = set(entries(blob))
    cubins = sorted(a for k, a in found if k == KIND_ELF)
    ptx = sorted(a for k, a in found if k == KIND_PTX)
    print(f"{path}: device code: cubins " + " ".join(f"sm_{a}" for a in cubins) +
          "; PTX " + (" ".join(f"compute_{a}" for a in ptx) or "none"))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(sys.argv[1])
