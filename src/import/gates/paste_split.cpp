// split_paste(): a paste cut at fences, prompts, tools' first lines and blank-line gaps (paste_split.hpp).
#include "import/gates/paste_split.hpp"

#include <array>
#include <cctype>
#include <string>

namespace gpuaudit::imports {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && (is_space(s.front()) || s.front() == '\n')) s.remove_prefix(1);
  while (!s.empty() && (is_space(s.back()) || s.back() == '\n')) s.remove_suffix(1);
  return s;
}

bool blank(std::string_view line) { return trim(line).empty(); }

// A Markdown code fence: three or more backticks or tildes, then an info string ("```console").
// A line of backticks inside a sentence is not one: the fence opens the line (indented or not: a
// fence in a list item is indented).
bool fence_line(std::string_view line) {
  const std::string_view t = trim(line);
  if (t.size() < 3) return false;
  const char c = t[0];
  if (c != '`' && c != '~') return false;
  return t[1] == c && t[2] == c;
}

std::string_view first_word(std::string_view s) {
  const std::size_t end = s.find_first_of(" \t");
  return end == std::string_view::npos ? s : s.substr(0, end);
}

// The prompt's text before its '$', '#' or '>': "user@host:~", "[root@node ~]", "host:~ user",
// "PS C:\Users\me", "C:\work". Never free text: no more than one space outside brackets.
bool prompt_prefix(std::string_view p, char mark) {
  if (p.empty() || p.size() > 80) return false;
  if (mark == '>') {  // Windows: "PS C:\path>" or "C:\path>"
    if (p.substr(0, 3) == "PS ") p.remove_prefix(3);
    return p.size() >= 2 && std::isalpha(static_cast<unsigned char>(p[0])) && p[1] == ':' &&
           (p.size() == 2 || p[2] == '\\');
  }
  if (p.front() == '[') return p.back() == ']' && p.find('@') != std::string_view::npos;
  int spaces = 0;
  for (char c : p) spaces += is_space(c) ? 1 : 0;
  if (spaces == 0) return p.find('@') != std::string_view::npos || (p.find(':') != std::string_view::npos &&
                                                                     p.find_first_of("~/") != std::string_view::npos);
  // macOS "host:~ user", or a path after the host ("node-a ~/nccl-tests") with a "~" in it
  return spaces == 1 && p.find('~') != std::string_view::npos;
}

// A conda or virtualenv name before the prompt: "(base) ", "(venv) ".
std::string_view without_env(std::string_view t) {
  while (!t.empty() && t.front() == '(') {
    const std::size_t close = t.find(") ");
    if (close == std::string_view::npos || close > 40) break;
    t = trim(t.substr(close + 2));
  }
  return t;
}

// The commands whose output gpuaudit reads (or that people run next to them), typed without a
// prompt on a line of their own ("nvidia-smi topo -m", "sudo dmesg | grep -i nvrm"). A word of a
// sentence that happens to name a tool ("nvidia-smi shows ...") is not one: arguments follow a
// command, not words ending a clause.
constexpr std::array<std::string_view, 19> kCommands{
    "nvidia-smi", "nvidia-smi.exe", "dcgmi",   "nvbandwidth", "bandwidthTest", "p2pBandwidthLatencyTest",
    "deviceQuery", "deviceQueryDrv", "dmesg",  "journalctl",  "lspci",         "lscpu",
    "gpu_burn",    "gpu-burn",       "mpstat", "iostat",      "vmstat",        "mpirun",
    "srun"};

// A list item's marker before a command people number or bullet the commands they ran with
// ("2. nvidia-smi -L", "3) nvidia-smi topo -m", "- dmesg | grep NVRM"): the text after it.
std::string_view without_list_marker(std::string_view t) {
  std::size_t n = 0;
  while (n < t.size() && n < 3 && std::isdigit(static_cast<unsigned char>(t[n]))) ++n;
  if (n > 0 && n + 1 < t.size() && (t[n] == '.' || t[n] == ')') && t[n + 1] == ' ') return trim(t.substr(n + 2));
  if (t.size() > 2 && (t[0] == '-' || t[0] == '*') && t[1] == ' ') return trim(t.substr(2));
  return t;
}

bool command_line(std::string_view t) {
  if (t.size() > 300) return false;
  t = without_list_marker(t);
  if (t.substr(0, 5) == "sudo ") t = trim(t.substr(5));
  std::string_view cmd = first_word(t);
  if (const std::size_t slash = cmd.rfind('/'); slash != std::string_view::npos) cmd.remove_prefix(slash + 1);
  bool known = cmd.size() > 5 && cmd.substr(cmd.size() - 5) == "_perf";  // nccl-tests' all_reduce_perf, ...
  for (std::string_view c : kCommands) known = known || cmd == c;
  if (!known) return false;
  const std::string_view rest = trim(t.substr(first_word(t).size()));
  if (rest.empty()) return true;
  // "-q", "topo -m", "| grep", "> out.txt", "--query-gpu=...": an argument list, not prose
  const char c = rest.front();
  if (c == '-' || c == '|' || c == '>' || c == '&' || c == ';') return true;
  const std::string_view arg = first_word(rest);
  for (char a : arg)
    if (!std::islower(static_cast<unsigned char>(a)) && a != '-' && a != '_') return false;
  return rest.find(". ") == std::string_view::npos && rest.back() != '.' && rest.back() != ':';
}

// The first line a tool prints, where one output starts even without a gap above it (each from the
// tool's own source or output: nvidia-smi -q's banner, nccl-tests' src/common.cu header,
// nvbandwidth's main.cpp, the CUDA samples' bandwidthTest.cu / p2pBandwidthLatencyTest.cu /
// deviceQuery.cpp). `prev` is the line above: a run of nccl-tests' "#" header lines starts once.
bool banner_line(std::string_view line, std::string_view prev) {
  const std::string_view t = trim(line);
  if (t.substr(0, 20) == "==============NVSMI ") return true;
  if (t.substr(0, 20) == "nvbandwidth Version:") return true;
  if (t.substr(0, 22) == "[CUDA Bandwidth Test] ") return true;
  if (t.substr(0, 30) == "[P2P (Peer-to-Peer) GPU Bandw") return true;
  if (t.find("deviceQuery Starting...") != std::string_view::npos) return true;
  const std::string_view p = trim(prev);
  if ((t.substr(0, 10) == "# nThread " || t.substr(0, 26) == "# Collective test starting" ||
       t.substr(0, 21) == "# nccl-tests version ") &&
      (p.empty() || p.front() != '#'))
    return true;
  return false;
}

struct Line {
  std::size_t begin, end;  // without the '\n'
  int no;
};

class Splitter {
 public:
  Splitter(std::string_view text, bool cut_soft, std::size_t max_segments)
      : text_(text), cut_soft_(cut_soft), max_(max_segments) {}

  std::vector<PasteSegment> run() {
    PasteBoundary pending = PasteBoundary::start;
    std::string_view prev;
    for (std::size_t pos = 0, no = 1; pos <= text_.size(); ++no) {
      std::size_t end = text_.find('\n', pos);
      if (end == std::string_view::npos) end = text_.size();
      const Line l{pos, end, static_cast<int>(no)};
      const std::string_view line = text_.substr(pos, end - pos);
      visit(l, line, prev, pending);
      prev = line;
      if (end == text_.size()) break;
      pos = end + 1;
    }
    close();
    return std::move(out_);
  }

 private:
  void visit(const Line& l, std::string_view line, std::string_view prev, PasteBoundary& pending) {
    if (fence_line(line)) {
      close();
      pending = PasteBoundary::fence;
      return;
    }
    if (blank(line)) {
      if (open_ && cut_soft_) {
        close();
        pending = PasteBoundary::gap;
      }
      return;
    }
    const std::string_view t = trim(line);
    if (paste_prompt_line(t) || command_line(t)) {
      // A prompt right after a fence or at the start: that cut is there already, and as hard.
      if (open_) close(), pending = PasteBoundary::prompt;
      else if (!hard_boundary(pending)) pending = PasteBoundary::prompt;
    } else if (open_ && cut_soft_ && banner_line(line, prev)) {
      close();
      pending = PasteBoundary::banner;
    }
    if (!open_) {
      if (out_.size() >= max_) {  // the bound: the rest joins the last segment
        overflowed_ = true;
        cur_ = out_.back();
        out_.pop_back();
      } else {
        cur_ = PasteSegment{l.begin, l.end, l.no, l.no, pending};
      }
      open_ = true;
    }
    cur_.end = l.end;
    cur_.last_line = l.no;
  }

  void close() {
    if (!open_) return;
    out_.push_back(cur_);
    open_ = false;
  }

  std::string_view text_;
  bool cut_soft_;
  std::size_t max_;
  std::vector<PasteSegment> out_;
  PasteSegment cur_;
  bool open_ = false;

 public:
  bool overflowed_ = false;
};

}  // namespace

bool hard_boundary(PasteBoundary b) {
  return b == PasteBoundary::start || b == PasteBoundary::fence || b == PasteBoundary::prompt;
}

const char* boundary_name(PasteBoundary b) {
  switch (b) {
    case PasteBoundary::start: return "start";
    case PasteBoundary::fence: return "fence";
    case PasteBoundary::prompt: return "prompt";
    case PasteBoundary::gap: return "gap";
    case PasteBoundary::banner: return "banner";
  }
  return "?";
}

bool paste_prompt_line(std::string_view line) {
  std::string_view t = without_env(trim(line));
  if (t.empty() || t.size() > 2000) return false;
  if (t == "$" || t.substr(0, 2) == "$ ") return true;
  // The prompt's mark is the first '$', '#' or '>' followed by a space (or ending the line) whose
  // text before it reads as a prompt.
  for (std::size_t i = 1; i < t.size() && i <= 81; ++i) {
    const char c = t[i];
    if (c != '$' && c != '#' && c != '>') continue;
    if (i + 1 < t.size() && t[i + 1] != ' ') continue;
    return prompt_prefix(trim(t.substr(0, i)), c);
  }
  return false;
}

std::vector<PasteSegment> split_paste(std::string_view text) {
  Splitter all(text, true, kMaxPasteSegments);
  std::vector<PasteSegment> s = all.run();
  if (!all.overflowed_) return s;
  return Splitter(text, false, kMaxPasteSegments).run();
}

}  // namespace gpuaudit::imports
