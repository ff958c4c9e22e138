// The NVIDIA kernel module's own files under /proc/driver/nvidia, which people `cat` when
// nvidia-smi fails or to show what the driver sees:
//   gpus/<bus id>/information (one block a GPU; nvidia.ko's procfs):
//     Model:           NVIDIA A10G
//     IRQ:             10
//     GPU UUID:        GPU-c8e6b01b-de0a-f84f-8f00-82dcd7da266a
//     Video BIOS:      94.02.75.00.01
//     Bus Type:        PCIe
//     Bus Location:    0000:00:1e.0
//     Device Minor:    0
//     GPU Firmware:    535.161.07          (the GSP firmware, where it runs)
//     GPU Excluded:    No
//   version:
//     NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 01:15:15 UTC 2023
// The GPUs by their device minor (/dev/nvidiaN: not always nvidia-smi's index, so they fill only
// what a tool's output left unset), with name, UUID, bus id and firmware; the loaded module's version
// as the driver's. A GPU the driver excluded ("GPU Excluded: Yes": NVreg_ExcludedGpus, or one it
// found unusable) is said in a warning. No figure.
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cctype>

namespace gpuaudit::imports {

namespace {

using smi::trim;

// "Key:   value" (tabs or spaces after the colon) for the keys of the information file.
std::optional<std::pair<std::string_view, std::string_view>> field(std::string_view l) {
  const auto colon = l.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon > 24) return std::nullopt;
  return std::make_pair(trim(l.substr(0, colon)), trim(l.substr(colon + 1)));
}

// "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug ..." -> "535.104.05".
std::optional<std::string> module_version(std::string_view l) {
  const auto at = l.find("Kernel Module");
  if (l.find("NVRM version:") == std::string_view::npos || at == std::string_view::npos) return std::nullopt;
  std::string_view rest = trim(l.substr(at + 13));
  if (rest.starts_with("for ")) rest = trim(rest.substr(rest.find(' ', 4) == std::string_view::npos ? rest.size() : rest.find(' ', 4)));
  std::size_t n = 0;
  while (n < rest.size() && (std::isdigit(static_cast<unsigned char>(rest[n])) || rest[n] == '.')) ++n;
  if (n == 0 || rest.find('.') > n) return std::nullopt;
  return std::string(rest.substr(0, n));
}

int detect_proc_driver_nvidia(std::string_view text) {
  bool model = false, bus = false, minor = false;
  for (const auto& [no, raw] : smi::head_lines(text, 400)) {
    const std::string_view l = trim(raw);
    if (module_version(l)) return 60;
    model = model || l.starts_with("Model:");
    bus = bus || l.starts_with("Bus Location:");
    minor = minor || l.starts_with("Device Minor:");
  }
  return model && bus && minor ? 70 : 0;
}

ImportPart parse_proc_driver_nvidia(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = {"/proc/driver/nvidia", "", file, 0};
  part.fills_only = true;
  std::vector<GpuInfo> gpus;
  std::vector<int> minors;  // -1 where the block gave none
  auto current = [&]() -> GpuInfo& { return gpus.back(); };
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const std::string_view l = trim(raw);
    if (auto v = module_version(l)) {
      part.software.driver_version = *v;
      if (!part.source.line) part.source.line = no;
      continue;
    }
    const auto f = field(l);
    if (!f) continue;
    const auto& [key, value] = *f;
    if (key == "Model") {
      GpuInfo g;
      g.name = std::string(value);
      g.extra = json::object();
      g.extra["source"] = source_json(SourceRef{part.source.tool, "", file, no});
      gpus.push_back(std::move(g));
      minors.push_back(-1);
      if (!part.source.line) part.source.line = no;
      continue;
    }
    if (gpus.empty()) continue;
    if (key == "GPU UUID" && value.starts_with("GPU-")) current().uuid = std::string(value);
    else if (key == "Bus Location" && smi::is_bus_id(value)) current().pci_bus_id = smi::bus_id_as_printed(value);
    else if (key == "Video BIOS" && !value.empty() && value != "??.??.??.??.??") current().extra["vbios_version"] = std::string(value);
    else if (key == "GPU Firmware" && !value.empty() && value != "N/A") current().extra["gsp_firmware_version"] = std::string(value);
    else if (key == "Device Minor" && !value.empty() && value.size() < 4 &&
             std::all_of(value.begin(), value.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      minors.back() = std::stoi(std::string(value));
    else if (key == "GPU Excluded" && value == "Yes")
      part.warnings.push_back("the driver excluded " + (current().pci_bus_id.empty() ? current().name : current().pci_bus_id) +
                              " (GPU Excluded: Yes): NVreg_ExcludedGpus names it, or the driver found it unusable");
  }
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    if (gpus[i].name.empty()) continue;
    gpus[i].index = minors[i] >= 0 ? minors[i] : static_cast<int>(i);
    if (std::any_of(part.gpus.begin(), part.gpus.end(), [&](const GpuInfo& g) { return g.index == gpus[i].index; })) continue;
    part.gpus.push_back(std::move(gpus[i]));
  }
  if (part.gpus.empty() && !part.software.driver_version)
    part.skipped.push_back("no GPU block (Model: ...) and no NVRM version line: nothing was read");
  return part;
}

const RegisterFormat reg{{"proc-driver-nvidia",
                          "the NVIDIA kernel module's /proc/driver/nvidia files (gpus/*/information: model, UUID, bus id, "
                          "VBIOS, firmware; version: the loaded module's version)",
                          detect_proc_driver_nvidia, parse_proc_driver_nvidia}};

}  // namespace

}  // namespace gpuaudit::imports
