#include "drift/drift.hpp"

#include "core/error.hpp"
#include "core/parse_number.hpp"
#include "drift/security_floors.hpp"
#include "text/format.hpp"
#include "text/text_table.hpp"
#include "text/wrap.hpp"

#include <map>
#include <set>

namespace gpuaudit {

namespace {

// Whether `value` keeps the rule; the rule's words for the cell.
bool keeps(const GoldenRule& r, const std::string& value, std::string& words) {
  if (r.exact) {
    words = *r.exact;
    return value == *r.exact;
  }
  const auto v = parse_finite(value);
  words = r.min ? ">= " + fmt_num(*r.min, 0) : "";
  if (r.max) words += (words.empty() ? "" : ", ") + ("<= " + fmt_num(*r.max, 0));
  if (!v) return false;  // "mixed: ..." or text where a number is wanted
  return (!r.min || *v >= *r.min) && (!r.max || *v <= *r.max);
}

// field -> value -> the nodes of one group that have it
using Votes = std::map<std::string, std::map<std::string, std::vector<const DriftNode*>>>;

Votes votes_of(const std::vector<const DriftNode*>& group) {
  Votes v;
  for (const auto* n : group)
    for (const auto& f : n->fields) v[f.name][f.value].push_back(n);
  return v;
}

void judge_field(const std::string& group, const std::string& field,
                 const std::map<std::string, std::vector<const DriftNode*>>& values, std::size_t had,
                 const GoldenFile& golden, DriftReport& r) {
  const std::string klass(field_class(field));
  if (auto g = golden.find(field); g != golden.end()) {
    for (const auto& [value, nodes] : values) {
      std::string words;
      if (keeps(g->second, value, words)) continue;
      for (const auto* n : nodes) r.odd.push_back({n->name, group, field, klass, value, words, "--golden"});
    }
    return;
  }
  if (values.size() < 2) return;  // every node agrees (or one node has it)
  std::size_t best = 0, second = 0;
  std::string majority;
  for (const auto& [value, nodes] : values) {
    if (nodes.size() > best) second = best, best = nodes.size(), majority = value;
    else if (nodes.size() > second) second = nodes.size();
  }
  if (best == second) {
    DriftTie t{group, field, {}};
    for (const auto& [value, nodes] : values) t.values.push_back({value, static_cast<int>(nodes.size())});
    r.ties.push_back(std::move(t));
    return;
  }
  const std::string basis = std::to_string(best) + " of " + std::to_string(had) + " nodes";
  for (const auto& [value, nodes] : values)
    if (value != majority)
      for (const auto* n : nodes) r.odd.push_back({n->name, group, field, klass, value, majority, basis});
}

// Each node's driver against the security floors (not a vGPU guest's): the odd ones as cells of
// class "security", which fail the gate like a performance field.
void judge_security(const std::vector<DriftNode>& nodes, DriftReport& r) {
  const SecurityBulletin& b = security_bulletin();
  const std::string basis = "NVIDIA bulletin " + std::string(b.id) + " (" + b.date + ")";
  for (const auto& n : nodes) {
    if (n.vgpu_guest || !n.security) continue;
    for (const auto& f : n.fields) {
      if (f.name != "driver" || !security_judgeable(f.value)) continue;
      ++r.security_judged;
      if (auto floor = below_security_floor(f.value)) r.odd.push_back({n.name, n.group, "driver_security", "security", f.value, *floor, basis});
    }
  }
}

}  // namespace

GoldenFile golden_from_json(const json& j) {
  if (!j.is_object()) throw input_error("--golden: not a JSON object of field: value");
  GoldenFile g;
  for (const auto& [field, rule] : j.items()) {
    GoldenRule r;
    if (rule.is_string()) r.exact = rule.get<std::string>();
    else if (rule.is_number()) r.exact = field_number(rule.get<double>());
    else if (rule.is_boolean()) r.exact = rule.get<bool>() ? "on" : "off";
    else if (rule.is_object() && (rule.contains("min") || rule.contains("max"))) {
      if (auto m = rule.find("min"); m != rule.end() && m->is_number()) r.min = m->get<double>();
      if (auto m = rule.find("max"); m != rule.end() && m->is_number()) r.max = m->get<double>();
      if (!r.min && !r.max) throw input_error("--golden: " + field + ": min and max must be numbers");
    } else {
      throw input_error("--golden: " + field + ": give a value, or {\"min\": N} / {\"max\": N}");
    }
    g[field] = r;
  }
  return g;
}

bool DriftReport::fails() const {
  for (const auto& c : odd)
    if (c.klass == "performance" || c.klass == "security") return true;
  return false;
}

DriftReport find_drift(const std::vector<DriftNode>& nodes, const GoldenFile& golden) {
  std::map<std::string, std::vector<const DriftNode*>> groups;
  for (const auto& n : nodes) groups[n.group].push_back(&n);
  DriftReport r;
  r.nodes = nodes.size(), r.groups = groups.size();
  std::set<std::string> compared;
  for (const auto& [group, members] : groups)
    for (const auto& [field, values] : votes_of(members)) {
      std::size_t had = 0;
      for (const auto& [value, with] : values) had += with.size();
      compared.insert(field);
      judge_field(group, field, values, had, golden, r);
    }
  judge_security(nodes, r);
  if (r.security_judged > 0) compared.insert("driver_security");
  r.fields_compared = compared.size();
  return r;
}

json drift_json(const DriftReport& r) {
  json j = {{"schema", "gpuaudit.drift/1"}, {"nodes", r.nodes}, {"groups", r.groups},
            {"fields_compared", r.fields_compared}, {"fails", r.fails()}, {"odd", json::array()}, {"ties", json::array()}};
  for (const auto& c : r.odd)
    j["odd"].push_back({{"node", c.node}, {"group", c.group}, {"field", c.field}, {"class", c.klass},
                        {"value", c.value}, {"golden", c.golden}, {"basis", c.basis}});
  if (r.security_judged > 0) {
    const SecurityBulletin& b = security_bulletin();
    j["security_bulletin"] = {{"id", b.id}, {"title", b.title}, {"date", b.date}, {"url", b.url}};
  }
  for (const auto& t : r.ties) {
    json values = json::array();
    for (const auto& [v, n] : t.values) values.push_back({{"value", v}, {"nodes", n}});
    j["ties"].push_back({{"group", t.group}, {"field", t.field}, {"values", values}});
  }
  return j;
}

std::string drift_summary(const DriftReport& r) {
  std::set<std::string> odd_nodes, insecure_nodes;
  std::size_t odd = 0;
  for (const auto& c : r.odd) {
    if (c.klass == "security") insecure_nodes.insert(c.node);
    else ++odd, odd_nodes.insert(c.node);
  }
  return plural(r.nodes, "node", "nodes") + " in " + plural(r.groups, "group", "groups") + ", " +
         plural(r.fields_compared, "field", "fields") + " compared; " +
         (odd == 0 ? std::string("every node is like the others")
                   : plural(odd, "odd value", "odd values") + " on " + plural(odd_nodes.size(), "node", "nodes")) +
         (insecure_nodes.empty() ? "" : "; " + plural(insecure_nodes.size(), "node", "nodes") + " below the driver's security floor");
}

std::string drift_text(const DriftReport& r, std::size_t width) {
  std::string o = wrap("drift: " + drift_summary(r), width);
  // The table holds the cells that differ from the fleet; the security floor, often missed by every
  // node alike, is said once per driver version below it.
  TextTable t({{"node", "field", "value", "expected", "from", "class"}});
  t.indent = "  ";
  std::map<std::pair<std::string, std::string>, std::vector<std::string>> below;  // (driver, floor) -> nodes
  for (const auto& c : r.odd) {
    if (c.klass == "security") below[{c.value, c.golden}].push_back(c.node);
    else t.rows.push_back({c.node, c.field, clipped(c.value, 40), clipped(c.golden, 40), c.basis, c.klass});
  }
  if (t.rows.size() > 1) o += render_table(t);
  for (const auto& tie : r.ties) {
    std::string line = tie.field + " in " + tie.group + ": no majority (";
    for (std::size_t i = 0; i < tie.values.size(); ++i)
      line += (i ? ", " : "") + clipped(tie.values[i].first, 40) + " on " + plural(tie.values[i].second, "node", "nodes");
    o += wrap(line + "): give the expected value with --golden", width, "  tie: ", "    ");
  }
  for (const auto& [driver_floor, names] : below) {
    std::string who;
    for (std::size_t i = 0; i < names.size() && i < 8; ++i) who += (i ? ", " : "") + names[i];
    if (names.size() > 8) who += ", ...";
    o += wrap("security: driver " + clipped(driver_floor.first, 40) + " on " + plural(names.size(), "node", "nodes") + " (" +
                  who + ") is below NVIDIA's floor: " + driver_floor.second,
              width, "  ", "    ");
  }
  if (r.security_judged > 0) {
    const SecurityBulletin& b = security_bulletin();
    o += wrap("security floors: " + std::string(b.title) + " (NVIDIA bulletin " + b.id + ", " + b.date +
                  "); a newer bulletin may raise them",
              width, "  ", "    ");
  }
  return o;
}

}  // namespace gpuaudit
