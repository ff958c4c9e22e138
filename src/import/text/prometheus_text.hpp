// One sample line of the Prometheus text exposition format (what `curl host:9400/metrics` prints
// for DCGM-exporter, nvidia_gpu_exporter and node_exporter):
//
//   DCGM_FI_DEV_SM_CLOCK{gpu="0",UUID="GPU-...",modelName="NVIDIA A30",Hostname="node-1"} 1440
//   nvidia_smi_temperature_gpu{uuid="df6e7a7c-..."} 34
//
// The grammar is Prometheus' (https://prometheus.io/docs/instrumenting/exposition_formats/): a
// metric name, optional labels in braces with double-quoted values (\\, \" and \n escaped), a
// float value (NaN, +Inf, -Inf allowed), an optional timestamp. `# HELP` / `# TYPE` comments and
// anything else are not samples.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace gpuaudit::imports::prom {

struct Sample {
  std::string name;
  std::map<std::string, std::string> labels;
  double value = 0;
};

// The sample on this line, or nullopt when the line is not one (a comment, prose, a cut line).
std::optional<Sample> parse_sample(std::string_view line);

// The label's value, "" when the sample does not carry it.
std::string label(const Sample& s, const std::string& key);

}  // namespace gpuaudit::imports::prom
