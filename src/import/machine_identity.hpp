// One machine per document (issue #34 item 5). Files merged into one document are taken to be
// outputs of one machine; when they are not (an H200's nvidia-smi beside an H100's, "node A" and
// "node B" pasted in one issue), merging invents a machine that does not exist: one file's GPU
// names matched to another file's baselines. What tells two machines apart here is what the
// outputs state of themselves and cannot differ on one machine at one time:
//
// - the host name (nccl-tests' rank lines, nvbandwidth, mpstat / iostat banners);
// - the driver version of a snapshot (nvidia-smi, dcgmi, collect_env; a kernel log spans every
//   boot it holds, so a driver upgrade in it is no second machine);
// - at one full PCI address, the GPU's UUID, its PCI device id, or its model name (a name cut to
//   "..." by the table is a prefix; lspci's and deviceQuery's names are not NVML's and are not
//   compared);
// - the number of GPUs of full nvidia-smi listings (-q, -q -x, the table, -L), which list every
//   GPU the driver sees (a `-q -i 0` dump, whose "Attached GPUs" says more, is not full).
#pragma once

#include "import/import.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit::imports {

// What the parts of one machine said of it so far, each fact with the part that said it first.
class MachineFacts {
 public:
  // One line naming the first fact `part` contradicts ("host name node-a (a.txt) vs node-b (b.txt)"),
  // nullopt when it fits. `label` names the part ("issue.md lines 60-95").
  std::optional<std::string> disagreement(const ImportPart& part, const std::string& label) const;
  void add(const ImportPart& part, const std::string& label);

 private:
  struct Fact {
    std::string value, from;
  };
  struct Board {
    Fact uuid, device_id, name;
  };
  Fact hostname_, driver_, listed_gpus_;
  std::map<std::string, Board> boards_;  // by full PCI address, "0000:18:00.0"
};

// Parts in input order, each given to the machine of the part most recently read that it does not
// contradict, or to a new machine when it contradicts every one. machine[i] is part i's machine
// (0-based); why[m] says, for each machine after the first, what set it apart.
struct MachineSplit {
  std::vector<int> machine;
  std::vector<std::string> why;
  std::vector<int> against;    // for each machine: the machine its first part contradicted first (-1: the first machine)
  std::vector<int> opened_by;  // for each machine: its first part
  int count() const { return static_cast<int>(why.size()); }
};
MachineSplit split_machines(const std::vector<const ImportPart*>& parts, const std::vector<std::string>& labels);

}  // namespace gpuaudit::imports
