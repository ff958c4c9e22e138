// gpuaudit import FILE...: other tools' outputs (nvidia-smi, nccl-tests, nvbandwidth, dcgmi, the CUDA
// samples) from one machine turned into one result document, which score / compare / report then
// judge like a document of gpuaudit's own (docs/import.md). The document goes to standard output
// unless -o names a file; what was read from each file goes to standard error.
#include "cli/command.hpp"
#include "cli/run_plumbing.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "import/import.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>

namespace gpuaudit::cli {
namespace {

struct ImportArgs {
  std::vector<std::string> files, tags;
  std::string output, format;
  bool list_formats = false;
};

int list_formats() {
  std::size_t width = 0;
  for (const auto& f : imports::format_registry()) width = std::max(width, f.name.size());
  for (const auto& f : imports::format_registry())
    std::printf("%-*s  %s\n", static_cast<int>(width), f.name.c_str(), f.description.c_str());
  return exit_code::ok;
}

int run_import(const ImportArgs& a) {
  if (a.list_formats) return list_formats();
  if (a.files.empty()) throw input_error("import: no file given (gpuaudit import FILE... [-o DOC.json])");
  // --tag is checked before reading anything: a typo should not cost a 60 MB parse.
  ResultDocument tagged;
  apply_tags(tagged, a.tags);
  imports::ImportOptions opt;
  opt.format = a.format;
  opt.tags.assign(tagged.tags.begin(), tagged.tags.end());

  imports::ImportReport report;
  const ResultDocument doc = imports::import_files(a.files, opt, &report);
  for (const auto& line : report.lines) std::fprintf(stderr, "gpuaudit: %s\n", line.c_str());
  if (a.output.empty() || a.output == "-") {
    const std::string text = readable_document_text(doc);
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
      throw io_error("cannot write the document to standard output");
  } else {
    write_result(a.output, doc);
    std::fprintf(stderr, "gpuaudit: wrote %s (%zu GPUs, %zu figures); gpuaudit score %s judges it\n", a.output.c_str(),
                 doc.gpus.size(), doc.benchmarks.size(), a.output.c_str());
  }
  return exit_code::ok;
}

const RegisterCommand import_cmd{
    {"import", "Turn other tools' outputs (nvidia-smi, nccl-tests, nvbandwidth, dcgmi, CUDA samples) into a result document",
     35, [](CLI::App& sub) -> std::function<int()> {
       auto a = std::make_shared<ImportArgs>();
       sub.add_option("FILE", a->files, "Outputs of one machine, any order; '-' reads standard input");
       sub.add_option("-o,--output", a->output, "Write the document here (atomically); default or '-': standard output");
       sub.add_option("--tag", a->tags, "key=value stored in the document (provider, region, instance, ...); repeat for more")
           ->allow_extra_args(false);  // one value per --tag: "--tag k=v FILE" must leave FILE a file
       sub.add_option("--format", a->format, "Read every FILE as this format instead of detecting it (--list-formats)");
       sub.add_flag("--list-formats", a->list_formats, "List the formats gpuaudit reads and exit");
       sub.footer(
           "The format is told from the content, never the file name. Files of one machine merge into one\n"
           "document: GPUs are matched by PCI bus id, then UUID, then index; a gpuaudit document among them\n"
           "is kept whole and the others merge into it. Every imported figure says where it came from\n"
           "(extra.source: tool, version, file, line). See docs/import.md.");
       return [a] { return run_import(*a); };
     },
     {{0, "imported"}, {2, "bad input (one line naming the file)"}, {5, ""}}}};

}  // namespace
}  // namespace gpuaudit::cli
