// `gpuaudit import`: other tools' outputs (nvidia-smi, nccl-tests, nvbandwidth, dcgmi, CUDA samples)
// turned into one result document, so score / compare / report judge them like gpuaudit's own runs.
//
// One parser per format (src/import/formats/parse_<format>.cpp; every registered format is fuzzed by
// format_fuzz.cpp, scripts/test/fuzz.sh). A parser is a pure function of the text: it never opens files, never
// throws on bad input (it records what it skipped), and fills an ImportPart. The importer reads each
// file (importer.cpp; a paste of several outputs is split into them, paste_parts.hpp), detects the
// format from the content, runs the parser, and merges the parts of one machine into one document
// (import_machines.cpp, machine_identity.hpp, merge.cpp): an nvidia-smi dump supplies identity and
// state, nccl-tests the figures. docs/import.md says which mappings onto gpuaudit's figure names are
// exact and which are not.
#pragma once

#include "core/result.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit::imports {

// Where a value came from; stored as `extra.source` on every imported figure and GPU.
struct SourceRef {
  std::string tool;     // "nccl-tests", "nvidia-smi", "nvbandwidth", "dcgmi", "bandwidthTest", ...
  std::string version;  // as the output states it, "" when it does not
  std::string file;     // as given on the command line
  int line = 0;         // 1-based line of the first value (0: the whole file)
};
json source_json(const SourceRef& s);

// One sample of an nvidia-smi --query-gpu log (or any timeline): nullopt where the column is absent.
struct TimelineSample {
  std::optional<double> t_s;  // seconds since the first sample, when the log has a timestamp
  std::optional<double> sm_clock_mhz, mem_clock_mhz, power_w, power_limit_w, temperature_c, gpu_util_pct,
      mem_util_pct;
  std::optional<int> pcie_gen, pcie_width;
  std::vector<std::string> clock_event_reasons;  // gpuaudit's names (probe/clock_reasons.hpp)
  bool reasons_read = false;  // the source logs reasons (a reasons column): empty then means none active
};

// Everything one parser found in one file. GPUs are matched across files by PCI bus id, then UUID,
// then index (merge.cpp); a field a part leaves unset (nullopt / empty) never overwrites another's.
struct ImportPart {
  std::string format;  // the Format::name that produced it: stamped by the importer (read_output), not the parser
  SourceRef source;
  HostInfo host;                   // only the fields the output states (hostname of nccl-tests' rank lines, ...)
  SoftwareInfo software;           // driver, CUDA, NCCL versions the output states
  std::vector<GpuInfo> gpus;       // identity and state; index = the tool's GPU index
  std::vector<BenchmarkResult> benchmarks;  // figures; each with extra.source
  // Per GPU index: a telemetry timeline (nvidia-smi --query-gpu logs). merge.cpp turns each into a
  // `telemetry/under-load` row (see below).
  std::vector<std::pair<int, std::vector<TimelineSample>>> timelines;
  json topology;                   // nvidia-smi topo -m: a multigpu::Topology as JSON (doc.extra.topology)
  json imported = json::object();  // fields nothing maps to, kept rather than dropped (doc.extra.imported)
  std::vector<std::string> skipped;   // "line 57: table row cut halfway" -- what was not understood
  std::vector<std::string> warnings;  // "MB/s read as 10^6 bytes (bandwidthTest >= 11.x)"
  // "44-52": the lines of a paste this part was read from (paste_parts.hpp); "" for a whole file.
  // Line numbers in `source` and in what the parser skipped are the paste's own either way.
  std::string lines;
  // The tool sees a GPU from outside NVML (a PCI listing's marketing name, a CUDA sample's
  // snapshot taken at another moment): its GPU facts fill only what another file left unset.
  bool fills_only = false;
  bool empty() const;  // nothing at all was recognised
};

// A format: how to tell it from the content, and its parser.
struct Format {
  std::string name;         // "nvidia-smi-q", "nvidia-smi-xml", "nvidia-smi-csv", "nvidia-smi-topo",
                            // "nccl-tests", "nvbandwidth", "nvbandwidth-json", "bandwidthTest",
                            // "p2pBandwidthLatencyTest", "dcgmi-diag", "dcgmi-diag-json", "gpuaudit"
  std::string description;  // one line for --help and errors
  // 0: not this format; higher: more certain (the highest wins; a tie is an error naming both).
  std::function<int(std::string_view text)> detect;
  std::function<ImportPart(std::string_view text, const std::string& file)> parse;
};

std::vector<Format>& format_registry();
struct RegisterFormat {
  explicit RegisterFormat(Format f) { format_registry().push_back(std::move(f)); }
};
const Format* find_format(std::string_view name);

// Text as people paste it: a UTF-8 BOM dropped, CRLF and lone CR made LF, invalid UTF-8 replaced
// by U+FFFD, NUL bytes and terminal escape sequences (ANSI colours) dropped, a paste quoted as a
// markdown block quote ("> " before every line) unquoted. Parsers receive only normalised text.
std::string normalize_text(std::string_view raw);

// The row an imported timeline becomes, one per GPU: name "telemetry/under-load", status "ok", no
// figure (summary null); `telemetry` summarises the samples taken under load (utilisation >= 50%, or
// power >= 50% of the limit when utilisation is absent; every sample when neither column exists);
// params {samples_total, samples_under_load, load_criterion}; extra.timeline keeps up to 10,000
// samples; extra.source the provenance. The rules read its telemetry like a heavy benchmark's.
inline constexpr const char* kUnderLoadRow = "telemetry/under-load";
BenchmarkResult timeline_row(int gpu, const std::vector<TimelineSample>& samples, const SourceRef& src);

struct ImportOptions {
  std::string format;  // --format: "" = detect
  std::vector<std::pair<std::string, std::string>> tags;
  // --strict: a file (or a part of a paste) that cannot be read ends the import with its one-line
  // error (exit 2), as CI wants; by default it is named and left out, and the rest is judged.
  bool strict = false;
  // --allow-mixed: files of different machines (machine_identity.hpp) become one document each
  // instead of being refused. The parts of one paste that disagree always do.
  bool allow_mixed = false;
};

struct ImportReport {
  std::vector<std::string> lines;     // per file or part: "nccl-test.txt: nccl-tests 2.13.9, 2 figures, 1 line skipped",
                                      // and "not read: c.txt: ..." for what was left out, in the order read
  std::vector<std::string> not_read;  // "c.txt: not an output gpuaudit can import (...)": each file or part left out
  std::vector<std::string> machines;  // with more than one machine: "machine 2: issue.md lines 60-95 (host name ...)"
  std::string document_file;          // the gpuaudit document among the inputs, if one was
  std::size_t outputs_merged = 0;     // other tools' outputs merged (0 with a document: it passed through)
};

// Where the document keeps what was not read: doc.extra["import_skipped"], an array of
// {file, lines (of a paste, else absent), reason}.
inline constexpr const char* kImportSkippedKey = "import_skipped";

// Reads every file, detects and parses what each holds (a paste is split into its outputs:
// paste_parts.hpp) and merges the outputs of each machine into a document (machine_identity.hpp),
// in the order of the machines' first outputs. A gpuaudit document among the inputs is taken as it
// is and the other outputs of its machine merged into it. What cannot be read is named in the
// report and the documents and left out; throws Error(exit_code::usage) with one line when nothing
// could be read, with --strict when anything could not, when files of different machines are given
// without --allow-mixed, and for two gpuaudit documents.
std::vector<ResultDocument> import_machines(const std::vector<std::string>& files, const ImportOptions& opt,
                                            ImportReport* report);

// import_machines for what must be one machine (the real-world corpus, import's tests): throws as it
// does, and also when the inputs are of several machines.
ResultDocument import_files(const std::vector<std::string>& files, const ImportOptions& opt, ImportReport* report);

// Merges parsed parts into `doc` (the importer's second half, separate for the tests).
void merge_part(ResultDocument& doc, ImportPart part);

}  // namespace gpuaudit::imports
