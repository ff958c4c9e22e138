// measure/wgmma_layout (where kernels/wgmma.cu puts its bf16 operand tiles in shared memory, and
// the matrix descriptor it gives wgmma.mma_async) against NVIDIA's own: CuTe's canonical no-swizzle
// K-major GMMA atom (GMMA::Layout_K_INTER_Atom, cute/atom/mma_traits_sm90_gmma.hpp) tiled to the
// kernel's A (64 x 16) and B (256 x 16) tiles, K first, and the descriptor CuTe's make_gmma_desc
// derives from that layout (cute/arch/mma_sm90_desc.hpp's bit fields: start address, leading and
// stride byte offsets, base offset, layout type). On the host CuTe has no shared-memory window, so
// its start address is 0 (it prints "cast_smem_ptr_to_uint not supported"): the project's
// descriptor is compared at address 0, and the address bits on their own.
#include "measure/wgmma_layout.hpp"

#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <gtest/gtest.h>

namespace {

namespace wl = gpuaudit::wgmma_layout;

template <int Rows>
void expect_tile_is_canonical() {
  using namespace cute;
  const auto layout =
      tile_to_shape(SM90::GMMA::Layout_K_INTER_Atom<bfloat16_t>{}, make_shape(Int<Rows>{}, Int<16>{}), Step<_2, _1>{});
  for (int row = 0; row < Rows; ++row)
    for (int k = 0; k < 16; ++k)
      EXPECT_EQ(wl::core_offset(row, k), 2 * int(layout(row, k))) << Rows << "-row tile, element (" << row << "," << k << ")";
  alignas(128) static bfloat16_t tile[Rows * 16];
  const GmmaDescriptor cute_desc = SM90::GMMA::make_gmma_desc<SM90::GMMA::Major::K>(make_tensor(make_smem_ptr(tile), layout));
  const GmmaDescriptor ours(wl::matrix_descriptor(0));
  EXPECT_EQ(ours.bitfield.leading_byte_offset_, cute_desc.bitfield.leading_byte_offset_) << "LBO (16-byte units)";
  EXPECT_EQ(ours.bitfield.stride_byte_offset_, cute_desc.bitfield.stride_byte_offset_) << "SBO (16-byte units)";
  EXPECT_EQ(ours.bitfield.base_offset_, cute_desc.bitfield.base_offset_) << "base offset";
  EXPECT_EQ(ours.bitfield.layout_type_, cute_desc.bitfield.layout_type_) << "layout type (swizzle)";
  EXPECT_EQ(ours.desc_, cute_desc.desc_) << std::hex << "whole descriptor: project 0x" << ours.desc_ << ", CuTe 0x" << cute_desc.desc_;
}

TEST(WgmmaLayoutOracle, ATileIsCuTesCanonicalKMajorInterleave) { expect_tile_is_canonical<64>(); }

TEST(WgmmaLayoutOracle, BTileIsCuTesCanonicalKMajorInterleave) { expect_tile_is_canonical<256>(); }

TEST(WgmmaLayoutOracle, StartAddressGoesInBits0To13In16ByteUnits) {
  for (std::uint32_t address : {0u, 16u, 1024u, 0x3fff0u, 228u * 1024 - 16}) {
    cute::GmmaDescriptor d(wl::matrix_descriptor(address));
    EXPECT_EQ(d.bitfield.start_address_, (address & 0x3ffff) >> 4) << "address " << address;
  }
}

}  // namespace
