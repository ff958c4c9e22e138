// `gpuaudit export`: one row per figure of every document, with the whole context of the run in
// columns (host, provider, region, instance, GPU, driver, CUDA, verdict, time), for DuckDB,
// ClickHouse, BigQuery, SQLite or pandas. The schema is docs/export.md; columns are only ever
// added at the end (a new schema_version says so), never renamed or reordered.
#pragma once

#include "core/result.hpp"

#include <string>
#include <vector>

namespace gpuaudit {

inline constexpr const char* kExportSchema = "gpuaudit.export/1";

enum class ExportFormat { csv, ndjson };

// The column names, in order.
const std::vector<std::string>& export_columns();

// The CSV header line (with "\n"); empty for NDJSON, which names the fields in every line.
std::string export_header(ExportFormat format);

// Every figure of one document (every status: a check-failed row has no median but says so),
// one line each. `source` is the file it came from.
std::string export_document(const ResultDocument& doc, const std::string& source, ExportFormat format);

}  // namespace gpuaudit
