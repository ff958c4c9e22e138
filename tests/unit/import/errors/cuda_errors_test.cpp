// Unit tests of looking up and classing CUDA error codes (src/import/errors/cuda_errors.cpp).
#include "import/errors/cuda_errors.hpp"

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace gpuaudit::imports;
namespace fs = std::filesystem;

TEST(CudaErrors, LookupsByNameNumberAndMessage) {
  ASSERT_NE(cuda_error_named("cudaErrorECCUncorrectable"), nullptr);
  EXPECT_EQ(cuda_error_named("cudaErrorECCUncorrectable")->number, 214);
  EXPECT_EQ(cuda_error_named("CUDA_ERROR_SYSTEM_NOT_READY")->number, 802);
  EXPECT_EQ(cuda_error_named("cudaErrorNoSuchThing"), nullptr);
  // A runtime code in the driver API's spelling, where cuda.h has no such CUresult.
  EXPECT_STREQ(cuda_error_named("CUDA_ERROR_INSUFFICIENT_DRIVER")->name, "cudaErrorInsufficientDriver");
  EXPECT_STREQ(cuda_error_named("CUDA_ERROR_ECC_UNCORRECTABLE")->name, "CUDA_ERROR_ECC_UNCORRECTABLE");
  EXPECT_STREQ(cuda_error_named("CUDA_ERROR_NO_DEVICE")->name, "CUDA_ERROR_NO_DEVICE");
  EXPECT_EQ(cuda_error_named("CUDA_ERROR_"), nullptr);
  EXPECT_EQ(cuda_error_named("CUDA_ERROR_NO_SUCH_THING"), nullptr);
  EXPECT_STREQ(cuda_runtime_error(209)->name, "cudaErrorNoKernelImageForDevice");
  EXPECT_STREQ(cuda_driver_error(209)->name, "CUDA_ERROR_NO_BINARY_FOR_GPU");
  EXPECT_EQ(cuda_runtime_error(123456), nullptr);
  EXPECT_EQ(cuda_driver_error(-1), nullptr);
  EXPECT_EQ(cuda_error_with_message("System not yet initialized.")->number, 802);
  EXPECT_EQ(cuda_error_with_message("uncorrectable ECC error encountered")->number, 214);
  EXPECT_EQ(cuda_error_with_message(""), nullptr);
}

// The classes of the codes that name the machine, and a CUresult classed as its runtime twin.
TEST(CudaErrors, ClassesOfTheCodesThatNameTheMachine) {
  auto cls = [](const char* name) { return cuda_error_meaning(*cuda_error_named(name)); };
  EXPECT_EQ(cls("cudaErrorECCUncorrectable").cls, "memory-degraded");
  EXPECT_EQ(cls("CUDA_ERROR_ECC_UNCORRECTABLE").cls, "memory-degraded");
  EXPECT_EQ(cls("cudaErrorSystemNotReady").kind, "fabric-manager");
  EXPECT_EQ(cls("CUDA_ERROR_SYSTEM_NOT_READY").kind, "fabric-manager");
  EXPECT_EQ(cls("cudaErrorInsufficientDriver").kind, "driver-too-old");
  EXPECT_EQ(cls("cudaErrorNoKernelImageForDevice").kind, "no-kernel-image");
  EXPECT_EQ(cls("CUDA_ERROR_NO_BINARY_FOR_GPU").kind, "no-kernel-image");
  // driver_types.h: "does not exist or is not compiled for the proper device architecture" (THC's
  // "cuda runtime error (8) : invalid device function" on a GTX 950M, pytorch/tutorials #8).
  EXPECT_EQ(cls("cudaErrorInvalidDeviceFunction").kind, "no-kernel-image");
  EXPECT_EQ(cls("cudaErrorInvalidDeviceFunction").confidence, "medium");
  EXPECT_EQ(cls("CUDA_ERROR_INVALID_IMAGE").cls, "software");  // built for another architecture, most often
  EXPECT_EQ(cls("cudaErrorDeviceNotLicensed").cls, "sliced");
  EXPECT_EQ(cls("cudaErrorNvlinkUncorrectable").cls, "nvlink-degraded");
  EXPECT_EQ(cls("cudaErrorPeerAccessUnsupported").cls, "no-peer-access");
  // A program's bug is not the machine's fault.
  EXPECT_EQ(cls("cudaErrorIllegalAddress").cls, "program");
  EXPECT_EQ(cls("cudaErrorLaunchFailure").cls, "program");
  EXPECT_EQ(cls("cudaErrorHardwareStackError").cls, "program");  // the header: stack corruption or its size limit
  EXPECT_EQ(cls("cudaErrorMemoryAllocation").cls, "program");
  EXPECT_EQ(cls("cudaErrorUnknown").cls, "unknown");
  EXPECT_EQ(cls("cudaErrorNotSupported").cls, "unknown");
}

// A CUresult takes the class of the cudaError_t of its number: the pairs that carry a class must be
// the same condition (their names agree, or are the known renames).
TEST(CudaErrors, DriverAndRuntimeCodesOfOneNumberAreOneCondition) {
  auto squash = [](std::string s) {
    std::string out;
    for (char c : s)
      if (c != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  const std::map<std::string, std::string> renamed{{"CUDA_ERROR_NOT_INITIALIZED", "cudaErrorInitializationError"},
                                                   {"CUDA_ERROR_DEVICE_UNAVAILABLE", "cudaErrorDevicesUnavailable"},
                                                   {"CUDA_ERROR_NO_BINARY_FOR_GPU", "cudaErrorNoKernelImageForDevice"},
                                                   {"CUDA_ERROR_INVALID_IMAGE", "cudaErrorInvalidKernelImage"},
                                                   {"CUDA_ERROR_OUT_OF_MEMORY", "cudaErrorMemoryAllocation"},
                                                   {"CUDA_ERROR_UNKNOWN", "cudaErrorUnknown"}};
  for (const auto& d : cuda_driver_errors()) {
    const ErrorMeaning m = cuda_error_meaning(d);
    if (m.cls == "program") continue;
    const CudaErrorCode* r = cuda_runtime_error(d.number);
    ASSERT_NE(r, nullptr) << d.name;
    const std::string a = squash(std::string(d.name).substr(11)), b = squash(std::string(r->name).substr(9));
    const auto it = renamed.find(d.name);
    EXPECT_TRUE(a == b || (it != renamed.end() && it->second == r->name)) << d.name << " vs " << r->name;
  }
}
