#include "report/prometheus.hpp"
#include "core/finding_ids.hpp"

#include "core/document_io.hpp"
#include "core/figure_label.hpp"
#include "text/escape.hpp"
#include "soak/timeline.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <set>
#include <sstream>
#include <vector>

namespace gpuaudit {

namespace {

// [a-z0-9_] from any text: other characters become "_", runs of "_" collapse, none at either end.
std::string snake(std::string_view s) {
  std::string out;
  for (char c : s) {
    const unsigned char u = static_cast<unsigned char>(c);
    const char mapped = std::isalnum(u) ? static_cast<char>(std::tolower(u)) : '_';
    if (mapped == '_' && (out.empty() || out.back() == '_')) continue;
    out += mapped;
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

// Exposition-format numbers: shortest round-trip form; NaN/Inf spelled the way Prometheus reads them.
std::string number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
  char buf[40];
  // Whole numbers (counts, Unix times) in plain digits, as people and promtool read them best.
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  std::snprintf(buf, sizeof buf, "%.17g", v);
  // %.17g is exact but noisy (0.10000000000000001); take the shortest form that reads back the same.
  for (int p = 6; p < 17; ++p) {
    char shorter[40];
    std::snprintf(shorter, sizeof shorter, "%.*g", p, v);
    if (std::strtod(shorter, nullptr) == v) return shorter;
  }
  return buf;
}

using Labels = std::vector<std::pair<std::string, std::string>>;

std::string label_text(const Labels& labels) {
  if (labels.empty()) return "";
  std::string out = "{";
  for (size_t i = 0; i < labels.size(); ++i) {
    if (i) out += ",";
    out += labels[i].first + "=\"" + prometheus_label_value(labels[i].second) + "\"";
  }
  return out + "}";
}

// One metric family: HELP and TYPE once, then its samples; a second sample with the same labels
// is dropped (a textfile with duplicate series is rejected whole by node_exporter).
struct Family {
  std::string help;
  std::vector<std::string> lines;
  std::set<std::string> seen;
};

class Writer {
 public:
  void add(const std::string& name, const std::string& help, const Labels& labels, double value) {
    auto [it, inserted] = families_.try_emplace(name);
    if (inserted) {
      it->second.help = help;
      order_.push_back(name);
    }
    const std::string l = label_text(labels);
    if (!it->second.seen.insert(l).second) return;
    it->second.lines.push_back(name + l + " " + number(value));
  }
  std::string text() const {
    std::ostringstream o;
    for (const auto& name : order_) {
      const Family& f = families_.at(name);
      o << "# HELP " << name << " " << prometheus_help_text(f.help) << "\n# TYPE " << name << " gauge\n";
      for (const auto& line : f.lines) o << line << "\n";
    }
    return o.str();
  }

 private:
  std::map<std::string, Family> families_;
  std::vector<std::string> order_;  // first appearance: figures in document order
};

}  // namespace

PrometheusUnit prometheus_unit(std::string_view unit) {
  static const std::map<std::string, PrometheusUnit, std::less<>> known{
      {"GB/s", {"bytes_per_second", 1e9}},   {"MB/s", {"bytes_per_second", 1e6}},
      {"GiB/s", {"bytes_per_second", 1073741824.0}}, {"MiB/s", {"bytes_per_second", 1048576.0}},
      {"B/s", {"bytes_per_second", 1}},      {"TFLOP/s", {"flop_per_second", 1e12}},
      {"GFLOP/s", {"flop_per_second", 1e9}},           {"TOPS", {"ops_per_second", 1e12}},
      {"Mops/s", {"ops_per_second", 1e6}},   {"IOPS", {"ops_per_second", 1}},
      {"images/s", {"images_per_second", 1}}, {"us", {"seconds", 1e-6}},
      {"ms", {"seconds", 1e-3}},             {"ns", {"seconds", 1e-9}},
      {"s", {"seconds", 1}},                 {"%", {"ratio", 0.01}},
      {"ratio", {"ratio", 1}},               {"GiB", {"bytes", 1073741824.0}},
      {"MiB", {"bytes", 1048576.0}},         {"GB", {"bytes", 1e9}},
      {"bytes", {"bytes", 1}},               {"MHz", {"hertz", 1e6}},
      {"W", {"watts", 1}},                   {"C", {"celsius", 1}},
      {"count", {"", 1}},                    {"", {"", 1}},
  };
  if (const auto it = known.find(unit); it != known.end()) return it->second;
  std::string u(unit);
  if (u.size() >= 2 && u.compare(u.size() - 2, 2, "/s") == 0) u.replace(u.size() - 2, 2, " per second");
  for (std::string::size_type p; (p = u.find('/')) != std::string::npos;) u.replace(p, 1, " per ");
  return {snake(u), 1};
}

std::string prometheus_metric_name(std::string_view figure, std::string_view unit) {
  std::string name = "gpuaudit_" + snake(figure);
  const std::string suffix = prometheus_unit(unit).suffix;
  if (!suffix.empty()) name += "_" + suffix;
  return name;
}

std::string prometheus_label_value(std::string_view s) { return prometheus_text(s, true); }

std::string prometheus_help_text(std::string_view s) { return prometheus_text(s, false); }

std::optional<double> parse_utc_seconds(std::string_view s) {
  std::tm tm{};
  int consumed = 0;
  const std::string str(s);
  if (std::sscanf(str.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
                  &tm.tm_min, &tm.tm_sec, &consumed) != 6)
    return std::nullopt;
  double frac = 0;
  std::string_view rest = s.substr(static_cast<size_t>(consumed));
  if (!rest.empty() && rest.front() == '.') {
    size_t i = 1;
    double place = 0.1;
    for (; i < rest.size() && std::isdigit(static_cast<unsigned char>(rest[i])); ++i, place /= 10) frac += (rest[i] - '0') * place;
    rest.remove_prefix(i);
  }
  if (rest != "Z" && rest != "+00:00") return std::nullopt;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  const std::time_t t = timegm(&tm);
  if (t == static_cast<std::time_t>(-1)) return std::nullopt;
  return static_cast<double>(t) + frac;
}

std::string prometheus_textfile(const ResultDocument& doc) {
  Writer w;
  const std::string& host = doc.host.hostname;
  std::map<int, const GpuInfo*> gpus;
  for (const auto& g : doc.gpus) gpus[g.index] = &g;
  // Every per-GPU series carries gpu, uuid and model, so a dashboard joins them with DCGM's (which
  // uses the same three) without a lookup table; host names the machine inside the textfile, as the
  // scrape's own instance label names the exporter (not always the same thing behind a proxy).
  auto gpu_labels = [&](std::optional<int> index) {
    Labels l{{"host", host}};
    if (!index) return l;
    l.emplace_back("gpu", std::to_string(*index));
    const auto it = gpus.find(*index);
    l.emplace_back("uuid", it == gpus.end() ? "" : it->second->uuid);
    l.emplace_back("model", it == gpus.end() ? "" : it->second->name);
    return l;
  };

  // The run itself: an info metric (value 1) with the context as labels, and its time.
  auto tag = [&](const char* k) {
    const auto it = doc.tags.find(k);
    return it == doc.tags.end() ? std::string() : it->second;
  };
  const std::string provider = tag("provider").empty() ? doc.host.provider_guess : tag("provider");
  w.add("gpuaudit_run_info", "The run behind these figures: tool version, mode, driver, provider and region",
        {{"host", host},
         {"version", doc.tool.version},
         {"mode", doc.mode},
         {"driver", doc.software.driver_version.value_or("")},
         {"provider", provider},
         {"region", tag("region")},
         {"instance_type", tag("instance").empty() ? doc.host.product_name : tag("instance")},
         {"gpu_state", doc.gpu_status.state},
         {"synthetic", doc.synthetic ? "true" : "false"}},
        1);
  if (const auto t = parse_utc_seconds(doc.created_utc))
    w.add("gpuaudit_run_timestamp_seconds", "When the run started (created_utc of the result document), Unix time",
          {{"host", host}}, *t);
  w.add("gpuaudit_gpus", "GPUs in the inventory of the run", {{"host", host}}, static_cast<double>(doc.gpus.size()));

  // Every figure: its median in the base unit of its unit. A figure measured in several variants
  // (an allreduce in bf16 and float, over 2 and 8 GPUs) gets them as a "variant" label.
  for (const auto& b : doc.benchmarks) {
    const auto v = b.value();
    if (!v) continue;
    const PrometheusUnit u = prometheus_unit(b.unit);
    Labels l = gpu_labels(b.gpu);
    std::string variant = figure_variant(b);
    const std::string count = figure_gpu_count(b);
    if (!count.empty()) variant += " " + count;
    if (const auto p = variant.find_first_not_of(' '); p != std::string::npos) l.emplace_back("variant", variant.substr(p));
    std::string help = "gpuaudit figure " + b.name + " (median; measured in " + (b.unit.empty() ? "no unit" : b.unit) +
                       (u.scale != 1 ? ", scaled to " + u.suffix : std::string()) + ")";
    w.add(prometheus_metric_name(b.name, b.unit), help, l, *v * u.scale);
  }
  // Figures that gave no number (check-failed, error) are worth an alert of their own.
  for (const auto& b : doc.benchmarks) {
    if (b.status == "ok" || b.status == "skipped" || b.status == "not-applicable") continue;
    Labels l = gpu_labels(b.gpu);
    l.emplace_back("figure", b.name);
    l.emplace_back("status", b.status);
    w.add("gpuaudit_figure_failed", "A measurement that gave no figure: check-failed (wrong output) or error", l, 1);
  }

  // gpuaudit soak: the steady state against the first minute, per GPU (docs/soak.md).
  if (doc.extra.is_object() && doc.extra.contains("soak")) {
    SoakRecord rec;
    try {
      rec = doc.extra["soak"].get<SoakRecord>();
    } catch (const std::exception&) {
      rec = {};  // a timeline this version cannot read: the figures above still stand
    }
    for (const auto& g : rec.gpus) {
      if (!g.decay) continue;
      const SoakDecay& d = *g.decay;
      const Labels l = gpu_labels(g.gpu);
      if (d.gemm_steady_tflops)
        w.add("gpuaudit_soak_gemm_steady_flop_per_second", "Soak: bf16 GEMM throughput in the steady state (last third)",
              l, *d.gemm_steady_tflops * 1e12);
      if (d.hbm_steady_gbs)
        w.add("gpuaudit_soak_hbm_steady_bytes_per_second", "Soak: device-memory copy bandwidth in the steady state", l,
              *d.hbm_steady_gbs * 1e9);
      if (d.gemm_ratio)
        w.add("gpuaudit_soak_gemm_steady_ratio", "Soak: steady GEMM throughput over the first minute's", l, *d.gemm_ratio);
      if (d.hbm_ratio)
        w.add("gpuaudit_soak_hbm_steady_ratio", "Soak: steady HBM bandwidth over the first minute's", l, *d.hbm_ratio);
      Labels v = l;
      v.emplace_back("verdict", d.verdict);
      v.emplace_back("cause", d.cause.value_or(""));
      w.add("gpuaudit_soak_verdict", "Soak verdict (value 1): stable, decayed or too-short, with the cause of a decay", v, 1);
    }
  }

  if (doc.assessment) {
    const Assessment& a = *doc.assessment;
    if (a.delivered_fraction)
      w.add("gpuaudit_delivered_ratio", "What the machine delivers, as a fraction of full healthy cards of its models",
            {{"host", host}}, *a.delivered_fraction);
    if (a.extra.is_object() && a.extra.contains("gpus") && a.extra["gpus"].is_array())
      for (const auto& g : a.extra["gpus"])
        if (g.is_object() && g.value("gpu", json()).is_number_integer() && g.value("delivered_fraction", json()).is_number())
          w.add("gpuaudit_gpu_delivered_ratio", "What one GPU delivers, as a fraction of a full healthy card of its model",
                gpu_labels(g["gpu"].get<int>()), g["delivered_fraction"].get<double>());
    bool healthy = true;
    for (const auto& f : a.findings) {
      healthy &= f.id == finding_id::kHealthy;
      Labels l = gpu_labels(f.gpu);
      l.emplace(l.begin(), "id", f.id);
      l.emplace_back("confidence", f.confidence);
      w.add("gpuaudit_finding", "A finding of the assessment (value 1): sliced, power-capped, healthy, ... (docs/scoring.md)",
            l, 1);
    }
    w.add("gpuaudit_healthy", "1 when every finding is healthy (gpuaudit score would exit 0), else 0", {{"host", host}},
          healthy ? 1 : 0);
    if (const auto t = parse_utc_seconds(a.scored_utc))
      w.add("gpuaudit_scored_timestamp_seconds", "When the assessment was made, Unix time", {{"host", host}}, *t);
  }
  return w.text();
}

void write_prometheus_textfile(const std::filesystem::path& path, const ResultDocument& doc) {
  write_file_atomic(path, prometheus_textfile(doc));
}

}  // namespace gpuaudit
