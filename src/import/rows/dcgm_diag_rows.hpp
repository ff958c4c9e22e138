// What `dcgmi diag` reported, read from its text table (parse_dcgmi_diag.cpp) or its -j JSON
// (parse_dcgmi_diag_json.cpp), and the rows both become: doc.extra.imported["dcgmi-diag"] keeps
// every test and its result per GPU with the tool's messages; a `dcgm/<test>` row per test
// (status ok / check-failed / skipped, no figure) lets score and report see a failed diagnostic;
// a GPU whose clocks or heat DCGM's messages speak of (dcgm_reasons.hpp) gets a GpuInfo (its
// index) and a `telemetry/under-load` row with those reasons and that temperature; one they name
// for an Xid, ECC errors, a row-remap state, NVLink errors or persistence mode off gets a GpuInfo
// with that state (extra.kernel_events with extra.from "dcgmi diag", ecc, nvlink.extra.dcgm_errors,
// persistence_mode).
#pragma once

#include "import/import.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit::imports::dcgm {

struct Test {
  std::string category;  // Deployment | Integration | Hardware | Stress | ...
  std::string name;      // "Memory Bandwidth", "Targeted Stress", "PCIe", ...
  std::string result;    // Pass | Fail | Warn | Skip | Not Run ("" when only per-GPU results exist)
  std::map<int, std::string> per_gpu;  // GPU id -> result
  std::vector<std::string> errors, warnings, info;
  int line = 0;
};

struct Report {
  std::string dcgm_version;
  std::string driver_version;
  std::vector<std::string> device_ids;  // "2335" per GPU, as listed
  std::vector<Test> tests;
  std::vector<std::string> notes;  // "Successfully ran diagnostic for group." and the like
};

// "Pass", "PASS", "pass" -> "Pass"; "" when the word is not a result.
std::string normalize_result(std::string_view word);

// "memory_bandwidth" from "Memory Bandwidth"; "page_retirement_row_remap" from "Page Retirement/Row Remap".
std::string test_slug(std::string_view name);

void fill_part(const Report& r, ImportPart& part);

}  // namespace gpuaudit::imports::dcgm
