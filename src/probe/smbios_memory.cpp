#include "probe/smbios_memory.hpp"

#include "host/proc_file.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace gpuaudit {

namespace fs = std::filesystem;

namespace {

std::uint32_t le(std::string_view b, std::size_t at, std::size_t bytes) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < bytes; ++i) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + i])) << (8 * i);
  return v;
}

// DSP0134 7.18.2, Memory Device - Type: the kinds a GPU host has.
std::string memory_type(unsigned code) {
  switch (code) {
    case 0x12: return "DDR";
    case 0x13: return "DDR2";
    case 0x18: return "DDR3";
    case 0x1A: return "DDR4";
    case 0x1B: return "LPDDR";
    case 0x1C: return "LPDDR2";
    case 0x1D: return "LPDDR3";
    case 0x1E: return "LPDDR4";
    case 0x20: return "HBM";
    case 0x21: return "HBM2";
    case 0x22: return "DDR5";
    case 0x23: return "LPDDR5";
    case 0x24: return "HBM3";
    default: return "";
  }
}

// A speed WORD at `at`, with its DWORD extension at `ext` where the WORD is FFFFh.
std::optional<int> speed(std::string_view s, std::size_t len, std::size_t at, std::size_t ext) {
  if (len < at + 2) return std::nullopt;
  std::uint32_t v = le(s, at, 2);
  if (v == 0xFFFF) v = len >= ext + 4 ? le(s, ext, 4) & 0x7FFFFFFF : 0;
  if (v == 0 || v > 100000) return std::nullopt;
  return static_cast<int>(v);
}

std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

std::optional<MemoryModule> smbios_memory_device(std::string_view raw) {
  if (raw.size() < 0x0E || static_cast<unsigned char>(raw[0]) != 17) return std::nullopt;
  const std::size_t len = static_cast<unsigned char>(raw[1]);
  if (len < 0x0E || len > raw.size()) return std::nullopt;
  MemoryModule m;
  const std::uint32_t size = le(raw, 0x0C, 2);
  if (size == 0x7FFF && len >= 0x20) m.bytes = static_cast<std::uint64_t>(le(raw, 0x1C, 4) & 0x7FFFFFFF) << 20;
  else if (size != 0 && size != 0xFFFF && size != 0x7FFF)
    m.bytes = (size & 0x8000) ? static_cast<std::uint64_t>(size & 0x7FFF) << 10 : static_cast<std::uint64_t>(size) << 20;
  if (m.bytes && *m.bytes == 0) m.bytes.reset();
  if (len >= 0x13) m.type = memory_type(static_cast<unsigned char>(raw[0x12]));
  m.rated_mts = speed(raw, len, 0x15, 0x54);
  m.configured_mts = speed(raw, len, 0x20, 0x58);
  return m;
}

json smbios_memory_modules(const std::string& root) {
  std::vector<MemoryModule> slots;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(fs::path(root) / "sys/firmware/dmi/entries", ec)) {
    if (e.path().filename().string().rfind("17-", 0) != 0) continue;
    if (auto m = smbios_memory_device(read_bytes(e.path() / "raw"))) slots.push_back(*m);
  }
  if (slots.empty()) return nullptr;
  return memory_modules_summary(slots, "smbios");
}

}  // namespace gpuaudit
