#include "report/load_runs.hpp"

#include "core/document_io.hpp"
#include "core/document_read_simd.hpp"
#include "core/error.hpp"
#include "report/stream_documents.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <thread>

namespace gpuaudit {
namespace fs = std::filesystem;

namespace {

// A report needs each figure's summary, not its samples, telemetry or the raw JSON every level of
// the model keeps in `extra` (round-tripping unknown fields). Dropping them cuts the memory of a
// thousand documents roughly tenfold; only extra.soak and extra.watch (the timelines) are kept.
void slim_for_report(ResultDocument& d) {
  json kept = json::object();
  if (d.extra.is_object())
    for (const char* key : {"soak", "watch"})
      if (auto it = d.extra.find(key); it != d.extra.end()) kept[key] = std::move(*it);
  d.extra = std::move(kept);
  for (auto& b : d.benchmarks) {
    b.samples = {};
    b.telemetry.reset();
    b.params = json::object();
    b.extra = json();
  }
  for (auto& g : d.gpus) g.extra = json();
  d.host.extra = json();
  d.software.extra = json();
  d.tool.extra = json();
  if (d.assessment) {
    d.assessment->extra = json();
    for (auto& f : d.assessment->findings) f.extra = json();
  }
}

}  // namespace

std::vector<fs::path> list_result_files(const std::vector<std::string>& paths) {
  std::vector<fs::path> files;
  for (const auto& p : paths) {
    std::error_code ec;
    const auto st = fs::status(p, ec);
    if (ec && ec != std::errc::no_such_file_or_directory) {
      // A symlink loop, a folder we may not enter: a document that cannot be read (skippable).
      files.emplace_back(p);
      continue;
    }
    if (!fs::exists(st)) throw input_error(p + ": no such file or folder");
    if (!fs::is_directory(st)) {
      files.emplace_back(p);
      continue;
    }
    std::vector<fs::path> found;
    for (auto it = fs::recursive_directory_iterator(p, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (it->path().extension() != ".json") continue;
      // The error_code forms: a *.json symlink loop or dangling link threw filesystem_error here
      // ("internal error"). It is kept, so that reading it names it (or --skip-invalid skips it).
      std::error_code entry_ec;  // a dangling link (not found) is no document, as before
      if (it->is_regular_file(entry_ec) || (entry_ec && entry_ec != std::errc::no_such_file_or_directory))
        found.push_back(it->path());
    }
    if (ec) throw input_error(p + ": cannot list the folder: " + ec.message());
    if (found.empty()) throw input_error(p + ": no *.json result documents in this folder");
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  std::vector<fs::path> unique;
  std::set<fs::path> seen;
  for (const auto& f : files) {
    std::error_code ec;
    const fs::path canon = fs::weakly_canonical(f, ec);
    if (seen.insert(ec ? f : canon).second) unique.push_back(f);  // a file named twice counts once
  }

  return unique;
}

std::vector<LoadedRun> load_runs(const std::vector<std::string>& paths, const LoadOptions& opt) {
  const std::vector<fs::path> unique = list_result_files(paths);
  // Parsing is the whole cost of a report (JSON to the document model): spread it over the cores.
  // Each slot is written by one thread; the outcome is in file order whatever the scheduling.
  std::vector<std::optional<ResultDocument>> docs(unique.size());
  std::vector<std::string> errors(unique.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i = next++; i < unique.size(); i = next++) {
      try {
        docs[i] = read_result_fast(unique[i]);
        slim_for_report(*docs[i]);
      } catch (const Error& e) {
        errors[i] = e.what();
      } catch (const std::exception& e) {  // not expected; never let it escape a thread
        errors[i] = unique[i].string() + ": " + e.what();
      }
    }
  };
  const size_t threads = std::min<size_t>({std::max(1u, std::thread::hardware_concurrency()), 16, unique.size() / 16 + 1});
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();

  std::vector<LoadedRun> runs;
  runs.reserve(unique.size());
  for (size_t i = 0; i < unique.size(); ++i) {
    if (!docs[i]) {
      if (!opt.skip_invalid) throw input_error(errors[i]);
      std::fprintf(stderr, "gpuaudit: skipping %s\n", errors[i].c_str());
      continue;
    }
    runs.push_back({unique[i].string(), std::move(*docs[i])});
  }
  if (runs.empty()) throw input_error("no readable result documents to report on");
  return runs;
}

std::vector<RunDigest> load_run_digests(const std::vector<std::string>& paths, const LoadOptions& opt,
                                        const std::vector<std::string>& group_by, size_t keep_soak,
                                        const HealthyReference* healthy) {
  const std::vector<fs::path> files = list_result_files(paths);
  std::vector<RunDigest> out;
  out.reserve(files.size());
  std::map<std::vector<std::string>, size_t> soak_kept, watch_kept;
  stream_documents(
      files, {.skip_invalid = opt.skip_invalid},
      [&group_by, healthy, &opt](const fs::path& p, ResultDocument& doc) {
        if (!doc.assessment && opt.assess_unscored) opt.assess_unscored(doc);
        return digest_run(p.string(), doc, group_by, healthy);
      },
      [&](const fs::path&, RunDigest& d) {
        if (d.soak && soak_kept[d.key_values]++ >= keep_soak) d.soak.reset();
        if (d.watch && watch_kept[d.key_values]++ >= keep_soak) d.watch.reset();
        out.push_back(std::move(d));
      });
  if (out.empty()) throw input_error("no readable result documents to report on");
  return out;
}

}  // namespace gpuaudit
