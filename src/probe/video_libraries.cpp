#include "probe/video_libraries.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <vector>

namespace gpuaudit {

namespace {

constexpr const char* kEncode = "libnvidia-encode.so.1";
constexpr const char* kDecode = "libnvcuvid.so.1";

bool opens(const char* soname) {
  void* h = ::dlopen(soname, RTLD_LAZY | RTLD_LOCAL);
  if (!h) return false;
  ::dlclose(h);
  return true;
}

bool has_video(const std::string& caps) {
  std::string word;
  for (std::size_t i = 0; i <= caps.size(); ++i) {
    if (i == caps.size() || caps[i] == ',') {
      if (word == "video" || word == "all") return true;
      word.clear();
    } else if (caps[i] != ' ') {
      word += caps[i];
    }
  }
  return false;
}

}  // namespace

json probe_video_libraries() {
  json j = {{kEncode, opens(kEncode)}, {kDecode, opens(kDecode)}};
  if (const char* caps = std::getenv("NVIDIA_DRIVER_CAPABILITIES")) j["driver_capabilities"] = std::string(caps);
  return j;
}

std::string video_libraries_note(const json& state, const std::optional<std::string>& container) {
  if (!state.is_object()) return "";
  std::vector<std::string> missing;
  for (const char* lib : {kEncode, kDecode})
    if (const auto it = state.find(lib); it != state.end() && it->is_boolean() && !it->get<bool>()) missing.push_back(lib);
  if (missing.empty()) return "";
  std::string o = missing.size() == 2 ? std::string(kEncode) + " (NVENC) and " + kDecode + " (NVDEC) cannot be opened"
                  : missing[0] == kEncode ? std::string(kEncode) + " (NVENC) cannot be opened"
                                          : std::string(kDecode) + " (NVDEC) cannot be opened";
  o += ": programs cannot use the video engines. ";
  const auto caps = state.find("driver_capabilities");
  const std::string given = caps != state.end() && caps->is_string() ? caps->get<std::string>() : "";
  if (container && !has_video(given))
    o += "In a container the NVIDIA runtime maps them only with the video capability: NVIDIA_DRIVER_CAPABILITIES="
         "compute,utility,video (or all)" +
         (given.empty() ? std::string(", unset here (its default is compute,utility)") : ", here '" + given + "'");
  else if (container)
    o += "The container asks for the video capability; the host's driver install lacks the libraries "
         "(Ubuntu/Debian: libnvidia-encode-<branch>, libnvidia-decode-<branch>)";
  else
    o += "Install the driver's video libraries (Ubuntu/Debian: libnvidia-encode-<branch> and libnvidia-decode-<branch> for the "
         "driver's branch; NVIDIA's .run installer includes them)";
  return o;
}

}  // namespace gpuaudit
