// The one driver of the line-by-line parsers (bandwidthTest, nccl-tests, nvbandwidth,
// p2pBandwidthLatencyTest, dcgmi diag, dcgmi nvlink, nvidia-smi nvlink): the source reference and
// the loop over the lines in one place, instead of pasted into each parser.
//
// A parser P holds `ImportPart part` and has `on_line(std::string_view line, int lineno)` (every
// line of the text in order, 1-based, blank ones too, as split_lines cuts them) and `finish()`
// (after the last line: the rows, the GPUs, what was cut). The format name is not the parser's to
// set: the importer stamps part.format with the Format's name.
#pragma once

#include "import/text/bench_text.hpp"
#include "import/import.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuaudit::imports {

template <class P>
ImportPart parse_lines(P&& p, std::string_view text, SourceRef source) {
  p.part.source = std::move(source);
  const std::vector<std::string_view> lines = bench::split_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) p.on_line(lines[i], static_cast<int>(i + 1));
  p.finish();
  return std::move(p.part);
}

// A Format's parse for the line parser P of `tool`'s output (SourceRef::tool): a fresh P per text.
//   const RegisterFormat reg{{"nccl-tests", "...", detect_nccl_tests, line_parse<Parser>("nccl-tests")}};
template <class P>
std::function<ImportPart(std::string_view, const std::string&)> line_parse(std::string tool) {
  return [tool = std::move(tool)](std::string_view text, const std::string& file) {
    return parse_lines(P{}, text, SourceRef{tool, "", file, 0});
  };
}

}  // namespace gpuaudit::imports
