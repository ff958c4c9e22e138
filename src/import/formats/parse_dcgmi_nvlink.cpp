// `dcgmi nvlink -s` (--link-status) and `dcgmi nvlink -e -g N` (error counters): DCGM's view of
// the NVLink links, what people paste from boxes whose links are down (DCGM ships on DGX/HGX).
//
//   +----------------------+
//   |  NvLink Link Status  |
//   +----------------------+
//   GPUs:
//       gpuId 0:
//           U U U U D D _ _ _ _ _ _ _ _ _ _ _ _      one letter per link slot, 0..17
//       Link Entities: ...                          (newer DCGM with entity ids; ignored)
//   NvSwitches:
//       physicalId 8:                               (or "No NvSwitches found.")
//           U U X ...
//   Key: Up=U, Down=D, Disabled=X, Not Supported=_
//
// The letters are DCGM's dcgmNvLinkLinkState_t (dcgmi/Nvlink.cpp nvLinkStateToCharacter;
// dcgm_structs.h): U = up, D = down (a link the GPU has that did not train), X = disabled (the link
// exists but is switched off by configuration: the default state of an NvSwitch port; not a fault
// of the link), _ = not supported (the slot is past the GPU's link count: a 12-link A100 prints
// 6 "_" after its 12 letters). So a GPU's links are its U and D letters: GpuInfo.nvlink gets
// links_queried = U + D, links_up = U, the same two counts `nvidia-smi nvlink -s` fills, and
// extra.links each link's state. X is kept in extra.links (state "disabled") and counted in neither.
// A GPU of only "_" has no NVLink that DCGM can see: nothing is set.
//
// dcgmi names a GPU only by its DCGM gpuId, which is the NVML index on a machine where DCGM sees
// every GPU (the usual case; it is the index the GPU gets here), and never its model: the nvlink
// rule needs the model from another file of the same machine (nvidia-smi -q, topo -m with names).
// NvSwitch rows go to extra.imported["dcgmi-nvlink"].nvswitches (up/down/disabled per switch).
//
// -e prints a box per GPU ("| NVLINK Error Counts |", "| GPU 1 |", "| Link 0 |",
// "| -> CRC FLIT Error | 0 |"): the counters go to nvlink.extra.errors like nvidia-smi nvlink -e's.
#include "import/text/bench_text.hpp"
#include "import/import.hpp"
#include "import/text/line_parser.hpp"
#include "import/text/smi_values.hpp"

#include <cctype>
#include <deque>
#include <map>

namespace gpuaudit::imports {

namespace {

using bench::split_lines;
using bench::starts_with;
using bench::trim;

constexpr int kMaxGpuId = 4096;
constexpr int kMaxLinks = 64;  // DCGM_NVLINK_MAX_LINKS_PER_GPU is 18; an NvSwitch row 64

using smi::small_number;

// "gpuId 3:" / "physicalId 8:" -> 3 and what follows the colon (some pastes keep the letters there).
std::optional<std::pair<int, std::string_view>> entity_header(std::string_view line, std::string_view word) {
  if (!starts_with(line, word)) return std::nullopt;
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  auto id = small_number(trim(line.substr(word.size(), colon - word.size())), kMaxGpuId);
  if (!id) return std::nullopt;
  return std::make_pair(*id, trim(line.substr(colon + 1)));
}

// "U U D X _ _" -> the letters; nullopt when anything else is on the line.
std::optional<std::string> state_letters(std::string_view line) {
  std::string out;
  for (char c : line) {
    if (c == ' ' || c == '\t') continue;
    if (c != 'U' && c != 'D' && c != 'X' && c != '_') return std::nullopt;
    out += c;
  }
  if (out.empty() || out.size() > static_cast<std::size_t>(kMaxLinks)) return std::nullopt;
  return out;
}

const char* state_name(char c) {
  switch (c) {
    case 'U': return "up";
    case 'D': return "down";
    case 'X': return "disabled";
    default: return "not-supported";
  }
}

struct Entity {
  int id = 0;
  int line = 0;
  std::string letters;
  std::map<int, json> errors;  // -e: link -> {"link", "crc_flit_error": n, ...}
};

// "| -> CRC FLIT Error           | 0      |" -> {"crc_flit_error", 0}.
std::optional<std::pair<std::string, std::uint64_t>> error_cell(std::string_view key, std::string_view value) {
  if (smi::lower(key).find("error") == std::string::npos) return std::nullopt;
  auto n = smi::count(trim(value));
  if (!n) return std::nullopt;
  std::string k;
  for (char c : key)
    k += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(static_cast<unsigned char>(c))) : '_';
  return std::make_pair(k, *n);
}

// The cells of a dcgmi box row "| a | b |", trimmed; empty when the line is not one.
std::vector<std::string_view> box_cells(std::string_view line) {
  std::vector<std::string_view> cells;
  if (line.size() < 2 || line.front() != '|') return cells;
  std::size_t start = 1;
  for (std::size_t i = 1; i < line.size(); ++i)
    if (line[i] == '|') {
      cells.push_back(trim(line.substr(start, i - start)));
      start = i + 1;
    }
  if (start < line.size() && !trim(line.substr(start)).empty()) cells.push_back(trim(line.substr(start)));
  return cells;
}

struct DcgmiNvlinkParser {
  ImportPart part;
  std::deque<Entity> gpus, switches;  // a deque: `current` stays valid as entities are added
  enum class Section { none, gpus, switches } section = Section::none;
  Entity* current = nullptr;
  // -e
  bool in_error_box = false;
  int error_link = -1;

  Entity& gpu(int id, int ln) {
    for (Entity& e : gpus)
      if (e.id == id) return e;
    gpus.push_back(Entity{id, ln, {}, {}});
    return gpus.back();
  }

  void take_letters(std::string_view text, int ln) {
    auto l = state_letters(text);
    if (!l) return;
    if (!current) {
      part.skipped.push_back("line " + std::to_string(ln) + ": link states before any \"gpuId n:\" line");
      return;
    }
    if (current->letters.empty()) current->letters = *l;
  }

  void on_line(std::string_view raw, int ln) {
    const std::string_view line = trim(raw);
    if (line.empty()) return;
    if (line == "GPUs:") {
      section = Section::gpus;
      current = nullptr;
      in_error_box = false;
      return;
    }
    if (smi::lower(line) == "nvswitches:" || smi::lower(line) == "lwswitches:") {
      section = Section::switches;
      current = nullptr;
      return;
    }
    if (section == Section::gpus) {
      if (auto h = entity_header(line, "gpuId")) {
        current = &gpu(h->first, ln);
        take_letters(h->second, ln);
        return;
      }
    } else if (section == Section::switches) {
      if (auto h = entity_header(line, "physicalId")) {
        switches.push_back(Entity{h->first, ln, {}, {}});
        current = &switches.back();
        take_letters(h->second, ln);
        return;
      }
    }
    if (section != Section::none && state_letters(line)) {
      take_letters(line, ln);
      return;
    }
    on_error_box_line(line, ln);
  }

  // dcgmi nvlink -e: a box per GPU.
  void on_error_box_line(std::string_view line, int ln) {
    const auto cells = box_cells(line);
    if (cells.empty()) return;
    if (cells.size() == 1 && smi::lower(cells[0]) == "nvlink error counts") {
      in_error_box = true;
      section = Section::none;
      current = nullptr;
      error_link = -1;
      return;
    }
    if (!in_error_box) return;
    if (cells.size() == 1 && starts_with(cells[0], "GPU ")) {
      if (auto id = small_number(trim(cells[0].substr(4)), kMaxGpuId)) current = &gpu(*id, ln);
      return;
    }
    if (!current || cells.size() < 2) return;
    if (starts_with(cells[0], "Link ")) {
      auto n = small_number(trim(cells[0].substr(5)), kMaxLinks);
      error_link = n ? *n : -1;
      return;
    }
    if (error_link < 0 || !starts_with(cells[0], "->")) return;
    if (auto e = error_cell(trim(cells[0].substr(2)), cells[1])) {
      json& x = current->errors[error_link];
      x["link"] = error_link;
      x[e->first] = e->second;
    }
  }

  void finish() {
    for (const Entity& x : gpus) {
      GpuInfo g;
      g.index = x.id;
      g.extra = json::object();
      SourceRef src = part.source;
      src.line = x.line;
      g.extra["source"] = source_json(src);
      g.extra["dcgm_gpu_id"] = x.id;
      NvlinkInfo& nv = g.nvlink;
      nv.extra = json::object();
      json links = json::array();
      for (std::size_t i = 0; i < x.letters.size(); ++i) {
        const char c = x.letters[i];
        if (c == '_') continue;
        links.push_back({{"link", static_cast<int>(i)}, {"state", state_name(c)}});
        if (c == 'U' || c == 'D') ++nv.links_queried;
        if (c == 'U') ++nv.links_up;
      }
      if (!links.empty()) nv.extra["links"] = links;
      bench::finish_nvlink_extra(nv, x.errors);
      part.gpus.push_back(std::move(g));
    }
    if (!switches.empty()) {
      json sw = json::array();
      for (const Entity& s : switches) {
        int up = 0, down = 0, disabled = 0;
        for (char c : s.letters) {
          up += c == 'U';
          down += c == 'D';
          disabled += c == 'X';
        }
        sw.push_back({{"physical_id", s.id}, {"links_up", up}, {"links_down", down}, {"links_disabled", disabled}});
      }
      part.imported["dcgmi-nvlink"] = {{"nvswitches", sw}};
    }
  }
};

int detect_dcgmi_nvlink(std::string_view text) {
  const std::string_view head = text.substr(0, 64 * 1024);
  if (head.find("NvLink Link Status") != std::string_view::npos ||
      head.find("Key: Up=U, Down=D, Disabled=X, Not Supported=_") != std::string_view::npos)
    return 90;
  if (head.find("NVLINK Error Counts") != std::string_view::npos) return 70;
  // A paste without the banner: "GPUs:" followed by "gpuId n:" and a line of letters.
  bool gpus = false, header = false;
  for (std::string_view raw : split_lines(head)) {
    const std::string_view line = trim(raw);
    if (line == "GPUs:") gpus = true;
    else if (gpus && entity_header(line, "gpuId")) header = true;
    else if (header && state_letters(line)) return 60;
  }
  return 0;
}

const RegisterFormat reg{{"dcgmi-nvlink", "dcgmi nvlink -s/--link-status (also -e error counts): NVLink link states per GPU",
                          detect_dcgmi_nvlink, line_parse<DcgmiNvlinkParser>("dcgmi")}};

}  // namespace

}  // namespace gpuaudit::imports
