# Planted errors the oracle tests (tests/oracle) must catch, in the same form as tests/cpusim's
# (tests/cpusim/host_source.cmake applies them): FILE under src/measure, FROM -> TO exactly once,
# TEST the oracle test that runs against the mutated copy, EXPECT the failure it must print.
set(ORACLE_MUTATIONS mma_a_halves wgmma_lbo_sbo wgmma_tile_order)

# The A fragment's two halves swapped: elements 2-3 in the upper k half, 4-5 in the lower rows.
set(MUTATION_mma_a_halves_FILE mma_reference.cpp)
set(MUTATION_mma_a_halves_FROM "return {group + 8 * ((i / 2) % 2), tig * 2 + (i % 2) + 8 * (i / 4)};")
set(MUTATION_mma_a_halves_TO "return {group + 8 * (i / 4), tig * 2 + (i % 2) + 8 * ((i / 2) % 2)};")
set(MUTATION_mma_a_halves_TEST measure_mma_reference_oracle_test)
set(MUTATION_mma_a_halves_EXPECT "A lane [0-9]+ element")

# The descriptor's leading and stride byte offsets swapped (the tile itself unchanged).
set(MUTATION_wgmma_lbo_sbo_FILE wgmma_layout.hpp)
set(MUTATION_wgmma_lbo_sbo_FROM "kLeadingBytes = 128, kStrideBytes = 256;")
set(MUTATION_wgmma_lbo_sbo_TO "kLeadingBytes = 256, kStrideBytes = 128;")
set(MUTATION_wgmma_lbo_sbo_TEST measure_wgmma_layout_oracle_test)
set(MUTATION_wgmma_lbo_sbo_EXPECT "LBO \\(16-byte units\\)")

# Core matrices placed M first instead of K first (the descriptor unchanged).
set(MUTATION_wgmma_tile_order_FILE wgmma_layout.hpp)
set(MUTATION_wgmma_tile_order_FROM "((row / 8) * 2 + k / 8) * 128")
set(MUTATION_wgmma_tile_order_TO "((row / 8) + (k / 8) * 8) * 128")
set(MUTATION_wgmma_tile_order_TEST measure_wgmma_layout_oracle_test)
set(MUTATION_wgmma_tile_order_EXPECT "64-row tile, element")
