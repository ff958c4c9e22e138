// The peer-access matrices of `nvidia-smi topo -p2p r|w|n|a|p` in a text
// (import/parse_nvidia_smi_topo_p2p.cpp): each {capability, line, gpus, ok_pairs, pairs: [{a, b,
// status, line}]} for the pairs that are not OK. The topo -m parser calls it too, for a paste that
// holds both matrices under their commands.
#pragma once

#include "core/json.hpp"

#include <string_view>

namespace gpuaudit::imports {

json topo_p2p_matrices(std::string_view text);

}  // namespace gpuaudit::imports
