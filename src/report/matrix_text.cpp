#include "report/matrix_text.hpp"

#include "core/json_fields.hpp"
#include "text/format.hpp"
#include "text/text_table.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace gpuaudit {
namespace {

std::optional<int> index_of(const json& j, const char* key) {
  if (auto it = j.find(key); it != j.end() && it->is_number_integer()) return it->get<int>();
  return std::nullopt;
}

const json& member(const json& j, const char* key) {
  static const json none;
  if (!j.is_object()) return none;
  auto it = j.find(key);
  return it == j.end() ? none : *it;
}

// A document's params are free-form: a field of the wrong type reads as absent.
bool flag(const json& j, const char* key) {
  if (auto it = j.find(key); it != j.end() && it->is_boolean()) return it->get<bool>();
  return false;
}

// Digits as nccl-tests prints a time: 12.25, 539.6, 268588.
std::string time_us(double v) { return fmt_num(v, v >= 10000 ? 0 : v >= 100 ? 1 : 2); }

std::string gbs(double v) { return fmt_num(v, v >= 100 ? 1 : 2); }

}  // namespace

std::string p2p_matrix_text(const BenchmarkResult& row, const json& topology) {
  std::map<std::pair<int, int>, double> bw;
  std::set<int> gpus;
  for (const auto& p : member(row.extra, "pairs")) {
    const auto s = index_of(p, "src"), d = index_of(p, "dst");
    const auto v = number_field(p, "gbs");
    if (!s || !d || *s < 0 || *d < 0) continue;
    gpus.insert(*s);
    gpus.insert(*d);
    if (v) bw[{*s, *d}] = *v;
  }
  std::map<int, double> local;
  if (const json& l = member(row.extra, "local_copy_gbs"); l.is_object())
    for (const auto& [k, v] : l.items())
      if (v.is_number() && !k.empty() && std::all_of(k.begin(), k.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
          k.size() < 6)
        local[std::stoi(k)] = v.get<double>();
  std::map<std::pair<int, int>, std::string> link;
  for (const auto& p : member(topology, "pairs")) {
    const auto a = index_of(p, "a"), b = index_of(p, "b");
    if (!a || !b) continue;
    link[{*a, *b}] = link[{*b, *a}] = string_field(p, "label");
  }
  const bool links = !link.empty();
  if (links)
    for (const auto& g : member(topology, "gpus"))
      if (const auto i = index_of(g, "index"); i && *i >= 0) gpus.insert(*i);
  if (gpus.empty()) return "";

  TextTable t;
  std::vector<std::string> head{"from\\to"};
  for (int g : gpus) head.push_back("GPU" + std::to_string(g));
  if (links) {
    head.push_back("|");
    head.push_back("links");
    for (int g : gpus) head.push_back("GPU" + std::to_string(g));
  }
  t.rows.push_back(head);
  for (int s : gpus) {
    std::vector<std::string> r{"GPU" + std::to_string(s)};
    for (int d : gpus) {
      if (s == d) r.push_back(local.count(s) ? gbs(local[s]) : "-");
      else if (auto it = bw.find({s, d}); it != bw.end()) r.push_back(gbs(it->second));
      else r.push_back("?");
    }
    if (links) {
      r.push_back("|");
      r.push_back("GPU" + std::to_string(s));
      for (int d : gpus) r.push_back(s == d ? "X" : link.count({s, d}) ? link[{s, d}] : "?");
    }
    t.rows.push_back(r);
  }
  t.align.assign(head.size(), Align::right);
  t.align[0] = Align::left;
  if (links) t.align[gpus.size() + 2] = Align::left;
  t.indent = "  ";
  const bool peer = flag(row.params, "peer_access");
  std::string o = "p2p/matrix, peer access " + std::string(peer ? "on" : "off") + ": GB/s " +
                  (string_field(row.params, "direction").empty() ? std::string("one-way") : string_field(row.params, "direction")) +
                  ", row copies to column" + (local.empty() ? "" : ", diagonal: copy within the GPU") +
                  (links ? "; links as nvidia-smi topo -m shows them" : "") + "\n";
  return o + render_table(t);
}

std::string nccl_sweep_text(const BenchmarkResult* oop, const BenchmarkResult* ip) {
  const BenchmarkResult* any = oop ? oop : ip;
  if (!any) return "";
  struct Point {
    double count = 0, time_us = 0, algbw = 0, busbw = 0;
    std::optional<double> wrong;
  };
  std::map<double, std::pair<std::optional<Point>, std::optional<Point>>> by_size;
  auto take = [&](const BenchmarkResult* r, bool in_place) {
    if (!r) return;
    for (const auto& p : member(r->extra, "sweep")) {
      const auto bytes = number_field(p, "bytes");
      if (!bytes) continue;
      Point x;
      x.count = number_field(p, "count").value_or(0);
      x.time_us = number_field(p, "time_us").value_or(0);
      x.algbw = number_field(p, "algbw_gbs").value_or(0);
      x.busbw = number_field(p, "busbw_gbs").value_or(0);
      x.wrong = number_field(p, "wrong_elements");
      if (!x.wrong) x.wrong = number_field(p, "wrong");
      (in_place ? by_size[*bytes].second : by_size[*bytes].first) = x;
    }
  };
  take(oop, false);
  take(ip, true);
  if (by_size.empty()) return "";

  const std::string type = string_field(any->params, "dtype");
  const std::string op = string_field(any->params, "op");
  TextTable t;
  t.rows.push_back({"", "", "", "", "out-of-place", "", "", "", "in-place"});
  t.rows.push_back({"size", "count", "type", "redop", "time", "algbw", "busbw", "#wrong", "time", "algbw", "busbw", "#wrong"});
  t.rows.push_back({"(B)", "(elements)", "", "", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(GB/s)", "(GB/s)", ""});
  // nccl-tests' "Avg bus bandwidth": the mean busbw over every size, out-of-place and in-place runs
  // alike (each run adds to bw and bw_count in its common.cu), printed after the table as it prints it.
  double busbw_sum = 0;
  int busbw_n = 0;
  for (const auto& [bytes, pts] : by_size) {
    for (const auto* p : {&pts.first, &pts.second})
      if (*p) {
        busbw_sum += (*p)->busbw;
        ++busbw_n;
      }
    std::vector<std::string> r{fmt_num(bytes, 0), "", type.empty() ? "-" : type, op.empty() ? "-" : op};
    for (const auto* p : {&pts.first, &pts.second}) {
      if (!*p) {
        r.insert(r.end(), {"-", "-", "-", "-"});
        continue;
      }
      if (r[1].empty()) r[1] = fmt_num((*p)->count, 0);
      r.insert(r.end(), {time_us((*p)->time_us), fmt_num((*p)->algbw, 2), fmt_num((*p)->busbw, 2),
                         (*p)->wrong ? fmt_num(*(*p)->wrong, 0) : "N/A"});
    }
    t.rows.push_back(r);
  }
  t.align.assign(12, Align::right);
  t.indent = "  ";
  std::string heading = any->name;
  const int gpus = index_of(any->params, "gpus").value_or(0), nodes = index_of(any->params, "nodes").value_or(1);
  if (gpus > 0) heading += " on " + std::to_string(gpus) + " GPUs";
  if (nodes > 1) heading += " over " + std::to_string(nodes) + " nodes";
  if (!oop || !ip) heading += std::string(", ") + (ip ? "in-place" : "out-of-place") + " only";
  return heading + " (as nccl-tests prints it)\n" + render_table(t) + "  # Avg bus bandwidth    : " +
         fmt_num(busbw_n ? busbw_sum / busbw_n : 0, 3) + "\n";
}

std::string multigpu_tables_text(const ResultDocument& doc) {
  const json& topology = member(doc.extra, "topology");
  std::string o;
  for (const auto& b : doc.benchmarks)
    if (b.name == "p2p/matrix" && b.status == "ok")
      if (const std::string m = p2p_matrix_text(b, topology); !m.empty()) o += "\n" + m;
  // nccl rows: one table per collective, type, op, GPU and node count; in and out of place together.
  std::vector<bool> used(doc.benchmarks.size(), false);
  auto family = [](const BenchmarkResult& b) {
    json p = b.params;
    if (p.is_object()) p.erase("in_place");
    return b.name + p.dump();
  };
  for (std::size_t i = 0; i < doc.benchmarks.size(); ++i) {
    const auto& b = doc.benchmarks[i];
    if (used[i] || b.name.rfind("nccl/", 0) != 0 || member(b.extra, "sweep").empty()) continue;
    const BenchmarkResult* pair[2] = {nullptr, nullptr};  // out of place, in place
    for (std::size_t j = i; j < doc.benchmarks.size(); ++j) {
      const auto& c = doc.benchmarks[j];
      if (used[j] || c.name != b.name || member(c.extra, "sweep").empty() || family(c) != family(b)) continue;
      const int slot = flag(c.params, "in_place") ? 1 : 0;
      if (pair[slot]) continue;
      pair[slot] = &c;
      used[j] = true;
    }
    if (const std::string t = nccl_sweep_text(pair[0], pair[1]); !t.empty()) o += "\n" + t;
  }
  return o;
}

}  // namespace gpuaudit
