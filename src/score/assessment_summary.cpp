#include "score/assessment_summary.hpp"

#include "core/finding_ids.hpp"
#include "core/json_fields.hpp"
#include "score/assessment_text.hpp"
#include "score/evidence.hpp"
#include "score/headline.hpp"
#include "text/escape.hpp"
#include "text/format.hpp"
#include "text/terminal.hpp"
#include "text/text_table.hpp"
#include "text/wrap.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace gpuaudit {
namespace {

// Findings alike on several GPUs: same id and confidence. Their summaries may differ by a GPU's
// own figures (a clock, a temperature); the group then says so and -v shows each.
struct FindingGroup {
  const Finding* first = nullptr;
  std::vector<int> gpus;
  bool machine = false;
  bool same_summary = true;
};

std::vector<FindingGroup> group_findings(const std::vector<Finding>& findings) {
  std::vector<FindingGroup> groups;
  for (const auto& f : findings) {
    auto g = std::find_if(groups.begin(), groups.end(), [&](const FindingGroup& x) {
      return x.first->id == f.id && x.first->confidence == f.confidence && x.machine == !f.gpu;
    });
    if (g == groups.end()) {
      groups.push_back({&f, {}, !f.gpu, true});
      g = groups.end() - 1;
    } else {
      g->same_summary &= g->first->summary == f.summary;
    }
    if (f.gpu) g->gpus.push_back(*f.gpu);
  }
  // A group whose GPUs say two or three different things (one idle GPU beside seven under load) is
  // that many groups, each true of its GPUs; more than three (a figure that differs on every GPU)
  // stays one, said of its first GPU.
  std::vector<FindingGroup> split;
  for (const FindingGroup& g : groups) {
    if (g.same_summary || g.machine) {
      split.push_back(g);
      continue;
    }
    std::vector<FindingGroup> by_summary;
    for (int gpu : g.gpus) {
      const Finding* f = nullptr;
      for (const auto& x : findings)
        if (x.id == g.first->id && x.confidence == g.first->confidence && x.gpu == gpu) f = &x;
      if (!f) continue;
      auto h = std::find_if(by_summary.begin(), by_summary.end(), [&](const FindingGroup& y) { return y.first->summary == f->summary; });
      if (h == by_summary.end()) by_summary.push_back({f, {gpu}, false, true});
      else h->gpus.push_back(gpu);
    }
    if (by_summary.size() <= 3 && !by_summary.empty()) split.insert(split.end(), by_summary.begin(), by_summary.end());
    else split.push_back(g);
  }
  std::stable_sort(split.begin(), split.end(), [](const FindingGroup& a, const FindingGroup& b) {
    return finding_priority(a.first->id) < finding_priority(b.first->id);
  });
  return split;
}

Colour colour_of(const std::string& id) {
  if (id == finding_id::kHealthy) return Colour::green;
  if (id == finding_id::kInconclusive || id == finding_id::kSoftware || id == finding_id::kHostBound) return Colour::yellow;
  return Colour::red;
}

// Each finding line's id in its colour ("  power-capped (GPUs 0-7, high): ..."); the text was
// wrapped before, and colour codes take no columns.
std::string painted(const std::string& text) {
  std::string o;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    end = end == std::string::npos ? text.size() : end + 1;
    const std::string_view line(text.data() + start, end - start);
    const std::size_t id_end = line.find(" (");
    const auto id = line.size() > 2 && line[2] != ' ' && line.substr(0, 2) == "  " && id_end != std::string_view::npos
                        ? finding_id::named(line.substr(2, id_end - 2))
                        : std::nullopt;
    if (id) o += "  " + paint(id->text, colour_of(std::string(id->text)), true) + std::string(line.substr(id_end));
    else o += line;
    start = end;
  }
  return o;
}

std::string where(const FindingGroup& g) {
  if (g.machine) return g.first->id == finding_id::kHostBound || g.first->id == finding_id::kSoftware ? "host" : "machine";
  return (g.gpus.size() == 1 ? "GPU " : "GPUs ") + gpu_ranges(g.gpus);
}

std::string findings_text(const Assessment& a, const SummaryStyle& s) {
  std::string o = "\nfindings:\n";
  if (a.findings.empty()) return o + wrap(no_findings_text(a.extra), s.width, "  ", "    ");
  for (const FindingGroup& g : group_findings(a.findings)) {
    std::string label = g.first->id + " (" + where(g) + (g.first->confidence.empty() ? "" : ", " + g.first->confidence) + ")";
    std::string text = g.first->summary;
    if (!g.same_summary) text += " [as said of GPU " + std::to_string(g.gpus.front()) + "; each GPU's own with -v]";
    o += wrap(label + ": " + text, s.width, "  ", "    ");
    o += advice_text(g.first->id, g.first->summary, s.width);
  }
  return o;
}

// A kernel log or lspci names a GPU by its address only: "GPU 0 (model not named)".
std::string gpu_name(const json& g) {
  const std::string name = string_field(g, "name");
  return name.empty() ? "GPU " + std::to_string(g.value("gpu", 0)) + " (model not named)" : name;
}

std::vector<std::string> gpu_verdicts(const Assessment& a, int gpu) {
  std::vector<std::string> ids;
  for (const auto& f : a.findings)
    if (f.gpu && *f.gpu == gpu && std::find(ids.begin(), ids.end(), f.id) == ids.end()) ids.push_back(f.id);
  std::stable_sort(ids.begin(), ids.end(), [](const auto& x, const auto& y) { return finding_priority(x) < finding_priority(y); });
  return ids;
}

// "12 of 13" within tolerance, and the ones outside it: "hbm/copy 68% low".
std::pair<std::string, std::string> figure_counts(const json& figures) {
  int judged = 0, within = 0, measured = 0;
  std::string outside;
  for (const auto& f : figures) {
    ++measured;
    const std::string state = string_field(f, "state");
    if (state == "ok" || state == "low" || state == "high") ++judged;
    if (state == "ok") ++within;
    if (state == "low" || state == "high") {
      const auto ratio = number_field(f, "ratio");
      // Why a figure outside tolerance need not be a finding: a reference NVIDIA does not publish.
      outside += (outside.empty() ? "" : ", ") + string_field(f, "name") + (ratio ? " " + fmt_pct(*ratio) : "") + " " + state +
                 (f.value("uncertain", false) ? " (uncertain reference)" : "");
    }
  }
  if (measured == 0) return {"none measured", ""};
  std::string counts = std::to_string(within) + " of " + std::to_string(judged) + " within";
  if (measured > judged) counts += ", " + std::to_string(measured - judged) + " unjudged";
  return {counts, outside};
}

std::string gpu_table_text(const Assessment& a, const json& gpus, const SummaryStyle& s) {
  // The heading names the model once when every GPU shares it; else each row does.
  std::set<std::string> names;
  for (const auto& g : gpus) names.insert(gpu_name(g) + " " + reference_text(g));
  const bool one_model = names.size() == 1;
  std::string o = "\n";
  if (one_model)
    o += wrap((gpus.size() == 1 ? std::string() : std::to_string(gpus.size()) + "x ") + gpu_name(gpus.front()) +
                  " " + reference_text(gpus.front()) + ":",
              s.width);
  if (gpus.size() == 1) {  // one GPU: its figures, each against its reference
    if (auto d = number_field(gpus.front(), "delivered_fraction"))
      o += "  delivers " + fmt_pct(*d) + " of a full card's compute and memory\n";
    return o + figure_table_text(gpus.front().value("figures", json::array()), s.width);
  }
  std::vector<std::vector<std::string>> rows;
  rows.push_back(one_model ? std::vector<std::string>{"GPU", "verdict", "delivers", "figures", "outside tolerance"}
                           : std::vector<std::string>{"GPU", "model", "verdict", "delivers", "figures", "outside tolerance"});
  for (const auto& g : gpus) {
    const int i = g.value("gpu", 0);
    std::string verdict;
    for (const auto& id : gpu_verdicts(a, i)) verdict += (verdict.empty() ? "" : ", ") + id;
    const auto d = number_field(g, "delivered_fraction");
    auto [counts, outside] = figure_counts(g.value("figures", json::array()));
    std::vector<std::string> row{std::to_string(i)};
    if (!one_model) row.push_back(gpu_name(g));
    row.push_back(verdict.empty() ? "-" : verdict);
    row.push_back(d ? fmt_pct(*d) : "-");
    row.push_back(counts);
    row.push_back(outside.empty() ? "-" : outside);
    rows.push_back(std::move(row));
  }
  TextTable t{rows};
  t.indent = "  ";
  return o + render_table(t);
}

// "you pay $98.00 an hour for a full machine; it delivers 61%: a full machine's hour of work costs you $160.66".
std::string delivered_cost_text(const Assessment& a, std::size_t width) {
  auto c = a.extra.find("cost");
  if (c == a.extra.end() || !c->is_object() || !a.delivered_fraction || *a.delivered_fraction <= 0) return "";
  const auto price = number_field(*c, "price_per_hour");
  if (!price || *a.delivered_fraction >= 0.995) return "";
  const std::string cur = string_field(*c, "currency");
  return wrap("you pay " + money_text(*price, cur) + " an hour for full cards; they deliver " + fmt_pct(*a.delivered_fraction) +
                  " of their compute and memory: each full card's hour of work costs you " +
                  money_text(*price / *a.delivered_fraction, cur),
              width, "  ", "    ");
}

std::string notes_text(const json& x, std::size_t width) {
  auto n = x.find("notes");
  if (n == x.end() || !n->is_array() || n->empty()) return "";
  std::string o = "\nnotes (not findings):\n";
  std::set<std::string> said;
  for (const auto& line : *n)
    if (line.is_string() && said.insert(line.get<std::string>()).second) o += wrap(line.get<std::string>(), width, "  - ", "    ");
  return o;
}

}  // namespace

std::string assessment_summary(const Assessment& a, const SummaryStyle& s) {
  std::string o = wrap(a.headline, s.width);
  o += findings_text(a, s);
  const json& x = a.extra;
  if (auto gpus = x.find("gpus"); gpus != x.end() && gpus->is_array() && !gpus->empty()) o += gpu_table_text(a, *gpus, s);
  if (auto sh = x.find("shared_figures"); sh != x.end() && sh->is_array() && !sh->empty())
    o += "\nall GPUs together:\n" + figure_table_text(*sh, s.width);
  o += notes_text(x, s.width);
  if (const std::string cost = cost_text(x, s.width); !cost.empty()) o += "\n" + cost + delivered_cost_text(a, s.width);
  std::string footer = scored_with_text(a);
  footer.pop_back();  // its newline: wrap gives one
  o += "\n" + wrap((s.details_hint.empty() ? "" : s.details_hint + "; ") + footer, s.width);
  // Tags, names and hostnames may hold escapes; gpuaudit's own colour codes are added after.
  return s.colour ? painted(terminal_text(o)) : terminal_text(o);
}

}  // namespace gpuaudit
