#include "compare/environment.hpp"

#include "core/join.hpp"

#include <algorithm>
#include <map>
#include <optional>

namespace gpuaudit {

namespace {

std::map<std::string, int> model_counts(const ResultDocument& d) {
  std::map<std::string, int> count;
  for (const auto& g : d.gpus) ++count[g.name.empty() ? "unnamed GPU" : g.name];
  return count;
}

// Distinct GPU models, "2x A + 6x B" when a machine mixes them.
std::string models(const ResultDocument& d) {
  const auto count = model_counts(d);
  if (count.empty()) return "no GPU";
  if (count.size() == 1) return count.begin()->first;
  std::vector<std::string> parts;
  for (const auto& [name, n] : count) parts.push_back(std::to_string(n) + "x " + name);
  return join(parts, " + ");
}

std::string mig_profiles(const ResultDocument& d) {
  std::vector<std::string> p;
  for (const auto& g : d.gpus) p.push_back(g.mig.is_mig_device ? g.mig.profile.value_or("MIG (profile unknown)") : "none");
  std::sort(p.begin(), p.end());
  if (p.empty()) return "none";
  if (std::all_of(p.begin(), p.end(), [&](const auto& x) { return x == p[0]; })) return p[0];
  return join(p, ", ");
}

std::string text(const std::optional<std::string>& v) { return v && !v->empty() ? *v : "unknown"; }
std::string text(const std::optional<int>& v) { return v ? cuda_version_text(*v) : "unknown"; }
std::string text(const std::string& v) { return v.empty() ? "unknown" : v; }

// "12.8.1" for the default toolkit, "-" when none is known (older documents carry none).
std::string default_toolkit(const ResultDocument& d) {
  for (const auto& t : d.software.cuda_toolkits)
    if (t.is_default) return t.version;
  return "-";
}

}  // namespace

std::string cuda_version_text(int v) {
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

std::string hardware_summary(const ResultDocument& d) {
  if (d.gpus.empty()) return "no GPU";
  std::string s = model_counts(d).size() == 1 ? std::to_string(d.gpus.size()) + "x " + models(d) : models(d);
  const std::string mig = mig_profiles(d);
  if (mig != "none") s += " (MIG " + mig + ")";
  return s;
}

std::vector<Difference> hardware_differences(const ResultDocument& b, const ResultDocument& n) {
  std::vector<Difference> out;
  if (models(b) != models(n)) out.push_back({"GPU model", models(b), models(n)});
  if (mig_profiles(b) != mig_profiles(n)) out.push_back({"MIG profile", mig_profiles(b), mig_profiles(n)});
  if (b.gpus.size() != n.gpus.size())
    out.push_back({"GPU count", std::to_string(b.gpus.size()), std::to_string(n.gpus.size())});
  return out;
}

std::vector<Difference> software_differences(const ResultDocument& b, const ResultDocument& n) {
  std::vector<Difference> out;
  auto add = [&](const char* what, const std::string& x, const std::string& y) {
    if (x != y) out.push_back({what, x, y});
  };
  add("driver", text(b.software.driver_version), text(n.software.driver_version));
  add("CUDA (driver)", text(b.software.cuda_driver_version), text(n.software.cuda_driver_version));
  add("CUDA (runtime)", text(b.software.cuda_runtime_version), text(n.software.cuda_runtime_version));
  add("cuBLAS", text(b.software.cublas_version), text(n.software.cublas_version));
  add("NCCL", text(b.software.nccl_version), text(n.software.nccl_version));
  add("CUDA toolkit (/usr/local/cuda)", default_toolkit(b), default_toolkit(n));
  add("kernel", text(b.host.kernel), text(n.host.kernel));
  add("gpuaudit", text(b.tool.version), text(n.tool.version));
  return out;
}

}  // namespace gpuaudit
