"""gpuaudit as a Python wheel: the prebuilt gpuaudit binary (gpuaudit/bin/gpuaudit) with its
baselines and schemas (gpuaudit/share/gpuaudit/), started by the `gpuaudit` console command.

The binary is the one of the release tarball (scripts/deploy/dist.sh): built against glibc 2.31 with CUDA
12.9's runtime linked statically, so it runs on NVIDIA drivers >= 525.60.13. cuBLASLt and NCCL are
opened when a measurement needs them; `pip install 'gpuaudit[cuda]'` brings NVIDIA's wheels of them,
which PyTorch environments usually have already.
"""
import os

__version__ = "@VERSION@"


def binary_path():
    """The gpuaudit executable inside this package."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "gpuaudit")
