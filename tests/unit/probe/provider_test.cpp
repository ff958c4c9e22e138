// Which cloud (or bare metal) the machine is, from its DMI strings and hypervisor (provider.hpp).
#include "probe/provider.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

TEST(Provider, KnownClouds) {
  EXPECT_EQ(guess_provider({.sys_vendor = "Amazon EC2", .product_name = "p5.48xlarge"}, "KVM").provider, "AWS");
  EXPECT_EQ(guess_provider({.sys_vendor = "Google", .product_name = "Google Compute Engine"}, "KVM").provider, "GCP");
  DmiStrings azure{.sys_vendor = "Microsoft Corporation", .product_name = "Virtual Machine"};
  azure.chassis_asset_tag = "7783-7084-3265-9085-8269-3286-77";
  EXPECT_EQ(guess_provider(azure, "Microsoft Hyper-V").provider, "Azure");
  EXPECT_EQ(guess_provider({.sys_vendor = "Alibaba Cloud", .product_name = "Alibaba Cloud ECS"}, "KVM").provider, "Alibaba");
  EXPECT_EQ(guess_provider({.sys_vendor = "Tencent Cloud", .product_name = "CVM"}, "KVM").provider, "Tencent");
  DmiStrings huawei{.sys_vendor = "OpenStack Foundation", .product_name = "OpenStack Nova"};
  huawei.chassis_asset_tag = "HUAWEICLOUD";
  EXPECT_EQ(guess_provider(huawei, "KVM").provider, "Huawei");
  DmiStrings oracle{.sys_vendor = "QEMU"};
  oracle.chassis_asset_tag = "OracleCloud.com";
  EXPECT_EQ(guess_provider(oracle, "KVM").provider, "Oracle");
}

TEST(Provider, BareMetalAndUnknownVm) {
  const auto bm = guess_provider({.sys_vendor = "Supermicro", .product_name = "SYS-821GE-TNHR"}, "");
  EXPECT_EQ(bm.provider, "bare metal");
  EXPECT_NE(bm.evidence.find("Supermicro"), std::string::npos);
  EXPECT_EQ(guess_provider({.sys_vendor = "QEMU", .product_name = "Standard PC"}, "KVM").provider, "unknown VM");
  EXPECT_EQ(guess_provider({}, "").provider, "unknown");
}
