// gpu_name_key(): the key GPU names are compared by (gpu_name_key.hpp).
#include "baselines/gpu_name_key.hpp"

#include "text/strings.hpp"

#include <cctype>

namespace gpuaudit {

std::string gpu_name_key(std::string_view name) {
  std::string out;
  bool space = false;
  for (char c : lower(name)) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  if (out.rfind("nvidia ", 0) == 0) out.erase(0, 7);
  return out;
}

}  // namespace gpuaudit
