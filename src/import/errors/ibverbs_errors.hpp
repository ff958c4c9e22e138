// InfiniBand/RoCE verbs' work-completion statuses (rdma-core, libibverbs/verbs.h: enum
// ibv_wc_status) with what each is evidence of, found where the programs that move GPU data
// between nodes print them: NCCL's IB transport ("NET/IB : Got completion from peer ... with
// error 12, opcode 0, len 0, vendor err 129", newer "with status=12 opcode=..."), perftest's
// ib_write_bw ("Failed status 4: wr_id 0 syndrom 0x51") and any line naming IBV_WC_*. A failed
// completion is the network path's (the adapter, the fabric, the peer-memory registration of a
// GPU buffer, the other node), never the GPU's: gpuaudit cannot judge it, so it is said and kept
// from any GPU verdict.
#pragma once

#include "import/errors/status_table.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gpuaudit::imports {

std::span<const StatusCode> ibverbs_wc_statuses();

// The first failed work completion in `line` (by IBV_WC_* name, or NCCL's or perftest's number).
// `lower_line` is `line` in lower case.
std::optional<StatusError> ibverbs_error(std::string_view line, const std::string& lower_line);

}  // namespace gpuaudit::imports
