// What nvbandwidth reported, read from its text output (parse_nvbandwidth.cpp) or its -j JSON
// (parse_nvbandwidth_json.cpp), and how both become gpuaudit rows (one mapping for both, so the
// two formats of one run import the same). The mapping and why it holds: docs/import-benchmarks.md.
#pragma once

#include "import/import.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit::imports::nvb {

// One result matrix. A testcase prints one (most) or three (the bidirectional device-to-device
// ones: _read1/_read2/_total or _write1/_write2/_total, each with its own SUM).
struct Matrix {
  std::string key;          // the SUM line's name: "host_to_device_memcpy_ce", "..._total"
  std::string description;  // "memcpy CE CPU(row) -> GPU(column) bandwidth (GB/s)"
  std::vector<std::string> row_labels, column_labels;
  std::vector<std::vector<std::optional<double>>> cells;  // nullopt: "N/A"
  std::optional<double> sum;                               // as the tool printed it
  std::optional<double> coefficient_of_variation;          // v0.9+
  int line = 0;
};

struct Testcase {
  std::string name;
  std::string status = "Passed";  // Passed | Waived | Error | Not Found | Running (cut short)
  std::string message;
  std::vector<Matrix> matrices;
  int line = 0;
};

struct Device {
  int index = 0;
  std::string name;
  std::string bus;  // "00000000:34:00" as printed; "" before v0.5
  std::string host;
};

struct Run {
  std::string version;  // "v0.7"
  std::string git_version;
  std::optional<int> cuda_runtime, cuda_driver;  // 12040
  std::string driver_version;
  std::string hostname;
  std::vector<Device> devices;
  std::vector<Testcase> testcases;
  std::vector<std::string> errors;    // "ASSERT in expression ..." and the like
  std::vector<std::string> warnings;  // the tool's own
};

// "12040" or "13.3 (13030)" -> 12040 / 13030.
std::optional<int> cuda_version_number(std::string_view text);

// "00000000:34:00.0" (nvidia-smi's form) from nvbandwidth's "00000000:34:00"; "" when not that form.
std::string bus_id_from_nvbandwidth(std::string_view bus);

// Fills the part: software, GPUs, one nvbandwidth/<key> row per matrix, and the gpuaudit rows
// whose meaning is the same (pcie/h2d_pinned, pcie/d2h_pinned per GPU; p2p/matrix from
// device_to_device_memcpy_write_ce).
void fill_part(const Run& run, ImportPart& part);

}  // namespace gpuaudit::imports::nvb
