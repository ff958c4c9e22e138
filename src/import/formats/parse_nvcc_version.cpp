// `nvcc --version` (`nvcc -V`): the CUDA toolkit's compiler naming its release, pasted beside
// nvidia-smi by nearly everyone who asks why CUDA does not work:
//
//   nvcc: NVIDIA (R) Cuda compiler driver
//   Copyright (c) 2005-2020 NVIDIA Corporation
//   Built on Mon_Oct_12_20:09:46_PDT_2020
//   Cuda compilation tools, release 11.1, V11.1.105
//   Build cuda_11.1.TC455_06.29190527_0
//
// It states the toolkit programs on this machine are built with (the nvcc on the PATH), which is
// what the software rule holds against the driver's CUDA version: a toolkit newer than the driver
// supports builds programs that fail on it (CUDA's compatibility rules, score/cuda_driver_compat).
// It goes to software.cuda_toolkits with no path (nvcc says none) and is_default set: it is the
// toolkit the person's own builds use. It says nothing about a GPU.
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <cctype>
#include <charconv>

namespace gpuaudit::imports {

namespace {

using smi::trim;

constexpr std::string_view kBanner = "nvcc: NVIDIA (R) Cuda compiler driver";
constexpr std::string_view kRelease = "Cuda compilation tools, release ";

struct Release {
  std::string version;  // "11.1.105" (the V field), else "11.1"
  int number = 0;       // 11010
};

// "Cuda compilation tools, release 11.1, V11.1.105" -> {"11.1.105", 11010}.
std::optional<Release> release_of(std::string_view l) {
  l = trim(l);
  if (!l.starts_with(kRelease)) return std::nullopt;
  const std::string_view rest = l.substr(kRelease.size());
  int major = 0, minor = 0;
  const char* p = rest.data();
  const char* end = rest.data() + rest.size();
  auto r = std::from_chars(p, end, major);
  if (r.ec != std::errc() || r.ptr == end || *r.ptr != '.' || major <= 0 || major > 99) return std::nullopt;
  r = std::from_chars(r.ptr + 1, end, minor);
  if (r.ec != std::errc() || minor < 0 || minor > 9) return std::nullopt;
  Release out{std::to_string(major) + "." + std::to_string(minor), major * 1000 + minor * 10};
  const std::size_t v = rest.find(", V");
  if (v != std::string_view::npos) {
    std::string_view full = rest.substr(v + 3);
    std::size_t n = 0;
    while (n < full.size() && (std::isdigit(static_cast<unsigned char>(full[n])) || full[n] == '.')) ++n;
    if (full.substr(0, n).starts_with(out.version)) out.version = std::string(full.substr(0, n));
  }
  return out;
}

int detect_nvcc_version(std::string_view text) {
  bool banner = false, release = false;
  for (const auto& [no, raw] : smi::head_lines(text, 400)) {
    const std::string_view l = trim(raw);
    banner = banner || l.starts_with(kBanner);
    release = release || release_of(l).has_value();
  }
  // The banner and the release line are nvcc's own; the release line alone is still only nvcc's
  // (other tools quote it after a key: collect_env's "NVCC: Cuda compilation tools, ...").
  return release ? (banner ? 95 : 50) : 0;
}

ImportPart parse_nvcc_version(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = {"nvcc", "", file, 0};
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const auto r = release_of(raw);
    if (!r) continue;
    if (!part.software.cuda_toolkits.empty()) {
      part.warnings.push_back("line " + std::to_string(no) + ": another nvcc release (" + r->version +
                              "): the first one is kept");
      continue;
    }
    part.source.version = r->version;
    part.source.line = no;
    CudaToolkit t;
    t.version = r->version;
    t.version_number = r->number;
    t.is_default = true;
    t.extra = json::object();
    t.extra["source"] = source_json(part.source);
    part.software.cuda_toolkits.push_back(std::move(t));
  }
  if (part.software.cuda_toolkits.empty()) part.skipped.push_back("no \"Cuda compilation tools, release X.Y\" line: nothing was read");
  return part;
}

const RegisterFormat reg{{"nvcc-version", "nvcc --version (the CUDA toolkit's release)", detect_nvcc_version, parse_nvcc_version}};

}  // namespace

}  // namespace gpuaudit::imports
