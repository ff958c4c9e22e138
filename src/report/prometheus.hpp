// A node_exporter textfile (the "textfile collector" format, Prometheus exposition text 0.0.4)
// from one result document: every figure, the delivered fraction, the findings and the run's
// time, so a fleet already scraped by Prometheus sees what gpuaudit measured. See docs/prometheus.md.
#pragma once

#include "core/result.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace gpuaudit {

// How a gpuaudit unit maps onto a Prometheus base unit: the suffix of the metric name and the
// factor that turns a value in the gpuaudit unit into one in the base unit.
struct PrometheusUnit {
  std::string suffix;  // "bytes_per_second", "seconds", "ratio", "" (a plain count)
  double scale = 1;
};
// GB/s -> bytes_per_second x 1e9, us -> seconds x 1e-6, % -> ratio x 0.01, TFLOP/s -> flop_per_second x 1e12 ...
// An unknown unit keeps its value and gets a suffix made of its own letters ("widgets/s" ->
// "widgets_per_second"), so nothing is dropped and nothing is mislabelled as a base unit.
PrometheusUnit prometheus_unit(std::string_view unit);

// "hbm/copy" + "GB/s" -> "gpuaudit_hbm_copy_bytes_per_second": [a-zA-Z0-9_] only, no "__" runs.
std::string prometheus_metric_name(std::string_view figure, std::string_view unit);

// A label value: backslash, double quote and line feed escaped as the exposition format asks.
std::string prometheus_label_value(std::string_view s);
// A HELP text: backslash and line feed escaped.
std::string prometheus_help_text(std::string_view s);

// "2026-11-30T00:18:29Z" -> seconds since the epoch; nullopt when it is not that shape.
std::optional<double> parse_utc_seconds(std::string_view iso8601);

// The whole textfile. Uses doc.assessment when it is set (findings, delivered fraction).
std::string prometheus_textfile(const ResultDocument& doc);
// The same, written atomically (write_file_atomic): node_exporter never reads half a file, and its
// temporary name does not end in .prom, so the collector skips it. Throws Error(io_error).
void write_prometheus_textfile(const std::filesystem::path& path, const ResultDocument& doc);

}  // namespace gpuaudit
