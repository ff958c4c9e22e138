// The host counters `watch` reads (watch/host_counters.hpp): lines as Linux 5.x/6.x prints them
// (proc(5)), whole disks told from partitions, a process name with spaces and parentheses, and the
// rates between two readings.
#include "watch/host_counters.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

namespace gpuaudit {
namespace {

TEST(HostCounters, MemAvailableShare) {
  EXPECT_NEAR(*parse_mem_available_pct("MemTotal:       16000000 kB\nMemFree:         1000000 kB\n"
                                       "MemAvailable:    4000000 kB\n"),
              25.0, 1e-9);
  EXPECT_FALSE(parse_mem_available_pct("MemTotal: 100 kB\n"));  // kernels before 3.14 have no MemAvailable
  EXPECT_FALSE(parse_mem_available_pct("garbage"));
}

TEST(HostCounters, SwapInCounter) {
  EXPECT_EQ(parse_pswpin("pgpgin 1\npswpin 42\npswpout 7\n"), 42u);
  EXPECT_FALSE(parse_pswpin("pgpgin 1\n"));
  EXPECT_FALSE(parse_pswpin("pswpin -3\n"));
}

TEST(HostCounters, DiskstatsCountsWholeDisksOnly) {
  const std::string text =
      "   7       0 loop0 100 0 800 10 0 0 0 0 0 10 10 0 0 0 0\n"
      " 259       0 nvme0n1 1000 5 20000 300 2000 10 40000 900 0 800 1200 0 0 0 0\n"
      " 259       1 nvme0n1p1 900 5 19000 280 1900 10 39000 850 0 700 1100 0 0 0 0\n"
      "   8       0 sda 10 0 80 1 20 0 160 2 0 3 3\n"
      "   8       1 sda1 10 0 80 1 20 0 160 2 0 3 3\n"
      " 253       0 dm-0 500 0 4000 50 600 0 4800 60 0 100 110 0 0 0 0\n";
  const auto d = parse_diskstats(text);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->reads, 1010u);
  EXPECT_EQ(d->sectors_read, 20080u);
  EXPECT_EQ(d->writes, 2020u);
  EXPECT_EQ(d->sectors_written, 40160u);
  EXPECT_FALSE(parse_diskstats("   7 0 loop0 1 0 8 1 0 0 0 0 0 1 1\n"));
}

TEST(HostCounters, ProcessStatReadsPastANameWithSpacesAndParentheses) {
  // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
  const std::string stat = "4242 (python (data) 1) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 56 300 10 20 0 17 0 "
                           "999 1000000 200 18446744073709551615";
  const auto t = parse_process_stat(stat);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->ticks, 1600u);  // its own 1290 and 310 of children it reaped
  EXPECT_EQ(t->threads, 17);
  EXPECT_FALSE(t->cpu);  // the line above stops before field 39
  // A whole line, this build machine's /proc/1/stat: the last CPU it ran on is field 39 (proc(5)).
  const std::string whole =
      "1 (process_api) S 0 0 0 0 -1 4194560 14718 4556047 0 706 38 58 22362 1390 10 -10 16 0 6 45719552 2633 "
      "18446744073709551615 1 1 0 0 0 0 0 4096 1256 0 0 0 17 1 0 0 0 0 0 0 0 0 0 0 0 0 0";
  const auto w = parse_process_stat(whole);
  ASSERT_TRUE(w);
  EXPECT_EQ(w->cpu, 1);
  EXPECT_EQ(w->threads, 16);
  EXPECT_FALSE(parse_process_stat("4242 (cut"));
  EXPECT_FALSE(parse_process_stat("4242 (x) S 1 2"));
}

TEST(HostCounters, PointBetweenTwoReadings) {
  HostCounters a, b;
  a.t_s = 1, b.t_s = 3;
  a.cpu = CpuTimes{"cpu", 100, 0, 0, 800, 0, 0, 0, 100};
  b.cpu = CpuTimes{"cpu", 300, 0, 0, 1000, 100, 0, 0, 200};  // +200 user, +200 idle, +100 iowait, +100 steal
  a.job_ticks = 100, b.job_ticks = 500;                       // 400 ticks in 2 s
  a.pswpin = 10, b.pswpin = 30;
  a.disks = DiskTotals{0, 0, 0, 0};
  b.disks = DiskTotals{4000000, 2000000, 300, 100};
  const WatchHostPoint p = host_point(a, b, 100);
  EXPECT_EQ(p.t_s, 3);
  EXPECT_NEAR(*p.cpu_busy_pct, 100.0 * 200 / 600, 1e-9);
  EXPECT_NEAR(*p.iowait_pct, 100.0 * 100 / 600, 1e-9);
  EXPECT_NEAR(*p.steal_pct, 100.0 * 100 / 600, 1e-9);
  EXPECT_NEAR(*p.job_cpu_cores, 2.0, 1e-9);
  EXPECT_NEAR(*p.swap_in_per_s, 10.0, 1e-9);
  EXPECT_NEAR(*p.disk_read_mbps, 4000000 * 512 / 1e6 / 2, 1e-9);
  EXPECT_NEAR(*p.disk_iops, 200.0, 1e-9);
}

// /proc/net/dev as this build machine's kernel printed it (a virtio NIC, lo, an ifb), then two lines
// made up for the edges: one with no space after the colon (as kernels print a counter too wide for
// its column) and one cut short.
TEST(HostCounters, NetDevInterfacesAndWhichCount) {
  const std::string text =
      "Inter-|   Receive                                                |  Transmit\n"
      " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed\n"
      "    lo:    3267      29    0    0    0     0          0         0     3267      29    0    0    0     0       0          0\n"
      "  ifb0:       0       0    0    0    0     0          0         0        0       0    0    0    0     0       0          0\n"
      "  eth0: 9831823     453    0    0    0     0          0         0    34023     421    0    0    0     0       0          0\n"
      "  eth1:4294967296 9 0 0 0 0 0 0 17 1 0 0 0 0 0 0\n"
      "  cut: 1 2 3\n";
  const auto all = parse_net_dev(text);
  ASSERT_EQ(all.size(), 4u);  // the cut line is left out
  EXPECT_EQ(all[2].name, "eth0");
  EXPECT_EQ(all[2].rx_bytes, 9831823u);
  EXPECT_EQ(all[2].tx_bytes, 34023u);
  EXPECT_EQ(all[3].rx_bytes, 4294967296u);
  // Physical ones only, where there are any; else everything but the loopback.
  const auto physical = counted_interfaces(all, {"eth0"});
  ASSERT_EQ(physical.size(), 1u);
  EXPECT_EQ(physical[0].name, "eth0");
  EXPECT_EQ(counted_interfaces(all, {}).size(), 3u);
  EXPECT_TRUE(parse_net_dev("garbage\n").empty());
}

TEST(HostCounters, RunQueueAndEachCoresShare) {
  EXPECT_EQ(parse_procs_running("cpu  1 2 3 4\nctxt 9\nprocs_running 3\nprocs_blocked 0\n"), 3);
  EXPECT_FALSE(parse_procs_running("cpu  1 2 3 4\n"));
  HostCounters a, b;
  a.t_s = 0, b.t_s = 1;
  a.cores = {CpuTimes{"cpu0", 0, 0, 0, 0}, CpuTimes{"cpu1", 0, 0, 0, 0}};
  b.cores = {CpuTimes{"cpu0", 95, 0, 0, 5}, CpuTimes{"cpu1", 10, 0, 0, 90}};  // one core at its limit
  b.procs_running = 2;
  a.net = NetTotals{1000, 0};
  b.net = NetTotals{1000 + 250000000, 2000000};
  const WatchHostPoint p = host_point(a, b, 100);
  EXPECT_NEAR(*p.busiest_core_pct, 95.0, 1e-9);
  EXPECT_EQ(p.run_queue, 2);
  EXPECT_NEAR(*p.net_rx_mbps, 250.0, 1e-9);
  EXPECT_NEAR(*p.net_tx_mbps, 2.0, 1e-9);
  EXPECT_FALSE(host_point(HostCounters{}, b, 100).net_rx_mbps);
}

TEST(HostCounters, AProcessThatExitedGivesNoNegativeCpu) {
  HostCounters a, b;
  a.t_s = 0, b.t_s = 1;
  a.job_ticks = 500, b.job_ticks = 100;
  EXPECT_EQ(*host_point(a, b, 100).job_cpu_cores, 0.0);
}

TEST(HostCounters, ReadsThisProcessTree) {
  const HostCounters c = read_host_counters({::getpid()}, 0, plan_net());
  ASSERT_TRUE(c.job_processes);
  EXPECT_GE(*c.job_processes, 1);
  EXPECT_GE(c.job_threads.value_or(0), 1);
  EXPECT_TRUE(c.cpu);
  EXPECT_FALSE(c.cores.empty());
  EXPECT_GE(c.procs_running.value_or(0), 1);  // this one, reading
  EXPECT_EQ(c.job_pids.front(), ::getpid());
}

}  // namespace
}  // namespace gpuaudit
