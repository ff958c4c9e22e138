// `nvidia-smi nvlink`: the per-link state of every GPU, the one place a paste shows which NVLink
// links are down (`nvidia-smi -q` says nothing about NVLink; `topo -m` prints one NV# per GPU pair).
//
//   GPU 0: NVIDIA H100 PCIe (UUID: GPU-6968dfc2-...)
//            Link 0: 26.562 GB/s                       -s / --status: a link up, its rate per direction
//            Link 4: <inactive>                        -s: a link the GPU has, down
//            Link 0: Remote Device 00000000:D5:00.0: Link 0     -R: where an active link ends
//            Link 0, P2P is supported: true            -c: capabilities
//            Link 0: Replay Errors: 0                  -e: error counters
//   GPU 1: ... NVML: Unable to retrieve NVLink information as all links are inActive
//
// Only the status lines say how many links a GPU has and which are up: they fill GpuInfo.nvlink
// (links_queried = status lines, links_up = those with a rate, extra.links = each link's state and
// rate). "all links are inActive" (the driver's answer when not one link trained) says the GPU has
// NVLink and none is up, without a count: nvlink.extra.all_inactive = true, links_queried stays 0
// and the nvlink rule takes the model's count. The other forms (-R, -c, -e) are recognised, their
// error counters kept in nvlink.extra.errors, and never counted as links up: a capability or a
// remote end is not a trained link. "Device does not have or support Nvlink" and "Nvlink queries are
// not supported for Devices in MIG mode" name the GPU and say nothing about links:
// nvlink.extra.not_supported = "device" / "mig-mode", links_queried 0. A status word nobody has seen
// (not a rate, not <inactive>; also "0.000 GB/s") counts as queried and not up, and is noted in
// skipped. A "GPU n:" line without
// "(UUID: ...)" is prose, not a header.
#include "import/text/bench_text.hpp"
#include "import/import.hpp"
#include "import/text/line_parser.hpp"
#include "import/text/smi_values.hpp"

#include <cctype>
#include <map>

namespace gpuaudit::imports {

namespace {

using bench::split_lines;
using bench::starts_with;
using bench::trim;

// No GPU has more NVLink links than 18 (NVLink 4 and 5); a link number past this bound is not an
// NVLink line (and keeps a hostile file from growing one GPU's link list without end).
constexpr int kMaxLinkNumber = 64;
constexpr int kMaxGpuNumber = 4096;

using smi::small_number;

bool real_uuid(std::string_view u) {
  if (!(starts_with(u, "GPU-") || starts_with(u, "MIG-")) || u.size() < 12) return false;
  for (char c : u.substr(4))
    if (!std::isxdigit(static_cast<unsigned char>(c)) && c != '-') return false;
  return true;
}

// "GPU 3: Tesla V100-SXM2-32GB (UUID: GPU-...)" -> {3, name, uuid, rest after the header}.
struct GpuHeader {
  int index = 0;
  std::string name, uuid, rest;
  bool cut = false;  // the line stops inside its "(UUID: ...)": the paste ends there
};

std::optional<GpuHeader> gpu_header(std::string_view line) {
  if (!starts_with(line, "GPU ")) return std::nullopt;
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  auto idx = small_number(trim(line.substr(4, colon - 4)), kMaxGpuNumber);
  if (!idx) return std::nullopt;
  GpuHeader h;
  h.index = *idx;
  std::string_view after = trim(line.substr(colon + 1));
  // nvidia-smi nvlink names every GPU with its UUID; "GPU 0: NVLink is not supported" and other
  // prose are not a GPU header (and would become the GPU's name).
  const std::size_t u = after.find("(UUID:");
  if (u == std::string_view::npos) return std::nullopt;
  h.name = std::string(trim(after.substr(0, u)));
  std::string_view tail = after.substr(u + 6);
  const std::size_t close = tail.find(')');
  const std::string_view uuid = trim(tail.substr(0, close));
  // A redacted "(UUID: ...)" or "(UUID: GPU-xxx)" names nothing: a UUID is GPU-/MIG- and hex. One
  // without its ")" is cut ("(UUID: GPU-0c512562-87"): the part of a UUID would name no GPU.
  h.cut = close == std::string_view::npos;
  if (real_uuid(uuid) && !h.cut) h.uuid = std::string(uuid);
  if (close != std::string_view::npos) h.rest = std::string(trim(tail.substr(close + 1)));
  return h;
}

// "Link 12: 26.562 GB/s" -> {12, ": 26.562 GB/s"}; "Link 0, P2P is supported: true" -> {0, ", P2P..."}.
std::optional<std::pair<int, std::string_view>> link_line(std::string_view line) {
  if (!starts_with(line, "Link ")) return std::nullopt;
  std::size_t i = 5;
  while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
  auto n = small_number(line.substr(5, i - 5), kMaxLinkNumber);
  if (!n || i >= line.size() || (line[i] != ':' && line[i] != ',')) return std::nullopt;
  return std::make_pair(*n, line.substr(i));
}

bool all_inactive_message(std::string_view line) {
  return smi::lower(line).find("all links are inactive") != std::string::npos;
}

// The driver's answer for a GPU that has no NVLink to report: "Device does not have or support
// Nvlink" (a PCIe card: L40S, RTX 4080), "Nvlink queries are not supported for Devices in MIG mode"
// (an SXM board split into MIG slices). Neither says a link is down; "" for any other line.
std::string unsupported_message(std::string_view line) {
  const std::string l = smi::lower(line);
  if (l.find("does not have or support nvlink") != std::string::npos) return "device";
  if (l.find("nvlink queries are not supported") != std::string::npos && l.find("mig mode") != std::string::npos)
    return "mig-mode";
  return "";
}

// "26.562 GB/s" -> 26.562 (also "25 GB/s", "53.125 GB/s"); nullopt for anything else.
std::optional<double> link_rate(std::string_view v) {
  const auto t = bench::split_ws(v);
  if (t.size() != 2 || t[1] != "GB/s") return std::nullopt;
  auto x = bench::to_double(t[0]);
  if (!x || *x <= 0 || *x > 1000) return std::nullopt;
  return x;
}

struct GpuLinks {
  GpuHeader head;
  int line = 0;
  std::map<int, json> status;   // link -> {"link", "state", "gbs"?}
  std::map<int, json> errors;   // link -> {"replay": n, ...} from -e
  bool all_inactive = false;
  std::string unsupported;  // unsupported_message() of the GPU's block
};

// "Replay Errors: 0" -> {"replay_errors", 0}.
std::optional<std::pair<std::string, std::uint64_t>> error_counter(std::string_view v) {
  const std::size_t colon = v.rfind(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const std::string_view key = trim(v.substr(0, colon));
  if (smi::lower(key).find("error") == std::string::npos) return std::nullopt;
  auto n = smi::count(trim(v.substr(colon + 1)));
  if (!n) return std::nullopt;
  std::string k;
  for (char c : key) k += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(static_cast<unsigned char>(c))) : '_';
  return std::make_pair(k, *n);
}

struct NvlinkParser {
  ImportPart part;
  std::vector<GpuLinks> gpus;
  bool orphan_noted = false;

  void on_line(std::string_view raw, int ln) {
    const std::string_view line = trim(raw);
    if (line.empty()) return;
    if (auto h = gpu_header(line)) {
      if (h->cut) part.skipped.push_back("line " + std::to_string(ln) + ": the line is cut inside its UUID (the paste stops here): the GPU is kept without it");
      GpuLinks g;
      g.all_inactive = all_inactive_message(h->rest);
      g.head = std::move(*h);
      g.line = ln;
      gpus.push_back(std::move(g));
      return;
    }
    if (all_inactive_message(line)) {
      if (!gpus.empty()) gpus.back().all_inactive = true;
      return;
    }
    if (std::string why = unsupported_message(line); !why.empty()) {
      if (!gpus.empty()) gpus.back().unsupported = why;
      return;
    }
    auto l = link_line(line);
    if (!l) return;  // prompt lines, "....", a paste's prose: not this tool's
    if (gpus.empty()) {
      if (!orphan_noted) part.skipped.push_back("line " + std::to_string(ln) + ": link lines before any \"GPU n:\" header");
      orphan_noted = true;
      return;
    }
    GpuLinks& g = gpus.back();
    const int link = l->first;
    std::string_view v = l->second;
    if (v.front() == ',') return;  // -c: "Link 0, P2P is supported: true"
    v = trim(v.substr(1));
    if (starts_with(v, "Remote Device") || starts_with(v, "Remote ")) return;  // -R: the far end of a link
    if (auto e = error_counter(v)) {
      json& x = g.errors[link];
      x["link"] = link;
      x[e->first] = e->second;
      return;
    }
    json s = json::object();
    s["link"] = link;
    if (v == "<inactive>") {
      s["state"] = "inactive";
    } else if (auto r = link_rate(v)) {
      s["state"] = "up";
      s["gbs"] = *r;
    } else {
      s["state"] = "unknown";
      s["as_printed"] = std::string(v);
      part.skipped.push_back("line " + std::to_string(ln) + ": link " + std::to_string(link) + " status \"" +
                             std::string(smi::utf8_prefix(v, 80)) + "\" is neither a rate nor <inactive>: counted as not up");
    }
    g.status[link] = std::move(s);
  }

  void finish() {
    for (const GpuLinks& x : gpus) {
      GpuInfo g;
      g.index = x.head.index;
      g.name = x.head.name;
      g.uuid = x.head.uuid;
      g.extra = json::object();
      SourceRef src = part.source;
      src.line = x.line;
      g.extra["source"] = source_json(src);
      NvlinkInfo& nv = g.nvlink;
      nv.extra = json::object();
      if (!x.status.empty()) {
        json links = json::array();
        for (const auto& [k, s] : x.status) {
          links.push_back(s);
          ++nv.links_queried;
          if (s.value("state", std::string()) == "up") ++nv.links_up;
        }
        nv.extra["links"] = links;
      } else if (x.all_inactive) {
        nv.extra["all_inactive"] = true;
      } else if (!x.unsupported.empty()) {
        // Kept as said; links_queried stays 0, so no rule reads a count of links into it.
        nv.extra["not_supported"] = x.unsupported;
      }
      bench::finish_nvlink_extra(nv, x.errors);
      part.gpus.push_back(std::move(g));
    }
  }
};

int detect_nvlink(std::string_view text) {
  const auto lines = split_lines(text.substr(0, 64 * 1024));
  bool header = false;
  int links = 0;
  for (std::string_view raw : lines) {
    const std::string_view line = trim(raw);
    if (auto h = gpu_header(line)) {
      header = true;
      if (all_inactive_message(h->rest)) ++links;
    } else if (all_inactive_message(line) || (header && !unsupported_message(line).empty())) {
      ++links;
    } else if (auto l = link_line(line)) {
      ++links;
    }
  }
  // `nvidia-smi -L` prints the same GPU headers with no link lines: not this format.
  if (!header || links == 0) return 0;
  return links >= 2 ? 80 : 60;
}

const RegisterFormat reg{{"nvidia-smi-nvlink", "nvidia-smi nvlink -s/--status (also -R, -c, -e): NVLink links per GPU",
                          detect_nvlink, line_parse<NvlinkParser>("nvidia-smi")}};

}  // namespace

}  // namespace gpuaudit::imports
