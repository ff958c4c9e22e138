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

TEST(CudaToolkits, NoUsrLocalMeansNone) {
  EXPECT_TRUE(find_cuda_toolkits("/nonexistent-root-for-gpuaudit").empty());
}

}  // namespace
}  // namespace gpuaudit
