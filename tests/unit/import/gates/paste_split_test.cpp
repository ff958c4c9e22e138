// split_paste() (src/import/gates/paste_split.cpp): where a paste is cut (fences, prompts, commands, tools'
// first lines, blank-line gaps), which cuts are hard, that line numbers are the paste's own, that
// what only looks like a prompt (an XML element, nccl-tests' "#" header, a sentence naming a tool)
// does not cut, and that the work stays linear and bounded on a 64 MiB paste of blank-line gaps.
#include "import/importer.hpp"
#include "import/gates/paste_split.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gpuaudit::imports {
namespace {

std::string text_of(std::string_view t, const PasteSegment& s) { return std::string(t.substr(s.begin, s.end - s.begin)); }

TEST(PasteSplit, FencesCutAndTheirLinesBelongToNoSegment) {
  const std::string t = "Here is my topology:\n```\nGPU0 X\n```\nand the run:\n```console\n# nThread 1\n```\n";
  const auto s = split_paste(t);
  ASSERT_EQ(s.size(), 4u);
  EXPECT_EQ(text_of(t, s[0]), "Here is my topology:");
  EXPECT_EQ(s[0].boundary, PasteBoundary::start);
  EXPECT_EQ(text_of(t, s[1]), "GPU0 X");
  EXPECT_EQ(s[1].first_line, 3);
  EXPECT_EQ(s[1].boundary, PasteBoundary::fence);
  EXPECT_EQ(text_of(t, s[2]), "and the run:");
  EXPECT_EQ(s[2].first_line, 5);
  EXPECT_EQ(s[2].boundary, PasteBoundary::fence);
  EXPECT_EQ(s[3].first_line, 7);
  EXPECT_EQ(s[3].last_line, 7);
}

TEST(PasteSplit, APromptStartsTheSegmentOfItsOutput) {
  const std::string t =
      "root@node-a:~# nvidia-smi -L\nGPU 0: H100\n[user@host nccl-tests]$ ./build/all_reduce_perf -g 8\n#  Rank  0 Group  0\n";
  const auto s = split_paste(t);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(text_of(t, s[0]), "root@node-a:~# nvidia-smi -L\nGPU 0: H100");
  EXPECT_EQ(s[1].first_line, 3);
  EXPECT_EQ(s[1].last_line, 4);
  EXPECT_EQ(s[1].boundary, PasteBoundary::prompt);
  EXPECT_TRUE(hard_boundary(s[1].boundary));
}

// A command people numbered or bulleted in their post ("2. nvidia-smi -L") starts its output's
// segment like a command typed alone; a numbered sentence does not.
TEST(PasteSplit, ANumberedOrBulletedCommandStartsItsSegment) {
  const std::string t = "Steps:\n2. nvidia-smi -L\nGPU 0: NVIDIA GeForce RTX 2060\n- dmesg | grep NVRM\nNVRM: Xid 79\n3. I rebooted.\n";
  const auto s = split_paste(t);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[1].first_line, 2);
  EXPECT_EQ(s[1].boundary, PasteBoundary::prompt);
  EXPECT_EQ(s[2].first_line, 4);
  EXPECT_EQ(s[2].last_line, 6);
}

TEST(PasteSplit, GapsAndToolBannersAreSoftCuts) {
  const std::string t = "+---+\n| NVIDIA-SMI 550 |\n+---+\n\n        GPU0    GPU1\nGPU0     X      NV12\n"
                        "==============NVSMI LOG==============\nTimestamp : x\n";
  const auto s = split_paste(t);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[1].boundary, PasteBoundary::gap);
  EXPECT_EQ(s[1].first_line, 5);
  EXPECT_EQ(s[2].boundary, PasteBoundary::banner);
  EXPECT_EQ(s[2].first_line, 7);
  EXPECT_FALSE(hard_boundary(s[1].boundary));
  EXPECT_FALSE(hard_boundary(s[2].boundary));
}

TEST(PasteSplit, NcclTestsHeaderCutsOnceBeforeItsFirstLine) {
  const std::string t = "some text\n# nThread 1 nGpus 8 minBytes 8\n#\n# Using devices\n#  Rank  0 Group  0\n";
  const auto s = split_paste(t);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[1].first_line, 2);
  EXPECT_EQ(s[1].last_line, 5);
}

TEST(PasteSplit, PromptsAreToldFromWhatOnlyLooksLikeOne) {
  for (const char* yes : {"$ nvidia-smi", "$", "root@dl380ag11:~# nvidia-smi topo -m", "user@host:~/x$ ls",
                          "[root@node01 ~]# dmesg", "(base) user@gpu:~$ python -m torch.utils.collect_env",
                          "PS C:\\Users\\me> nvidia-smi", "C:\\work> nvidia-smi -q", "root@host:~#", "mac:~ me$ ls"})
    EXPECT_TRUE(paste_prompt_line(yes)) << yes;
  for (const char* no : {"# nThread 1 nGpus 8", "#  Rank  0 Group  0 Pid 1 on host device 0", "<product_name>H100</product_name>",
                         "    <gpu id=\"00000000:18:00.0\">", "> Peer access from GPU0 -> GPU1 : Yes", "# su - testuser01",
                         "Total $ spent: 40", "| 0  NVIDIA H100 | 00000000:18:00.0 Off |", "GPU 0: NVIDIA H100 (UUID: GPU-1)",
                         "NVRM: Xid (PCI:0000:18:00): 79, GPU has fallen off the bus."})
    EXPECT_FALSE(paste_prompt_line(no)) << no;
}

TEST(PasteSplit, ACommandTypedWithoutAPromptCuts) {
  const std::string t = "text above\nnvidia-smi topo -m\n        GPU0\nsudo dmesg | grep -i nvrm\n[ 1.0] NVRM: x\n"
                        "nvidia-smi shows nothing wrong.\n";
  const auto s = split_paste(t);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[1].first_line, 2);
  EXPECT_EQ(s[2].first_line, 4);
  EXPECT_EQ(s[2].last_line, 6);  // the sentence that names the tool does not cut
}

TEST(PasteSplit, LineNumbersAreThePastesWithCrlfGoneAndNoTrailingNewline) {
  const std::string t = "\n\n```\n\na\nb\n\n\nc";
  const auto s = split_paste(t);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].first_line, 5);
  EXPECT_EQ(s[0].last_line, 6);
  EXPECT_EQ(s[1].first_line, 9);
  EXPECT_EQ(text_of(t, s[1]), "c");
}

TEST(PasteSplit, EmptyAndBlankTextsHaveNoSegment) {
  EXPECT_TRUE(split_paste("").empty());
  EXPECT_TRUE(split_paste("\n \n\t\n").empty());
  EXPECT_TRUE(split_paste("```\n```\n").empty());
}

TEST(PasteSplit, SegmentsAreBoundedAndTheWorkLinearOnA64MiBPaste) {
  std::string t;
  t.reserve(kMaxInputBytes);
  while (t.size() + 4 <= kMaxInputBytes) t += "x\n\n";
  // Two linear passes (docs/import.md gives the measured time); a quadratic loop would run for hours
  // and meet ctest's timeout. No wall-clock bound here: a sanitizer build takes minutes.
  const auto s = split_paste(t);
  EXPECT_LE(s.size(), kMaxPasteSegments);
  // Without gaps cut, the text is one segment from its first line to its last.
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].first_line, 1);
  EXPECT_EQ(s[0].end, t.size() - 2);

  std::string prompts;
  for (int i = 0; i < 5000; ++i) prompts += "$ ls\nout\n";
  const auto p = split_paste(prompts);
  EXPECT_EQ(p.size(), kMaxPasteSegments);
  EXPECT_EQ(p.back().last_line, 10000);  // the rest joins the last segment
}

}  // namespace
}  // namespace gpuaudit::imports
