#include "score/wrong_results.hpp"

#include "measure/output_record.hpp"
#include "text/format.hpp"
#include "soak/timeline.hpp"

#include <map>
#include <set>

namespace gpuaudit {

namespace {

// cuBLAS gives the same bits run after run on GPUs of one architecture and one SM count (its
// documented reproducibility): the model's name and the SM count say which GPUs those are.
std::string gpu_name(const ResultDocument& doc, int index) {
  for (const auto& g : doc.gpus)
    if (g.index == index) return g.name + "|" + (g.sm_count ? std::to_string(*g.sm_count) : std::string("?"));
  return "";
}

std::string num(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

std::optional<std::uint64_t> uint_at(const json& j, const char* key) {
  if (!j.is_object()) return std::nullopt;
  const auto it = j.find(key);
  // A file's non-negative integers parse as unsigned; one built in memory may be signed.
  if (it == j.end() || !it->is_number_integer() || it->get<std::int64_t>() < 0) return std::nullopt;
  return it->get<std::uint64_t>();
}

// The checked cells re-read after the GEMM's soak window: the same inputs and algorithm must give
// the same bits under heat as before it.
void from_after_soak(const BenchmarkResult& b, std::vector<WrongResult>& out) {
  if (!b.gpu || !b.params.is_object() || !b.params.contains("output_check")) return;
  const json& oc = b.params["output_check"];
  if (!oc.is_object() || !oc.contains("after_soak")) return;
  const json& a = oc["after_soak"];
  const auto n = uint_at(a, "mismatches");
  if (!n || *n == 0) return;
  WrongResult w;
  w.gpu = *b.gpu;
  w.source = b.name;
  w.against = "its own output before the soak window (same inputs, same algorithm)";
  w.mismatches = n;
  w.checked = uint_at(a, "elements_compared");
  if (a.contains("first_mismatch") && a["first_mismatch"].is_object()) {
    const json& f = a["first_mismatch"];
    w.first = "checked element " + f.value("element", json(0)).dump() + ": bits " + f.value("got_bits", json(0)).dump() +
              ", before the soak " + f.value("expected_bits", json(0)).dump();
  }
  out.push_back(std::move(w));
}

void from_reference_checks(const ResultDocument& doc, std::vector<WrongResult>& out) {
  for (const auto& b : doc.benchmarks) {
    from_after_soak(b, out);
    if (b.status != "check-failed" || !b.gpu) continue;
    WrongResult w;
    w.gpu = *b.gpu;
    w.source = b.name;
    w.against = "the host reference";
    const json oc = b.params.is_object() && b.params.contains("output_check") ? b.params["output_check"] : json();
    // An imported tool's own check says what it compared with (gpu-burn: every product with the first).
    if (oc.is_object() && oc.contains("against") && oc["against"].is_string()) w.against = oc["against"].get<std::string>();
    w.mismatches = uint_at(oc, "mismatches");
    w.checked = uint_at(oc, "elements_checked");
    if (oc.is_object() && oc.contains("first_mismatch") && oc["first_mismatch"].is_object()) {
      const json& f = oc["first_mismatch"];
      w.first = "element " + f.value("element", json(0)).dump() + ": got " + num(f.value("got", 0.0)) + ", expected " +
                num(f.value("expected", 0.0)) + " (tolerance " + num(f.value("tolerance", 0.0)) + ")";
    } else {
      w.first = b.message;  // older documents: the message names the first mismatch
    }
    out.push_back(std::move(w));
  }
}

// Rows of one computation: the same benchmark, GPU model, shape, algorithm and inputs.
std::string computation_key(const ResultDocument& doc, const BenchmarkResult& b) {
  const json& p = b.params;
  std::string key = b.name + "|" + gpu_name(doc, *b.gpu);
  for (const char* k : {"m", "n", "k", "algorithm_rank", "inputs"})
    if (p.contains(k)) key += "|" + p[k].dump();
  return key + "|" + p["output_check"]["input_seed"].dump();
}

struct Voice {
  int gpu;
  std::string checksum;
  std::vector<std::uint64_t> sample;
};

// The GPUs whose checksum differs from a strict majority; every GPU when there is none.
void flag_minorities(const std::vector<Voice>& voices, const std::string& source, const std::string& what,
                     std::vector<WrongResult>& out) {
  std::map<std::string, int> count;
  for (const auto& v : voices) ++count[v.checksum];
  if (count.size() < 2) return;
  std::string majority;
  for (const auto& [c, n] : count)
    if (2 * n > static_cast<int>(voices.size())) majority = c;
  const Voice* ref = nullptr;
  for (const auto& v : voices)
    if (v.checksum == majority) ref = &v;
  for (const auto& v : voices) {
    if (!majority.empty() && v.checksum == majority) continue;
    WrongResult w;
    w.gpu = v.gpu;
    w.source = source;
    std::string others;
    for (const auto& o : voices)
      if (o.gpu != v.gpu && (majority.empty() || o.checksum == majority))
        others += (others.empty() ? "GPU " : ", GPU ") + std::to_string(o.gpu);
    w.against = (majority.empty() ? "disagrees with " : "the majority: ") + others + " (" + what +
                (majority.empty() ? "; which is wrong is not known from these alone)" : ")");
    const Voice& cmp = ref ? *ref : voices.front().gpu == v.gpu ? voices.back() : voices.front();
    std::uint64_t differ = 0;
    const size_t n = std::min(v.sample.size(), cmp.sample.size());
    for (size_t i = 0; i < n; ++i)
      if (v.sample[i] != cmp.sample[i]) {
        if (differ++ == 0)
          w.first = "checked element " + std::to_string(i) + ": bits " + std::to_string(v.sample[i]) + ", GPU " +
                    std::to_string(cmp.gpu) + " has " + std::to_string(cmp.sample[i]);
      }
    if (n > 0) {
      w.mismatches = differ;
      w.checked = n;
    }
    if (w.first.empty()) w.first = "output checksum " + v.checksum + ", GPU " + std::to_string(cmp.gpu) + " has " + cmp.checksum;
    out.push_back(std::move(w));
  }
}

void from_gpu_agreement(const ResultDocument& doc, std::vector<WrongResult>& out) {
  std::map<std::string, std::vector<Voice>> groups;
  std::map<std::string, std::string> source;
  for (const auto& b : doc.benchmarks) {
    if (b.status != "ok" || !b.gpu || !b.params.is_object() || !b.params.contains("output_check")) continue;
    const json& oc = b.params["output_check"];
    if (!oc.is_object() || !oc.contains("output_checksum") || !oc["output_checksum"].is_string()) continue;
    Voice v{*b.gpu, oc["output_checksum"].get<std::string>(), {}};
    if (oc.contains("sample_bits") && oc["sample_bits"].is_array())
      for (const auto& x : oc["sample_bits"])
        if (x.is_number_integer() && x.get<std::int64_t>() >= 0) v.sample.push_back(x.get<std::uint64_t>());
    const std::string key = computation_key(doc, b);
    groups[key].push_back(std::move(v));
    source[key] = b.name;
  }
  for (const auto& [key, voices] : groups)
    if (voices.size() >= 2) flag_minorities(voices, source[key], "the same inputs and algorithm", out);
}

void from_soak(const ResultDocument& doc, std::vector<WrongResult>& out) {
  if (!doc.extra.is_object() || !doc.extra.contains("soak")) return;
  SoakRecord rec;
  try {
    rec = doc.extra["soak"].get<SoakRecord>();
  } catch (const std::exception&) {
    return;  // a soak record this version cannot read says nothing about results
  }
  std::map<std::string, std::vector<Voice>> by_model;
  for (const auto& g : rec.gpus) {
    if (!g.output_check) continue;
    const SoakOutputCheck& c = *g.output_check;
    if (c.mismatched_checks > 0) {
      WrongResult w;
      w.gpu = g.gpu;
      w.source = "soak";
      w.against = "its own output of the first interval (same inputs, same algorithm), in " +
                  std::to_string(c.mismatched_checks) + " of " + std::to_string(c.checks) + " later intervals";
      w.mismatches = c.mismatches;
      w.checked = c.elements;
      w.first = "element " + std::to_string(c.first_element.value_or(0)) + ": bits " +
                std::to_string(c.first_got_bits.value_or(0)) + ", first interval had " +
                std::to_string(c.first_expected_bits.value_or(0)) +
                (c.first_t_s ? " (at " + fmt_num(*c.first_t_s, 0) + " s)" : std::string());
      out.push_back(std::move(w));
    }
    if (!c.reference_checksum.empty()) by_model[g.name].push_back({g.gpu, c.reference_checksum, {}});
  }
  for (const auto& [model, voices] : by_model)
    if (voices.size() >= 2) flag_minorities(voices, "soak", "the same soak workload", out);
}

}  // namespace

std::vector<WrongResult> find_wrong_results(const ResultDocument& doc) {
  std::vector<WrongResult> out;
  from_reference_checks(doc, out);
  from_gpu_agreement(doc, out);
  from_soak(doc, out);
  return out;
}

}  // namespace gpuaudit
