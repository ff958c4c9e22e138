// `nvidia-smi -L` / `nvidia-smi --list-gpus`: one line per GPU, and under a MIG-enabled GPU one line
// per MIG device. It is the output people post most often (it is the first thing anyone runs in a
// container or a rented VM), and it answers two of the questions a renter has from the name alone:
// is this a MIG slice, and is it a vGPU profile.
//
//   GPU 0: NVIDIA A100-SXM4-40GB (UUID: GPU-5fbd7e64-...)
//     MIG 3g.20gb     Device  0: (UUID: MIG-0f8ba9a4-...)          470 and later
//     MIG 1g.5gb Device 0: (UUID: MIG-GPU-5fbd7e64-.../7/0)          450-460: parent UUID / GI / CI
//   GPU 0: GRID A100-4C (UUID: GPU-...)     GPU 0: NVIDIA A10-24Q (UUID: ...)   vGPU guests
//   GPU 0: GeForce GTX 580 (UUID: N/A)       old drivers on boards without a UUID
//
// A MIG device becomes a slice of its GPU exactly as the -q and table parsers record one (a copy of
// the board with mig.is_mig_device, parent_uuid, the instance ids it states), so that rule_sliced
// reads it alike; unlike them, -L names the profile ("3g.20gb"), which the -q dump does not. The
// vGPU profile needs nothing here: it is the device's name, which rule_sliced and the baseline
// lookup read ("-24Q", "-4C"). -L states no bus id, memory or state, so beside a -q dump it only
// fills what the dump left unset (merge.cpp).
//
// Pastes carry the prompt and command ("$ nvidia-smi -L", "kubectl exec pod -- nvidia-smi -L |
// head"), and the driver's error answers ("NVIDIA-SMI has failed because it couldn't communicate
// with the NVIDIA driver", "No devices were found"), which software_errors.cpp reports for the
// software rule; neither is a line skipped.
#include "core/text_cursor.hpp"
#include "import/import.hpp"
#include "import/text/smi_values.hpp"
#include "import/errors/software_errors.hpp"

#include <algorithm>
#include <cctype>
#include <map>

namespace gpuaudit::imports {

namespace {

using smi::trim;

constexpr int kMaxIndex = 4096;

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

std::optional<int> small_index(std::string_view s) {
  s = trim(s);
  if (s.empty() || s.size() > 4 || !std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return std::nullopt;
  const int n = std::stoi(std::string(s));
  if (n > kMaxIndex) return std::nullopt;
  return n;
}

bool hex_or_dash(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) || c == '-'; });
}

// A UUID as NVML prints it: "GPU-" or "MIG-" and hex, or the 450-460 MIG form
// "MIG-GPU-<parent>/<gi>/<ci>". A redacted "GPU-xxxx", "..." or "N/A" names nothing.
bool real_uuid(std::string_view u) {
  if (u.size() < 12) return false;
  if (starts_with(u, "MIG-GPU-")) {
    const std::size_t slash = u.find('/');
    return hex_or_dash(u.substr(8, slash - 8)) && slash != std::string_view::npos;
  }
  return (starts_with(u, "GPU-") || starts_with(u, "MIG-")) && hex_or_dash(u.substr(4));
}

// "(UUID: GPU-...)" at the end of the line: the UUID ("" when redacted or absent) and whether the
// parenthesis was closed (a paste cut in the middle of the UUID leaves it open).
struct UuidTail {
  bool present = false;  // "(UUID:" is there
  bool closed = false;
  std::string uuid;
  std::string_view before;  // the text before "(UUID:"
};

UuidTail uuid_tail(std::string_view s) {
  UuidTail t;
  const std::size_t u = s.find("(UUID:");
  if (u == std::string_view::npos) {
    t.before = trim(s);
    return t;
  }
  t.present = true;
  t.before = trim(s.substr(0, u));
  std::string_view rest = s.substr(u + 6);
  const std::size_t close = rest.find(')');
  t.closed = close != std::string_view::npos;
  const std::string_view id = trim(rest.substr(0, close));
  if (t.closed && real_uuid(id)) t.uuid = std::string(id);
  return t;
}

struct GpuLine {
  int index = 0;
  std::string name;
  UuidTail uuid;
};

// "GPU 3: Tesla V100-SXM2-32GB (UUID: GPU-...)"; "GPU 0: Tesla K80" (no UUID) as well.
std::optional<GpuLine> gpu_line(std::string_view line) {
  if (!starts_with(line, "GPU ")) return std::nullopt;
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const auto idx = small_index(line.substr(4, colon - 4));
  if (!idx) return std::nullopt;
  GpuLine g;
  g.index = *idx;
  g.uuid = uuid_tail(line.substr(colon + 1));
  g.name = std::string(g.uuid.before);
  if (g.name.empty() && !g.uuid.present) return std::nullopt;
  return g;
}

struct MigLine {
  std::string profile;  // "3g.20gb", "1g.10gb+me", "1c.3g.20gb" (a compute instance smaller than its GPU instance)
  int device = 0;
  UuidTail uuid;
};

// "MIG 3g.20gb     Device  0: (UUID: MIG-...)" / "MIG 1g.5gb Device 0: (UUID: MIG-GPU-.../7/0)".
std::optional<MigLine> mig_line(std::string_view line) {
  if (!starts_with(line, "MIG ")) return std::nullopt;
  const std::size_t dev = line.find(" Device ");
  const std::size_t colon = line.find(':');
  if (dev == std::string_view::npos || colon == std::string_view::npos || colon < dev) return std::nullopt;
  const auto n = small_index(line.substr(dev + 8, colon - dev - 8));
  if (!n) return std::nullopt;
  MigLine m;
  m.profile = std::string(trim(line.substr(4, dev - 4)));
  if (m.profile.empty() || m.profile.find(' ') != std::string::npos) return std::nullopt;
  m.device = *n;
  m.uuid = uuid_tail(line.substr(colon + 1));
  return m;
}

// The command and prompt lines of a paste: "$ nvidia-smi -L", "user@dgx01$ nvidia-smi -L | head -n10",
// "PS C:\> nvidia-smi --list-gpus", a bare "$" or "#" the poster copied after the output.
bool prompt_line(std::string_view line) {
  if (smi::lower(line).find("nvidia-smi") != std::string::npos) return true;
  if (line.size() <= 40 && line.find(' ') == std::string_view::npos) {
    const char last = line.back();
    return last == '$' || last == '#' || last == '>' || last == '%';
  }
  return false;
}

// A `date` line ("Mon Jul  6 13:16:25 UTC 2026"): pods and cron jobs that log the list run
// `date; nvidia-smi -L`, and the log keeps both.
bool date_line(std::string_view line) {
  auto word_of = [](TextCursor& c, std::string_view words) {  // one of the three-letter words
    for (std::size_t i = 0; i + 3 <= words.size(); i += 4)
      if (c.literal(words.substr(i, 3))) return true;
    return false;
  };
  TextCursor c(line);
  if (!word_of(c, "Mon Tue Wed Thu Fri Sat Sun") || !c.literal(" ") ||
      !word_of(c, "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec") || !c.run([](char ch) { return ch == ' '; }) ||
      !c.digits(1, 2) || !c.literal(" ") || !c.digits(2, 2) || !c.literal(":") || !c.digits(2, 2) || !c.literal(":") ||
      !c.digits(2, 2) || !c.literal(" "))
    return false;
  TextCursor zone = c;  // " UTC" before the year is optional
  if (zone.run(is_ascii_upper, 2, 5) && zone.literal(" ")) c = zone;
  return c.digits(4, 4) && c.done();
}

// The mark a poster puts where they cut the paste ("[...]", "(...)", "..."): not a line of output.
bool cut_mark(std::string_view line) { return line == "[...]" || line == "(...)" || line == "..." || line == "\u2026"; }

// 450-460: "MIG-GPU-<parent>/<gi>/<ci>" carries the GPU and compute instance ids.
void instance_ids(const std::string& uuid, GpuInfo& g) {
  if (!starts_with(uuid, "MIG-GPU-")) return;
  const std::size_t a = uuid.find('/');
  const std::size_t b = uuid.find('/', a + 1);
  if (a == std::string::npos || b == std::string::npos) return;
  const auto gi = small_index(std::string_view(uuid).substr(a + 1, b - a - 1));
  const auto ci = small_index(std::string_view(uuid).substr(b + 1));
  if (gi) g.mig.gpu_instance_id = *gi;
  if (ci) g.mig.extra["compute_instance_id"] = *ci;
}

class ListParser {
 public:
  ImportPart part;

  void on_line(int no, std::string_view raw) {
    const std::string_view l = trim(raw);
    if (l.empty() || prompt_line(l) || date_line(l) || cut_mark(l)) return;
    if (auto g = gpu_line(l)) return on_gpu(no, *g);
    if (auto m = mig_line(l)) return on_mig(no, *m);
    if (!find_software_errors(l, "").empty()) return;
    skip(no, "not a GPU or MIG device line");
  }

  // `ends_open`: the text stops without a newline, so its last line may be cut anywhere. A last GPU
  // line without "(UUID:" while the others print one ("GPU 1: Quadro RTX 40") is such a cut: the
  // name it shows is part of a name, and the GPU is kept without it.
  void last_line(int no) { last_line_ = no; }

  void finish(bool ends_open) {
    if (ends_open && last_gpu_ && !last_gpu_uuid_ && any_uuid_ && boards_.count(*last_gpu_) && last_gpu_line_ == last_line_) {
      GpuInfo& b = boards_[*last_gpu_];
      if (!b.name.empty()) {
        note(last_gpu_line_, "the paste stops in this line before its \"(UUID:\" (the other lines print one): the name \"" + b.name + "\" is not taken");
        b.name.clear();
      }
    }
    if (bad_ > 1) skipped_.back() += " (and " + std::to_string(bad_ - 1) + " more such lines)";
    part.skipped.insert(part.skipped.end(), skipped_.begin(), skipped_.end());
    // Every board first, then the slices in list order: merge.cpp gives a slice the next free
    // index, so the boards keep the numbers nvidia-smi gave them (GPU 1 stays 1 when GPU 0 has
    // seven MIG devices) and the slices follow them.
    for (auto& [index, b] : boards_) {
      if (!slices_[index].empty()) b.mig.mode_enabled = true;
      part.gpus.push_back(std::move(b));
    }
    for (auto& [index, list] : slices_)
      for (auto& s : list) part.gpus.push_back(std::move(s));
    if (part.gpus.empty() && part.skipped.empty()) part.skipped.push_back("no `GPU n: name (UUID: ...)` line: nothing was read");
  }

 private:
  std::map<int, GpuInfo> boards_;
  std::map<int, std::vector<GpuInfo>> slices_;
  std::optional<int> current_;  // the GPU the MIG lines that follow belong to
  std::optional<int> last_gpu_;  // the last GPU line read (first listing only), its line and UUID
  int last_gpu_line_ = 0, last_line_ = 0;
  bool last_gpu_uuid_ = false, any_uuid_ = false;
  bool repeat_ = false;         // current_ was listed before: its MIG lines here are a repeat
  std::vector<std::string> skipped_;
  int bad_ = 0;  // lines that are neither: said once, with a count

  SourceRef at(int no) const {
    SourceRef s = part.source;
    s.line = no;
    return s;
  }

  void note(int no, const std::string& why) { part.skipped.push_back("line " + std::to_string(no) + ": " + why); }
  void skip(int no, const std::string& why) {
    if (bad_++ == 0) skipped_.push_back("line " + std::to_string(no) + ": " + why);
  }

  void on_gpu(int no, const GpuLine& g) {
    if (boards_.count(g.index)) {
      // `nvidia-smi -L` run twice in one paste, or two machines' lists: the first stays, and so do
      // its MIG devices (the repeat's are not read).
      current_ = g.index;
      repeat_ = true;
      const GpuInfo& first = boards_[g.index];
      if (first.uuid != g.uuid.uuid || first.name != g.name) note(no, "GPU " + std::to_string(g.index) + " listed again with another name or UUID: the first listing is kept");
      return;
    }
    GpuInfo b;
    b.index = g.index;
    b.extra = json::object();
    b.extra["source"] = source_json(at(no));
    last_gpu_ = g.index;
    last_gpu_line_ = no;
    last_gpu_uuid_ = g.uuid.present;
    any_uuid_ = any_uuid_ || g.uuid.present;
    if (g.uuid.present && !g.uuid.closed) {
      // "GPU 3: NVIDIA A100-SXM4-80GB (UUID: GPU-69ec2344-eb": the paste stops inside the UUID.
      note(no, "the line is cut inside its UUID (the paste stops here): the GPU is kept without it");
    }
    b.name = g.name;
    b.uuid = g.uuid.uuid;
    boards_.emplace(g.index, std::move(b));
    current_ = g.index;
    repeat_ = false;
  }

  void on_mig(int no, const MigLine& m) {
    if (!current_) return note(no, "a MIG device line before any GPU line (the paste starts inside the list): not read");
    if (repeat_) return;
    const GpuInfo& board = boards_[*current_];
    GpuInfo s = board;
    s.extra = json::object();
    s.extra["source"] = source_json(at(no));
    s.mig.is_mig_device = true;
    s.mig.mode_enabled = true;
    s.mig.profile = m.profile;
    if (!board.uuid.empty()) s.mig.parent_uuid = board.uuid;
    s.mig.extra = json::object();
    s.mig.extra["device_index"] = m.device;
    s.uuid = m.uuid.uuid;
    instance_ids(s.uuid, s);
    if (m.uuid.present && !m.uuid.closed) note(no, "the line is cut inside its UUID (the paste stops here): the MIG device is kept without it");
    auto& list = slices_[*current_];
    for (const auto& other : list)
      if (other.mig.extra == s.mig.extra) return note(no, "MIG device " + std::to_string(m.device) + " listed twice under one GPU: the first is kept");
    list.push_back(std::move(s));
  }
};

// Every non-blank line a GPU or MIG device line, a prompt or an error answer. A listing line needs
// its "(UUID:" (or, for the UUID-less lines of old drivers, scores lower); nvidia-smi nvlink prints
// the same GPU lines followed by "Link n:" lines, gpu-burn and nvidia-smi topo print them among
// many others: theirs.
int detect_list(std::string_view text) {
  int listing = 0, bare = 0, other = 0;
  for (const auto& [no, raw] : smi::head_lines(text, 2000)) {
    const std::string_view l = trim(raw);
    if (l.empty() || prompt_line(l) || date_line(l) || cut_mark(l)) continue;
    if (auto g = gpu_line(l)) {
      const std::string n = smi::lower(g->name);
      if (g->uuid.present) ++listing;
      else if (n == "ok" || n == "faulty") ++other;  // gpu-burn's verdict lines
      else ++bare;
      continue;
    }
    if (mig_line(l)) {
      ++listing;
      continue;
    }
    if (starts_with(l, "Link ")) return 0;
    if (!find_software_errors(l, "").empty()) continue;
    ++other;
  }
  if (listing == 0) return bare > 0 && other == 0 ? 50 : 0;
  if (other == 0) return 85;
  // A stray line or two the poster pasted with it (a remark, a command without "nvidia-smi" in it:
  // `kubectl logs pod`): still the list, but below any format that recognises the file as its own.
  if (listing >= 2 && other * 4 <= listing) return 60;
  if (listing >= other) return 45;  // above a plain `lspci | grep -i nvidia` listing (40) pasted with it
  return 0;
}

ImportPart parse_list(std::string_view text, const std::string& file) {
  ListParser p;
  p.part.fills_only = true;  // index, name and UUID only: what -q or the table said of the GPU stays
  p.part.source = SourceRef{"nvidia-smi", "", file, 0};
  for (const auto& [no, line] : smi::numbered_lines(text)) {
    p.on_line(no, line);
    if (!trim(line).empty()) p.last_line(no);
  }
  p.finish(!text.empty() && text.back() != '\n');
  return std::move(p.part);
}

const RegisterFormat reg{{"nvidia-smi-list", "nvidia-smi -L / --list-gpus: GPUs (index, name, UUID) and their MIG devices",
                          detect_list, parse_list}};

}  // namespace

}  // namespace gpuaudit::imports
