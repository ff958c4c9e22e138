// nvbandwidth's text output (output.cpp; v0.2 to v0.10 read alike):
//   nvbandwidth Version: v0.7            Built from Git version: v0.7
//   CUDA Runtime Version: 12040          (v0.10: "13.3 (13030)", "CUDA Driver Version (API): ...")
//   Driver Version: 550.127.08
//   <hostname>                           (v0.7+, before the device list)
//   Device 0: NVIDIA A100-SXM4-80GB (00000000:34:00)     (the bus id since v0.5)
//   Running host_to_device_memcpy_ce.
//   memcpy CE CPU(row) -> GPU(column) bandwidth (GB/s)
//             0         1 ...            column labels, then one line per row label
//    0     26.03     25.94 ...           N/A where a cell was not measured
//   SUM host_to_device_memcpy_ce 205.04  (or "&&&& PERF <key> <sum> +GB/s" with --perfFormatter)
//   COEFFICIENT_OF_VARIATION <key> 0.00  (v0.9+)
// Multi-node builds list "Process 0 (host): device 0: NAME (bus)" instead of "Device N:".
#include "import/text/bench_text.hpp"
#include "import/import.hpp"
#include "import/text/line_parser.hpp"
#include "import/rows/nvbandwidth_rows.hpp"

#include <algorithm>
#include <optional>
#include <string>

namespace gpuaudit::imports {

namespace {

using namespace bench;

struct TextParser {
  nvb::Run run;
  ImportPart part;
  bool seen = false;  // anything nvbandwidth-shaped
  enum class State { none, header, rows } state = State::none;
  int last_line = 0;
  std::optional<std::string> host_line;  // a line of one word: the hostname if "Device 0:" comes next

  nvb::Testcase& current_testcase(int ln) {
    if (run.testcases.empty()) {
      run.testcases.push_back({});
      run.testcases.back().name = "unknown";
      run.testcases.back().line = ln;
    }
    return run.testcases.back();
  }

  nvb::Matrix* current_matrix() {
    if (run.testcases.empty() || run.testcases.back().matrices.empty()) return nullptr;
    return &run.testcases.back().matrices.back();
  }

  void on_device(std::string_view rest, int index, const std::string& host) {
    nvb::Device d;
    d.index = index;
    d.host = host;
    std::string_view name = trim(rest);
    if (!name.empty() && name.back() == ')') {
      const auto open = name.rfind('(');
      if (open != std::string_view::npos) {
        d.bus = std::string(name.substr(open + 1, name.size() - open - 2));
        name = trim(name.substr(0, open));
      }
    }
    d.name = std::string(name);
    run.devices.push_back(std::move(d));
    seen = true;
  }

  void end_matrix(int ln) {
    if (state == State::rows || state == State::header)
      if (auto* m = current_matrix(); m && !m->sum && m->cells.empty())
        part.skipped.push_back("line " + std::to_string(ln) + ": a result matrix with no rows");
    state = State::none;
  }

  // "Running NAME." or "Waiving NAME.": a new testcase, NAME without its full stop.
  void start_testcase(std::string_view rest, const char* status, const char* message, int ln) {
    end_matrix(ln);
    std::string name(trim(rest));
    if (!name.empty() && name.back() == '.') name.pop_back();
    nvb::Testcase tc;
    tc.name = name;
    tc.status = status;
    tc.message = message;
    tc.line = ln;
    run.testcases.push_back(std::move(tc));
    seen = true;
  }

  void on_sum(std::string_view rest, int ln) {
    const auto t = split_ws(rest);
    if (t.size() < 2) {
      part.skipped.push_back("line " + std::to_string(ln) + ": SUM line cut halfway");
      return;
    }
    const std::string key(t[0]);
    nvb::Matrix* m = current_matrix();
    if (!m) {
      // A SUM without its matrix (a paste that kept only the summary lines).
      auto& tc = current_testcase(ln);
      if (tc.name == "unknown") tc.name = key;
      tc.matrices.push_back({});
      m = &tc.matrices.back();
      m->line = ln;
    }
    m->key = key;
    m->sum = to_double(t[1]);
    auto& tc = current_testcase(ln);
    if (tc.name == "unknown") tc.name = key;
    tc.status = "Passed";
    state = State::none;
    seen = true;
  }

  void on_line(std::string_view raw, int ln) {
    last_line = ln;
    if (!trim(raw).empty()) {
      // v0.7+ prints the hostname alone on the line before "Device 0:" (blank lines may come between).
      if (host_line && starts_with(trim(raw), "Device 0:")) run.hostname = *host_line;
      host_line.reset();
    }
    read_line(raw, ln);
  }

  // One line: the header's version lines, the device list, a testcase's own lines, a matrix, an
  // error; each reader says whether the line was its own, in the order nvbandwidth prints them.
  void read_line(std::string_view raw, int ln) {
    std::string_view line = trim(raw);
    // A line quoted as a markdown block quote ("> Running host_to_device_memcpy_sm."): nvbandwidth
    // starts no line with '>', so the quote marks go and the line reads as printed.
    while (!line.empty() && line.front() == '>') line = trim(line.substr(1));
    if (line.empty()) {
      if (state == State::rows) state = State::none;
      return;
    }
    if (read_version_line(line) || read_device_line(line) || read_testcase_line(line, ln) || read_matrix_line(line, ln) ||
        read_error_line(line))
      return;
    if (split_ws(line).size() == 1) host_line = std::string(line);
  }

  // "nvbandwidth Version:", "Built from Git version:", "CUDA Runtime/Driver Version", "Driver Version:".
  bool read_version_line(std::string_view line) {
    if (const auto v = after(line, "nvbandwidth Version:"); v && starts_with(line, "nvbandwidth")) {
      run.version = std::string(*v);
      seen = true;
      return true;
    }
    if (starts_with(line, "Built from Git version:")) {
      run.git_version = std::string(*after(line, "Built from Git version:"));
      return true;
    }
    if (starts_with(line, "CUDA Runtime Version")) {
      if (const auto p = line.find(':'); p != std::string_view::npos)
        run.cuda_runtime = nvb::cuda_version_number(line.substr(p + 1));
      seen = true;
      return true;
    }
    if (starts_with(line, "CUDA Driver Version")) {
      if (const auto p = line.find(':'); p != std::string_view::npos)
        run.cuda_driver = nvb::cuda_version_number(line.substr(p + 1));
      return true;
    }
    if (starts_with(line, "Driver Version:")) {
      run.driver_version = std::string(*after(line, "Driver Version:"));
      return true;
    }
    return false;
  }

  // "Device 0: NAME (bus)", or a multi-node build's "Process 0 (host1): device 0: NAME (bus)".
  bool read_device_line(std::string_view line) {
    if (starts_with(line, "Device ")) {
      const auto colon = line.find(':');
      if (colon != std::string_view::npos)
        if (const auto idx = to_int(trim(line.substr(7, colon - 7))); idx && *idx >= 0 && *idx < 4096) {
          on_device(line.substr(colon + 1), static_cast<int>(*idx), "");
          return true;
        }
    }
    if (!starts_with(line, "Process ")) return false;
    const auto open = line.find('(');
    const auto close = line.find("):");
    const auto dev = line.find("device ");
    if (open == std::string_view::npos || close == std::string_view::npos || dev == std::string_view::npos || dev <= close)
      return false;
    const std::string host(line.substr(open + 1, close - open - 1));
    const auto colon = line.find(':', dev);
    if (colon == std::string_view::npos) return false;
    const auto idx = to_int(trim(line.substr(dev + 7, colon - dev - 7)));
    if (!idx || *idx < 0 || *idx >= 4096) return false;
    if (run.hostname.empty()) run.hostname = host;
    on_device(line.substr(colon + 1), static_cast<int>(*idx), host);
    return true;
  }

  // A testcase's own lines: "Running X.", v0.2-v0.4's "Waiving X.", its SUM (or the perf
  // formatter's "&&&& PERF"), its COEFFICIENT_OF_VARIATION, and a "Waived:"/"Error:"/"Not Found:" status.
  bool read_testcase_line(std::string_view line, int ln) {
    if (starts_with(line, "Running ")) {
      start_testcase(line.substr(8), "Running", "", ln);
      return true;
    }
    if (starts_with(line, "Waiving ")) {
      // v0.2-v0.4: "Waiving device_to_device_memcpy_write_ce." (peer mapping failed, for one).
      start_testcase(line.substr(8), "Waived", "waived by nvbandwidth (e.g. peer-to-peer mapping not possible here)", ln);
      return true;
    }
    if (starts_with(line, "SUM ")) {
      on_sum(line.substr(4), ln);
      return true;
    }
    if (starts_with(line, "&&&& PERF ")) {
      on_sum(line.substr(10), ln);
      return true;
    }
    if (starts_with(line, "COEFFICIENT_OF_VARIATION ")) {
      const auto t = split_ws(line);
      if (t.size() >= 3)
        if (auto* m = current_matrix()) m->coefficient_of_variation = to_double(t[2]);
      return true;
    }
    for (std::string_view status : {"Waived", "Error", "Not Found"}) {
      if (starts_with(line, status) && line.size() > status.size() && line[status.size()] == ':') {
        on_status(status, trim(line.substr(status.size() + 1)));
        return true;
      }
    }
    return false;
  }

  void on_status(std::string_view status, std::string_view message) {
    const std::string msg(message);
    // The text output prints a waived testcase's status without its name; an error follows
    // its "Running" line.
    if (!run.testcases.empty() && run.testcases.back().status == "Running" && run.testcases.back().matrices.empty()) {
      run.testcases.back().status = std::string(status);
      run.testcases.back().message = msg;
    } else if (status == "Waived") {
      run.warnings.push_back("a testcase was waived" + (msg.empty() ? std::string() : ": " + msg));
    }
  }

  // A matrix: its description ("... CPU(row) -> GPU(column) ..."), the column labels, then its rows.
  bool read_matrix_line(std::string_view line, int ln) {
    if (contains(line, "(row)") && contains(line, "(column)")) {
      end_matrix(ln);
      auto& tc = current_testcase(ln);
      nvb::Matrix m;
      m.description = std::string(line);
      m.key = tc.name == "unknown" ? "" : tc.name;
      m.line = ln;
      tc.matrices.push_back(std::move(m));
      state = State::header;
      seen = true;
      return true;
    }
    if (state == State::header) {
      auto* m = current_matrix();
      for (auto t : split_ws(line)) m->column_labels.emplace_back(t);
      state = State::rows;
      return true;
    }
    if (state != State::rows) return false;
    read_matrix_row(line, ln);
    return true;
  }

  void read_matrix_row(std::string_view line, int ln) {
    auto* m = current_matrix();
    const auto t = split_ws(line);
    std::vector<std::optional<double>> row;
    bool ok = t.size() == m->column_labels.size() + 1;
    for (std::size_t i = 1; i < t.size(); ++i) {
      const auto v = to_double(t[i]);
      if (!v && t[i] != "N/A") ok = false;
      row.push_back(v);
    }
    if (!ok) {
      part.skipped.push_back("line " + std::to_string(ln) + ": matrix row does not match its " +
                             std::to_string(m->column_labels.size()) + " columns (cut halfway?)");
      state = State::none;
      return;
    }
    m->row_labels.emplace_back(t[0]);
    m->cells.push_back(std::move(row));
  }

  // An assertion or CUDA error nvbandwidth printed: kept, and the testcase it cut short says so.
  bool read_error_line(std::string_view line) {
    if (!(starts_with(line, "ASSERT") || contains(line, "Invalid value") || starts_with(line, "ERROR") ||
          contains(line, "_ERROR: ") || contains(line, " in expression ")))
      return false;
    run.errors.push_back(std::string(line));
    if (!run.testcases.empty() && run.testcases.back().matrices.empty() &&
        (run.testcases.back().status == "Running" || run.testcases.back().status == "Error")) {
      auto& tc = run.testcases.back();
      tc.status = "Error";
      tc.message += (tc.message.empty() ? "" : "; ") + std::string(line);
    }
    return true;
  }

  void finish() {
    end_matrix(last_line);
    for (auto& tc : run.testcases) {
      // A matrix whose rows never came (the paste ends after its description) is dropped.
      std::erase_if(tc.matrices, [](const nvb::Matrix& m) { return m.cells.empty() && !m.sum; });
    }
    for (auto& tc : run.testcases)
      if (tc.status == "Running") {
        if (tc.matrices.empty()) {
          tc.status = "Error";
          if (tc.message.empty()) tc.message = "the output ends (or the tool stopped) before this testcase's result";
        } else {
          tc.status = "Passed";
          part.warnings.push_back("line " + std::to_string(tc.line) + ": " + tc.name + " has no SUM line (cut?)");
        }
      }
    drop_cut_device_names();
    if (seen) nvb::fill_part(run, part);
  }

  // Since v0.5 every device line ends in its bus id: one without it, beside lines with it, is cut
  // ("Device 6: N"), and the name it shows is part of a name.
  void drop_cut_device_names() {
    const bool buses = std::any_of(run.devices.begin(), run.devices.end(), [](const nvb::Device& d) { return !d.bus.empty(); });
    for (auto& d : run.devices)
      if (buses && d.bus.empty() && !d.name.empty()) {
        part.skipped.push_back("device " + std::to_string(d.index) + ": its line is cut before the bus id (the paste stops here): the name \"" +
                               d.name + "\" is not taken");
        d.name.clear();
      }
  }
};

int detect_nvbandwidth(std::string_view text) {
  int score = 0;
  if (contains(text, "nvbandwidth Version")) score += 60;
  if (contains(text, "Running ") && contains(text, "_memcpy_")) score += 20;
  if (contains(text, "SUM ") && contains(text, "_memcpy_")) score += 20;
  if (contains(text, "(row)") && contains(text, "(column)")) score += 20;
  if (!text.empty() && trim(text).front() == '{') return 0;  // the -j JSON is nvbandwidth-json
  return score >= 40 ? std::min(score, 100) : 0;
}

const RegisterFormat reg{{"nvbandwidth", "nvbandwidth text output", detect_nvbandwidth, line_parse<TextParser>("nvbandwidth")}};

}  // namespace

}  // namespace gpuaudit::imports
