// score/xid_catalogue.cpp: what a kernel event means (xid_meaning): spot checks of the Xid rows the
// rules lean on against NVIDIA's catalogue, Xid 154 read by the recovery action it names, kernel
// events that are no Xid (fallen off the bus, init failed, PCIe AER), and the lines a finding quotes.
#include "score/xid_catalogue.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace gpuaudit;

namespace {

KernelEvent xid(int n, const std::string& message = "") {
  KernelEvent e;
  e.kind = "xid";
  e.xid = n;
  e.message = message;
  return e;
}

}  // namespace

TEST(XidCatalogue, TheRowsTheRulesLeanOnSayWhatNvidiasDocumentSays) {
  const XidMeaning bus = xid_meaning(xid(79));
  EXPECT_EQ(bus.cls, XidClass::gpu_fault);
  EXPECT_EQ(bus.confidence, "high");
  EXPECT_NE(bus.reference.find("ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS"), std::string::npos);
  EXPECT_NE(bus.reference.find("RESTART_BM"), std::string::npos);
  EXPECT_NE(bus.advice.find("ask the provider for another instance"), std::string::npos);
  EXPECT_EQ(xid_meaning(xid(48)).cls, XidClass::memory);
  EXPECT_EQ(xid_meaning(xid(48)).confidence, "high");
  EXPECT_EQ(xid_meaning(xid(94)).confidence, "medium");
  EXPECT_EQ(xid_meaning(xid(74)).cls, XidClass::nvlink);
  EXPECT_EQ(xid_meaning(xid(149)).cls, XidClass::nvlink);
  EXPECT_EQ(xid_meaning(xid(119)).cls, XidClass::gpu_fault);
  EXPECT_EQ(xid_meaning(xid(143)).cls, XidClass::gpu_fault);  // GPU_INIT_ERROR, RESET_GPU
  EXPECT_EQ(xid_meaning(xid(140)).cls, XidClass::memory);     // UNRECOVERABLE_ECC_ERROR_ESCAPE
  EXPECT_EQ(xid_meaning(xid(13)).cls, XidClass::application);
  EXPECT_EQ(xid_meaning(xid(31)).cls, XidClass::application);
  EXPECT_EQ(xid_meaning(xid(45)).cls, XidClass::application);
  EXPECT_EQ(xid_meaning(xid(43)).cls, XidClass::application);
  EXPECT_EQ(xid_meaning(xid(78)).cls, XidClass::software);
  EXPECT_EQ(xid_meaning(xid(121)).cls, XidClass::other);  // corrected C2C errors: IGNORE
  EXPECT_EQ(xid_meaning(xid(61)).cls, XidClass::gpu_fault);  // older GPUs: micro-controller breakpoint/warning
  EXPECT_NE(xid_meaning(xid(61)).meaning.find("breakpoint"), std::string::npos);
}

TEST(XidCatalogue, Xid154IsTheActionItNames) {
  EXPECT_EQ(xid_meaning(xid(154, "GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)")).cls, XidClass::gpu_fault);
  EXPECT_EQ(xid_meaning(xid(154, "GPU recovery action changed from 0x1 (GPU Reset Required) to 0x0 (None)")).cls, XidClass::other);
  const XidMeaning reboot = xid_meaning(xid(154, "GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)"));
  EXPECT_EQ(reboot.confidence, "high");
  EXPECT_NE(reboot.meaning.find("reboot"), std::string::npos);
  EXPECT_EQ(xid_meaning(xid(154, "GPU recovery action changed from 0x0 (None) to 0x3 (Drain P2P)")).confidence, "medium");
}

TEST(XidCatalogue, KernelEventsThatAreNoXid) {
  KernelEvent e;
  e.kind = "fallen-off-bus";
  EXPECT_EQ(xid_meaning(e).cls, XidClass::gpu_fault);
  EXPECT_EQ(xid_meaning(e).confidence, "high");
  e.kind = "init-failed";
  EXPECT_EQ(xid_meaning(e).confidence, "medium");
  e.kind = "pcie-aer";
  EXPECT_EQ(xid_meaning(e).cls, XidClass::other);
}
