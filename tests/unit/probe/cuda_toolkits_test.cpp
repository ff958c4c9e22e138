// The machine's CUDA toolkits from files alone, on a fake /usr/local tree (relative links, as a
// test tree must have: an absolute one would point into the real machine).
#include "probe/cuda_toolkits.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace gpuaudit {
namespace {

namespace fs = std::filesystem;

struct FakeRoot {
  fs::path root = fs::temp_directory_path() / ("gpuaudit-toolkits-" + std::to_string(::getpid()));
  FakeRoot() { fs::create_directories(root / "usr/local"); }
  ~FakeRoot() { fs::remove_all(root); }
  void write(const std::string& rel, const std::string& text) {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel) << text;
  }
};

TEST(CudaToolkits, VersionFromJsonTxtOrHeaderAndTheDefaultLink) {
  FakeRoot t;
  t.write("usr/local/cuda-12.8/version.json", R"({"cuda": {"name": "CUDA SDK", "version": "12.8.1"}})");
  t.write("usr/local/cuda-11.0/version.txt", "CUDA Version 11.0.228\n");
  t.write("usr/local/cuda-13.0/include/cuda.h", "/* ... */\n#define CUDA_VERSION 13000\n");
  t.write("usr/local/cuda-10.2/README", "no version here\n");
  fs::create_directory_symlink("cuda-12.8", t.root / "usr/local/cuda");
  const auto tk = find_cuda_toolkits(t.root.string());
  ASSERT_EQ(tk.size(), 3u);  // cuda -> cuda-12.8 counted once; 10.2 without a version left out
  EXPECT_EQ(tk[0].path, "/usr/local/cuda-11.0");
  EXPECT_EQ(tk[0].version, "11.0.228");
  EXPECT_EQ(tk[0].version_number, 11000);
  EXPECT_FALSE(tk[0].is_default);
  EXPECT_EQ(tk[1].path, "/usr/local/cuda-12.8");
  EXPECT_EQ(tk[1].version_number, 12080);
  EXPECT_TRUE(tk[1].is_default);
  EXPECT_EQ(tk[2].version, "13.0");
  EXPECT_EQ(tk[2].version_number, 13000);
}

TEST(CudaToolkits, HugeOrHostileVersionFilesNeitherCrashNorMislead) {
  // A 50 KB version.txt overflowed the stack in std::regex (SIGSEGV during `run` and `info`).
  FakeRoot t;
  t.write("usr/local/cuda-11.1/version.txt", "CUDA Version 1" + std::string(50000, '1') + ".2\n");
  t.write("usr/local/cuda-11.2/version.txt", std::string(50000, 'C') + "CUDA Version 11.2.152\n");
  t.write("usr/local/cuda-11.3/version.json", std::string(30000, '[') + std::string(30000, ']'));
  t.write("usr/local/cuda-11.3/version.txt", "CUDA Version 11.3.0\n");
  t.write("usr/local/cuda-11.4/include/cuda.h", "#define CUDA_VERSION 99999999999999999999\n#define CUDA_VERSION_X 1\n");
  const auto tk = find_cuda_toolkits(t.root.string());
  ASSERT_EQ(tk.size(), 2u);  // 11.1's digits are absurd, 11.4's number too: left out
  EXPECT_EQ(tk[0].version, "11.2.152");
  EXPECT_EQ(tk[1].version, "11.3.0");
}

TEST(CudaToolkits, TheReadersOfOneFile) {
  EXPECT_EQ(cuda_version_from_json(R"({"cuda": {"name": "CUDA SDK", "version": "12.8.1"}})"), "12.8.1");
  EXPECT_EQ(cuda_version_from_json(R"({"cuda": {"version": 12}})"), std::nullopt);
  EXPECT_EQ(cuda_version_from_json("{"), std::nullopt);
  EXPECT_EQ(cuda_version_from_txt("CUDA Version 11.0.228\n"), "11.0.228");
  EXPECT_EQ(cuda_version_from_txt("CUDA Version x\nCUDA Version 10.2.89"), "10.2.89");
  EXPECT_EQ(cuda_version_from_header("#include <x>\n  #  define CUDA_VERSION   12090\n"), "12.9");
  EXPECT_EQ(cuda_version_from_header("#define CUDA_VERSION_MAJOR 12\n"), std::nullopt);
  EXPECT_EQ(cuda_version_number("12.8.1"), 12080);
  EXPECT_EQ(cuda_version_number("99999999999.1"), std::nullopt);  // sscanf("%d") overflowed: UB
  EXPECT_EQ(cuda_version_number("12"), std::nullopt);
}

TEST(CudaToolkits, NoUsrLocalMeansNone) {
  EXPECT_TRUE(find_cuda_toolkits("/nonexistent-root-for-gpuaudit").empty());
}

}  // namespace
}  // namespace gpuaudit
