// What the person who pays can do about each finding, then what the machine's owner can, and what
// a renter asks for in a support ticket. Written for the renter first: most of them cannot open
// the case, reset the GPU or change a BIOS setting, but they can stop work, ask for another
// instance, pick another instance type, start a container right, re-run, or price what they got.
// One entry per finding id (core/finding_ids.hpp); a test checks every id has one.
#pragma once

#include <string_view>

namespace gpuaudit {

struct Advice {
  std::string_view renter;  // "stop work on this GPU and ask the provider for another instance"
  std::string_view owner;   // "reset the GPU to apply the pending remaps; replace it when ..."
  std::string_view ask;     // the request in a support ticket: "a replacement instance"
};

// The advice for `finding_id`; nullptr for healthy and for an id gpuaudit does not give.
const Advice* advice_for(std::string_view finding_id);

// Whether a finding's own summary already tells the renter what to ask the provider (some rules
// say it with the case's own detail: "stop work on this GPU; ask the provider for another
// instance"): the renter's line is then not said again; the owner's still is.
bool summary_says_what_to_ask(std::string_view summary);

}  // namespace gpuaudit
