// gpuaudit score FILE...: judge a result document against the baselines (docs/scoring.md).
// Prints one screen (the headline, each finding once with the GPUs it is on, a row per GPU; -v: each
// finding's evidence and every figure against its reference), wrapped to the terminal;
// --json prints the assessment as data; --write stores it in the document, replacing any earlier
// one (re-scoring an old document against today's baselines records today's version).
// Every input goes through the importer, as `gpuaudit import` reads it (docs/import.md): a gpuaudit
// document passes through whole, other tools' outputs (and pastes of several) become a document in
// memory, what cannot be read is named and left out (--strict: refused), and the outputs of several
// machines are judged one by one (--allow-mixed, or the parts of one paste that disagree).
#include "baselines/baseline_set.hpp"
#include "cli/command.hpp"
#include "cli/validators.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "import/text/text_encoding.hpp"
#include "score/assess.hpp"
#include "score/assessment_summary.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "score/ticket.hpp"
#include "report/matrix_text.hpp"
#include "report/prometheus.hpp"
#include "text/terminal.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>

namespace gpuaudit::cli {
namespace {

struct ScoreArgs {
  std::vector<std::string> files;
  std::string thresholds, baselines, currency, format;
  std::string fail_on = "medium";
  double price = -1;
  bool json = false, write = false, strict = false, allow_mixed = false, verbose = false, ticket = false;
  std::string prometheus;  // --prometheus FILE: a node_exporter textfile of the scored document
};

const char* kWriteNeedsDocument =
    "--write stores the assessment in a gpuaudit document: give one (gpuaudit import FILE... -o DOC.json makes one of "
    "these files)";

// --write splices into the document's own bytes. A UTF-16 document (Windows PowerShell's `>`) is
// written back as the UTF-8 gpuaudit writes.
std::string document_bytes(const std::string& file) {
  std::string text = read_document_text(file);
  if (auto decoded = imports::decode_bom_text(text)) text = std::move(*decoded);
  return text;
}

// 0 healthy, 1 a finding, 6 inconclusive: of several machines, a finding on any, else inconclusive on any.
int combined(int a, int b) {
  if (a == exit_code::finding || b == exit_code::finding) return exit_code::finding;
  if (a == exit_code::inconclusive || b == exit_code::inconclusive) return exit_code::inconclusive;
  return std::max(a, b);
}

// One gpuaudit document, given alone, that nothing was merged into: what --write can store into.
bool passed_through(const ScoreArgs& a, const std::vector<ResultDocument>& docs, const imports::ImportReport& report) {
  std::error_code ec;
  return a.files.size() == 1 && a.files.front() != "-" && !std::filesystem::is_directory(a.files.front(), ec) &&
         docs.size() == 1 && !report.document_file.empty() && report.outputs_merged == 0 && report.not_read.empty();
}

std::vector<ResultDocument> load_documents(const ScoreArgs& a, imports::ImportReport& report) {
  imports::ImportOptions opt;
  opt.format = a.format;
  opt.strict = a.strict;
  opt.allow_mixed = a.allow_mixed;
  std::vector<ResultDocument> docs = imports::import_machines(a.files, opt, &report);
  // A gpuaudit document alone is read as it always was, without a word; anything imported says
  // what was read from each file and what was not.
  if (!passed_through(a, docs, report)) {
    for (const auto& line : report.lines) std::fprintf(stderr, "gpuaudit: %s\n", line.c_str());
    for (const auto& line : report.machines) std::fprintf(stderr, "gpuaudit: %s\n", line.c_str());
  }
  return docs;
}

int run_score(const ScoreArgs& a) {
  // One output per stream: --prometheus - takes stdout, and the assessment text goes to stderr.
  const std::string on_stdout = stdout_output({{"--prometheus", a.prometheus}});
  if (!on_stdout.empty() && a.json)
    throw input_error("--json and --prometheus both write to standard output, where their text would interleave: "
                      "give --prometheus a file");
  if (a.write && a.files.size() != 1) throw input_error(kWriteNeedsDocument);
  if (a.ticket && a.json) throw input_error("--ticket prints text for a support ticket, --json the assessment as data: give one");
  imports::ImportReport report;
  std::vector<ResultDocument> docs = load_documents(a, report);
  if (a.write && !passed_through(a, docs, report)) throw input_error(kWriteNeedsDocument);
  if (!a.prometheus.empty() && docs.size() > 1)
    throw input_error("--prometheus writes one machine's figures: the inputs are of " + std::to_string(docs.size()) +
                      " machines; score each machine's files on their own");
  const Thresholds t = a.thresholds.empty() ? Thresholds{} : load_thresholds(a.thresholds);
  const BaselineSet set = load_baselines(a.baselines.empty() ? default_baselines_dir() : std::filesystem::path(a.baselines));

  // Multi-GPU rows without an expectation of their own (imported nccl-tests, p2p outputs) get one
  // from the topology baselines beside the per-model ones.
  std::vector<multigpu::TopologyBaseline> topologies;
  const std::filesystem::path topo_dir = set.dir / "topologies";
  if (std::error_code ec; std::filesystem::is_directory(topo_dir, ec)) topologies = multigpu::load_topology_baselines(topo_dir);
  int code = exit_code::ok;
  json assessments = json::array();
  std::string text;
  const int text_fd = on_stdout.empty() ? 1 : 2;
  SummaryStyle style;
  style.width = terminal_width(text_fd);
  style.colour = colour_wanted(text_fd);
  for (std::size_t m = 0; m < docs.size(); ++m) {
    ResultDocument& doc = docs[m];
    if (a.price >= 0) doc.price_per_hour = a.price;
    if (!a.currency.empty()) doc.currency = a.currency;
    score_document(doc, reference_lookup(set), set.version, t, &topologies);
    const int c = assessment_exit_code(*doc.assessment, a.fail_on);
    code = m == 0 ? c : combined(code, c);
    assessments.push_back(json(*doc.assessment));
    if (docs.size() > 1) text += (m ? "\n" : "") + std::string("== ") + report.machines[m] + "\n";
    // The text ends with the multi-GPU figures in the shapes nccl-tests and p2pBandwidthLatencyTest print.
    if (a.ticket) text += support_ticket(doc);
    else
      text += (a.verbose ? assessment_text(*doc.assessment, style.width) : assessment_summary(*doc.assessment, style)) +
              multigpu_tables_text(doc);
  }
  // One machine: its assessment as always; several: an array of them, in the order of the machines.
  const std::string out =
      a.json ? (docs.size() == 1 ? assessments.front() : assessments).dump(2) + "\n" : text;
  std::fwrite(out.data(), 1, out.size(), on_stdout.empty() ? stdout : stderr);
  if (a.write) {
    // Only what score owns changes (the assessment, and the price and currency when given): every
    // other byte of the file stays as it was, so a committed document churns by its assessment only.
    std::vector<std::string> owned{"assessment"};
    if (a.price >= 0) owned.push_back("price_per_hour");
    if (!a.currency.empty()) owned.push_back("currency");
    std::string written;
    try {
      written = result_text_replacing(document_bytes(a.files.front()), docs.front(), owned);  // never too big to read back
    } catch (const Error& e) {
      throw io_error(a.files.front() + ": not written: " + e.what() + "; the original is kept");
    }
    write_file_atomic(a.files.front(), written);
    std::fprintf(stderr, "gpuaudit: assessment written to %s\n", a.files.front().c_str());
  }
  if (!a.prometheus.empty()) {
    write_prometheus_textfile(a.prometheus, docs.front());
    if (on_stdout.empty()) std::fprintf(stderr, "gpuaudit: wrote %s\n", a.prometheus.c_str());
  }
  return code;
}

const RegisterCommand score_cmd{
    {"score", "Score a result document against the baselines: healthy, sliced, throttled, ...", 30,
     [](CLI::App& sub) -> std::function<int()> {
       auto a = std::make_shared<ScoreArgs>();
       sub.add_option("result", a->files,
                      "Result document written by `gpuaudit run`, or other tools' outputs of one machine, or a paste "
                      "of several (imported in memory); '-' reads standard input")
           ->required();
       sub.add_option("--format", a->format, "Read every file as this format instead of detecting it (gpuaudit import --list-formats)");
       sub.add_flag("--json", a->json, "Print the assessment as JSON (an array of them for several machines)");
       sub.add_flag("--ticket", a->ticket,
                    "Print a support ticket for the provider instead: the machine, each finding with its evidence, what to ask for");
       sub.add_flag("-v,--verbose", a->verbose, "Print every finding's evidence and every GPU's figures (default: one screen)");
       sub.add_option("--thresholds", a->thresholds, "JSON file overriding tolerances and rule thresholds (docs/scoring.md)");
       sub.add_option("--baselines", a->baselines, "Folder of baselines (default: the installed set)");
       sub.add_option("--price-per-hour", a->price, "Price of the instance per hour (overrides the document's)")
           ->check(CLI::NonNegativeNumber);
       sub.add_option("--currency", a->currency, "Currency of the price (default: the document's, else USD)");
       sub.add_flag("--write", a->write, "Store the assessment in the document (replaces an earlier one)");
       sub.add_option("--prometheus", a->prometheus, "Write the figures and findings as a node_exporter textfile (docs/prometheus.md)");
       sub.add_option("--fail-on", a->fail_on,
                      "The least sure finding that makes exit 1: low, medium (default) or high; less sure ones are "
                      "printed and do not fail")
           ->check(CLI::IsMember({"low", "medium", "high"}));
       sub.add_flag("--strict", a->strict, "Refuse (exit 2) when any file or part of a paste cannot be read, instead of naming it and judging the rest");
       sub.add_flag("--allow-mixed", a->allow_mixed, "Files of different machines: judge each machine apart instead of refusing them");
       return [a] { return run_score(*a); };
     },
     {{0, "healthy"}, {1, "a finding (as sure as --fail-on)"}, {2, ""}, {5, "could not write (--write, --prometheus)"}, {6, ""}}}};

}  // namespace
}  // namespace gpuaudit::cli
