// A paste cut into the pieces that may be separate outputs: a whole GitHub issue holds prose,
// Markdown fences, shell prompts ("$ nvidia-smi topo -m", "root@node-a:~# dmesg"), the first lines
// tools print (nvidia-smi's "==============NVSMI LOG==============", nccl-tests' "# nThread"),
// and blank-line gaps between one output and the next. The splitter only cuts: which piece is
// which tool's output is detection's question (paste_parts.hpp), so this is a pure function of the
// text, and the line numbers it gives are those of the text it was handed.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace gpuaudit::imports {

// What separates a segment from the text above it. A hard boundary (a fence, a prompt or command
// line, the start of the text) is where the person who pasted said "another output"; a soft one (a
// blank-line gap, a tool's first line) may also fall inside one output (nvidia-smi -q prints blank
// lines between GPUs), so the segments on both sides of it are joined again when detection claims
// them for the same format.
enum class PasteBoundary { start, fence, prompt, gap, banner };
bool hard_boundary(PasteBoundary b);
const char* boundary_name(PasteBoundary b);

struct PasteSegment {
  std::size_t begin = 0, end = 0;  // byte range in the text: the segment's first line to the end of its last
  int first_line = 0, last_line = 0;  // 1-based, inclusive
  PasteBoundary boundary = PasteBoundary::start;
};

// More segments than this and the gaps are not cut (only fences and prompts); more fences and
// prompts than this and the rest of the text is one segment. A paste of a few outputs has a few
// dozen; the bound keeps a 64 MiB file of blank-line-separated lines linear to plan.
inline constexpr std::size_t kMaxPasteSegments = 2048;

// The segments of `text` (normalised, import.hpp), in order. Fence lines (``` and ~~~) and blank
// lines belong to no segment; a prompt line starts the segment of its command's output (a
// `--format=csv,noheader` log needs its command line). Never throws; linear in the text.
std::vector<PasteSegment> split_paste(std::string_view text);

// "$ nvidia-smi -q", "user@host:~$ ./all_reduce_perf -g 8", "[root@node ~]# dmesg", "(base) ~ $ ls",
// "PS C:\> nvidia-smi", or a bare "root@host:~#": a shell prompt, whose line starts the output of its
// command. Stricter than the parsers' looks_like_prompt (an XML element line ends with '>', an
// nccl-tests header line starts with "# "): a wrong cut here splits one output in two.
bool paste_prompt_line(std::string_view line);

}  // namespace gpuaudit::imports
