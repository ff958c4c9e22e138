// The NSpid line of /proc/PID/status (host/pid_namespace.hpp): real lines from a host and from a
// container, a kernel without the line, torn and foreign text; and this process's own.
#include "host/pid_namespace.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

namespace gpuaudit {
namespace {

TEST(PidNamespace, ReadsTheIdsOfEveryNamespaceOutermostFirst) {
  // proc(5): "NSpid: Thread ID in each of the PID namespaces of which [pid] is a member".
  EXPECT_EQ(parse_nspid("Name:\tbash\nTgid:\t4711\nPid:\t4711\nNSpid:\t4711\nNSpgid:\t4711\n"),
            (std::vector<std::int64_t>{4711}));
  EXPECT_EQ(parse_nspid("Name:\tpython3\nNSpid:\t923811\t57\nNSpgid:\t923811\t57\n"),
            (std::vector<std::int64_t>{923811, 57}));
}

TEST(PidNamespace, NoLineOrABrokenOneReadsAsNone) {
  EXPECT_TRUE(parse_nspid("Name:\tbash\nPid:\t12\n").empty());  // Linux before 4.1
  EXPECT_TRUE(parse_nspid("").empty());
  EXPECT_TRUE(parse_nspid("NSpid:\t12\tx\n").empty());
  EXPECT_TRUE(parse_nspid("NSpid:\t-3\n").empty());
  EXPECT_TRUE(parse_nspid("NSpid:\n").empty());
}

TEST(PidNamespace, ThisProcessHasAHostIdAndAnAnswer) {
  const auto host = host_pid_of(::getpid());
  ASSERT_TRUE(host);  // every kernel CI runs has the line
  const auto here = in_host_pid_namespace();
  ASSERT_TRUE(here);
  if (*here) EXPECT_EQ(*host, ::getpid());
  EXPECT_FALSE(host_pid_of(-1));
  // Back from the host's id to this namespace's: this process is found as itself.
  EXPECT_EQ(local_pid_of(*host), ::getpid());
  EXPECT_FALSE(local_pid_of(0));
  EXPECT_FALSE(local_pid_of(999999999));
}

}  // namespace
}  // namespace gpuaudit
