#include "multigpu/topology_baseline.hpp"

#include "baselines/baseline_set.hpp"
#include "baselines/gpu_name_key.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "text/strings.hpp"

#include <algorithm>
#include <cctype>

namespace gpuaudit::multigpu {

namespace {

void require_source(const Sourced& s, const std::string& what, const std::string& origin) {
  if (s.value <= 0) throw input_error(origin + ": " + what + " must be a positive number");
  if (s.source.empty()) throw input_error(origin + ": " + what + " has no source");
}

}  // namespace

TopologyBaseline read_topology_baseline(const std::filesystem::path& file) {
  const std::string origin = file.string();
  const json j = read_json_file(file);
  TopologyBaseline b;
  try {
    b = j.get<TopologyBaseline>();
  } catch (const std::exception& e) {
    throw input_error(origin + ": not a topology baseline (" + e.what() + ")");
  }
  if (b.schema != kTopologySchema) throw input_error(origin + ": schema is \"" + b.schema + "\", expected " + kTopologySchema);
  if (b.id != file.stem().string()) throw input_error(origin + ": id \"" + b.id + "\" differs from the file name");
  if (b.link.kind != "nvlink" && b.link.kind != "pcie") throw input_error(origin + ": link.kind must be nvlink or pcie");
  require_source(b.link.gbs_per_direction, "link.gbs_per_direction", origin);
  require_source(b.expected.p2p_gbs_peer_on, "expected.p2p_gbs_peer_on", origin);
  require_source(b.expected.p2p_gbs_peer_off, "expected.p2p_gbs_peer_off", origin);
  if (b.expected.p2p_gbs_peer_on_across_sockets)
    require_source(*b.expected.p2p_gbs_peer_on_across_sockets, "expected.p2p_gbs_peer_on_across_sockets", origin);
  for (const auto& e : b.expected.allreduce_busbw_gbs) {
    if (e.value <= 0 || e.source.empty())
      throw input_error(origin + ": allreduce_busbw_gbs for " + std::to_string(e.gpus) + " GPUs needs a value and a source");
  }
  if (!(b.expected.tolerance > 0 && b.expected.tolerance < 1))
    throw input_error(origin + ": expected.tolerance must lie between 0 and 1");
  return b;
}

namespace {

std::vector<std::filesystem::path> topology_baseline_files(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw input_error(dir.string() + ": not a folder of topology baselines");
  std::vector<fs::path> files;
  // Every *.json, a symlink loop too: reading it names it ("cannot open: Too many levels of
  // symbolic links"), where is_regular_file() threw filesystem_error ("internal error").
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".json") files.push_back(it->path());
  if (ec) throw input_error(dir.string() + ": " + ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

std::vector<TopologyBaseline> load_topology_baselines(const std::filesystem::path& dir) {
  std::vector<TopologyBaseline> out;
  for (const auto& file : topology_baseline_files(dir)) out.push_back(read_topology_baseline(file));
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  return out;
}

std::vector<std::string> check_topology_baselines(const std::filesystem::path& dir) {
  std::vector<std::string> problems;
  try {
    for (const auto& file : topology_baseline_files(dir)) {
      try {
        (void)read_topology_baseline(file);
      } catch (const Error& e) {
        problems.push_back(e.what());
      }
    }
  } catch (const Error& e) {
    problems.push_back(e.what());
  }
  return problems;
}

std::filesystem::path default_topology_baselines_dir() { return default_baselines_dir() / "topologies"; }

TopologyBaselineMatch match_topology_baseline(const std::vector<TopologyBaseline>& set, const std::string& gpu_name,
                                              std::optional<int> pcie_gen) {
  TopologyBaselineMatch m;
  // Compared as every printing of a name compares: an older driver's "A100-SXM4-40GB" is the
  // profile's "NVIDIA A100-SXM4-40GB".
  const std::string name = gpu_name_key(gpu_name);
  for (const auto& b : set)
    for (const auto& n : b.match.nvidia_smi_names)
      if (!name.empty() && gpu_name_key(n) == name) {
        m.baseline = &b;
        m.method = "name";
        return m;
      }
  if (pcie_gen)
    for (const auto& b : set)
      if (b.match.nvidia_smi_names.empty() && b.match.interconnect == "pcie" && b.match.pcie_gen == pcie_gen) {
        m.baseline = &b;
        m.method = "pcie-gen";
        return m;
      }
  return m;
}

std::optional<BusbwExpectation> expected_allreduce_busbw(const TopologyBaseline& b, int gpus) {
  for (const auto& e : b.expected.allreduce_busbw_gbs)
    if (e.gpus == gpus) return e;
  for (const auto& e : b.expected.allreduce_busbw_gbs)
    if (e.gpus == 0) return e;
  return std::nullopt;
}

}  // namespace gpuaudit::multigpu
