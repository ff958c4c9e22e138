#include "import/errors/ibverbs_errors.hpp"

#include "text/number_after.hpp"

#include <array>

namespace gpuaudit::imports {

namespace {

constexpr const char* U = kClassUnknown;

constexpr const char* kAccess =
    "the network adapter could not access a registered buffer (a memory region's protection or access rights): with GPU "
    "buffers, GPUDirect RDMA's path to the GPU's memory (the nvidia-peermem module or dma-buf, the IOMMU or ACS between "
    "adapter and GPU) is the usual suspect, else the program's registration";
constexpr const char* kOther = "a work request on the RDMA network failed (the adapter, the fabric or the other node; the "
                               "adapter's vendor error says more)";

// verbs.h's ibv_wc_status in its order, SUCCESS (0) left out (tests/data/references/ibv-wc-status.tsv,
// checked both ways by ibverbs_errors_test.cpp).
constexpr std::array kCodes = std::to_array<StatusCode>({
    {1, "IBV_WC_LOC_LEN_ERR", U, "rdma-completion-error", "", kOther},
    {2, "IBV_WC_LOC_QP_OP_ERR", U, "rdma-completion-error", "", kOther},
    {3, "IBV_WC_LOC_EEC_OP_ERR", U, "rdma-completion-error", "", kOther},
    {4, "IBV_WC_LOC_PROT_ERR", U, "rdma-memory-access", "", kAccess},
    {5, "IBV_WC_WR_FLUSH_ERR", U, "rdma-flushed", "",
     "work requests were flushed because their queue pair had already failed: an earlier completion error is the cause"},
    {6, "IBV_WC_MW_BIND_ERR", U, "rdma-completion-error", "", kOther},
    {7, "IBV_WC_BAD_RESP_ERR", U, "rdma-completion-error", "", kOther},
    {8, "IBV_WC_LOC_ACCESS_ERR", U, "rdma-memory-access", "", kAccess},
    {9, "IBV_WC_REM_INV_REQ_ERR", U, "rdma-completion-error", "", kOther},
    {10, "IBV_WC_REM_ACCESS_ERR", U, "rdma-memory-access", "",
     "the other node's adapter refused access to its registered buffer (its memory registration, or GPUDirect RDMA there)"},
    {11, "IBV_WC_REM_OP_ERR", U, "rdma-completion-error", "", kOther},
    {12, "IBV_WC_RETRY_EXC_ERR", U, "rdma-transport-retry", "",
     "the transport's retries ran out: the other node's port did not answer (a link or switch port down or flapping, a "
     "wrong GID, route or MTU on RoCE, or the other process gone)"},
    {13, "IBV_WC_RNR_RETRY_EXC_ERR", U, "rdma-completion-error", "",
     "the other node was not ready to receive for longer than the retries allow (the other process stalled or gone)"},
    {14, "IBV_WC_LOC_RDD_VIOL_ERR", U, "rdma-completion-error", "", kOther},
    {15, "IBV_WC_REM_INV_RD_REQ_ERR", U, "rdma-completion-error", "", kOther},
    {16, "IBV_WC_REM_ABORT_ERR", U, "rdma-completion-error", "", kOther},
    {17, "IBV_WC_INV_EECN_ERR", U, "rdma-completion-error", "", kOther},
    {18, "IBV_WC_INV_EEC_STATE_ERR", U, "rdma-completion-error", "", kOther},
    {19, "IBV_WC_FATAL_ERR", U, "rdma-completion-error", "", "the network adapter reported a fatal error"},
    {20, "IBV_WC_RESP_TIMEOUT_ERR", U, "rdma-completion-error", "", kOther},
    {21, "IBV_WC_GENERAL_ERR", U, "rdma-completion-error", "", kOther},
    {22, "IBV_WC_TM_ERR", U, "rdma-completion-error", "", kOther},
    {23, "IBV_WC_TM_RNDV_INCOMPLETE", U, "rdma-completion-error", "", kOther},
});

bool has(const std::string& l, const char* needle) { return l.find(needle) != std::string::npos; }

}  // namespace

std::span<const StatusCode> ibverbs_wc_statuses() { return kCodes; }

std::optional<StatusError> ibverbs_error(std::string_view line, const std::string& lower_line) {
  const std::string& l = lower_line;
  const StatusCode* c = status_named(kCodes, line, "IBV_WC_");
  // NCCL's transport/net_ib: "NET/IB : Got completion [from peer ...] with error N," or "with status=N".
  if (!c && has(l, "net/ib") && has(l, "got completion"))
    c = status_first_numbered(kCodes, numbers_after(l, {"with error ", "status="}, {"", false, 3, "."}));
  // perftest (perftest_resources.c): "Failed status N: wr_id M syndrom 0xS".
  if (!c && has(l, "failed status ") && has(l, "wr_id"))
    c = status_first_numbered(kCodes, numbers_after(l, {"failed status "}, {"", false, 3, "."}));
  if (!c) return std::nullopt;
  return StatusError{c, status_meaning(*c, "ibverbs")};
}

}  // namespace gpuaudit::imports
