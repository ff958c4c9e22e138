// The disk check's test file and its folder (disk_file.hpp): the file has no name while it exists,
// the spare-space rule, and the mount a path is on.
#include "host/disk_file.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

namespace gpuaudit {
namespace {
namespace fs = std::filesystem;

struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "gpuaudit-disk-test-XXXXXX").string();
    path = ::mkdtemp(t.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::permissions(path, fs::perms::owner_all, ec);
    fs::remove_all(path, ec);
  }
  size_t entries() const { return static_cast<size_t>(std::distance(fs::directory_iterator(path), fs::directory_iterator())); }
};

TEST(HostDisk, TestFileHasNoNameWhileItExists) {
  TempDir d;
  DiskFileOptions o;
  o.folder = d.path.string();
  o.bytes = 16ull << 20;
  DiskTestFile f(o);
  EXPECT_GE(f.fd(), 0);
  EXPECT_EQ(f.bytes(), 16ull << 20);
  EXPECT_EQ(d.entries(), 0u);  // O_TMPFILE or unlinked: nothing to clean up even after a kill
  EXPECT_TRUE(fs::exists(f.proc_path()));
  EXPECT_GT(f.write_mbs(), 0.0);
}

TEST(HostDisk, SpareSpaceRule) {
  EXPECT_EQ(disk_spare_bytes(1ull << 30), 128ull << 20);
  EXPECT_EQ(disk_spare_bytes(100ull << 30), 2048ull << 20);
}

TEST(HostDisk, MountOfPath) {
  const auto m = mount_of("/proc/self");
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->mount_point, "/proc");
  EXPECT_EQ(m->fs_type, "proc");
}

}  // namespace
}  // namespace gpuaudit
