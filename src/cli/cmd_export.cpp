// gpuaudit export --format csv|ndjson RUN...: one row per figure of every document, with the run's
// context in columns (docs/export.md). Streams: documents are read a window at a time and their
// rows written as they come (to stdout, or to -o FILE's temp file), so a fleet's whole history
// fits in constant memory.
#include "cli/command.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "core/output_file.hpp"
#include "report/export.hpp"
#include "report/load_runs.hpp"
#include "report/stream_documents.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string_view>

namespace gpuaudit::cli {
namespace {

struct ExportArgs {
  std::vector<std::string> runs;
  std::string format = "csv";
  std::string output;
  bool skip_invalid = false;
};

// Rows to stdout through its buffer; to a file through AtomicOutputFile (a temp file renamed over
// the target at the end, so a reader never sees half an export). Both as they come: constant memory.
void write_stdout(std::string_view s) {
  if (std::fwrite(s.data(), 1, s.size(), stdout) != s.size())
    throw Error(exit_code::io_error, std::string("cannot write to stdout: ") + std::strerror(errno));
}

int run_export(const ExportArgs& a) {
  const ExportFormat format = a.format == "ndjson" ? ExportFormat::ndjson : ExportFormat::csv;
  const auto files = list_result_files(a.runs);
  std::optional<AtomicOutputFile> file;  // destroyed uncommitted on any error: the target stays as it was
  if (!a.output.empty()) file.emplace(a.output);
  auto emit = [&](std::string_view s) { file ? file->write(s) : write_stdout(s); };
  emit(export_header(format));
  const size_t n = stream_documents(
      files, {.skip_invalid = a.skip_invalid},
      [format](const std::filesystem::path& p, ResultDocument& doc) { return export_document(doc, p.string(), format); },
      [&](const std::filesystem::path&, std::string& rows) { emit(rows); });
  if (n == 0) throw input_error("no readable result documents to export");
  if (file) {
    file->commit();
    std::fprintf(stderr, "gpuaudit: wrote %s (%zu documents)\n", a.output.c_str(), n);
  } else if (std::fflush(stdout) != 0)
    throw Error(exit_code::io_error, std::string("cannot write to stdout: ") + std::strerror(errno));
  return exit_code::ok;
}

const RegisterCommand export_cmd{
    {"export", "Export every figure of many results as CSV or NDJSON rows (DuckDB, pandas, BigQuery)", 55,
     [](CLI::App& sub) -> std::function<int()> {
       auto a = std::make_shared<ExportArgs>();
       sub.add_option("RUN", a->runs, "Result documents, or folders searched for *.json")->required();
       sub.add_option("--format", a->format, "csv (default) or ndjson (one JSON object per line)")
           ->check(CLI::IsMember({"csv", "ndjson"}));
       sub.add_option("-o,--output", a->output,
                      "Write to FILE instead of stdout, as the rows come; FILE is replaced once all are written");
       sub.add_flag("--skip-invalid", a->skip_invalid,
                    "Skip unreadable or foreign documents with a warning instead of stopping (exit 2)");
       sub.footer("Columns and their meaning: docs/export.md (schema gpuaudit.export/1).");
       return [a] { return run_export(*a); };
     },
     {{0, "written"}, {2, "bad input (the file is named)"}, {5, ""}}}};

}  // namespace
}  // namespace gpuaudit::cli
