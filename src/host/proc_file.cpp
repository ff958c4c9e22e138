#include "host/proc_file.hpp"

#include <fstream>
#include <sstream>

namespace gpuaudit {

std::string read_proc_text(const std::string& path) {
  std::ifstream f(path);
  if (!f) return {};
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace gpuaudit
