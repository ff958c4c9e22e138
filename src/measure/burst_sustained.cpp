#include "measure/burst_sustained.hpp"

namespace gpuaudit {

SustainPlan sustain_plan(const std::string& bench, const std::string& mode) {
  SustainPlan p;
  if (bench.rfind("gemm/", 0) != 0) return p;
  if (mode == "full") return {true, 30.0, 3.0, 3.0};
  if (bench == "gemm/bf16") return {true, 10.0, 2.0, 2.0};
  return p;
}

std::optional<BurstSustained> burst_and_sustained(double start_s, const std::vector<WorkChunk>& chunks, double burst_s,
                                                  double sustained_s) {
  if (chunks.empty() || burst_s <= 0 || sustained_s <= 0) return std::nullopt;
  BurstSustained r;
  double work = 0;
  r.burst.begin_s = start_s;
  for (const auto& c : chunks) {
    if (c.end_s - start_s > burst_s) break;
    work += c.work;
    r.burst.end_s = c.end_s;
    ++r.burst.chunks;
  }
  if (r.burst.chunks == 0 || r.burst.end_s <= r.burst.begin_s) return std::nullopt;
  r.burst.rate = work / (r.burst.end_s - r.burst.begin_s);

  const double last_end = chunks.back().end_s;
  work = 0;
  r.sustained.end_s = last_end;
  // Walk back: a chunk counts when it began (the previous chunk's end) within the last window.
  for (size_t i = chunks.size(); i-- > 0;) {
    const double began = i == 0 ? start_s : chunks[i - 1].end_s;
    if (last_end - began > sustained_s) break;
    work += chunks[i].work;
    r.sustained.begin_s = began;
    ++r.sustained.chunks;
  }
  if (r.sustained.chunks == 0 || r.sustained.begin_s < r.burst.end_s || r.sustained.end_s <= r.sustained.begin_s)
    return std::nullopt;
  r.sustained.rate = work / (r.sustained.end_s - r.sustained.begin_s);
  return r;
}

json burst_sustained_params(const BurstSustained& r, double window_s, double unit_scale, const std::string& rate_key) {
  const auto phase = [&](const PhaseRate& p, double offset) {
    json j = json::object();
    j[rate_key] = p.rate / unit_scale;
    j["from_s"] = p.begin_s - offset;  // seconds since the soak window began
    j["seconds"] = p.end_s - p.begin_s;
    return j;
  };
  json j = json::object();
  j["soak_window_s"] = window_s;
  j["burst"] = phase(r.burst, r.burst.begin_s);
  j["sustained"] = phase(r.sustained, r.burst.begin_s);
  if (r.burst.rate > 0) j["sustained_ratio"] = r.sustained.rate / r.burst.rate;
  return j;
}

void attach_phase_telemetry(json& params, const std::string& phase, double begin_s, double end_s, const WindowTelemetry& tel) {
  if (!tel || !params.is_object() || !params.contains(phase) || !params[phase].is_object()) return;
  if (const auto s = tel(begin_s, end_s)) params[phase]["telemetry"] = *s;
}

}  // namespace gpuaudit
