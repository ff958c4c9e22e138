#include "probe/usability.hpp"

#include <algorithm>

namespace gpuaudit {

std::string cuda_version_string(int v) {
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

std::string min_driver_for(int runtime_version) {
  const int major = runtime_version / 1000;
  if (major >= 13) return "580";
  if (major == 12) return "525.60.13";
  if (major == 11) return "450.80.02";
  return "?";
}

namespace {
std::string arch_list(const std::vector<int>& a) {
  std::string s;
  for (int x : a) s += (s.empty() ? "sm_" : ", sm_") + std::to_string(x);
  return s.empty() ? "none" : s;
}
}  // namespace

Usability decide_usability(std::optional<int> driver_cuda, const BuildTargets& build, int cc_major,
                           int cc_minor) {
  const std::string cc = std::to_string(cc_major) + "." + std::to_string(cc_minor);
  const int cc_num = cc_major * 10 + cc_minor;
  if (!build.built_with_cuda)
    return {"not-built",
            "this gpuaudit was built without CUDA (GPUAUDIT_CUDA=OFF): it can read, score and compare "
            "results but not measure; rebuild on a machine with the CUDA toolkit"};

  const int rt = build.runtime_version;
  // CUDA's minor-version compatibility lets a 12.8 runtime run on a 12.2 driver, but never a
  // newer major; PTX JIT additionally needs a driver at least as new as the toolkit.
  if (driver_cuda && *driver_cuda / 1000 < rt / 1000)
    return {"driver-too-old",
            "the driver supports CUDA " + cuda_version_string(*driver_cuda) + " but this gpuaudit uses the CUDA " +
                cuda_version_string(rt) + " runtime, which needs driver >= " + min_driver_for(rt) +
                "; rebuild with CUDA " + std::to_string(*driver_cuda / 1000) +
                ".x (scripts/setup.sh --cuda12, see README 'Running on older drivers and cards') or upgrade the driver"};

  // SASS for sm_XY runs on X.Y..X.9 of the same major (sm_90a only on 9.0, recorded as 90).
  const bool sass = std::any_of(build.sass_archs.begin(), build.sass_archs.end(), [&](int a) {
    return a / 10 == cc_major && a % 10 <= cc_minor;
  });
  if (sass) return {"ok", "", false};

  const bool ptx = std::any_of(build.ptx_archs.begin(), build.ptx_archs.end(),
                               [&](int a) { return a <= cc_num; });
  const bool driver_can_jit = !driver_cuda || *driver_cuda >= rt;
  if (ptx && driver_can_jit) return {"ok", "", true};

  std::string how;
  if (cc_num < 75 && rt >= 13000)
    how = "CUDA 13 cannot build for cards below sm_75; build with CUDA 12.x (scripts/setup.sh --cuda12)";
  else if (ptx)
    how = "its PTX needs a driver for CUDA >= " + cuda_version_string(rt) + " to compile; upgrade the driver or build for sm_" +
          std::to_string(cc_num);
  else
    how = "rebuild with -DCMAKE_CUDA_ARCHITECTURES=" + std::to_string(cc_num);
  return {"no-kernel-image",
          "this gpuaudit has device code for " + arch_list(build.sass_archs) + " but the card is compute capability " +
              cc + "; " + how};
}

}  // namespace gpuaudit
