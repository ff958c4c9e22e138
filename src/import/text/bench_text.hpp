// Small text scanners shared by the benchmark-output parsers (nccl-tests, nvbandwidth,
// bandwidthTest, p2pBandwidthLatencyTest, dcgmi diag). They read what people paste: columns
// aligned with spaces, lines cut halfway, tags that mpirun puts in front of each line. Every
// function is total: bad input gives nullopt or an empty result, never an exception.
#pragma once

#include "import/import.hpp"
#include "text/strings.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit::imports::bench {

std::vector<std::string_view> split_lines(std::string_view text);
std::vector<std::string_view> split_ws(std::string_view line);
std::string_view trim(std::string_view s);
bool starts_with(std::string_view s, std::string_view prefix);
bool contains(std::string_view s, std::string_view part);
using gpuaudit::lower;  // text/strings.hpp

// A whole token as a number ("12.5", "-1", "1e-05"); nullopt for "N/A", "12.5x", "".
std::optional<double> to_double(std::string_view token);
std::optional<long long> to_int(std::string_view token);

// mpirun --tag-output / --output-filename put "[1,0]<stdout>:" or "[0]" in front of (and, when
// a process writes a line in pieces, inside) a line; Slurm's srun -l puts "0: ". Returns the line
// without them so the columns line up again.
std::string strip_mpi_tags(std::string_view line);

// The text after the first `key` in `line` (trimmed), or nullopt when `key` does not occur.
std::optional<std::string_view> after(std::string_view line, std::string_view key);

// A result row with the fields every imported figure has.
BenchmarkResult import_row(std::string name, std::optional<int> gpu, std::string unit, const SourceRef& src,
                           int line);

// Sets samples, summary (median = min = max) and status "ok" for a figure that is one value.
void set_single_figure(BenchmarkResult& r, double value);

// Ends a GPU's NVLink extras as both nvlink parsers (nvidia-smi nvlink, dcgmi nvlink) leave them:
// the error counters of -e (link -> object) as an array in link order under "errors", and the
// extras null when nothing was read (the document leaves them out).
void finish_nvlink_extra(NvlinkInfo& nv, const std::map<int, json>& errors);

// The JSON of a tool's -j output, or nullopt with the reason in part.skipped (a paste cut halfway
// is the usual one); the reason is valid UTF-8 whatever bytes the parser quotes.
std::optional<nlohmann::json> parse_json_or_skip(std::string_view text, ImportPart& part);

}  // namespace gpuaudit::imports::bench
