// The names NVIDIA's driver prints for the GPUs it supports (Turing and later), from its own table
// (driver_gpu_names.cpp cites it). The baselines describe a few dozen models; this list is every
// model a name can be, so a name cut by nvidia-smi's table ("NVIDIA GeForce RTX 207...") is matched
// only when no other real model shares what was printed, not merely no other baseline.
#pragma once

#include <span>
#include <string_view>

namespace gpuaudit {

std::span<const std::string_view> driver_gpu_names();

}  // namespace gpuaudit
