// foreign_input(): another vendor's run, or a diff of two outputs, told from its text (foreign_input.hpp).
#include "import/gates/foreign_input.hpp"

#include "import/text/smi_values.hpp"

#include <cctype>

namespace gpuaudit::imports {
namespace {

using smi::trim;

bool has(std::string_view s, std::string_view what) { return s.find(what) != std::string_view::npos; }

bool starts(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// What on this line says the run was on AMD's stack, "" when nothing does. Only what ROCm's own tools
// print is taken: the rccl-tests banner and its version lines, RCCL's version (the NCCL version of a
// HIP build is "2.18.3+hip6.0"), HIPCHECK's failure line, rocm-smi's banner, a rank line that names
// an AMD GPU, and a ROCm build of PyTorch in its collect_env report. A host's "AMD EPYC" CPU (lscpu,
// rocminfo's CPU agents) is not a sign: NVIDIA GPUs sit in AMD hosts.
std::string_view amd_sign(std::string_view line) {
  if (has(line, "rccl-tests: Version")) return "rccl-tests";
  if (has(line, "RCCL version")) return "RCCL";
  if (has(line, "NCCL version ") && has(line, "+hip")) return "RCCL (a HIP build of NCCL)";
  if (starts(line, "HIP version") || starts(line, "ROCm version")) return "ROCm";
  if (has(line, "Test HIP failure")) return "rccl-tests (a HIP failure)";
  if (has(line, "ROCm System Management Interface")) return "rocm-smi";
  // PyTorch's collect_env: a CUDA build says "ROCM used to build PyTorch: N/A".
  if (starts(line, "ROCM used to build PyTorch:")) {
    const std::string v = smi::lower(trim(line.substr(27)));
    if (!v.empty() && v != "n/a" && v != "none" && v != "could not collect") return "a ROCm build of PyTorch";
  }
  if (has(line, "Rank") && has(line, " device ") && (has(line, "AMD Instinct") || has(line, "AMD Radeon")))
    return "an AMD GPU in an rccl-tests rank line";
  return "";
}

bool digits(std::string_view s, std::size_t& i) {
  const std::size_t from = i;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  return i > from;
}

// "-l" or "-l,n" (and the "+" side) of a hunk header.
bool hunk_range(std::string_view s, std::size_t& i, char sign) {
  if (i >= s.size() || s[i] != sign) return false;
  ++i;
  if (!digits(s, i)) return false;
  if (i < s.size() && s[i] == ',') {
    ++i;
    if (!digits(s, i)) return false;
  }
  return true;
}

// "@@ -12,7 +12,7 @@" (what follows it, git's function context, is free text).
bool hunk_header(std::string_view line) {
  if (!starts(line, "@@ ")) return false;
  std::size_t i = 3;
  if (!hunk_range(line, i, '-') || i >= line.size() || line[i] != ' ') return false;
  ++i;
  if (!hunk_range(line, i, '+')) return false;
  return line.substr(i, 3) == " @@";
}

}  // namespace

std::optional<std::string> foreign_input(std::string_view text) {
  int no = 0, hunk_line = 0, changed_after_hunk = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    const std::string_view line = trim(text.substr(pos, end - pos));
    pos = end + 1;
    ++no;
    if (const std::string_view sign = amd_sign(line); !sign.empty())
      return "an AMD ROCm run (" + std::string(sign) + ", line " + std::to_string(no) +
             "): gpuaudit judges NVIDIA GPUs against NVIDIA baselines and does not score AMD GPUs";
    // Trimmed: a diff pasted indented (a markdown code block by indentation) is still a diff.
    if (hunk_line == 0 && hunk_header(line)) {
      hunk_line = no;
      continue;
    }
    if (hunk_line > 0 && !line.empty() && (line[0] == '+' || line[0] == '-') && !starts(line, "+++") &&
        !starts(line, "---"))
      ++changed_after_hunk;
    if (end == text.size()) break;
  }
  if (hunk_line > 0 && changed_after_hunk > 0)
    return "a unified diff of two outputs (its first hunk at line " + std::to_string(hunk_line) +
           "), not one output: import each file itself and compare the two documents with gpuaudit compare";
  return std::nullopt;
}

}  // namespace gpuaudit::imports
