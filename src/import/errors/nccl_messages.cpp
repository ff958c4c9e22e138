// NCCL's and its network plugins' messages about the machine it runs on (nccl_messages.hpp).
#include "import/errors/nccl_messages.hpp"

namespace gpuaudit::imports {

namespace {

bool has(const std::string& l, const char* needle) { return l.find(needle) != std::string::npos; }

}  // namespace

// NCCL builds an XML picture of the machine (src/graph/xml.h and xml.cc: CPUs with their arch and
// vendor, PCI switches, GPUs, NICs) from /sys, or takes it from NCCL_TOPO_FILE, and stops the
// communicator with ncclInternalError when an attribute it needs is absent: xmlGetAttrStr's
// WARN("Attribute %s of node %s not found"). It is the machine's description that NCCL cannot read
// (a topology file written for other hardware or an older NCCL, a VM or container whose /sys hides
// the CPU's or the PCI tree's details), not the GPU.
std::optional<ErrorMeaning> nccl_topology_unreadable(const std::string& l) {
  if (!has(l, "nccl") || !has(l, "attribute ") || !has(l, " of node ") || !has(l, " not found")) return std::nullopt;
  return ErrorMeaning{kClassSoftware, "nccl-topology-unreadable", "high",
                      "NCCL could not read the machine's topology (an attribute its topology XML needs is missing), so "
                      "the communicator did not start: a NCCL_TOPO_FILE written for other hardware or another NCCL "
                      "version, or a VM or container whose /sys hides the CPU or PCI details NCCL reads; unset or fix "
                      "NCCL_TOPO_FILE, or use the provider's topology file for this instance type"};
}

// aws-ofi-nccl, the libfabric network plugin NCCL loads on AWS EFA (and other libfabric fabrics),
// asks libfabric for a provider (fi_getinfo) and, when none answers (-FI_ENODATA), logs
// NCCL_OFI_WARN("Couldn't find any optimal provider") (src/nccl_ofi_net.c) and fails to start.
// NCCL then falls back to its own transports, on an EFA instance TCP sockets: collectives between
// nodes run at a fraction of the fabric's bandwidth. The EFA device or its libfabric provider is not
// there (not passed into the container, not installed, or an instance type without EFA).
std::optional<ErrorMeaning> nccl_net_plugin_without_provider(const std::string& l) {
  if (!has(l, "couldn't find any optimal provider")) return std::nullopt;
  return ErrorMeaning{kClassSoftware, "nccl-net-no-provider", "medium",
                      "NCCL's libfabric network plugin (aws-ofi-nccl) found no provider for the fabric (no EFA device "
                      "or libfabric provider in this machine or container), so NCCL falls back to TCP sockets and "
                      "collectives between nodes run far below the fabric's bandwidth: pass the EFA devices into the "
                      "container (and install the EFA libfabric), or use an instance type with EFA"};
}

// NCCL's init check that every rank has its own GPU (src/init.cc: "Duplicate GPU detected : rank %d
// and rank %d both on CUDA device %lx", then ncclInvalidUsage): two processes of the job were given
// the same GPU - the launcher's rank-to-GPU mapping (LOCAL_RANK, CUDA_VISIBLE_DEVICES, more ranks
// than GPUs), the program's configuration, not the machine.
std::optional<ErrorMeaning> nccl_duplicate_gpu(const std::string& l) {
  if (!has(l, "duplicate gpu detected")) return std::nullopt;
  return ErrorMeaning{kClassProgram, "nccl-duplicate-gpu", "",
                      "two ranks of the job were given the same GPU (NCCL refuses a communicator with one GPU twice): the "
                      "launcher's rank-to-GPU mapping (LOCAL_RANK, CUDA_VISIBLE_DEVICES, more ranks than GPUs), not the "
                      "machine"};
}

}  // namespace gpuaudit::imports
