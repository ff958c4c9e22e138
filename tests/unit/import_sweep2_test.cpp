// What the second sweep of the parsers over real pastes (GitHub issue threads, docs/import.md
// "Second sweep") found, one test per defect at its cause. The pastes are quoted inline where a
// few lines show the case (each with its source); the longer ones are fixtures under
// tests/data/imports/ and are checked by import_fixtures_test.cpp as well.
#include "import/smi_command_line.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::parse_as;

// ---- the nvidia-smi command line a paste keeps ---------------------------------------------------

TEST(SmiCommandLine, ReadsTheQueryFormatIdsAndLoopAfterAnyPrompt) {
  const auto c = smi::query_command(
      "/usr/bin/nvidia-smi -i 0a:00.0 --query-gpu=power.limit,name --format=csv,noheader,nounits");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->fields, (std::vector<std::string>{"power.limit", "name"}));
  EXPECT_TRUE(c->csv);
  EXPECT_TRUE(c->noheader);
  EXPECT_FALSE(c->loop);
  EXPECT_EQ(c->ids, std::vector<std::string>{"0a:00.0"});

  const auto w = smi::query_command(
      R"(`.\nvidia-smi.exe --format="noheader,nounits,csv" --query-gpu="fan.speed,memory.total"`)");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->fields, (std::vector<std::string>{"fan.speed", "memory.total"}));
  EXPECT_TRUE(w->noheader);

  const auto l = smi::query_command("$nvidia-smi -lms --query-gpu=timestamp,pstate --format=csv | tee gpu-log.csv ");
  ASSERT_TRUE(l);
  EXPECT_TRUE(l->loop);
  EXPECT_FALSE(l->noheader);
  EXPECT_FALSE(l->transformed);  // tee passes the text on unchanged

  const auto t = smi::query_command("$ nvidia-smi --format=csv --query-gpu=index,name | column -s, -t");
  ASSERT_TRUE(t);
  EXPECT_TRUE(t->transformed);

  EXPECT_FALSE(smi::query_command("nvidia-smi -q -d PERFORMANCE"));  // not a query
  EXPECT_FALSE(smi::query_command("name, pci.bus_id"));
}

TEST(SmiCommandLine, PromptsAreToldFromRows) {
  EXPECT_TRUE(smi::looks_like_prompt("sh-4.2$"));
  EXPECT_TRUE(smi::looks_like_prompt("[root@minion ~]# dcgmi diag -r 2"));
  EXPECT_TRUE(smi::looks_like_prompt("user@GENOA-01:~/nccl-tests$ ./build/alltoall_perf"));
  EXPECT_TRUE(smi::looks_like_prompt("$ ls"));
  EXPECT_FALSE(smi::looks_like_prompt("1 %"));
  EXPECT_FALSE(smi::looks_like_prompt("# Output"));  // a comment, not root's prompt
  EXPECT_FALSE(smi::looks_like_prompt("Tesla T4"));
  EXPECT_FALSE(smi::looks_like_prompt("GeForce GTX 1080 Ti, 29 %, 11175 MiB"));
}

// ---- nvidia-smi --query-gpu CSV ------------------------------------------------------------------

TEST(ImportSweep2Csv, ANoheaderLogUnderItsCommandLineReadsTheCommandsFields) {
  // https://github.com/conbench/conbench/pull/158 (verbatim, one Tesla T4)
  const std::string raw =
      "sh-4.2$ nvidia-smi --query-gpu=gpu_name --format=csv,noheader\n"
      "Tesla T4\n"
      "sh-4.2$\n";
  EXPECT_EQ(detected(raw), "nvidia-smi-csv");
  const auto p = parse_as("nvidia-smi-csv", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "Tesla T4");
  EXPECT_EQ(p.gpus[0].index, 0);
  EXPECT_TRUE(p.skipped.empty());
}

TEST(ImportSweep2Csv, ACommentThePosterTypedIsNotARow) {
  // https://github.com/Syllo/nvtop/issues/64 (verbatim): the value keeps its unit
  const std::string raw =
      "nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader\n"
      "# Output\n"
      "1 %\n";
  EXPECT_EQ(detected(raw), "nvidia-smi-csv");
  const auto p = parse_as("nvidia-smi-csv", raw);
  ASSERT_EQ(p.timelines.size(), 1u);
  ASSERT_EQ(p.timelines[0].second.size(), 1u);
  EXPECT_DOUBLE_EQ(*p.timelines[0].second[0].gpu_util_pct, 1.0);
}

TEST(ImportSweep2Csv, TwoModelsWithoutAnIndexColumnAreTwoGpus) {
  // https://github.com/aristocratos/bpytop/issues/26 (the first run of the paste): one row per GPU,
  // no index or bus id column; the names differ, so the rows are two GPUs, not one GPU's timeline.
  const std::string raw =
      "name, fan.speed [%], memory.total [MiB], memory.used [MiB], utilization.gpu [%], temperature.gpu, power.draw [W], "
      "clocks.current.graphics [MHz], clocks.current.memory [MHz]\n"
      "GeForce GTX 1080 Ti, 29 %, 11175 MiB, 2856 MiB, 36 %, 60, 106.56 W, 1936 MHz, 5508 MHz\n"
      "GeForce GTX 1060 6GB, 29 %, 6078 MiB, 4 MiB, 0 %, 49, 5.68 W, 139 MHz, 405 MHz\n";
  const auto p = parse_as("nvidia-smi-csv", raw);
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[0].name, "GeForce GTX 1080 Ti");
  EXPECT_EQ(p.gpus[1].name, "GeForce GTX 1060 6GB");
  EXPECT_EQ(p.gpus[1].index, 1);
  EXPECT_EQ(p.gpus[1].memory_total_bytes, 6078ull << 20);
  ASSERT_EQ(p.timelines.size(), 2u);
  EXPECT_EQ(p.timelines[1].second.size(), 1u);
}

TEST(ImportSweep2Csv, PollsAreToldApartByTheirTimestamps) {
  // The four-A10 -lms log of tests/data/imports/nvidia-smi-csv/a10-x4-lms-no-index-column.csv: one
  // poll's four rows 4-5 ms apart, the next poll 105 ms later.
  const std::string raw =
      "timestamp, temperature.gpu, utilization.gpu [%]\n"
      "2024/01/16 14:44:16.977, 25, 0 %\n"
      "2024/01/16 14:44:16.981, 24, 0 %\n"
      "2024/01/16 14:44:16.986, 23, 0 %\n"
      "2024/01/16 14:44:16.990, 26, 0 %\n"
      "2024/01/16 14:44:17.095, 25, 0 %\n";
  const auto p = parse_as("nvidia-smi-csv", raw);
  ASSERT_EQ(p.gpus.size(), 4u);
  EXPECT_EQ(p.gpus[3].temperature_c, 26);
  ASSERT_EQ(p.timelines.size(), 4u);
  EXPECT_EQ(p.timelines[0].second.size(), 2u);  // the second poll's first row is GPU 0 again
  EXPECT_TRUE(p.warnings.empty());
}

TEST(ImportSweep2Csv, TheCommandsIdNamesTheGpuAndALoopWithoutIdentityWarns) {
  const std::string one =
      "$ nvidia-smi -i 2 --query-gpu=timestamp,power.draw --format=csv,noheader -l 1\n"
      "2024/01/16 14:44:16.977, 250.10 W\n"
      "2024/01/16 14:44:17.977, 251.30 W\n";
  const auto p = parse_as("nvidia-smi-csv", one);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 2);
  EXPECT_EQ(p.timelines[0].second.size(), 2u);

  // Same model, no timestamps, a loop: nothing tells the GPUs apart, so one GPU and a warning.
  const std::string looped =
      "nvidia-smi --query-gpu=name,power.draw --format=csv,noheader,nounits -l 1\n"
      "NVIDIA A10, 50.1\nNVIDIA A10, 52.3\nNVIDIA A10, 49.9\n";
  const auto q = parse_as("nvidia-smi-csv", looped);
  ASSERT_EQ(q.gpus.size(), 1u);
  ASSERT_EQ(q.warnings.size(), 1u);
  EXPECT_NE(q.warnings[0].find("one GPU"), std::string::npos) << q.warnings[0];

  // The same rows from a one-shot query (no -l): one row per GPU.
  const std::string once =
      "nvidia-smi --query-gpu=name,power.draw --format=csv,noheader,nounits\n"
      "NVIDIA A10, 50.1\nNVIDIA A10, 52.3\nNVIDIA A10, 49.9\n";
  EXPECT_EQ(parse_as("nvidia-smi-csv", once).gpus.size(), 3u);
}

TEST(ImportSweep2Csv, ACommandBrokenOverLinesAndAFilteredOneAndAFailedOne) {
  const std::string continued =
      "nvidia-smi -i 0 --query-gpu=timestamp,power.draw,utilization.gpu \\\n"
      "    --format=csv,noheader,nounits -lms 200\n"
      "2024/01/16 14:44:16.977, 250.10, 99\n";
  const auto p = parse_as("nvidia-smi-csv", continued);
  ASSERT_EQ(p.timelines.size(), 1u);
  EXPECT_DOUBLE_EQ(*p.timelines[0].second[0].gpu_util_pct, 99.0);

  // https://github.com/influxdata/telegraf/issues/6573 (verbatim): the query failed; the one-line
  // error says what nvidia-smi said instead of "not an output gpuaudit can import".
  const std::string failed =
      "`.\\nvidia-smi.exe --format=\"noheader,nounits,csv\" --query-gpu=\"fan.speed,memory.total,name\"`\n"
      "\n"
      "I get the error \n"
      "\n"
      "> Field \xE2\x80\x9C" "encoder.stats.sessionCount\xE2\x80\x9D is not a valid field to query.\n";
  EXPECT_EQ(detected(failed), "nvidia-smi-csv");
  const auto f = parse_as("nvidia-smi-csv", failed);
  EXPECT_TRUE(f.empty());
  ASSERT_FALSE(f.skipped.empty());
  EXPECT_NE(f.skipped[0].find("is not a valid field"), std::string::npos) << f.skipped[0];
}

TEST(ImportSweep2Csv, ALogAroundTheCommandIsNotItsRows) {
  // https://github.com/Ricks-Lab/gpu-utils/issues/88 (verbatim excerpt): a tool's debug log that
  // quotes the noheader commands it runs; its lines fit one field but are no power limit.
  const std::string raw =
      "/usr/bin/nvidia-smi -i 0a:00.0 --query-gpu=power.min_limit --format=csv,noheader,nounits\n"
      "DEBUG:gpu-utils:GPUmodule.read_gpu_sensor_nv:NV query result: [['105.00', '']]\n"
      "DEBUG:gpu-utils:GPUmodule.read_gpu_sensor_nv:NV query response: [105.00]\n";
  EXPECT_NE(detected(raw), "nvidia-smi-csv");
  const auto p = parse_as("nvidia-smi-csv", raw);
  EXPECT_TRUE(p.gpus.empty());
  EXPECT_TRUE(p.timelines.empty());
}

TEST(ImportSweep2Csv, ANoheaderLogWithoutItsCommandStillGetsTheReason) {
  const std::string raw = "2024/06/01 11:27:05.177, NVIDIA A100-SXM4-40GB, 00000000:3B:00.0, 545.23.08, 4 MiB\n";
  EXPECT_EQ(detected(raw), "nvidia-smi-csv");
  const auto p = parse_as("nvidia-smi-csv", raw);
  EXPECT_TRUE(p.empty());
  ASSERT_EQ(p.skipped.size(), 1u);
  EXPECT_NE(p.skipped[0].find("command line"), std::string::npos) << p.skipped[0];
}

// ---- nccl-tests ----------------------------------------------------------------------------------

TEST(ImportSweep2Nccl, ARunStoppedBeforeItsTableIsReadAndTheFailureKept) {
  // https://github.com/NVIDIA/nccl-tests/issues/219 (verbatim excerpt): two nodes, then the failure.
  const std::string raw =
      "# nThread 1 nGpus 2 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 0 graph: 0\n"
      "#\n"
      "# Using devices\n"
      "#  Rank  0 Group  0 Pid 3740409 on fengyun416 device  0 [0x01] NVIDIA RTX A6000\n"
      "#  Rank  1 Group  0 Pid 3740409 on fengyun416 device  1 [0x07] NVIDIA RTX A6000\n"
      "#  Rank  2 Group  0 Pid 3164639 on    fengyun device  0 [0x01] NVIDIA RTX A6000\n"
      "#  Rank  3 Group  0 Pid 3164639 on    fengyun device  1 [0x05] NVIDIA RTX A6000\n"
      "fengyun: Test NCCL failure common.cu:959 'internal error - please report this issue to the NCCL developers / '\n"
      " .. fengyun pid 3164639: Test failure common.cu:844\n";
  EXPECT_EQ(detected(raw), "nccl-tests");
  const auto p = parse_as("nccl-tests", raw);
  ASSERT_EQ(p.gpus.size(), 2u);  // the first host's
  EXPECT_EQ(p.gpus[1].name, "NVIDIA RTX A6000");
  ASSERT_EQ(p.benchmarks.size(), 1u);
  EXPECT_EQ(p.benchmarks[0].status, "error");
  EXPECT_NE(p.benchmarks[0].message.find("Test NCCL failure common.cu:959 'internal error"), std::string::npos);
  EXPECT_NE(p.benchmarks[0].message.find("internal error"), std::string::npos);
}

TEST(ImportSweep2Nccl, ANccl1FailureUnderItsHeaderIsAnErrorRowOfItsCollective) {
  // https://github.com/NVIDIA/nccl-tests/issues/5 (verbatim excerpt, NCCL 1.0 layout)
  const std::string raw =
      "root@node03:~/nvidia/nccl/nccl-tests# ./build/all_reduce_perf -b 8 -e 128M -f 2 -g 8\n"
      "nThread 1 nGpus 8 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 validation: 1\n"
      "# NCCL Tests compiled with NCCL 1.0\n"
      "# Using devices\n"
      "#   Rank  0 on     node03 device  0 [0x00] Tesla P100-PCIE-16GB\n"
      "#   Rank  1 on     node03 device  1 [0x00] Tesla P100-PCIE-16GB\n"
      "\n"
      "#                                                 out-of-place                    in-place\n"
      "#      bytes             N    type      op     time  algbw  busbw      res     time  algbw  busbw      res\n"
      "NCCL failure all_reduce.cu:95 'unhandled cuda error'\n";
  const auto p = parse_as("nccl-tests", raw);
  ASSERT_EQ(p.benchmarks.size(), 1u);
  EXPECT_EQ(p.benchmarks[0].name, "nccl/allreduce");
  EXPECT_EQ(p.benchmarks[0].status, "error");
  EXPECT_NE(p.benchmarks[0].message.find("unhandled cuda error"), std::string::npos);
}

TEST(ImportSweep2Nccl, AHeaderWithoutNThreadIsStillAHeader) {
  // https://github.com/scitix/sichek/issues/52 (verbatim excerpt): "nGpus(perProc)" leads the line.
  const std::string raw =
      "== Run 8 GPU nccl all_reduce test ==\n"
      "# nGpus(perProc) 8 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n"
      "#\n"
      "# Using devices\n"
      "#  Rank  0 Group  0 Pid 1147481 on lh-g23-297 device  0 [0x0f] NVIDIA H200\n"
      "#  Rank  1 Group  0 Pid 1147481 on lh-g23-297 device  1 [0x34] NVIDIA H200\n";
  EXPECT_EQ(detected(raw), "nccl-tests");
  const auto p = parse_as("nccl-tests", raw);
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[1].name, "NVIDIA H200");
}

TEST(ImportSweep2Nccl, AWrongCountPastLongLongIsSaidNotCast) {
  // synthetic: what the 60 s fuzz run of parse_nccl_tests found (the #wrong sum cast to long long
  // overflowed, undefined behaviour); the row is one real layout with a made-up count.
  const std::string raw =
      "$ ./build/all_reduce_perf -b 8 -e 8 -g 2\n"
      "# nThread 1 nGpus 2 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n"
      "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n"
      "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n"
      "           8             2     float     sum      -1    12.90    0.00    0.00  7e111    12.87    0.00    0.00      0\n";
  const auto p = parse_as("nccl-tests", raw);
  ASSERT_FALSE(p.benchmarks.empty());
  EXPECT_EQ(p.benchmarks[0].status, "check-failed");
  EXPECT_NE(p.benchmarks[0].message.find("more than 9e18"), std::string::npos) << p.benchmarks[0].message;
}

// ---- nvbandwidth ---------------------------------------------------------------------------------

TEST(ImportSweep2Nvbandwidth, AQuotedRunningLineStillNamesTheTestcase) {
  // https://github.com/NVIDIA/nvbandwidth/issues/24 (verbatim): the poster quoted the Running lines.
  const std::string raw =
      "> Running host_to_device_memcpy_sm.\n"
      "memcpy SM CPU(row) -> GPU(column) bandwidth (GB/s)\n"
      "0         1         2         3         4         5         6         7\n"
      "0     35.19     35.25     35.30     35.03     35.25     35.32     35.39     35.06\n"
      "\n"
      "> Running device_to_host_memcpy_sm.\n"
      "memcpy SM CPU(row) <- GPU(column) bandwidth (GB/s)\n"
      "0         1         2         3         4         5         6         7\n"
      "0     52.77     52.77     52.77     52.78     52.76     52.77     52.78     52.77\n";
  const auto p = parse_as("nvbandwidth", raw);
  ASSERT_EQ(p.benchmarks.size(), 2u);
  EXPECT_EQ(p.benchmarks[0].name, "nvbandwidth/host_to_device_memcpy_sm");
  EXPECT_EQ(p.benchmarks[1].name, "nvbandwidth/device_to_host_memcpy_sm");
}

// ---- normalisation: a paste quoted as a markdown block quote -------------------------------------

TEST(ImportSweep2Normalize, ABlockQuotedPasteIsUnquoted) {
  // https://github.com/mozilla/DeepSpeech/issues/178 (verbatim): dmon quoted with "> " and the
  // markdown escape before each '#'.
  const std::string raw =
      "> \\# gpu   pwr  temp    sm   mem   enc   dec  mclk  pclk\n"
      "> \\# Idx     W     C     %     %     %     %   MHz   MHz\n"
      ">     0   111    83    25     7     0     0  4513  1683\n"
      ">     1   111    84    18     5     0     0  4513  1733\n";
  EXPECT_EQ(normalize_text(raw).substr(0, 9), "# gpu   p");
  EXPECT_EQ(detected(raw), "nvidia-smi-dmon");
  const auto p = parse_as("nvidia-smi-dmon", raw);
  ASSERT_EQ(p.timelines.size(), 2u);
  EXPECT_DOUBLE_EQ(*p.timelines[1].second[0].sm_clock_mhz, 1733.0);
  // Text with only some lines quoted is left as it is.
  EXPECT_EQ(normalize_text("> a\nb\n"), "> a\nb\n");
}

// ---- deviceQuery ---------------------------------------------------------------------------------

TEST(ImportSweep2DeviceQuery, AnExcerptStartingAtALaterDeviceIsRecognised) {
  // https://github.com/aikitoria/open-gpu-kernel-modules/issues/1 (verbatim excerpt)
  const std::string raw =
      "     < Default (multiple host threads can use ::cudaSetDevice() with device simultaneously) >\n"
      "\n"
      "Device 2: \"NVIDIA GeForce RTX 5090\"\n"
      "  CUDA Driver Version / Runtime Version          12.8 / 12.8\n"
      "  CUDA Capability Major/Minor version number:    12.0\n"
      "  Total amount of global memory:                 32117 MBytes (33677180928 bytes)\n"
      "  (170) Multiprocessors, (128) CUDA Cores/MP:    21760 CUDA Cores\n";
  EXPECT_EQ(detected(raw), "deviceQuery");
  const auto p = parse_as("deviceQuery", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 2);
  EXPECT_EQ(p.gpus[0].compute_capability, "12.0");
  EXPECT_EQ(p.gpus[0].sm_count, 170);
}

TEST(ImportSweep2DeviceQuery, ThePostsHtmlAroundALineIsNotPartOfIt) {
  // https://github.com/AlexeyAB/darknet/issues/3334 (verbatim excerpt): the poster bolded the line
  // with HTML inside a <pre> block.
  const std::string raw =
      "<pre>C:\\ProgramData\\NVIDIA Corporation\\CUDA Samples\\v10.1\\bin\\win64\\Release\\deviceQuery.exe Starting...\n"
      "\n"
      " CUDA Device Query (Runtime API) version (CUDART static linking)\n"
      "\n"
      "Detected 1 CUDA Capable device(s)\n"
      "\n"
      "Device 0: \"GeForce GTX 970\"\n"
      "  CUDA Driver Version / Runtime Version          10.2 / 10.1\n"
      "  <b>CUDA Capability Major/Minor version number:    5.2</b>\n"
      "  (13) Multiprocessors, (128) CUDA Cores/MP:     1664 CUDA Cores\n";
  const auto p = parse_as("deviceQuery", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].compute_capability, "5.2");
  EXPECT_EQ(p.gpus[0].sm_count, 13);
}

}  // namespace
}  // namespace gpuaudit::imports
