// probe/gpu_select: --gpus names GPUs as nvidia-smi -i does: an index in nvidia-smi's order, a UUID
// (GPU-, MIG-) or a PCI bus id in any of its spellings; an entry that names no GPU is refused with
// what there is. The UUIDs and bus ids below are of the real 8x H100 nvidia-smi -q in
// tests/data/real-world/h100-sxm-x8-idle-gen5 (imported, so the test reads them as gpuaudit does).
#include "probe/gpu_select.hpp"

#include "core/error.hpp"
#include "import/import.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

const std::vector<GpuInfo>& eight() {
  static const std::vector<GpuInfo> gpus =
      imports::import_files({std::string(GPUAUDIT_TEST_DATA) + "/real-world/h100-sxm-x8-idle-gen5/nvidia-smi-q.txt"}, {},
                            nullptr)
          .gpus;
  return gpus;
}

std::string message_of(const std::vector<std::string>& entries) {
  try {
    select_gpus(entries, eight());
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(SelectGpus, IndicesUuidsAndBusIdsInEverySpelling) {
  const auto& g = eight();
  ASSERT_EQ(g.size(), 8u);
  ASSERT_FALSE(g[3].uuid.empty());
  ASSERT_FALSE(g[5].pci_bus_id.empty());
  const std::string bus = g[5].pci_bus_id;                // "00000000:xx:00.0" as nvidia-smi -q prints it
  const std::string short_bus = bus.substr(bus.size() - 7);  // "xx:00.0"
  std::string upper_uuid = g[3].uuid;
  for (auto& c : upper_uuid) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  EXPECT_EQ(select_gpus({"1", g[3].uuid, bus}, g), (std::vector<int>{1, 3, 5}));
  EXPECT_EQ(select_gpus({upper_uuid, short_bus, "0000:" + short_bus}, g), (std::vector<int>{3, 5}));  // each once
  EXPECT_TRUE(select_gpus({}, g).empty());  // none named: all, as before
}

TEST(SelectGpus, AnEntryThatNamesNoGpuIsRefusedWithTheChoices) {
  const std::string m = message_of({"8"});
  EXPECT_NE(m.find("--gpus: no GPU \"8\" here: there are 0 ("), std::string::npos) << m;
  EXPECT_NE(m.find("indices follow nvidia-smi's order"), std::string::npos) << m;
  EXPECT_NE(message_of({"GPU-00000000-0000-0000-0000-000000000000"}).find("no GPU \"GPU-0000"), std::string::npos);
  EXPECT_NE(message_of({"ff:1f.7"}).find("no GPU \"ff:1f.7\""), std::string::npos);
}

TEST(IsGpuSelector, TheThreeFormsOnly) {
  for (const char* ok : {"0", "12", "GPU-5f3c1a2b", "mig-1234", "18:00.0", "0000:18:00.0", "00000000:3B:00.0"})
    EXPECT_TRUE(is_gpu_selector(ok)) << ok;
  for (const char* bad : {"x", "-1", "1.5", "GPU-", "gpu0", "18:00", "0,1", ""}) EXPECT_FALSE(is_gpu_selector(bad)) << bad;
}

}  // namespace
}  // namespace gpuaudit
