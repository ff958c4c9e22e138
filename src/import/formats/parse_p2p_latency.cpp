// CUDA samples p2pBandwidthLatencyTest (Samples/5_Domain_Specific/p2pBandwidthLatencyTest):
//   [P2P (Peer-to-Peer) GPU Bandwidth Latency Test]
//   Device: 0, NVIDIA H100 80GB HBM3, pciBusID: 18, pciDeviceID: 0, pciDomainID:0
//   Device=0 CAN Access Peer Device=1            (or CANNOT)
//   P2P Connectivity Matrix                      D\D header, 1/0 cells
//   Unidirectional P2P=Disabled Bandwidth Matrix (GB/s)
//   Unidirectional P2P=Enabled Bandwidth (P2P Writes) Matrix (GB/s)      ("P2P Reads" with --p2p_read)
//   Bidirectional P2P=Disabled / =Enabled Bandwidth Matrix (GB/s)
//   P2P=Disabled Latency Matrix (us)             a "GPU" and a "CPU" sub-table (older samples: one D\D)
//   P2P=Enabled Latency (P2P Writes) Matrix (us)
// Bandwidth = numElems * 4 bytes * repeat / 1e9 / time (decimal GB/s, one cudaMemcpyPeerAsync
// stream per pair); bidirectional counts both directions (x2). Rows: p2p/matrix like gpuaudit's
// (src/multigpu/rows.cpp p2p_row), p2p/latency; the mapping is in docs/import-benchmarks.md. A file
// of several runs (several banners) is read up to the second banner, with a warning.
#include "import/text/bench_text.hpp"
#include "import/import.hpp"
#include "import/text/line_parser.hpp"
#include "import/text/smi_values.hpp"

#include "core/stats.hpp"

#include <cstdio>
#include <map>

namespace gpuaudit::imports {

namespace {

// The line each run of the sample starts with.
constexpr std::string_view kBanner = "P2P (Peer-to-Peer) GPU Bandwidth Latency Test";

using namespace bench;

struct Table {
  std::string title;  // the line above it
  std::string sub;    // "D\D", "GPU", "CPU"
  std::vector<int> cols;
  std::map<int, std::vector<std::optional<double>>> rows;
  int line = 0;
};

struct P2pParser {
  ImportPart part;
  std::vector<Table> tables;
  std::map<std::pair<int, int>, bool> access;  // from "Device=i CAN/CANNOT Access Peer Device=j"
  json peer_lines = json::array();             // those lines, as said: {a, b, can, line}
  std::string section;
  bool in_table = false;
  bool seen = false;
  int runs = 0, second = 0;  // banners seen; the line of the second

  // One run per file: a second banner starts another run, perhaps of another machine (a README of
  // two boxes), so it is named and left out, as nvidia-smi -l's later tables are.
  void on_line(std::string_view raw, int ln) {
    if (contains(raw, kBanner) && ++runs == 2) second = ln;
    if (runs < 2) read_line(raw, ln);
  }

  void finish() {
    if (runs > 1)
      part.warnings.push_back(std::to_string(runs) + " runs of the test in one file: the first is read, the later ones (from line " +
                              std::to_string(second) + ") are not; import each run as a file of its own");
    if (seen) add_rows();
    // The sample's own answer for each pair, kept whether or not a matrix follows (a paste cut
    // after these lines still says which GPUs cannot reach each other).
    if (!peer_lines.empty()) part.imported["p2pBandwidthLatencyTest"]["peer_access"] = peer_lines;
  }

  void read_line(std::string_view raw, int ln) {
    const std::string_view line = trim(raw);
    if (line.empty()) {
      in_table = false;
      return;
    }
    if (contains(line, kBanner)) {
      seen = true;
      return;
    }
    if (starts_with(line, "Device: ")) {
      on_device(line, ln);
      return;
    }
    if (starts_with(line, "Device=") && contains(line, "Access Peer Device=")) {
      const auto t = split_ws(line);
      // "Device=0 CAN Access Peer Device=1"
      if (t.size() >= 5) {
        const auto a = to_int(t[0].substr(7));
        const auto b = to_int(t.back().substr(t.back().find('=') + 1));
        if (a && b) {
          access[{static_cast<int>(*a), static_cast<int>(*b)}] = t[1] == "CAN";
          peer_lines.push_back({{"a", *a}, {"b", *b}, {"can", t[1] == "CAN"}, {"line", ln}});
        }
      }
      seen = true;
      return;
    }
    if (contains(line, "Matrix")) {
      section = std::string(line);
      in_table = false;
      seen = true;
      return;
    }
    const auto t = split_ws(line);
    if (!t.empty() && (t[0] == "D\\D" || t[0] == "GPU" || t[0] == "CPU") && !section.empty()) {
      Table tab;
      tab.title = section;
      tab.sub = std::string(t[0]);
      tab.line = ln;
      for (std::size_t i = 1; i < t.size(); ++i)
        if (const auto c = to_int(t[i])) tab.cols.push_back(static_cast<int>(*c));
      tables.push_back(std::move(tab));
      in_table = true;
      return;
    }
    if (in_table && !tables.empty() && !t.empty()) {
      Table& tab = tables.back();
      const auto row = to_int(t[0]);
      if (!row || t.size() != tab.cols.size() + 1) {
        part.skipped.push_back("line " + std::to_string(ln) + ": matrix row does not match its " +
                               std::to_string(tab.cols.size()) + " columns (cut halfway?)");
        in_table = false;
        return;
      }
      std::vector<std::optional<double>> cells;
      for (std::size_t i = 1; i < t.size(); ++i) cells.push_back(to_double(t[i]));
      tab.rows[static_cast<int>(*row)] = std::move(cells);
    }
  }

  // "Device: 0, NVIDIA H100 80GB HBM3, pciBusID: 18, pciDeviceID: 0, pciDomainID:0"
  void on_device(std::string_view line, int ln) {
    const auto rest = line.substr(8);
    const auto c1 = rest.find(',');
    if (c1 == std::string_view::npos) return;
    const auto idx = to_int(trim(rest.substr(0, c1)));
    if (!idx || *idx < 0 || *idx > 4096) return;
    const auto bus_pos = rest.find(", pciBusID:");
    GpuInfo g;
    g.index = static_cast<int>(*idx);
    // The sample prints ", pciBusID: ..." after every name: a line without it is cut ("Device: 1, NVI")
    // and shows only part of the name, which is not taken.
    if (bus_pos == std::string_view::npos)
      part.skipped.push_back("line " + std::to_string(ln) + ": the device line is cut before pciBusID (the paste stops here): its name is not taken");
    else
      g.name = std::string(trim(rest.substr(c1 + 1, bus_pos - c1 - 1)));
    auto hex_after = [&](std::string_view key) -> std::optional<unsigned long> {
      const auto p = rest.find(key);
      if (p == std::string_view::npos) return std::nullopt;
      std::string_view v = trim(rest.substr(p + key.size()));
      const auto end = v.find(',');
      v = trim(v.substr(0, end));
      const auto x = smi::hex_number(v);
      if (!x) return std::nullopt;
      return static_cast<unsigned long>(*x);
    };
    const auto bus = hex_after("pciBusID:");
    const auto dev = hex_after("pciDeviceID:");
    const auto dom = hex_after("pciDomainID:");
    if (bus && dev && dom && *bus < 256 && *dev < 32) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%08lX:%02lX:%02lX.0", *dom & 0xffffffffUL, *bus, *dev);
      g.pci_bus_id = buf;
    }
    g.extra = json::object();
    g.extra["source"] = source_json(part.source);
    part.gpus.push_back(std::move(g));
    seen = true;
  }

  std::optional<bool> can_access(int a, int b, const Table* /*connectivity*/) const {
    if (const auto it = access.find({a, b}); it != access.end()) return it->second;
    return std::nullopt;
  }

  // The connectivity matrix fills in pairs the "Device=i CAN Access Peer Device=j" lines did not name.
  void merge_connectivity(const Table& c) {
    for (const auto& [row, cells] : c.rows)
      for (std::size_t i = 0; i < c.cols.size() && i < cells.size(); ++i)
        if (cells[i]) access.emplace(std::make_pair(row, c.cols[i]), *cells[i] > 0.5);
  }

  void add_rows() {
    const Table* connectivity = nullptr;
    for (const auto& t : tables)
      if (contains(t.title, "Connectivity")) connectivity = &t;
    if (connectivity) merge_connectivity(*connectivity);
    for (const auto& t : tables) {
      if (&t == connectivity) continue;
      const bool latency = contains(t.title, "Latency");
      const bool bandwidth = contains(t.title, "Bandwidth");
      if (!latency && !bandwidth) continue;
      if (t.rows.empty()) {
        part.skipped.push_back("line " + std::to_string(t.line) + ": " + t.title + ": no rows (the paste ends here?)");
        continue;
      }
      if (t.rows.size() < t.cols.size())
        part.warnings.push_back("line " + std::to_string(t.line) + ": " + t.title + " has " + std::to_string(t.rows.size()) +
                                " of " + std::to_string(t.cols.size()) + " rows (cut?); its figure covers those pairs only");
      const bool enabled = contains(t.title, "P2P=Enabled");
      const bool bidir = starts_with(t.title, "Bidirectional");
      const std::string method = std::string("p2pBandwidthLatencyTest (cudaMemcpyPeerAsync") +
                                 (contains(t.title, "P2P Reads") ? ", P2P reads" : enabled ? ", P2P writes" : "") + ")";
      BenchmarkResult r = import_row(latency ? "p2p/latency" : "p2p/matrix", std::nullopt, latency ? "us" : "GB/s",
                                     part.source, t.line);
      r.higher_is_better = !latency;
      r.params = {{"peer_access", enabled}, {"direction", bidir ? "bidir" : "one-way"}, {"method", method}};
      if (latency) r.params["measured_by"] = t.sub == "CPU" ? "cpu" : "gpu";
      json pairs = json::array(), local = json::object();
      int measured = 0, without = 0;
      for (const auto& [src, cells] : t.rows)
        for (std::size_t i = 0; i < cells.size() && i < t.cols.size(); ++i) {
          const int dst = t.cols[i];
          if (!cells[i]) continue;
          if (src == dst) {
            local[std::to_string(src)] = *cells[i];  // a copy within one GPU
            continue;
          }
          json e = {{"src", src}, {"dst", dst}};
          const auto ok = can_access(src, dst, connectivity);
          if (ok) e["peer_possible"] = *ok;
          e[latency ? "latency_us" : "gbs"] = *cells[i];
          if (enabled && ok && !*ok) {
            // The sample falls back to a staged copy where peer access is impossible: that cell
            // does not measure P2P, as gpuaudit's own row skips such pairs.
            e["skipped"] = "no peer access between these GPUs (the sample fell back to a copy through the host)";
            ++without;
          } else {
            r.samples.push_back(*cells[i]);
            ++measured;
          }
          pairs.push_back(e);
        }
      r.extra["pairs"] = pairs;
      if (!local.empty()) r.extra[latency ? "local_latency_us" : "local_copy_gbs"] = local;
      r.extra["table"] = t.title + (t.sub == "D\\D" ? "" : " / " + t.sub);
      if (measured == 0) {
        r.status = "not-applicable";
        r.message = without ? "no GPU pair allows peer access (the driver refuses P2P here)" : "no GPU pair";
        r.samples.clear();
      } else {
        r.summary = summarize(r.samples);
        if (latency) {
          r.derived["max_pair_us"] = r.summary->max;
          r.derived["min_pair_us"] = r.summary->min;
        } else {
          r.derived["min_pair_gbs"] = r.summary->min;
          r.derived["max_pair_gbs"] = r.summary->max;
        }
        r.derived["pairs_measured"] = measured;
        if (without) r.derived["pairs_without_peer_access"] = without;
      }
      part.benchmarks.push_back(std::move(r));
    }
    if (connectivity) {
      json m = json::object();
      for (const auto& [row, cells] : connectivity->rows) {
        json r = json::array();
        for (const auto& c : cells) r.push_back(c ? json(*c > 0.5) : json(nullptr));
        m[std::to_string(row)] = r;
      }
      part.imported["p2pBandwidthLatencyTest"]["connectivity"] = m;
    }
  }
};

int detect_p2p_latency(std::string_view text) {
  int score = 0;
  if (contains(text, kBanner)) score += 70;
  if (contains(text, "P2P Connectivity Matrix")) score += 20;
  if (contains(text, "P2P=Disabled") || contains(text, "P2P=Enabled")) score += 30;
  if (contains(text, "Access Peer Device=")) score += 10;
  return score >= 30 ? std::min(score, 100) : 0;
}

const RegisterFormat reg{{"p2pBandwidthLatencyTest", "CUDA samples p2pBandwidthLatencyTest output", detect_p2p_latency,
                          line_parse<P2pParser>("p2pBandwidthLatencyTest")}};

}  // namespace

}  // namespace gpuaudit::imports
