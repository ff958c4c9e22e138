// Sources for the owner's side: nvidia-smi(1) (`-pl` power limit, `-rgc`/`-rac` reset locked and
// application clocks, `-mig 0` disables MIG mode, `-q -d POWER,CLOCK,PERFORMANCE`), NVIDIA's "GPU
// Memory Error Management" (row remapping: a pending remap takes effect at the next GPU reset; a
// GPU out of spare rows is to be replaced), NVIDIA's Xid catalogue (each Xid's recovery action,
// quoted by the gpu-fault finding itself), the Fabric Manager user guide (the fabric manager
// service registers NVSwitch GPUs; error 802 until it has), and the CUDA release notes' driver
// table (the driver a CUDA version needs).
#include "score/advice.hpp"

#include "core/finding_ids.hpp"

#include <array>
#include <utility>

namespace gpuaudit {
namespace {

using finding_id::Id;

// Every id a rule may give, in kAll order (advice_test checks the order and the count).
constexpr std::array<std::pair<Id, Advice>, finding_id::kAll.size()> kAdvice{{
    {finding_id::kWrongResults,
     {"stop work on this GPU: what it computes is wrong; ask the provider for another instance and quote the "
      "evidence",
      "drain the node and run the vendor's field diagnostic (dcgmi diag -r 3); replace the GPU if it fails",
      "a replacement instance: this GPU returns wrong results"}},
    {finding_id::kGpuFault,
     {"stop work on this GPU and ask the provider for another instance; quote the Xid or error lines",
      "drain the node and follow the recovery action NVIDIA's Xid catalogue gives (reset, reboot, or replace)",
      "a replacement instance: this GPU reports a hardware fault"}},
    {finding_id::kUnknownGpu,
     {"import `nvidia-smi -q` beside this output, or run `gpuaudit run --quick`, so the model is named", "", ""}},
    {finding_id::kSliced,
     {"you have a share of a GPU, not a whole one: if you pay for a whole GPU, ask for an instance type without "
      "MIG or vGPU (bare metal or passthrough); else price it as the share it is",
      "sell it as the slice it is, or turn MIG (nvidia-smi -mig 0) or time-slicing off",
      "the whole GPU the instance type promises, or the price of the share delivered"}},
    {finding_id::kPowerCapped,
     {"ask the provider to restore the board's default power limit, or for another instance; until then you "
      "pay full price for less work",
      "restore the default limit (nvidia-smi -pl <default W>; nvidia-smi -q -d POWER shows both) and check the "
      "power supplies and the BMC's power policy",
      "the board's default power limit restored, or a replacement instance"}},
    {finding_id::kThermalThrottled,
     {"re-run at another time or ask for another instance; quote the temperature and the slowdown reason",
      "check the airflow, the fans and the inlet temperature of the chassis", "a replacement instance or a fix of its cooling"}},
    {finding_id::kClockLimited,
     {"ask the provider whether clocks are locked or capped (nvidia-smi -q -d CLOCK,PERFORMANCE shows it), or for "
      "another instance",
      "reset locked and application clocks (nvidia-smi -rgc, nvidia-smi -rac)", "the GPU's clocks unlocked, or a replacement instance"}},
    {finding_id::kSustainedDrop,
     {"your long jobs will run slower than a short test says: re-run at another time, and ask for another "
      "instance if it repeats",
      "check the cooling and power delivery under sustained load", "a replacement instance: it slows down under sustained load"}},
    {finding_id::kStraggler,
     {"one GPU sets the pace of every multi-GPU job: leave it out (CUDA_VISIBLE_DEVICES) or ask for it to be "
      "replaced",
      "compare its power limit, clocks, temperature and link with its siblings' (nvidia-smi -q)",
      "the slow GPU replaced"}},
    {finding_id::kMemoryDegraded,
     {"stop work on this GPU and ask the provider for another instance: memory errors corrupt results",
      "reset the GPU (a pending row remap or page retirement takes effect then); replace it when the errors come "
      "back, remapping failed or the spare rows are used up",
      "a replacement instance: this GPU's memory has errors"}},
    {finding_id::kPcieDegraded,
     {"copies between host and GPU (data loading, checkpoints, multi-GPU traffic through host memory) run slower; "
      "ask for another instance if your job moves much data over PCIe",
      "reseat the card, check the slot, riser and the BIOS link settings", "a replacement instance with the full PCIe link"}},
    {finding_id::kNoNvlink,
     {"GPU-to-GPU traffic goes over PCIe: multi-GPU training scales far less; ask for an instance type with "
      "NVLink if you need it",
      "check the NVLink bridges or NVSwitch trays and the fabric manager", "the NVLink the instance type promises"}},
    {finding_id::kNvlinkDegraded,
     {"multi-GPU traffic between these GPUs is slower than the instance type promises: ask for another instance",
      "check the links named in the evidence (nvidia-smi nvlink -s, -e) and their bridges or trays",
      "a replacement instance with every NVLink up"}},
    {finding_id::kNoPeerAccess,
     {"GPUs cannot copy to each other directly: multi-GPU work scales well below the GPU count; pick an instance "
      "type with NVLink or P2P enabled",
      "enable peer access where the platform allows it (ACS and IOMMU settings, the hypervisor's P2P support)",
      "GPUs with peer access, as multi-GPU work needs"}},
    {finding_id::kNumaMisplaced,
     {"bind your job's CPU threads and memory to the GPU's NUMA node (numactl --cpunodebind=N --membind=N)",
      "expose the NUMA layout to the guest and place vCPUs beside their GPUs", ""}},
    {finding_id::kHostBound,
     {"the CPUs beside the GPU are shared or too few to feed it: ask for a dedicated-CPU or larger instance, or "
      "re-run at another time",
      "oversubscribe fewer vCPUs on this host", "dedicated CPUs, or a host that is not oversold"}},
    {finding_id::kSoftware,
     {"fix the software, not the GPU, as the finding says: a driver that supports the CUDA your program needs; in a "
      "container, start it with the GPUs (`docker run --gpus all`, or the NVIDIA runtime class in Kubernetes)",
      "install a driver that supports the image's CUDA, load the kernel module, start the fabric manager on "
      "NVSwitch systems",
      "a driver that supports the CUDA version my image needs"}},
    {finding_id::kInconclusive, {"", "", ""}},  // its own summary says what would settle it
    {finding_id::kHealthy, {"", "", ""}},
}};

}  // namespace

bool summary_says_what_to_ask(std::string_view summary) {
  for (const std::string_view s : {"ask the provider", "Ask the provider"})
    if (summary.find(s) != std::string_view::npos) return true;
  return false;
}

const Advice* advice_for(std::string_view id) {
  for (const auto& [key, advice] : kAdvice)
    if (key.text == id) return advice.renter.empty() ? nullptr : &advice;
  return nullptr;
}

}  // namespace gpuaudit
