// gpuaudit compare BASE NEW: a CI regression gate. Exit 0 no regression, 1 regression, 2 bad input.
#include "cli/command.hpp"
#include "cli/validators.hpp"
#include "compare/compare.hpp"
#include "compare/compare_render.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "text/terminal.hpp"

#include <cmath>
#include <cstdio>
#include <memory>

namespace gpuaudit::cli {
namespace {

struct CompareArgs {
  std::string base, next, markdown, junit;
  std::vector<std::string> max_regression;
  double alpha = kDefaultAlpha;
  int last = kDefaultLastRuns;
  bool allow_different_hardware = false;
  bool json = false;
  bool verbose = false;
};

int run_compare(const CompareArgs& a) {
  CompareOptions opt;
  for (const auto& spec : a.max_regression) opt.tolerances.parse(spec);
  opt.alpha = a.alpha;
  opt.allow_different_hardware = a.allow_different_hardware;
  // One output per stream: a file format sent to stdout takes it, and the table goes to stderr.
  const std::string on_stdout = stdout_output({{"--markdown", a.markdown}, {"--junit", a.junit}});
  if (!on_stdout.empty() && a.json)
    throw input_error("--json and " + on_stdout + " both write to standard output, where their text would interleave: "
                      "give " + on_stdout + " a file");

  const BaseRuns base = load_base(a.base, a.last);
  const ResultDocument next = read_result(a.next);
  const Comparison c = compare_runs(base, next, a.next, opt);

  if (!a.markdown.empty()) write_file_atomic(a.markdown, compare_markdown(c));
  if (!a.junit.empty()) write_file_atomic(a.junit, compare_junit(c));
  for (const auto* file : {&a.markdown, &a.junit})  // on stderr: stdout is the comparison
    if (!file->empty() && !writes_to_stdout(*file)) std::fprintf(stderr, "gpuaudit: wrote %s\n", file->c_str());
  const std::string out = a.json ? compare_json(c).dump(2) + "\n" : compare_text(c, terminal_width(1), a.verbose);
  std::fwrite(out.data(), 1, out.size(), on_stdout.empty() ? stdout : stderr);
  return c.has_regression() ? exit_code::finding : exit_code::ok;
}

const RegisterCommand compare_cmd{
    {"compare", "Compare two results: a CI regression gate (exit 1 on a regression)", 40,
     [](CLI::App& sub) -> std::function<int()> {
       auto a = std::make_shared<CompareArgs>();
       sub.add_option("BASE", a->base, "Earlier result document, or a folder of them (median of the last --last runs)")
           ->required();
       sub.add_option("NEW", a->next, "The result document to judge")->required()->check(readable_file());
       sub.add_option("--max-regression", a->max_regression,
                      "Smallest change that counts, default 5%; per family or figure: hbm=3%,pcie=10%,gemm/bf16=2%")
           ->delimiter('\0');
       sub.add_option("--alpha", a->alpha, "Significance level of the Mann-Whitney U test (default 0.05)")
           ->check(between(1e-6, 0.5));
       sub.add_option("--last", a->last, "With a BASE folder: how many of its latest runs make the base (default 5)")
           ->check(between(1, 1000));
       sub.add_flag("--allow-different-hardware", a->allow_different_hardware,
                    "Compare even when GPU model, MIG profile or GPU count differ");
       sub.add_option("--markdown", a->markdown, "Also write a Markdown summary (e.g. $GITHUB_STEP_SUMMARY)");
       sub.add_option("--junit", a->junit, "Also write JUnit XML: one test case per figure, failures for regressions");
       sub.add_flag("--json", a->json, "Print the comparison as JSON instead of the table");
       sub.add_flag("-v,--verbose", a->verbose, "Every figure in the table, the unchanged ones too (default: those in one line)");
       sub.footer(
           "A figure is 'regressed' or 'improved' only when its change is beyond the tolerance and beyond the\n"
           "runs' own scatter, and a Mann-Whitney U test on the samples says it is real (p < alpha).\n"
           "Different GPU model, MIG profile or GPU count is refused (exit 2). See docs/compare.md.");
       return [a] { return run_compare(*a); };
     },
     {{0, "no regression"}, {1, "a regression (or a benchmark that failed)"}, {2, "bad input, or different hardware"}, {5, ""}}}};

}  // namespace
}  // namespace gpuaudit::cli
