// import/nvml_errors.cpp against NVML's own header (.deps/py/nvidia/nvml_dev/include/nvml.h):
// every nvmlReturn_t code is in the table with its number and comment, and nothing else is; the
// texts are the ones nvidia-smi prints after "Failed to initialize NVML: "; nvidia-smi's messages
// found in a line with their class and the GPU they name.
#include "import/errors/nvml_errors.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace gpuaudit::imports;
namespace fs = std::filesystem;

TEST(NvmlErrors, EveryCodeOfTheHeaderIsInTheTableAndNothingElse) {
  const fs::path h = fs::path(GPUAUDIT_SOURCE_DIR) / ".deps/py/nvidia/nvml_dev/include/nvml.h";
  std::ifstream in(h);
  if (!in) GTEST_SKIP() << "no nvml.h (scripts/build/setup.sh --test installs it under .deps)";
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  const auto a = text.find("typedef enum nvmlReturn_enum");
  ASSERT_NE(a, std::string::npos);
  const std::string body = text.substr(a, text.find("} nvmlReturn_t;", a) - a);
  std::map<std::string, std::pair<int, std::string>> header;  // name -> (number, comment)
  std::istringstream lines(body);
  for (std::string l; std::getline(lines, l);) {
    const auto n = l.find("NVML_");
    const auto eq = l.find('=');
    if (n == std::string::npos || eq == std::string::npos || l.find("//") < n) continue;
    std::string name = l.substr(n, l.find_first_of(" =", n) - n);
    const int number = std::stoi(l.substr(eq + 1));
    const auto c = l.find("//!<");
    std::string comment = c == std::string::npos ? "" : l.substr(c + 4);
    while (!comment.empty() && comment.front() == ' ') comment.erase(0, 1);
    while (!comment.empty() && (comment.back() == ' ' || comment.back() == '\r')) comment.pop_back();
    header[name] = {number, comment};
  }
  ASSERT_GT(header.size(), 25u);
  std::map<std::string, const NvmlReturnCode*> table;
  for (const auto& c : nvml_return_codes()) table[c.name] = &c;
  for (const auto& [name, nc] : header) {
    ASSERT_TRUE(table.count(name)) << name << " is not in the table";
    EXPECT_EQ(table[name]->number, nc.first) << name;
    EXPECT_EQ(std::string(table[name]->comment), nc.second) << name;
  }
  for (const auto& [name, c] : table) EXPECT_TRUE(header.count(name)) << name << " is not in nvml.h";
}

TEST(NvmlErrors, TextsAreTheOnesNvidiaSmiPrints) {
  EXPECT_STREQ(nvml_code_with_text("Driver/library version mismatch")->name, "NVML_ERROR_LIB_RM_VERSION_MISMATCH");
  EXPECT_STREQ(nvml_code_with_text("GPU is lost.")->name, "NVML_ERROR_GPU_IS_LOST");
  EXPECT_STREQ(nvml_code_with_text("unknown error")->name, "NVML_ERROR_UNKNOWN");
  EXPECT_EQ(nvml_code_with_text("Something else"), nullptr);
  std::set<std::string> texts;
  for (const auto& c : nvml_return_codes())
    if (*c.text) EXPECT_TRUE(texts.insert(c.text).second) << c.text << " twice";
}

TEST(NvmlErrors, NvidiaSmiMessagesWithTheirClassAndGpu) {
  const auto mismatch = nvidia_smi_message("Failed to initialize NVML: Driver/library version mismatch");
  ASSERT_TRUE(mismatch);
  EXPECT_EQ(mismatch->meaning.cls, "software");
  EXPECT_EQ(mismatch->meaning.kind, "driver-library-mismatch");
  const auto unknown_init = nvidia_smi_message("Failed to initialize NVML: Unknown Error");
  EXPECT_EQ(unknown_init->meaning.cls, "software");  // NVML could not start: the stack, not one GPU
  const auto lost = nvidia_smi_message("Unable to determine the device handle for GPU 0000:02:00.0: GPU is lost. Reboot the system to recover this GPU");
  ASSERT_TRUE(lost);
  EXPECT_EQ(lost->meaning.cls, "gpu-fault");
  EXPECT_EQ(lost->meaning.confidence, "high");
  EXPECT_EQ(lost->gpu, "0000:02:00.0");
  const auto handle = nvidia_smi_message("Unable to determine the device handle for GPU 0000:0B:00.0: Unknown Error.");
  EXPECT_EQ(handle->meaning.cls, "gpu-fault");
  EXPECT_EQ(handle->meaning.confidence, "medium");
  EXPECT_EQ(handle->gpu, "0000:0b:00.0");
  const auto inforom = nvidia_smi_message("WARNING: infoROM is corrupted at gpu 0000:B3:00.0");
  ASSERT_TRUE(inforom);
  EXPECT_EQ(inforom->meaning.kind, "inforom-corrupted");
  EXPECT_EQ(inforom->meaning.confidence, "low");
  EXPECT_EQ(inforom->gpu, "0000:b3:00.0");
  EXPECT_EQ(nvidia_smi_message("No devices were found")->meaning.kind, "no-device");
  EXPECT_EQ(nvidia_smi_message("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the "
                               "latest NVIDIA driver is installed and running.")
                ->meaning.kind,
            "driver-not-loaded");
  EXPECT_FALSE(nvidia_smi_message("| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2 |"));
}

TEST(NvmlErrors, BindingsWordsForACodeAreThatCode) {
  // go-nvml's dlopen() failure (the Kubernetes device plugin's log) is NVML_ERROR_LIBRARY_NOT_FOUND.
  const auto go = nvidia_smi_message("2023/10/19 03:11:54 Failed to initialize NVML: could not load NVML library.");
  ASSERT_TRUE(go);
  EXPECT_EQ(go->meaning.cls, "software");
  EXPECT_EQ(go->meaning.kind, "nvml-missing");
  // go-nvml's Return printed by name (HAMi's device plugin): the constant without "NVML_".
  const auto named = nvidia_smi_message("E1105 nvml.go:21] Failed to initialize NVML: ERROR_UNKNOWN");
  ASSERT_TRUE(named);
  EXPECT_EQ(named->meaning.cls, "software");
  EXPECT_EQ(nvidia_smi_message("Failed to initialize NVML: ERROR_LIBRARY_NOT_FOUND")->meaning.kind, "nvml-missing");
  EXPECT_EQ(nvidia_smi_message("Failed to initialize NVML: ERROR_UNKNOWNISH")->source.find("NVML_ERROR_UNKNOWN"),
            std::string::npos);  // not a code's name
  // pynvml's exception classes are the codes' names in CamelCase; at nvmlInit no GPU is named.
  const auto py = nvidia_smi_message("pynvml.nvml.NVMLError_LibraryNotFound: NVML Shared Library Not Found");
  ASSERT_TRUE(py);
  EXPECT_EQ(py->meaning.kind, "nvml-missing");
  EXPECT_NE(py->source.find("NVML_ERROR_LIBRARY_NOT_FOUND"), std::string::npos);
  EXPECT_EQ(nvidia_smi_message("pynvml.NVMLError_DriverNotLoaded: Driver Not Loaded")->meaning.kind, "driver-not-loaded");
  EXPECT_EQ(nvidia_smi_message("raise NVMLError(ret) pynvml.nvml.NVMLError_GpuIsLost: GPU is lost")->meaning.cls, "gpu-fault");
  EXPECT_EQ(nvidia_smi_message("NVMLError_LibRmVersionMismatch: RM has detected an NVML/RM version mismatch.")->meaning.kind,
            "driver-library-mismatch");
  // A code with no kind of its own from a binding's line that names no call is a failed call, not a
  // failed start (DataDog/integrations-core #612, FRESH-2026-12-101, as posted).
  EXPECT_EQ(nvidia_smi_message("pynvml.nvml.NVMLError_NotSupported: Not Supported")->meaning.kind, "nvml-call-failed");
  EXPECT_FALSE(nvidia_smi_message("class NVMLError_Whatever(Exception): pass"));  // no such code
  // A program's print of the code and nvmlErrorString() (CMSSW's CUDAService, FRESH-2026-12-64):
  // the number must be the text's code.
  const auto numbered = nvidia_smi_message("%MSG-w CUDAService:  NVML Error 18: Driver/library version mismatch");
  ASSERT_TRUE(numbered);
  EXPECT_EQ(numbered->meaning.kind, "driver-library-mismatch");
  EXPECT_FALSE(nvidia_smi_message("NVML Error 18: GPU is lost"));
  EXPECT_FALSE(nvidia_smi_message("NVML Error 999999999999: x"));
  EXPECT_FALSE(nvidia_smi_message("NVML Error 18"));
  // NVML_ERROR_UNKNOWN means the stack at nvmlInit and the GPU at a query: the exception's line names
  // neither the call nor the GPU (dmlcloud's nvmlDeviceGetHandleByIndex, imaginaire's
  // nvmlDeviceGetCpuAffinity on WSL), so it decides nothing.
  const auto unknown = nvidia_smi_message("pynvml.NVMLError_Unknown: Unknown Error");
  ASSERT_TRUE(unknown);
  EXPECT_EQ(unknown->meaning.cls, "unknown");
  EXPECT_EQ(unknown->meaning.kind, "nvml-call-failed");
  // Every code of the table has a CamelCase twin pynvml would raise.
  for (const auto& c : nvml_return_codes()) {
    const std::string name(c.name);
    if (name.rfind("NVML_ERROR_", 0) != 0) continue;
    std::string camel;
    bool up = true;
    for (char ch : name.substr(11)) {
      if (ch == '_') up = true;
      else camel += up ? ch : static_cast<char>(std::tolower(static_cast<unsigned char>(ch))), up = false;
    }
    const auto m = nvidia_smi_message("pynvml.nvml.NVMLError_" + camel + ": x");
    ASSERT_TRUE(m) << camel;
    EXPECT_NE(m->source.find(name), std::string::npos) << camel;
  }
}

TEST(NvmlErrors, BusIdsAsToolsPrintThem) {
  EXPECT_EQ(first_bus_id("GPU 00000000:3B:00.0 is lost"), "0000:3b:00.0");
  EXPECT_EQ(first_bus_id("NVRM: Xid (PCI:0000:3b:00): 79"), "0000:3b:00.0");
  EXPECT_EQ(first_bus_id("pciBusID 3b:00.0"), "0000:3b:00.0");
  EXPECT_EQ(first_bus_id("Mar 29 15:38:59 host kernel"), "");  // a time of day is no bus id
  EXPECT_EQ(first_bus_id("Mar 29 15:38:59.123 host"), "");
  EXPECT_EQ(first_bus_id(""), "");
}
