// Where gpuaudit looks for a CUDA library that it dlopen()s when a measurement needs it (cuBLASLt
// for the GEMMs, NCCL for the collectives; NVML, which comes with the driver, has its own loader).
//
// Why at run time and not linked: the binary must start, and `--version`, `score`, `import`,
// `compare`, `report`, `check --state-only` must stay fast, on a machine without these libraries
// (cuBLASLt alone is ~0.5 GB to map); and on a rented box they are usually there only as the pip
// wheels PyTorch pulled in (nvidia-cublas-cu12 / -cu13, nvidia-nccl-cu12 / -cu13) under
// site-packages, which the dynamic loader never searches.
//
// The order, each place only where the file exists (but the loader's own name):
//   1. the override variable (GPUAUDIT_CUBLASLT_LIBRARY, GPUAUDIT_NCCL_LIBRARY): a file;
//   2. the bare soname: the loader's own search (LD_LIBRARY_PATH, ldconfig: a system CUDA or a
//      distribution's package);
//   3. system CUDA toolkits the loader is not told about: $CUDA_HOME, $CUDA_PATH, /usr/local/cuda,
//      /usr/local/cuda-X.Y (newest first), each lib64/;
//   4. pip wheels: the site-packages this gpuaudit was itself installed into (its wheel puts the
//      binary at <site>/gpuaudit/bin/), $PYTHONPATH entries, $VIRTUAL_ENV, $CONDA_PREFIX (and its
//      lib/ for conda's packages), ~/.local, /usr/local/lib/python3*, /usr/lib/python3*,
//      /opt/conda, and a source checkout's .deps/cuda12;
//   5. a copy bundled next to the binary: <exe>/../lib/gpuaudit/ (a package built with
//      GPUAUDIT_BUNDLE_CUDA_LIBS, docs/install.md).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

using EnvLookup = std::function<std::optional<std::string>(const std::string&)>;

struct LibrarySearch {
  std::string override_env;             // "GPUAUDIT_CUBLASLT_LIBRARY"
  std::string soname;                   // "libcublasLt.so.12"
  std::vector<std::string> wheel_dirs;  // under site-packages: "nvidia/cublas/lib" (cu12), "nvidia/cu13/lib"
  bool conda_lib = false;               // also $CONDA_PREFIX/lib (conda-forge's nccl, libcublas)
};

struct LibraryCandidate {
  std::string path;   // a file, or the bare soname for the loader's own search
  std::string where;  // "GPUAUDIT_NCCL_LIBRARY", "loader path", "CUDA toolkit", "pip wheel", "bundled"
};

struct SearchPlaces {
  std::string root;     // prefixes the fixed system folders (tests use a fake tree); "" = /
  std::string exe_dir;  // folder of the running binary ("" = unknown: no wheel-relative or bundled place)
  std::string source_dir;  // a source checkout whose .deps/cuda12 holds wheels ("" = none)
};

std::vector<LibraryCandidate> library_candidates(const LibrarySearch& lib, const EnvLookup& env, const SearchPlaces& at);
// The real environment, /proc/self/exe and (in a build tree) the source folder.
std::vector<LibraryCandidate> library_candidates(const LibrarySearch& lib);

// "the loader path (libnccl.so.2), /venv/.../libnccl.so.2 (pip wheel)": what was tried, for a message.
std::string describe_candidates(const std::vector<LibraryCandidate>& tried);

}  // namespace gpuaudit
