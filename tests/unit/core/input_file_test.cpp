// core/input_file: one bounded reader for every input, which never waits on a FIFO nobody writes.
#include "core/error.hpp"
#include "core/input_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

namespace fs = std::filesystem;
using namespace gpuaudit;

namespace {

const InputLimit kLimit{1024, [](const std::string& size) { return input_error("too big: " + size); }};

std::string refusal(const fs::path& p, const InputLimit& limit = kLimit) {
  try {
    read_input_file(p, limit);
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), 2);
    return e.what();
  }
  return "(read)";
}

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("gpuaudit-input-" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
};

}  // namespace

TEST(InputFile, ARegularFileIsReadWholeWithItsPadding) {
  TempDir d;
  { std::ofstream(d.path / "a.txt") << "hello"; }
  const std::string s = read_input_file(d.path / "a.txt", kLimit, 64);
  EXPECT_EQ(s, "hello");
  EXPECT_GE(s.capacity(), 5u + 64u);
}

TEST(InputFile, AFileOverTheLimitIsRefusedUnreadWithItsSize) {
  TempDir d;
  { std::ofstream(d.path / "big") << std::string(2 << 20, 'x'); }
  EXPECT_EQ(refusal(d.path / "big"), "too big: 2.0 MiB");
}

TEST(InputFile, AFifoNobodyWritesToIsRefusedAtOnce) {
  TempDir d;
  const fs::path fifo = d.path / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto t0 = std::chrono::steady_clock::now();
  const std::string why = refusal(fifo);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
  EXPECT_NE(why.find("a FIFO (or pipe) that nothing is writing to"), std::string::npos) << why;
  EXPECT_NE(why.find(fifo.string()), std::string::npos) << why;
}

TEST(InputFile, AFifoWithAWriterIsReadToItsEnd) {
  TempDir d;
  const fs::path fifo = d.path / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] {  // blocks in open() until the reader comes: it counts as a writer then
    std::ofstream out(fifo);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    out << "late data";
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(read_input_file(fifo, kLimit), "late data");
  writer.join();
}

TEST(InputFile, AnAnonymousPipeLikeProcessSubstitutionIsRead) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ASSERT_EQ(::write(fds[1], "abc", 3), 3);
  std::thread closer([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_EQ(::write(fds[1], "def", 3), 3);
    ::close(fds[1]);
  });
  EXPECT_EQ(read_input_file("/proc/self/fd/" + std::to_string(fds[0]), kLimit), "abcdef");
  closer.join();
  ::close(fds[0]);
}

TEST(InputFile, APipeOverTheLimitIsRefusedWhileRead) {
  ::signal(SIGPIPE, SIG_IGN);  // the writer may outlive the reader's refusal
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  std::thread writer([&] {
    const std::string chunk(4096, 'x');
    for (int i = 0; i < 4; ++i)
      if (::write(fds[1], chunk.data(), chunk.size()) < 0) break;  // EPIPE once the reader gave up
    ::close(fds[1]);
  });
  EXPECT_EQ(refusal("/proc/self/fd/" + std::to_string(fds[0])), "too big: more than 0.0 MiB");
  ::close(fds[0]);
  writer.join();
}

TEST(InputFile, FoldersDevicesAndMissingFilesAreRefusedSayingWhatTheyAre) {
  TempDir d;
  EXPECT_NE(refusal(d.path).find("is a folder, not a file"), std::string::npos);
  EXPECT_NE(refusal("/dev/zero").find("is a character device"), std::string::npos);
  EXPECT_NE(refusal("/dev/null").find("is a character device"), std::string::npos);
  EXPECT_NE(refusal(d.path / "missing").find("cannot open: No such file"), std::string::npos);
}
