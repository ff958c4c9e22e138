// What `drift` compares across nodes: the fields of one result document that should be the same on
// every node of a fleet, each in its class. A field the GPUs of one node disagree on reads
// "mixed: a | b" (itself a drift: GPUs of one node should match). Missing fields are left out, so
// a document that cannot tell is never odd for it.
//   performance: changes what the node delivers (driver, CUDA, power limits, clocks, ECC, MIG, PCIe,
//                NVLink, GPU count and model, VBIOS, compute mode, persistence, CPU, memory, NUMA,
//                kernel);
//   environment: the workload's libraries (NCCL, cuBLAS) as gpuaudit found them;
//   info:        said, never failing (OS release).
#pragma once

#include "core/result.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit {

struct NodeField {
  std::string name;   // "power_limit_w"
  std::string klass;  // performance | environment | info
  std::string value;  // as text, compared exactly
};

std::vector<NodeField> node_fields(const ResultDocument& doc);

// The fields of one board (vbios, power limits, clocks, ECC, persistence, compute and MIG mode, PCIe
// maxima, NVLink links down): what node_fields() joins over the node's boards.
std::vector<NodeField> gpu_fields(const GpuInfo& g);

// The class of a field name (every name node_fields() gives has one); "info" for an unknown name.
std::string_view field_class(std::string_view name);

// A number as a field's value: "700", "1.5" (whole numbers without decimals).
std::string field_number(double v);

// What a node is called: its hostname, else tags.node, else `fallback` (the file name).
std::string node_name(const ResultDocument& doc, const std::string& fallback);

}  // namespace gpuaudit
