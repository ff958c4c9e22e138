// The job's own throughput, read from what it prints: `--metric REGEX` (POSIX extended) is tried on
// every line of its output (lines end at '\n' or '\r', so a tqdm bar redrawn in place gives one
// line per redraw). The number is the regex's first group when it has one ("([0-9.]+) tokens/s"),
// else the number just before the match ("it/s" on "9.95it/s"), else the first number inside it.
#pragma once

#include "watch/watch_record.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit {

class MetricScanner {
 public:
  // Throws input_error (one line naming the pattern) when the regex does not compile.
  explicit MetricScanner(const std::string& regex);
  ~MetricScanner();
  MetricScanner(const MetricScanner&) = delete;
  MetricScanner& operator=(const MetricScanner&) = delete;

  // Feeds output as it arrives; a value found on a completed line is stamped with t_s.
  void feed(std::string_view bytes, double t_s);
  // The last line, when the output ended without a line break.
  void finish(double t_s);
  const std::vector<WatchMetricPoint>& points() const { return points_; }

  // The value on one line, when the regex matches it and a number can be read.
  std::optional<double> value_of(const std::string& line) const;

  static constexpr std::size_t kMaxLine = 4096;  // a longer line is cut: the regex sees its first 4 KB

 private:
  struct Compiled;
  std::unique_ptr<Compiled> re_;
  std::string line_;
  std::vector<WatchMetricPoint> points_;
};

// The unit a metric regex names, for the cost line: "tokens" from "([0-9.]+) tokens/s", "it" from
// "it/s"; "units" when none can be told.
std::string metric_unit(const std::string& regex);

}  // namespace gpuaudit
