// gpuaudit score RESULT.json: judge a result document against the baselines (docs/scoring.md).
// Prints the headline, the findings with their evidence and every figure against its reference;
// --json prints the assessment as data; --write stores it in the document, replacing any earlier
// one (re-scoring an old document against today's baselines records today's version).
// score FILE... with other tools' outputs (nvidia-smi, nccl-tests, ...) imports them in memory
// first, as `gpuaudit import` would (docs/import.md), and judges the document that makes.
#include "baselines/baseline_set.hpp"
#include "cli/command.hpp"
#include "cli/validators.hpp"
#include "core/document_io.hpp"
#include "core/document_validate.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "report/matrix_text.hpp"
#include "report/prometheus.hpp"

#include <cstdio>
#include <memory>

namespace gpuaudit::cli {
namespace {

struct ScoreArgs {
  std::vector<std::string> files;
  std::string thresholds, baselines, currency, format;
  double price = -1;
  bool json = false, write = false;
  std::string prometheus;  // --prometheus FILE: a node_exporter textfile of the scored document
};

// One gpuaudit document is read as it always was; anything else is imported in memory.
bool single_gpuaudit_document(const ScoreArgs& a) {
  if (a.files.size() != 1) return false;
  if (!a.format.empty()) return a.format == imports::kGpuauditFormat;
  const std::string& file = a.files.front();
  if (file == "-") return false;  // read once, by the importer (which passes a document through too)
  std::string text;
  try {
    text = imports::read_input(file);
  } catch (const Error&) {
    return true;  // missing, too large, a folder: read_result says so in its own words
  }
  try {
    return imports::detect_format(text, file) == imports::kGpuauditFormat;
  } catch (const Error&) {
    // JSON that no importer claims is a damaged or foreign result document: read_result names
    // what is wrong with it (depth, schema, a field) better than "not an output gpuaudit can import".
    const auto p = text.find_first_not_of(" \t\n");
    if (p != std::string::npos && (text[p] == '{' || text[p] == '[')) return true;
    throw;
  }
}

// original: the document's bytes, when it is one gpuaudit document (what --write splices into).
ResultDocument load_document(const ScoreArgs& a, bool single_document, std::string& original) {
  if (single_document) {
    original = read_document_text(a.files.front());
    return parse_result(original, a.files.front());
  }
  imports::ImportOptions opt;
  opt.format = a.format;
  imports::ImportReport report;
  ResultDocument doc = imports::import_files(a.files, opt, &report);
  for (const auto& line : report.lines) std::fprintf(stderr, "gpuaudit: %s\n", line.c_str());
  return doc;
}

int run_score(const ScoreArgs& a) {
  // One output per stream: --prometheus - takes stdout, and the assessment text goes to stderr.
  const std::string on_stdout = stdout_output({{"--prometheus", a.prometheus}});
  if (!on_stdout.empty() && a.json)
    throw input_error("--json and --prometheus both write to standard output, where their text would interleave: "
                      "give --prometheus a file");
  const bool single_document = single_gpuaudit_document(a);
  if (a.write && !single_document)
    throw input_error("--write stores the assessment in a gpuaudit document: give one (gpuaudit import FILE... -o DOC.json "
                      "makes one of these files)");
  std::string original;
  ResultDocument doc = load_document(a, single_document, original);
  const Thresholds t = a.thresholds.empty() ? Thresholds{} : load_thresholds(a.thresholds);
  const BaselineSet set = load_baselines(a.baselines.empty() ? default_baselines_dir() : std::filesystem::path(a.baselines));
  if (a.price >= 0) doc.price_per_hour = a.price;
  if (!a.currency.empty()) doc.currency = a.currency;

  // Multi-GPU rows without an expectation of their own (imported nccl-tests, p2p outputs) get one
  // from the topology baselines beside the per-model ones.
  std::vector<multigpu::TopologyBaseline> topologies;
  const std::filesystem::path topo_dir = set.dir / "topologies";
  if (std::error_code ec; std::filesystem::is_directory(topo_dir, ec)) topologies = multigpu::load_topology_baselines(topo_dir);
  const int code = score_document(doc, reference_lookup(set), set.version, t, &topologies);
  // The text ends with the multi-GPU figures in the shapes nccl-tests and p2pBandwidthLatencyTest print.
  const std::string out =
      a.json ? json(*doc.assessment).dump(2) + "\n" : assessment_text(*doc.assessment) + multigpu_tables_text(doc);
  std::fwrite(out.data(), 1, out.size(), on_stdout.empty() ? stdout : stderr);
  if (a.write) {
    // Only what score owns changes (the assessment, and the price and currency when given): every
    // other byte of the file stays as it was, so a committed document churns by its assessment only.
    std::vector<std::string> owned{"assessment"};
    if (a.price >= 0) owned.push_back("price_per_hour");
    if (!a.currency.empty()) owned.push_back("currency");
    std::string text;
    try {
      text = result_text_replacing(original, doc, owned);  // never a document too big to read back
    } catch (const Error& e) {
      throw io_error(a.files.front() + ": not written: " + e.what() + "; the original is kept");
    }
    write_file_atomic(a.files.front(), text);
    std::fprintf(stderr, "gpuaudit: assessment written to %s\n", a.files.front().c_str());
  }
  if (!a.prometheus.empty()) {
    write_prometheus_textfile(a.prometheus, doc);
    if (on_stdout.empty()) std::fprintf(stderr, "gpuaudit: wrote %s\n", a.prometheus.c_str());
  }
  return code;
}

const RegisterCommand score_cmd{
    {"score", "Score a result document against the baselines: healthy, sliced, throttled, ...", 30,
     [](CLI::App& sub) -> std::function<int()> {
       auto a = std::make_shared<ScoreArgs>();
       sub.add_option("result", a->files,
                      "Result document written by `gpuaudit run`, or other tools' outputs of one machine (imported in memory)")
           ->required();
       sub.add_option("--format", a->format, "Read every file as this format instead of detecting it (gpuaudit import --list-formats)");
       sub.add_flag("--json", a->json, "Print the assessment as JSON");
       sub.add_option("--thresholds", a->thresholds, "JSON file overriding tolerances and rule thresholds (docs/scoring.md)");
       sub.add_option("--baselines", a->baselines, "Folder of baselines (default: the installed set)");
       sub.add_option("--price-per-hour", a->price, "Price of the instance per hour (overrides the document's)")
           ->check(between(0, kMaxPricePerHour));  // what a document may hold (core/document_validate.hpp)
       sub.add_option("--currency", a->currency, "Currency of the price (default: the document's, else USD)");
       sub.add_flag("--write", a->write, "Store the assessment in the document (replaces an earlier one)");
       sub.add_option("--prometheus", a->prometheus, "Write the figures and findings as a node_exporter textfile (docs/prometheus.md)");
       return [a] { return run_score(*a); };
     },
     {{0, "healthy"}, {1, "a finding"}, {2, ""}, {5, "could not write (--write, --prometheus)"}, {6, ""}}}};

}  // namespace
}  // namespace gpuaudit::cli
