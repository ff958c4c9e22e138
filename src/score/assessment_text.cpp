#include "score/assessment_text.hpp"
#include "core/finding_ids.hpp"
#include "core/json_fields.hpp"

#include "text/escape.hpp"
#include "text/format.hpp"
#include "text/text_table.hpp"
#include "text/wrap.hpp"
#include "score/advice.hpp"
#include "score/evidence.hpp"
#include "score/rules.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

namespace gpuaudit {

namespace {

// figure, measured, expected, ratio, tolerance, state, note: the figures right-aligned.
void table(std::ostringstream& o, const std::vector<std::vector<std::string>>& rows) {
  TextTable t{rows};
  t.indent = "  ";
  t.align = {Align::left, Align::right, Align::right, Align::right, Align::right, Align::left, Align::left};
  o << render_table(t);
}

void figure_rows(const json& figs, std::vector<std::vector<std::string>>& rows) {
  for (const auto& f : figs) {
    const std::string unit = string_field(f, "unit");
    const auto value = number_field(f, "value");
    const auto expected = number_field(f, "expected");
    const auto ratio = number_field(f, "ratio");
    const auto tol = number_field(f, "tolerance");
    std::string state = string_field(f, "state");
    if (state == "no-reference") state = "-";
    std::string note = string_field(f, "scaled_by");
    if (f.value("uncertain", false)) note += std::string(note.empty() ? "" : ", ") + "uncertain reference";
    const std::string label = string_field(f, "label");  // the variant (dtype, in-place, xN), where it has one
    rows.push_back({label.empty() ? string_field(f, "name") : label, value ? fmt_value(*value, unit) : "?", expected ? fmt_value(*expected, unit) : "-",
                    ratio ? fmt_pct(*ratio) : "-", tol && expected ? fmt_tolerance(*tol) : "-", state, note});
  }
}

}  // namespace

std::string no_findings_text(const json& x) {
  const int host = x.value("host_figures_judged", 0);
  const int contended = x.value("host_figures_contended", 0);
  const std::string seen = contended > 0 ? std::to_string(contended) + (contended == 1 ? " host figure" : " host figures") +
                                               " " + kContendedWords + ", not judged (see notes)"
                                         : std::string();
  if (host > 0)
    return "none: " + std::to_string(host) + (host == 1 ? " host figure" : " host figures") + ", none past its threshold" +
           (seen.empty() ? "" : "; " + seen) + "; no GPU verdict";
  if (!seen.empty()) return "none: " + seen + "; no GPU verdict";
  return "none (no key figure was measured)";
}

namespace {

// One paragraph at `width` (0: unwrapped), `first` before its first line, `rest` before the others.
std::string para(const std::string& text, std::size_t width, const std::string& first, const std::string& rest) {
  return width ? wrap(text, width, first, rest) : first + text + "\n";
}

}  // namespace

std::string advice_text(const std::string& id, const std::string& summary, std::size_t width) {
  const Advice* adv = advice_for(id);
  if (!adv) return "";
  std::string o;
  if (!summary_says_what_to_ask(summary)) o += para("you: " + std::string(adv->renter) + ".", width, "    ", "      ");
  if (!adv->owner.empty()) o += para("owner: " + std::string(adv->owner) + ".", width, "    ", "      ");
  return o;
}

std::string money_text(double v, const std::string& currency) {
  return currency == "USD" || currency.empty() ? "$" + fmt_num(v, 2) : fmt_num(v, 2) + " " + currency;
}

std::string reference_text(const json& g) {
  std::string ref = string_field(g, "model");
  std::string o = "against " + (ref.empty() ? std::string("no baseline") : ref);
  if (auto m = g.find("match"); m != g.end() && m->is_object() && !string_field(*m, "method").empty() &&
                                string_field(*m, "method") != "none")
    o += ", matched by " + string_field(*m, "method");
  if (auto s = g.find("slice"); s != g.end() && s->is_object() && string_field(*s, "kind") == "mig")
    o += "; scaled to " + (string_field(*s, "profile").empty() ? std::string("its MIG slice") : "MIG " + string_field(*s, "profile"));
  return o;
}

std::string scored_with_text(const Assessment& a) {
  std::string o = "baselines " + (a.baselines_version.empty() ? std::string("?") : a.baselines_version);
  if (auto t = a.extra.find("thresholds"); t != a.extra.end() && t->is_object()) o += ", thresholds: " + string_field(*t, "origin");
  return o + ", scored " + a.scored_utc + "\n";
}

std::string figure_table_text(const json& figures, std::size_t width) {
  std::vector<std::vector<std::string>> rows{{"figure", "measured", "expected", "ratio", "tolerance", "state", "note"}};
  if (figures.is_array()) figure_rows(figures, rows);
  if (rows.size() == 1) return "  (no figures measured)\n";
  std::ostringstream o;
  table(o, rows);
  std::string out = o.str();
  std::size_t widest = 0;
  for (std::size_t at = 0, end = 0; at < out.size(); at = end + 1) {
    end = std::min(out.find('\n', at), out.size());
    widest = std::max(widest, end - at);
  }
  if (!width || widest <= width) return out;
  // Too wide for the terminal: the notes leave the table and follow it, one line per note, with
  // the figures they are about (the note column is the one that grows).
  std::vector<std::pair<std::string, std::string>> notes;  // note -> figures
  for (std::size_t i = 1; i < rows.size(); ++i) {
    std::string& note = rows[i].back();
    if (note.empty()) continue;
    auto it = std::find_if(notes.begin(), notes.end(), [&](const auto& n) { return n.first == note; });
    if (it == notes.end()) notes.emplace_back(note, rows[i].front());
    else it->second += ", " + rows[i].front();
    rows[i][5] += "*";
    note.clear();
  }
  for (auto& r : rows) r.pop_back();
  std::ostringstream folded;
  table(folded, rows);
  out = folded.str();
  for (const auto& [note, which] : notes) out += wrap("* " + note + ": " + which, width, "  ", "    ");
  return out;
}

std::string cost_text(const json& x, std::size_t width) {
  auto c = x.find("cost");
  if (c == x.end() || !c->is_object()) return "";
  const std::string cur = string_field(*c, "currency");
  const auto price = number_field(*c, "price_per_hour");
  std::string o = "cost at " + (price ? money_text(*price, cur) : std::string("?")) + " per hour:\n";
  if (auto v = number_field(*c, "cost_per_pflop_hour"))
    o += para(money_text(*v, cur) + " per effective dense-BF16 PFLOP-hour (" +
                  fmt_num(number_field(*c, "effective_bf16_pflops").value_or(0), 3) + " PFLOP/s); a full healthy card: " +
                  money_text(number_field(*c, "full_card_cost_per_pflop_hour").value_or(0), cur),
              width, "  ", "    ");
  if (auto v = number_field(*c, "cost_per_tbps_hour"))
    o += para(money_text(*v, cur) + " per TB/s of memory bandwidth per hour (" +
                  fmt_num(number_field(*c, "effective_memory_tbps").value_or(0), 2) + " TB/s); a full healthy card: " +
                  money_text(number_field(*c, "full_card_cost_per_tbps_hour").value_or(0), cur),
              width, "  ", "    ");
  return o;
}

std::string assessment_text(const Assessment& a, std::size_t width) {
  std::ostringstream o;
  o << para(a.headline, width, "", "");

  o << "\nfindings:\n";
  if (a.findings.empty()) o << "  " << no_findings_text(a.extra) << "\n";
  for (const auto& f : a.findings) {
    const bool host = f.id == finding_id::kHostBound || f.id == finding_id::kSoftware;
    o << para(f.id + (f.gpu ? " (GPU " + std::to_string(*f.gpu) + ")" : std::string(host ? " (host)" : " (machine)")) +
                  (f.confidence.empty() ? "" : ", confidence " + f.confidence) + ": " + f.summary,
              width, "  ", "      ");
    o << advice_text(f.id, f.summary, width);
    for (const auto& e : f.evidence) o << para(e, width, "    - ", "      ");
  }

  const json& x = a.extra;
  if (auto n = x.find("notes"); n != x.end() && n->is_array() && !n->empty()) {
    o << "\nnotes (not findings):\n";
    for (const auto& line : *n)
      if (line.is_string()) o << para(line.get<std::string>(), width, "  - ", "    ");
  }
  if (const std::string cost = cost_text(x, width); !cost.empty()) o << "\n" << cost;

  if (auto gpus = x.find("gpus"); gpus != x.end() && gpus->is_array())
    for (const auto& g : *gpus) {
      o << "\nGPU " << g.value("gpu", 0) << ": " << string_field(g, "name") << " " << reference_text(g);
      if (auto d = number_field(g, "delivered_fraction")) o << "; delivers " << fmt_pct(*d) << " of a full card";
      o << "\n" << figure_table_text(g.value("figures", json::array()), width);
    }
  if (auto sh = x.find("shared_figures"); sh != x.end() && sh->is_array() && !sh->empty())
    o << "\nall GPUs together:\n" << figure_table_text(*sh, width);
  o << "\n" << scored_with_text(a);
  return terminal_text(o.str());  // tags, names and hostnames may hold escapes
}

}  // namespace gpuaudit
