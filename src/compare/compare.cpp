// gpuaudit compare: loading the base runs (a document or the last K of a folder) and judging each
// figure of a new run against them.
#include "compare/compare.hpp"

#include "compare/causes.hpp"

#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/figure_catalogue.hpp"
#include "core/figure_label.hpp"
#include "core/json_splice.hpp"
#include "core/stats.hpp"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace gpuaudit {
namespace fs = std::filesystem;

namespace {

bool failed_status(const std::string& s) { return s == "check-failed" || s == "error"; }

using FigureKey = std::pair<std::string, std::optional<int>>;

// One figure across all base runs: per-run medians and every sample, pooled. Pooling the samples
// of several runs puts the run-to-run scatter into the noise the verdict is judged against.
struct BaseFigure {
  const BenchmarkResult* latest = nullptr;  // for unit and direction
  std::vector<double> run_values;
  std::vector<double> samples;
};

std::string hardware_refusal(const std::string& base_name, const std::string& new_name,
                             const std::vector<Difference>& diffs) {
  std::string s = "refusing to compare different hardware: ";
  for (size_t i = 0; i < diffs.size(); ++i)
    s += (i ? "; " : "") + diffs[i].what + " " + diffs[i].base + " (" + base_name + ") vs " + diffs[i].next + " (" +
         new_name + ")";
  return s + " (pass --allow-different-hardware to compare anyway)";
}

// Whether more is better: gpuaudit's own knowledge of the figure (core/figure_catalogue.hpp),
// never what the run being judged says; for a figure it does not know, what both runs say, and
// nullopt when they disagree (a hand-edited flag would turn a drop into an improvement).
std::optional<bool> direction(const BenchmarkResult& base, const BenchmarkResult& next) {
  if (const auto known = known_direction(next)) return known;
  if (base.higher_is_better == next.higher_is_better) return base.higher_is_better;
  return std::nullopt;
}

// The *.json files of a base folder, sorted; throws input_error when it cannot be listed or has none.
std::vector<fs::path> base_files(const fs::path& dir) {
  std::error_code ec;
  std::vector<fs::path> files;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() != ".json") continue;
    // A *.json symlink loop threw filesystem_error from is_regular_file() ("internal error"); it
    // is kept, and reading it names it.
    std::error_code entry_ec;  // a dangling link (not found) is no document, as before
    if (it->is_regular_file(entry_ec) || (entry_ec && entry_ec != std::errc::no_such_file_or_directory))
      files.push_back(it->path());
  }
  if (ec) throw input_error(dir.string() + ": cannot list the folder: " + ec.message());
  std::sort(files.begin(), files.end());
  if (files.empty()) throw input_error(dir.string() + ": no *.json result documents in this folder");
  return files;
}

// The value of the top-level "created_utc" member, found by a scan of the text (core/json_splice)
// without parsing the document. When the scan cannot tell (the text is no JSON object, the member
// is missing, named twice or not a string), the document is read in full: its refusal then names
// the file and field, as for any base run. An unreadable or oversized file throws, naming it.
std::string created_utc_of(const fs::path& file) {
  const std::string text = read_document_text(file);
  if (const auto members = top_level_members(text)) {
    const MemberSpan* found = nullptr;
    int count = 0;
    for (const auto& m : *members)
      if (m.key == "created_utc" && ++count == 1) found = &m;
    if (count == 1 && text[found->value_begin] == '"') {
      try {
        return json::parse(text.begin() + static_cast<std::ptrdiff_t>(found->value_begin),
                           text.begin() + static_cast<std::ptrdiff_t>(found->value_end))
            .get<std::string>();
      } catch (const json::exception&) {  // a bad escape: the full read says what is wrong
      }
    }
  }
  return read_result(file).created_utc;
}

// A base run before it is read: sorted by (created_utc, path), the order the last K are taken in.
struct DatedFile {
  std::string created_utc;
  std::string name;
  bool operator<(const DatedFile& o) const { return std::tie(created_utc, name) < std::tie(o.created_utc, o.name); }
};

}  // namespace

std::string FigureComparison::label() const {
  return gpu ? name + " (GPU " + std::to_string(*gpu) + ")" : name;
}

int Comparison::count(const std::string& outcome) const {
  return static_cast<int>(std::count_if(figures.begin(), figures.end(),
                                        [&](const FigureComparison& f) { return f.outcome == outcome; }));
}

bool Comparison::has_regression() const {
  return std::any_of(figures.begin(), figures.end(), [](const FigureComparison& f) { return f.is_regression(); });
}

BaseRuns load_base(const fs::path& path, int last_k) {
  if (last_k < 1) throw input_error("--last must be at least 1");
  BaseRuns base;
  std::error_code ec;
  if (!fs::is_directory(path, ec)) {
    base.docs.push_back(read_result(path));
    base.names.push_back(path.string());
    return base;
  }
  // Only the chosen runs are read in full: the others' dates come from a scan of their text, one
  // file at a time, so a folder of 20,000 documents costs what reading 5 does plus a byte scan.
  std::vector<DatedFile> runs;
  for (const auto& f : base_files(path)) runs.push_back({created_utc_of(f), f.string()});
  std::sort(runs.begin(), runs.end());
  const size_t keep = std::min(runs.size(), static_cast<size_t>(last_k));
  for (size_t i = runs.size() - keep; i < runs.size(); ++i) {
    base.docs.push_back(read_result(runs[i].name));
    base.names.push_back(std::move(runs[i].name));
  }
  return base;
}

Comparison compare_runs(const BaseRuns& base, const ResultDocument& next, const std::string& new_name,
                        const CompareOptions& opt) {
  if (base.docs.empty()) throw input_error("no base run to compare with");
  const ResultDocument& latest = base.docs.back();
  Comparison c;
  c.base_names = base.names;
  c.new_name = new_name;
  c.base_hardware = hardware_summary(latest);
  c.new_hardware = hardware_summary(next);
  c.base_created_utc = latest.created_utc;
  c.new_created_utc = next.created_utc;
  c.tolerance_text = opt.tolerances.describe();
  c.alpha = opt.alpha;

  for (size_t i = 0; i < base.docs.size(); ++i) {
    auto diffs = hardware_differences(base.docs[i], next);
    if (diffs.empty()) continue;
    if (!opt.allow_different_hardware) throw input_error(hardware_refusal(base.names[i], new_name, diffs));
    if (i + 1 == base.docs.size()) c.hardware_differences = std::move(diffs);
  }
  c.software_differences = software_differences(latest, next);

  // Base figures, in the order they first appear (latest run's order wins when it has them).
  std::map<FigureKey, BaseFigure> base_figs;
  std::vector<FigureKey> base_order;
  for (const auto& doc : base.docs)
    for (const auto& b : doc.benchmarks) {
      if (b.status != "ok" || !b.value()) continue;
      const FigureKey key{figure_label(b), b.gpu};
      auto [it, inserted] = base_figs.try_emplace(key);
      if (inserted) base_order.push_back(key);
      it->second.latest = &b;
      it->second.run_values.push_back(*b.value());
      const auto& s = b.samples.empty() ? std::vector<double>{*b.value()} : b.samples;
      it->second.samples.insert(it->second.samples.end(), s.begin(), s.end());
    }

  std::map<FigureKey, bool> seen;
  for (const auto& nb : next.benchmarks) {
    const FigureKey key{figure_label(nb), nb.gpu};
    if (seen[key]) continue;  // a repeated entry: the first one counts
    seen[key] = true;
    FigureComparison f;
    f.name = key.first;  // "nccl/allreduce bf16 in-place x8": variants are separate figures
    f.gpu = nb.gpu;
    f.unit = nb.unit;
    f.higher_is_better = known_direction(nb).value_or(nb.higher_is_better);
    f.tolerance_pct = opt.tolerances.for_figure(nb.name);
    f.new_value = nb.value();
    const auto bit = base_figs.find(key);
    if (nb.status == "interrupted") {
      // Cut short by SIGINT/SIGTERM: it says nothing about the machine. Not judged, not a
      // regression; shown as skipped when the base has the figure. (Base runs count only "ok".)
      if (bit == base_figs.end()) continue;
      f.base_runs = static_cast<int>(bit->second.run_values.size());
      f.base_value = median_of(bit->second.run_values);
      f.new_value.reset();
      f.outcome = "skipped";
      f.reason = "interrupted in the new run" + (nb.message.empty() ? "" : " (" + nb.message + ")") + ": not compared";
      c.figures.push_back(std::move(f));
      continue;
    }
    if (bit != base_figs.end()) {
      f.base_runs = static_cast<int>(bit->second.run_values.size());
      f.base_value = median_of(bit->second.run_values);
    }
    if (!f.base_value) {
      if (!f.new_value) continue;  // in neither: nothing to say
      f.outcome = "new";
      f.reason = "no base figure to compare with";
    } else if (!f.new_value) {
      if (failed_status(nb.status)) {
        f.outcome = "failed";
        f.reason = nb.status + " in the new run" + (nb.message.empty() ? "" : ": " + nb.message);
      } else {
        f.outcome = "missing";
        f.reason = nb.status + " in the new run" + (nb.message.empty() ? "" : ": " + nb.message);
      }
    } else if (bit->second.latest->unit != nb.unit) {
      f.outcome = "skipped";
      f.reason = "unit changed (" + bit->second.latest->unit + " -> " + nb.unit + "): not comparable";
    } else if (const auto higher = direction(*bit->second.latest, nb); !higher) {
      f.outcome = "skipped";
      f.reason = "the base and new runs disagree on whether higher is better: not comparable";
    } else {
      const Measured b{*f.base_value, bit->second.samples};
      const Measured n{*f.new_value, nb.samples};
      f.higher_is_better = *higher;
      f.judgement = judge(b, n, *higher, f.tolerance_pct, opt.alpha);
      f.outcome = verdict_name(f.judgement->verdict);
      f.reason = f.judgement->reason;
    }
    if (f.is_regression()) f.causes = figure_causes(latest, next, nb.name, nb.gpu);
    c.figures.push_back(std::move(f));
  }
  for (const auto& key : base_order) {
    if (seen.count(key)) continue;
    const auto& bf = base_figs.at(key);
    FigureComparison f;
    f.name = key.first;
    f.gpu = key.second;
    f.unit = bf.latest->unit;
    f.higher_is_better = known_direction(*bf.latest).value_or(bf.latest->higher_is_better);
    f.tolerance_pct = opt.tolerances.for_figure(bf.latest->name);
    f.base_runs = static_cast<int>(bf.run_values.size());
    f.base_value = median_of(bf.run_values);
    f.outcome = "missing";
    f.reason = "not in the new run";
    c.figures.push_back(std::move(f));
  }
  return c;
}

}  // namespace gpuaudit
