#include "report/export.hpp"

#include "core/figure_label.hpp"
#include "core/float_text.hpp"
#include "core/join.hpp"
#include "text/escape.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <variant>

namespace gpuaudit {

namespace {

// A cell: text, a number, or nothing (CSV: an empty field; NDJSON: null).
using Cell = std::variant<std::monostate, std::string, double>;

std::string number_text(double v) {
  char buf[40];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {  // counts, whole figures: plain digits
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  // The fewest significant digits (at least 6) that read back as v, in %g's form. The digits of
  // the shortest round trip (to_chars) give that count in one go; trying %.6g, %.7g, ... each read
  // back with strtod, as before, was half the time of an export. Same text: the correctly rounded
  // d-digit form reads back whenever any d-digit decimal does.
  std::snprintf(buf, sizeof buf, "%.*g", std::clamp(shortest_round_trip_digits(v), 6, 17), v);
  return buf;
}

Cell opt(const std::optional<double>& v) { return v && std::isfinite(*v) ? Cell(*v) : Cell(); }
Cell opt(const std::optional<int>& v) { return v ? Cell(static_cast<double>(*v)) : Cell(); }
Cell opt(const std::optional<std::string>& v) { return v ? Cell(*v) : Cell(); }
Cell text(const std::string& s) { return s.empty() ? Cell() : Cell(s); }

// Finding ids in assessment order, each once; `gpu` set: that GPU's and the host-wide ones.
std::vector<std::string> finding_ids(const ResultDocument& d, std::optional<std::optional<int>> gpu) {
  std::vector<std::string> ids;
  if (!d.assessment) return ids;
  for (const auto& f : d.assessment->findings) {
    if (gpu && f.gpu && f.gpu != *gpu) continue;
    if (std::find(ids.begin(), ids.end(), f.id) == ids.end()) ids.push_back(f.id);
  }
  return ids;
}

std::string tag(const ResultDocument& d, const char* key) {
  const auto it = d.tags.find(key);
  return it == d.tags.end() ? "" : it->second;
}

void put_csv_cell(std::string& out, const Cell& cell) {
  if (const auto* s = std::get_if<std::string>(&cell)) out += csv_text(*s);
  else if (const auto* v = std::get_if<double>(&cell)) out += number_text(*v);
}

// The columns that are the document's own, the same on each of its rows: a CSV renders them once
// per document (quoting them on every row was a good part of an export of 100,000 documents).
constexpr bool per_document(std::size_t column) {
  return column <= 8 || (column >= 13 && column <= 19) || column == 21 || column >= 33;
}

void put_ndjson(std::string& out, const std::vector<Cell>& cells) {
  json j = json::object();
  const auto& names = export_columns();
  for (size_t i = 0; i < cells.size(); ++i) {
    if (const auto* s = std::get_if<std::string>(&cells[i])) j[names[i]] = *s;
    else if (const auto* v = std::get_if<double>(&cells[i])) j[names[i]] = *v;
    else j[names[i]] = nullptr;
  }
  // Replace, not throw, on text that is not UTF-8 (a tag pasted from elsewhere): one row stays one
  // line; no control character of a tag reaches the terminal raw.
  out += ndjson_line(j);
  out += '\n';
}

}  // namespace

const std::vector<std::string>& export_columns() {
  static const std::vector<std::string> cols{
      "schema_version", "source",        "created_utc",   "host",           "provider",       "region",
      "zone",           "instance",      "gpu_count",     "gpu_index",      "gpu_model",      "gpu_uuid",
      "mig_profile",    "driver",        "cuda_driver",   "cuda_runtime",   "gpuaudit_version", "mode",
      "synthetic",      "verdict",       "gpu_verdict",   "delivered_fraction", "figure",     "variant",
      "label",          "unit",          "higher_is_better", "status",      "n",              "median",
      "min",            "max",           "cv",            "price_per_hour", "currency"};
  return cols;
}

std::string export_header(ExportFormat format) {
  if (format != ExportFormat::csv) return "";
  std::string out;
  for (const auto& c : export_columns()) out += (out.empty() ? "" : ",") + c;
  return out + "\n";
}

std::string export_document(const ResultDocument& d, const std::string& source, ExportFormat format) {
  std::map<int, const GpuInfo*> gpus;
  for (const auto& g : d.gpus) gpus[g.index] = &g;
  const std::string provider = tag(d, "provider").empty() ? d.host.provider_guess : tag(d, "provider");
  const std::string instance = tag(d, "instance").empty() ? d.host.product_name : tag(d, "instance");
  const std::string verdict = join(finding_ids(d, std::nullopt), ";");
  std::optional<double> delivered;
  if (d.assessment) delivered = d.assessment->delivered_fraction;
  // Per-document columns here, per-row ones (Cell() here) in `row` below: per_document() says which.
  const std::vector<Cell> doc{
      Cell(std::string(kExportSchema)),
      text(source),
      text(d.created_utc),
      text(d.host.hostname),
      text(provider),
      text(tag(d, "region")),
      text(tag(d, "zone")),
      text(instance),
      Cell(static_cast<double>(d.gpus.size())),
      Cell(), Cell(), Cell(), Cell(),  // gpu_index, gpu_model, gpu_uuid, mig_profile
      opt(d.software.driver_version),
      opt(d.software.cuda_driver_version),
      opt(d.software.cuda_runtime_version),
      text(d.tool.version),
      text(d.mode),
      Cell(d.synthetic ? 1.0 : 0.0),
      d.assessment ? Cell(verdict) : Cell(),
      Cell(),  // gpu_verdict
      opt(delivered),
      Cell(), Cell(), Cell(), Cell(), Cell(), Cell(), Cell(), Cell(), Cell(), Cell(), Cell(),  // the figure
      opt(d.price_per_hour),
      d.price_per_hour ? Cell(d.currency.value_or("USD")) : Cell(),
  };
  std::vector<std::string> doc_csv(doc.size());
  if (format == ExportFormat::csv)
    for (std::size_t i = 0; i < doc.size(); ++i)
      if (per_document(i)) put_csv_cell(doc_csv[i], doc[i]);
  std::string out;
  for (const auto& b : d.benchmarks) {
    const GpuInfo* g = nullptr;
    if (b.gpu)
      if (const auto it = gpus.find(*b.gpu); it != gpus.end()) g = it->second;
    std::string variant = figure_variant(b);
    const std::string count = figure_gpu_count(b);
    if (!count.empty()) variant += " " + count;
    if (const auto p = variant.find_first_not_of(' '); p != std::string::npos) variant = variant.substr(p);
    const bool has = b.summary.has_value() && b.status == "ok";
    std::vector<Cell> row{
        Cell(), Cell(), Cell(), Cell(), Cell(), Cell(), Cell(), Cell(), Cell(),  // the document's
        opt(b.gpu),
        g ? text(g->name) : Cell(),
        g ? text(g->uuid) : Cell(),
        g && g->mig.is_mig_device ? opt(g->mig.profile) : Cell(),
        Cell(), Cell(), Cell(), Cell(), Cell(), Cell(), Cell(),  // the document's
        d.assessment ? Cell(join(finding_ids(d, b.gpu), ";")) : Cell(),
        Cell(),  // delivered_fraction, the document's
        text(b.name),
        text(variant),
        text(figure_label(b)),
        text(b.unit),
        Cell(b.higher_is_better ? 1.0 : 0.0),
        text(b.status),
        has ? Cell(static_cast<double>(b.summary->n)) : Cell(),
        has ? opt(std::optional<double>(b.summary->median)) : Cell(),
        has ? opt(std::optional<double>(b.summary->min)) : Cell(),
        has ? opt(std::optional<double>(b.summary->max)) : Cell(),
        has ? opt(std::optional<double>(b.summary->cv)) : Cell(),
        Cell(), Cell(),  // price_per_hour, currency: the document's
    };
    if (format == ExportFormat::csv) {
      for (std::size_t i = 0; i < row.size(); ++i) {
        if (i) out += ',';
        if (per_document(i)) out += doc_csv[i];
        else put_csv_cell(out, row[i]);
      }
      out += '\n';
    } else {
      for (std::size_t i = 0; i < row.size(); ++i)
        if (per_document(i)) row[i] = doc[i];
      put_ndjson(out, row);
    }
  }
  return out;
}

}  // namespace gpuaudit
