// What NCCL and its network plugins print when they cannot set a communicator up as the machine
// should allow, in their own words (each cited in nccl_messages.cpp): the topology NCCL reads of
// the machine missing what it needs, and a libfabric plugin (aws-ofi-nccl) finding no provider for
// the fabric; and the job's own mistake of two ranks on one GPU. Peer-access words (NCCL's P2P and
// SHM transports) are software_errors.cpp's peer table.
#pragma once

#include "import/errors/error_meaning.hpp"

#include <optional>
#include <string>

namespace gpuaudit::imports {

// `l` is the line in lower case; nullopt when it is none of NCCL's messages read here.
std::optional<ErrorMeaning> nccl_topology_unreadable(const std::string& l);
std::optional<ErrorMeaning> nccl_net_plugin_without_provider(const std::string& l);
std::optional<ErrorMeaning> nccl_duplicate_gpu(const std::string& l);

}  // namespace gpuaudit::imports
