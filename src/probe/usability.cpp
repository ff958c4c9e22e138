#include "probe/usability.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace gpuaudit {

std::string cuda_version_string(int v) {
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

std::string min_driver_for(int runtime_version) {
  const int major = runtime_version / 1000;
  if (major >= 13) return "580.65.06";
  if (major == 12) return "525.60.13";
  if (major == 11) return "450.80.02";
  return "?";
}

void parse_cmake_archs(const std::string& csv, BuildTargets& out) {
  std::istringstream in(csv);
  std::string item;
  while (std::getline(in, item, ',')) {
    const int n = std::atoi(item.c_str());
    if (n <= 0) continue;
    const std::string suffix = item.substr(std::to_string(n).size());
    const bool specific = !suffix.empty() && suffix[0] == 'a';
    const bool is_virtual = suffix.find("virtual") != std::string::npos;
    const bool is_real = suffix.find("real") != std::string::npos;
    auto add = [](std::vector<int>& v, int a) {
      if (std::find(v.begin(), v.end(), a) == v.end()) v.push_back(a);
    };
    if (specific) {
      add(out.specific_archs, n);
      continue;
    }
    if (!is_virtual) add(out.sass_archs, n);
    if (!is_real) add(out.ptx_archs, n);
  }
}

namespace {

std::string arch_list(const BuildTargets& b) {
  std::string s;
  auto put = [&s](const std::string& x) { s += (s.empty() ? "" : ", ") + x; };
  for (int a : b.sass_archs) put("sm_" + std::to_string(a));
  for (int a : b.specific_archs) put("sm_" + std::to_string(a) + "a");
  for (int a : b.ptx_archs) put("compute_" + std::to_string(a));
  return s.empty() ? "none" : s;
}

std::string driver_named(std::optional<int> driver_cuda, const std::string& driver_version) {
  std::string s = "driver " + (driver_version.empty() ? std::string("(version unknown)") : driver_version);
  if (driver_cuda) s += " supports CUDA " + cuda_version_string(*driver_cuda);
  return s;
}

const std::string kCuda12Build = std::string(kCuda12BuildCommand) + ", runs on drivers >= " + min_driver_for(12000);

}  // namespace

Usability decide_usability(std::optional<int> driver_cuda, const BuildTargets& build, int cc_major,
                           int cc_minor, const std::string& driver_version) {
  const std::string cc = std::to_string(cc_major) + "." + std::to_string(cc_minor);
  const int cc_num = cc_major * 10 + cc_minor;
  if (!build.built_with_cuda)
    return {"not-built",
            "this gpuaudit was built without CUDA (its build found no CUDA toolkit, or was told "
            "-DGPUAUDIT_CUDA=OFF): it can read, score and compare results but not measure; take the "
            "prebuilt one (pip install gpuaudit, drivers >= 525) or build with a toolkit (scripts/run.sh)",
            false};

  const int rt = build.runtime_version;
  const std::string built = "this gpuaudit (CUDA " + cuda_version_string(rt) + ")";

  // 1. The runtime must be of the driver's CUDA major or older; no cubin helps otherwise.
  if (driver_cuda && *driver_cuda / 1000 < rt / 1000) {
    std::string how;
    if (*driver_cuda / 1000 >= 12)
      how = "take the prebuilt gpuaudit (pip install gpuaudit: CUDA 12.9, drivers >= " + min_driver_for(12000) +
            "), build gpuaudit with CUDA 12 (" + kCuda12Build + ") or upgrade the driver";
    else
      how = "upgrade the driver: gpuaudit needs CUDA 12 or newer, i.e. a driver >= " + min_driver_for(12000);
    return {"driver-too-old",
            driver_named(driver_cuda, driver_version) + ", but " + built + " needs driver >= " + min_driver_for(rt) +
                "; " + how,
            false};
  }

  // 2. Cards the toolkit no longer builds for: say which toolkit still does.
  if (cc_num < 50 && rt >= 12000)
    return {"no-kernel-image",
            "the card is compute capability " + cc +
                " (Kepler or older), which CUDA 12 and 13 no longer support (CUDA 11.8 was the last); "
                "gpuaudit cannot measure it",
            false};

  // 3. A cubin for this card.
  const bool sass = std::any_of(build.sass_archs.begin(), build.sass_archs.end(),
                                [&](int a) { return a / 10 == cc_major && a % 10 <= cc_minor; }) ||
                    std::find(build.specific_archs.begin(), build.specific_archs.end(), cc_num) !=
                        build.specific_archs.end();
  if (sass) return {"ok", "", false};

  // 4. PTX the driver can JIT-compile: it must know the PTX ISA version, which nvcc writes at the
  //    toolkit's own level (driver >= runtime) and clang at its own (12.5 for clang 19).
  int best_ptx = 0;
  for (int a : build.ptx_archs)
    if (a <= cc_num) best_ptx = std::max(best_ptx, a);
  if (best_ptx) {
    const int ptx_needs = build.ptx_cuda_version > 0 ? build.ptx_cuda_version : rt;
    const bool driver_can_jit = !driver_cuda || *driver_cuda >= ptx_needs;
    if (driver_can_jit)
      return {"ok",
              "no cubin for compute capability " + cc + ": the driver JIT-compiles the compute_" +
                  std::to_string(best_ptx) + " PTX at start (slower start; kernels tuned for an older card)",
              true};
    return {"driver-too-old",
            built + " has no cubin for compute capability " + cc + " and its compute_" + std::to_string(best_ptx) +
                " PTX needs a driver for CUDA >= " + cuda_version_string(ptx_needs) + " to JIT-compile, but " +
                driver_named(driver_cuda, driver_version) + "; upgrade the driver or rebuild with sm_" +
                std::to_string(cc_num) + " in -DCMAKE_CUDA_ARCHITECTURES",
            false};
  }

  std::string how;
  if (cc_num < 75 && rt >= 13000)
    how = "CUDA 13 cannot build for cards below sm_75; build gpuaudit with CUDA 12 (" + kCuda12Build + ")";
  else
    how = "rebuild with " + std::to_string(cc_num) + "-real in -DCMAKE_CUDA_ARCHITECTURES";
  std::string only_specific;
  if (!build.specific_archs.empty())
    only_specific = " (an sm_XXa cubin runs only on exactly that compute capability)";
  return {"no-kernel-image",
          built + " has device code for " + arch_list(build) + only_specific + " but the card is compute capability " +
              cc + "; " + how,
          false};
}

}  // namespace gpuaudit
