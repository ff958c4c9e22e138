// gpuaudit score RESULT.json: judge a result document against the baselines (docs/scoring.md).
// Prints the headline, the findings with their evidence and every figure against its reference;
// --json prints the assessment as data; --write stores it in the document, replacing any earlier
// one (re-scoring an old document against today's baselines records today's version).
#include "baselines/baseline_set.hpp"
#include "cli/command.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "report/prometheus.hpp"

#include <cstdio>
#include <memory>

namespace gpuaudit::cli {
namespace {

struct ScoreArgs {
  std::string file, thresholds, baselines, currency;
  double price = -1;
  bool json = false, write = false;
  std::string prometheus;  // --prometheus FILE: a node_exporter textfile of the scored document
};

int run_score(const ScoreArgs& a) {
  ResultDocument doc = read_result(a.file);
  const Thresholds t = a.thresholds.empty() ? Thresholds{} : load_thresholds(a.thresholds);
  const BaselineSet set = load_baselines(a.baselines.empty() ? default_baselines_dir() : std::filesystem::path(a.baselines));
  if (a.price >= 0) doc.price_per_hour = a.price;
  if (!a.currency.empty()) doc.currency = a.currency;

  const int code = score_document(doc, reference_lookup(set), set.version, t);
  const std::string out = a.json ? json(*doc.assessment).dump(2) + "\n" : assessment_text(*doc.assessment);
  std::fwrite(out.data(), 1, out.size(), stdout);
  if (a.write) {
    write_result(a.file, doc);
    std::fprintf(stderr, "gpuaudit: assessment written to %s\n", a.file.c_str());
  }
  if (!a.prometheus.empty()) write_prometheus_textfile(a.prometheus, doc);
  return code;
}

const RegisterCommand score_cmd{
    {"score", "Score a result document against the baselines: healthy, sliced, throttled, ...", 30,
     [](CLI::App& sub) -> std::function<int()> {
       auto a = std::make_shared<ScoreArgs>();
       sub.add_option("result", a->file, "Result document written by `gpuaudit run`")->required();
       sub.add_flag("--json", a->json, "Print the assessment as JSON");
       sub.add_option("--thresholds", a->thresholds, "JSON file overriding tolerances and rule thresholds (docs/scoring.md)");
       sub.add_option("--baselines", a->baselines, "Folder of baselines (default: the installed set)");
       sub.add_option("--price-per-hour", a->price, "Price of the instance per hour (overrides the document's)")
           ->check(CLI::NonNegativeNumber);
       sub.add_option("--currency", a->currency, "Currency of the price (default: the document's, else USD)");
       sub.add_flag("--write", a->write, "Store the assessment in the document (replaces an earlier one)");
       sub.add_option("--prometheus", a->prometheus, "Write the figures and findings as a node_exporter textfile (docs/prometheus.md)");
       return [a] { return run_score(*a); };
     }}};

}  // namespace
}  // namespace gpuaudit::cli
