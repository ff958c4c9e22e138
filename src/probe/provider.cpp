#include "probe/provider.hpp"

#include "text/strings.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace gpuaudit {

namespace {

struct Rule {
  const char* field;   // which DMI string
  const char* needle;  // lower-case substring
  const char* provider;
};

// Strings the clouds put in DMI (SMBIOS), most specific first. Sources: each cloud's
// documentation on identifying its instances (AWS "Detect whether a host is an EC2 instance",
// GCP "product_name Google Compute Engine", Azure's fixed chassis asset tag, Oracle's
// "OracleCloud.com" asset tag); Chinese clouds from their ECS images' dmidecode output.
constexpr Rule kRules[] = {
    {"sys_vendor", "amazon ec2", "AWS"},
    {"bios_vendor", "amazon ec2", "AWS"},
    {"bios_version", "amazon", "AWS"},
    {"product_version", "amazon", "AWS"},
    {"product_name", "google compute engine", "GCP"},
    {"sys_vendor", "google", "GCP"},
    {"chassis_asset_tag", "7783-7084-3265-9085-8269-3286-77", "Azure"},
    {"chassis_asset_tag", "oraclecloud.com", "Oracle"},
    {"sys_vendor", "alibaba cloud", "Alibaba"},
    {"product_name", "alibaba cloud ecs", "Alibaba"},
    {"sys_vendor", "tencent cloud", "Tencent"},
    {"chassis_asset_tag", "huaweicloud", "Huawei"},
    {"sys_vendor", "huawei cloud", "Huawei"},
    {"sys_vendor", "baidu", "Baidu"},
    {"product_name", "baidu", "Baidu"},
    {"sys_vendor", "volcengine", "Volcano Engine"},
    {"sys_vendor", "bytedance", "Volcano Engine"},
    {"product_name", "volcengine", "Volcano Engine"},
    {"sys_vendor", "digitalocean", "DigitalOcean"},
    {"sys_vendor", "hetzner", "Hetzner"},
    {"sys_vendor", "scaleway", "Scaleway"},
    {"sys_vendor", "ovh", "OVHcloud"},
    {"sys_vendor", "microsoft corporation", "Azure"},
    {"sys_vendor", "openstack", "OpenStack cloud"},
    {"product_name", "openstack", "OpenStack cloud"},
};

}  // namespace

ProviderGuess guess_provider(const DmiStrings& dmi, const std::string& hypervisor) {
  const std::pair<const char*, const std::string*> fields[] = {
      {"sys_vendor", &dmi.sys_vendor},       {"product_name", &dmi.product_name},
      {"product_version", &dmi.product_version}, {"bios_vendor", &dmi.bios_vendor},
      {"bios_version", &dmi.bios_version},   {"board_vendor", &dmi.board_vendor},
      {"chassis_vendor", &dmi.chassis_vendor}, {"chassis_asset_tag", &dmi.chassis_asset_tag},
  };
  for (const auto& rule : kRules)
    for (const auto& [name, value] : fields)
      if (std::string(rule.field) == name && lower(*value).find(rule.needle) != std::string::npos)
        return {rule.provider, std::string(name) + "=" + *value};
  if (!hypervisor.empty())
    return {"unknown VM", "hypervisor=" + hypervisor + (dmi.sys_vendor.empty() ? "" : ", sys_vendor=" + dmi.sys_vendor)};
  if (!dmi.sys_vendor.empty()) return {"bare metal", "no hypervisor flag, sys_vendor=" + dmi.sys_vendor};
  return {"unknown", "no DMI strings readable"};
}

}  // namespace gpuaudit
