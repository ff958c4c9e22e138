// `score --ticket`: the assessment as a support ticket a renter pastes to the provider: what the
// machine is (provider, instance, host, GPUs with their UUIDs and bus ids, driver), each finding
// that is not healthy with its evidence lines as gpuaudit wrote them, and what is asked for.
// Plain text, no colour, not wrapped: a ticket form wraps it. A pure function of the scored document.
#pragma once

#include "core/result.hpp"

#include <string>

namespace gpuaudit {

// `doc` scored (doc.assessment set); a document without findings to report says so in one line.
std::string support_ticket(const ResultDocument& doc);

}  // namespace gpuaudit
