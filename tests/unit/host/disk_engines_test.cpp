// The disk check's engines (disk_engines.hpp): recorded fio JSON output read back, and the fio
// command line built for a read test.
#include "host/disk_engines.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace gpuaudit {
namespace {

std::string fixture(const std::string& name) {
  std::ifstream f(std::string(GPUAUDIT_TEST_DATA) + "/host/" + name);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST(HostDisk, ParsesRecordedFioJson) {
  const DiskReadSample seq = parse_fio_json(fixture("fio-3.33-read-1m-qd16.json"));
  EXPECT_GT(seq.bytes_per_s, 1e6);
  EXPECT_GT(seq.iops, 1.0);
  EXPECT_NEAR(seq.bytes_per_s / seq.iops, 1 << 20, 0.01 * (1 << 20));  // 1 MiB per read
  const DiskReadSample rnd = parse_fio_json(fixture("fio-3.33-randread-4k-qd32.json"));
  EXPECT_NEAR(rnd.bytes_per_s / rnd.iops, 4096, 41);
  ASSERT_TRUE(rnd.p99_latency_us.has_value());
  EXPECT_GT(*rnd.p99_latency_us, 0.0);
  // fio sometimes prints a warning line before the JSON.
  EXPECT_NO_THROW(parse_fio_json("fio: some warning\n" + fixture("fio-3.33-read-1m-qd16.json")));
  EXPECT_THROW(parse_fio_json("fio: file not found"), std::runtime_error);
  EXPECT_THROW(parse_fio_json("{\"jobs\":[{\"error\":5,\"read\":{}}]}"), std::runtime_error);
}

TEST(HostDisk, FioCommandLine) {
  const auto a = fio_command("fio", "/proc/1/fd/5", 1 << 24, true,
                             {.sequential = false, .block_bytes = 4096, .queue_depth = 32, .seconds = 0.5});
  const std::string all = [&] {
    std::string s;
    for (const auto& x : a) s += x + " ";
    return s;
  }();
  for (const char* want : {"--filename=/proc/1/fd/5", "--rw=randread", "--bs=4096", "--iodepth=32", "--direct=1",
                           "--runtime=500ms", "--output-format=json", "--time_based", "--norandommap"})
    EXPECT_NE(all.find(want), std::string::npos) << want;
}

}  // namespace
}  // namespace gpuaudit
