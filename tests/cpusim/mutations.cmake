# Planted bugs, one per kernel family the CPU stand-in runs (and one in the shared warp reduction),
# each of the kind issue 27 names: an off-by-one tail, a wrong stride or offset, a wrong count, an
# over-size launch. tests/cpusim/CMakeLists.txt builds tests/gpu/kernels_test.cu against each and
# requires the failure EXPECT (a regular expression on its output) -- the check that must catch it.
#   FILE   the file under kernels/ it changes;  FROM -> TO  the text (exactly once in FILE)
#   SMS    the pretend SM count it runs at
set(CPUSIM_MUTATIONS fill sm_census fma launch stream stream_tail l2 l2_tail contention warp_sum)

# fill: the grid-stride loop stops one element early (a tail bug).
set(MUTATION_fill_FILE fill.cu)
set(MUTATION_fill_FROM "i < n; i += grid_threads()) {")
set(MUTATION_fill_TO "i + 1 < n; i += grid_threads()) {")
set(MUTATION_fill_EXPECT "no mismatches in a fresh fill")
set(MUTATION_fill_SMS 7)

# sm/census: the last block never records its SM.
set(MUTATION_sm_census_FILE sm_census.cu)
set(MUTATION_sm_census_FROM "if (threadIdx.x == 0) smids[blockIdx.x] = sm_id();")
set(MUTATION_sm_census_TO "if (threadIdx.x == 0 && blockIdx.x + 1 < gridDim.x) smids[blockIdx.x] = sm_id();")
set(MUTATION_sm_census_EXPECT "every block wrote its SM id")
set(MUTATION_sm_census_SMS 7)

# sm/fp32..int32: one unrolled round fewer than `iters` (the FLOP count would be wrong).
set(MUTATION_fma_FILE fma.cu)
set(MUTATION_fma_FROM "for (int it = 0; it < iters; it += kFmaUnroll) {")
set(MUTATION_fma_TO "for (int it = kFmaUnroll; it < iters; it += kFmaUnroll) {")
set(MUTATION_fma_EXPECT "fp32 chain of thread")
set(MUTATION_fma_SMS 7)

# sm/launch: two threads where one was meant (a launch shape bug).
set(MUTATION_launch_FILE launch.cu)
set(MUTATION_launch_FROM "tiny_kernel<<<1, 1, 0, s>>>")
set(MUTATION_launch_TO "tiny_kernel<<<1, 2, 0, s>>>")
set(MUTATION_launch_EXPECT "50 launches counted")
set(MUTATION_launch_SMS 7)

# hbm/*: the main loop's step skips a grid stride (a stride bug).
set(MUTATION_stream_FILE stream.cu)
set(MUTATION_stream_FROM "i += U * stride) {")
set(MUTATION_stream_TO "i += (U + 1) * stride) {")
set(MUTATION_stream_EXPECT "read checksum, unroll")
set(MUTATION_stream_SMS 7)

# hbm/*: the remainder loop stops one element short (a tail bug).
set(MUTATION_stream_tail_FILE stream.cu)
set(MUTATION_stream_tail_FROM "for (; i < n; i += stride) one<Op>")
set(MUTATION_stream_tail_TO "for (; i + 1 < n; i += stride) one<Op>")
set(MUTATION_stream_tail_EXPECT "read checksum, unroll")
set(MUTATION_stream_tail_SMS 7)

# l2/read: the main loop's fourth load reads the third's place (an offset bug). Run at an H100's
# 132 SMs: before the test's size came from the grid stride, the main loop never ran there.
set(MUTATION_l2_FILE l2.cu)
set(MUTATION_l2_FROM "load_l2_only(data + i + 3 * stride);")
set(MUTATION_l2_TO "load_l2_only(data + i + 2 * stride);")
set(MUTATION_l2_EXPECT "l2 checksum of 3 passes")
set(MUTATION_l2_SMS 132)

# l2/read: the remainder loop stops one element short.
set(MUTATION_l2_tail_FILE l2.cu)
set(MUTATION_l2_tail_FROM "for (; i < n; i += stride) {")
set(MUTATION_l2_tail_TO "for (; i + 1 < n; i += stride) {")
set(MUTATION_l2_tail_EXPECT "l2 checksum of 3 passes")
set(MUTATION_l2_tail_SMS 14)

# sm/contention: the gap is measured from the start, not from the previous read.
set(MUTATION_contention_FILE contention.cu)
set(MUTATION_contention_FROM "    last = now;\n")
set(MUTATION_contention_TO "")
set(MUTATION_contention_EXPECT "gap [0-9]+ ns")
set(MUTATION_contention_SMS 7)

# The warp reduction every checksum kernel shares (kernels/ptx.cuh): its last round is dropped.
set(MUTATION_warp_sum_FILE ptx.cuh)
set(MUTATION_warp_sum_FROM "for (int o = 16; o > 0; o /= 2)")
set(MUTATION_warp_sum_TO "for (int o = 16; o > 1; o /= 2)")
set(MUTATION_warp_sum_EXPECT "read checksum, unroll")
set(MUTATION_warp_sum_SMS 7)
