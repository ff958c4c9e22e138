#include "measure/gbench_names.hpp"

#include <cctype>

namespace gpuaudit {

namespace {

constexpr const char* kGpuPart = "/gpu:";

std::string escape_ere(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (std::string(".[]()*+?{}|^$\\").find(c) != std::string::npos) out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

std::string registration_name(const std::string& name, std::optional<int> gpu) {
  return name + kGpuPart + (gpu ? std::to_string(*gpu) : std::string("all"));
}

std::optional<GbenchName> parse_registration_name(const std::string& full) {
  const auto at = full.find(kGpuPart);
  if (at == std::string::npos || at == 0) return std::nullopt;
  GbenchName out;
  out.name = full.substr(0, at);
  std::string rest = full.substr(at + std::string(kGpuPart).size());
  if (const auto slash = rest.find('/'); slash != std::string::npos) rest = rest.substr(0, slash);
  if (rest == "all") return out;
  if (rest.empty() || rest.size() > 6) return std::nullopt;
  for (char c : rest)
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
  out.gpu = std::stoi(rest);
  return out;
}

std::string gbench_filter(const std::vector<std::string>& only, const std::vector<int>& gpus) {
  std::string names;
  for (std::string o : only) {
    while (!o.empty() && o.back() == '/') o.pop_back();
    if (o.empty()) continue;
    names += (names.empty() ? "" : "|") + escape_ere(o);
  }
  std::string indices;
  for (int g : gpus) indices += std::to_string(g) + "|";
  indices += "all";
  if (gpus.empty()) indices = "[0-9]+|all";
  const std::string head = names.empty() ? "^[a-z0-9_]+" : "^(" + names + ")";
  return head + "(/[a-z0-9_]+)*/gpu:(" + indices + ")(/|$)";
}

}  // namespace gpuaudit
