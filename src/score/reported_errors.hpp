// The error messages the imported outputs printed (doc.extra["software_errors"], written by
// import/software_errors.cpp from NVIDIA's CUDA, NVML and nvidia-smi catalogues), read back for the
// rules: each with the class it is evidence of and the GPU (PCI bus id) it names. A rule takes the
// ones of its class that concern a GPU (rule_gpu_fault, rule_memory, rule_nvlink_errors) or the
// machine (rule_software, rule_reported_errors).
#pragma once

#include "core/result.hpp"

#include <string>
#include <vector>

namespace gpuaudit {

struct ReportedError {
  std::string kind, cls, confidence, meaning, text, source, reference, gpu, file;
  int line = 0;
};

// All of them, in the document's order. An entry written before errors had classes counts as
// `software` (the only class there was).
std::vector<ReportedError> reported_errors(const ResultDocument& doc);

// Those of class `cls` that concern `gpu`: the bus id the line names is the GPU's, or the line
// names none and the document has this one GPU only.
std::vector<ReportedError> reported_errors_on(const ResultDocument& doc, const GpuInfo& gpu, const std::string& cls);

// Those of class `cls` that concern no GPU of the document (it names none, or one of several, or a
// bus id the document does not list).
std::vector<ReportedError> reported_errors_off_gpus(const ResultDocument& doc, const std::string& cls);

// "console.txt line 3: \"RuntimeError: CUDA error: uncorrectable ECC error encountered\"
// (cudaError_t 214 cudaErrorECCUncorrectable; driver_types.h: ...)": the evidence line.
std::string reported_error_line(const ReportedError& e);

// The same PCI device: "00000000:0B:00.0", "0000:0b:00.0" and "0000:0b:00" are one.
bool same_bus_id(const std::string& a, const std::string& b);

}  // namespace gpuaudit
