// Unit tests of the generated table of CUDA error codes (src/import/errors/cuda_error_table.cpp) against
// the CUDA headers and the runtime's own messages.
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
namespace {

// The toolkits' include folders present here.
std::vector<fs::path> toolkits() {
  std::vector<fs::path> out;
  for (const fs::path p : {fs::path("/usr/local/cuda/include"), fs::path(GPUAUDIT_SOURCE_DIR) / ".deps/cuda12/toolkit/include"})
    if (fs::exists(p / "driver_types.h") && fs::exists(p / "cuda.h")) out.push_back(p);
  return out;
}

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// name -> number of the enumerators between `start` and `end` (the test's own reading of the
// header: an identifier with one of `prefixes`, then "=", then digits).
std::map<std::string, int> enumerators(const std::string& text, const std::string& start, const std::string& end,
                                       const std::vector<std::string>& prefixes) {
  std::map<std::string, int> out;
  const auto a = text.find(start);
  if (a == std::string::npos) return out;
  const std::string body = text.substr(a, text.find(end, a) - a);
  auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (i > 0 && ident(body[i - 1])) continue;
    bool starts = false;
    for (const auto& p : prefixes) starts = starts || body.compare(i, p.size(), p) == 0;
    if (!starts) continue;
    std::size_t j = i;
    while (j < body.size() && ident(body[j])) ++j;
    const std::string name = body.substr(i, j - i);
    std::size_t k = j;
    while (k < body.size() && body[k] == ' ') ++k;
    if (k >= body.size() || body[k] != '=') continue;
    ++k;
    while (k < body.size() && body[k] == ' ') ++k;
    std::size_t d = k;
    while (d < body.size() && std::isdigit(static_cast<unsigned char>(body[d]))) ++d;
    if (d > k) out[name] = std::stoi(body.substr(k, d - k));
    i = d;
  }
  return out;
}

std::map<std::string, int> table(std::span<const CudaErrorCode> codes) {
  std::map<std::string, int> out;
  for (const auto& c : codes) out[c.name] = c.number;
  return out;
}

}  // namespace

TEST(CudaErrors, EveryHeaderEnumeratorIsInTheTableAndEveryEntryInAHeader) {
  const auto tks = toolkits();
  if (tks.empty()) GTEST_SKIP() << "no CUDA headers here (/usr/local/cuda/include, .deps/cuda12/toolkit/include)";
  const auto runtime = table(cuda_runtime_errors());
  const auto driver = table(cuda_driver_errors());
  std::set<std::string> in_headers;
  for (const auto& inc : tks) {
    SCOPED_TRACE(inc.string());
    const auto rt = enumerators(read(inc / "driver_types.h"), "enum __device_builtin__ cudaError", "\n};", {"cudaError", "cudaSuccess"});
    const auto dr = enumerators(read(inc / "cuda.h"), "typedef enum cudaError_enum", "} CUresult;", {"CUDA_"});
    ASSERT_GT(rt.size(), 90u);
    ASSERT_GT(dr.size(), 90u);
    for (const auto& [name, n] : rt) {
      in_headers.insert(name);
      ASSERT_TRUE(runtime.count(name)) << name << " is not in the table";
      EXPECT_EQ(runtime.at(name), n) << name;
    }
    for (const auto& [name, n] : dr) {
      in_headers.insert(name);
      ASSERT_TRUE(driver.count(name)) << name << " is not in the table";
      EXPECT_EQ(driver.at(name), n) << name;
    }
  }
  for (const auto& [name, n] : runtime) EXPECT_TRUE(in_headers.count(name)) << name << " is in no header found here";
  for (const auto& [name, n] : driver) EXPECT_TRUE(in_headers.count(name)) << name << " is in no header found here";
}

TEST(CudaErrors, MessagesAreTheRuntimesOwn) {
  void* lib = nullptr;
  for (const char* p : {"/usr/local/cuda/lib64/libcudart.so", "libcudart.so.13", "libcudart.so.12"})
    if ((lib = dlopen(p, RTLD_NOW | RTLD_LOCAL))) break;
  if (!lib) {
    const fs::path wheel = fs::path(GPUAUDIT_SOURCE_DIR) / ".deps/cuda12/nvidia/cuda_runtime/lib/libcudart.so.12";
    lib = dlopen(wheel.c_str(), RTLD_NOW | RTLD_LOCAL);
  }
  if (!lib) GTEST_SKIP() << "no libcudart to ask";
  using ErrorString = const char* (*)(int);
  using Version = int (*)(int*);
  auto message = reinterpret_cast<ErrorString>(dlsym(lib, "cudaGetErrorString"));
  auto version = reinterpret_cast<Version>(dlsym(lib, "cudaRuntimeGetVersion"));
  ASSERT_NE(message, nullptr);
  int v = 0;
  if (version) version(&v);
  // Messages are worded per release: compare with a runtime the table was generated from.
  const std::string release = std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
  if (std::string(kCudaErrorTableVersions).find(release) == std::string::npos) {
    dlclose(lib);
    GTEST_SKIP() << "libcudart " << release << " is not one the table was generated from (" << kCudaErrorTableVersions << ")";
  }
  int compared = 0;
  for (const auto& c : cuda_runtime_errors()) {
    const std::string m = message(c.number);
    if (m == "unrecognized error code") continue;  // a code this runtime predates or dropped
    EXPECT_EQ(m, c.message) << c.name << " (runtime " << v << ")";
    ++compared;
  }
  EXPECT_GT(compared, 100);
  dlclose(lib);
}
