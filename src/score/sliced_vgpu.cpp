// sliced, by vGPU: the guest's device is run by the vGPU manager (virtualization mode vgpu, or a
// vGPU profile as its name: "NVIDIA A10-24Q", "GRID T4-8Q"), time-sliced unless MIG-backed; or a
// vGPU host lists the vGPUs a physical board carries (medium; high with two or more).
#include "score/sliced_signs.hpp"

#include "score/evidence.hpp"
#include "text/format.hpp"
#include "core/text_cursor.hpp"

namespace gpuaudit::sliced {

namespace {

// The vGPU profile in a device name: "NVIDIA A10-24Q" -> "A10-24Q", "GRID T4-8Q" -> "T4-8Q",
// "NVIDIA H100XM-40C" -> "H100XM-40C". vGPU guests see the profile as the device's name: a
// number of GB and a letter for the series (Q workstation, C compute, A app streaming, B
// desktop). No bare card's nvidia-smi name ends that way ("80GB" has no digit before its B); a
// "GRID" prefix alone is no sign (GRID K520 is a whole board).
std::string vgpu_profile(const std::string& name) {
  // The name's last word (after its last white space, none after it): <anything>-<digits><QCAB>.
  std::size_t start = name.size();
  while (start > 0 && !is_regex_space(name[start - 1])) --start;
  const std::string_view word = std::string_view(name).substr(start);
  if (word.size() < 4 || std::string_view("QCAB").find(word.back()) == std::string_view::npos) return "";
  std::size_t d = word.size() - 1;
  while (d > 0 && is_ascii_digit(word[d - 1])) --d;
  if (d == word.size() - 1 || d < 2 || word[d - 1] != '-') return "";
  return std::string(word);
}

// The vGPUs a physical board carries, as the vGPU host lists them (nvidia-smi vgpu / vgpu -q,
// GpuInfo.extra["vgpus"]): "NVIDIA A40-24A for VM 'sss'".
std::vector<std::string> hosted_vgpus(const GpuInfo& gpu) {
  std::vector<std::string> out;
  if (!gpu.extra.is_object() || !gpu.extra.contains("vgpus") || !gpu.extra["vgpus"].is_array()) return out;
  for (const auto& v : gpu.extra["vgpus"]) {
    if (!v.is_object()) continue;
    std::string line = v.contains("profile") && v["profile"].is_string() ? v["profile"].get<std::string>() : "a vGPU";
    if (v.contains("vm_name") && v["vm_name"].is_string()) line += " for VM " + v["vm_name"].get<std::string>();
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace

bool is_vgpu_guest(const GpuInfo& gpu) {
  return (gpu.virtualization_mode && *gpu.virtualization_mode == "vgpu") || !vgpu_profile(gpu.name).empty();
}

void judge_vgpu_guest(const GpuScoring& g, bool loss_shows, SlicedFinding& out) {
  const GpuInfo& gpu = *g.gpu;
  if (!is_vgpu_guest(gpu)) return;
  const SliceShare& s = g.slice;
  const std::string profile = vgpu_profile(gpu.name);
  const bool vgpu_mode = gpu.virtualization_mode && *gpu.virtualization_mode == "vgpu";
  Finding& f = out.f();
  auto& shorts = out.shorts;
  auto& summary = out.summary;
  auto raise = [&](const char* c) { out.raise(c); };
    const bool time_sliced = s.kind != "mig" && !gpu.mig.is_mig_device;
    std::string why = vgpu_mode ? "virtualization mode vgpu" : "the device name \"" + gpu.name + "\" is a vGPU profile";
    if (vgpu_mode && !profile.empty()) why += " (profile " + profile + ")";
    f.evidence.insert(f.evidence.begin(), why + ": the card is run by the vGPU manager" +
                                              (time_sliced ? std::string(", which time-slices it between VMs") : std::string(" (MIG-backed)")));
    if (time_sliced) {
      raise(loss_shows ? "high" : "medium");
      shorts.insert(shorts.begin(), "time-sliced vGPU" + (profile.empty() ? std::string() : " " + profile));
      summary.insert(summary.begin(), "This is a time-sliced vGPU" + (profile.empty() ? std::string() : " (" + profile + ")"));
    }
  }

void judge_vgpu_host(const GpuScoring& g, SlicedFinding& out) {
  const GpuInfo& gpu = *g.gpu;
  Finding& f = out.f();
  auto& shorts = out.shorts;
  auto& summary = out.summary;
  auto raise = [&](const char* c) { out.raise(c); };
  // The host's view of a board that carries vGPUs: the vGPU manager shares it between their VMs.
  const std::vector<std::string> hosted = hosted_vgpus(gpu);
  if (!hosted.empty()) {
    raise(hosted.size() > 1 ? "high" : "medium");
    std::string list;
    for (const auto& h : hosted) list += (list.empty() ? "" : ", ") + h;
    f.evidence.push_back("the vGPU host lists " + std::to_string(hosted.size()) + " vGPU(s) on this board: " + list +
                         "; the vGPU manager shares the board between them");
    shorts.push_back(std::to_string(hosted.size()) + " vGPU(s) on the board");
    summary.push_back("This board is shared: the vGPU host runs " + std::to_string(hosted.size()) + " vGPU(s) on it (" + list + ")");
    f.figures["hosted_vgpus"] = static_cast<double>(hosted.size());
  }
}

}  // namespace gpuaudit::sliced
