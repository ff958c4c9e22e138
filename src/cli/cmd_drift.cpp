// gpuaudit drift RUN...: which nodes of a fleet are not like the others (drift/drift.hpp): a node x
// field comparison within each group, against a --golden file or the group's majority.
#include "cli/command.hpp"
#include "cli/run_plumbing.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "core/input_file.hpp"
#include "core/output_file.hpp"
#include "drift/drift.hpp"
#include "drift/drift_html.hpp"
#include "drift/drift_markdown.hpp"
#include "report/load_runs.hpp"
#include "report/stream_documents.hpp"
#include "text/terminal.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>

namespace gpuaudit::cli {
namespace {

struct DriftArgs {
  std::vector<std::string> runs;
  std::string golden, group_by = "gpu", markdown, html;
  bool json_out = false, skip_invalid = false, no_security = false;
};

GoldenFile read_golden(const std::string& path) {
  if (path.empty()) return {};
  const std::string text = read_input_file(path, {.bytes = 1 << 20, .too_big = [&](const std::string& size) {
                                                    return input_error("--golden " + path + ": " + size + " is too big for a golden file");
                                                  }});
  json j;
  try {
    j = json::parse(text);
  } catch (const std::exception& e) {
    throw input_error("--golden " + path + ": not JSON (" + std::string(e.what()) + ")");
  }
  return golden_from_json(j);
}

// The group of a node: the values of the --group-by keys ("gpu": its GPUs; any other: that tag).
std::string group_of(const ResultDocument& doc, const std::vector<NodeField>& fields, const std::vector<std::string>& keys) {
  std::string g;
  for (const auto& k : keys) {
    std::string v;
    if (k == "gpu") {
      for (const auto& f : fields)
        if (f.name == "gpu_models") v = f.value;
      if (v.empty()) v = "no GPU";
    } else if (auto it = doc.tags.find(k); it != doc.tags.end()) {
      v = it->second;
    } else {
      v = k + "?";
    }
    g += (g.empty() ? "" : " / ") + v;
  }
  return g.empty() ? "all" : g;
}

int run_drift(const DriftArgs& a) {
  if (a.json_out && writes_to_stdout(a.markdown))
    throw input_error("--json and --markdown - both write to standard output: give --markdown a file");
  if (writes_to_stdout(a.html) && (a.json_out || writes_to_stdout(a.markdown)))
    throw input_error("--html - and --json or --markdown - all write to standard output: give the others files");
  const GoldenFile golden = read_golden(a.golden);
  const std::vector<std::string> keys = split_list(a.group_by);
  std::vector<DriftNode> nodes;
  stream_documents(
      list_result_files(a.runs), {.skip_invalid = a.skip_invalid},
      [&keys, no_security = a.no_security](const std::filesystem::path& p, ResultDocument& doc) {
        DriftNode n;
        n.file = p.string();
        n.name = node_name(doc, p.filename().string());
        n.fields = node_fields(doc);
        n.group = group_of(doc, n.fields, keys);
        n.vgpu_guest = std::any_of(doc.gpus.begin(), doc.gpus.end(), [](const GpuInfo& g) { return g.virtualization_mode == "vgpu"; });
        n.security = !no_security;
        return n;
      },
      [&](const std::filesystem::path&, DriftNode& n) { nodes.push_back(std::move(n)); });
  if (nodes.empty()) throw input_error("no readable result documents to compare");
  const DriftReport r = find_drift(nodes, golden);
  // One output per stream: Markdown sent to stdout takes it, and the text goes to stderr (as compare's).
  if (!a.markdown.empty()) {
    write_file_atomic(a.markdown, drift_markdown(r));
    if (!writes_to_stdout(a.markdown)) std::fprintf(stderr, "gpuaudit: wrote %s\n", a.markdown.c_str());
  }
  if (!a.html.empty()) {
    write_file_atomic(a.html, drift_html(r));
    if (!writes_to_stdout(a.html)) std::fprintf(stderr, "gpuaudit: wrote %s\n", a.html.c_str());
  }
  const std::string out = a.json_out ? drift_json(r).dump(2) + "\n" : drift_text(r, terminal_width(STDOUT_FILENO));
  std::fwrite(out.data(), 1, out.size(), writes_to_stdout(a.markdown) || writes_to_stdout(a.html) ? stderr : stdout);
  return r.fails() ? exit_code::finding : exit_code::ok;
}

const RegisterCommand drift_cmd{
    {"drift", "Find the odd node out: fields (driver, power limit, clocks, ECC, PCIe, VBIOS, ...) that differ from the fleet", 52,
     [](CLI::App& sub) -> std::function<int()> {
       auto a = std::make_shared<DriftArgs>();
       sub.add_option("RUN", a->runs, "Result documents (run, info, import), or folders searched for *.json")->required();
       sub.add_option("--golden", a->golden,
                      "JSON of expected values: {\"driver\": \"570.124.06\", \"power_limit_w\": {\"min\": 700}}; "
                      "other fields take the group's majority");
       sub.add_option("--group-by", a->group_by, "Compare within groups: gpu (default) and/or tag names, comma-separated");
       sub.add_flag("--json", a->json_out, "One JSON object (schema gpuaudit.drift/1) on stdout");
       sub.add_option("--markdown", a->markdown, "Also write the report as Markdown (e.g. $GITHUB_STEP_SUMMARY; - for stdout)");
       sub.add_option("--html", a->html, "Also write the report as one self-contained HTML page (- for stdout)");
       sub.add_flag("--skip-invalid", a->skip_invalid, "Skip unreadable or foreign documents with a warning");
       sub.add_flag("--no-security", a->no_security,
                    "Leave out the drivers' security floors (NVIDIA's newest bulletin): for archived documents");
       sub.footer("Fields, classes and rules: docs/drift.md.");
       return [a] { return run_drift(*a); };
     },
     {{0, "no performance field differs and no driver is below its security floor"},
      {1, "a performance field differs from the golden value, or a driver is below its security floor"},
      {2, ""}}}};

}  // namespace
}  // namespace gpuaudit::cli
