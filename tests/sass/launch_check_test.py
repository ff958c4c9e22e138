#!/usr/bin/env python3
"""Unit test of scripts/test/launch_check.py: the occupancy arithmetic against values the CUDA
occupancy calculator gives, the launch table's coverage, and the ptxas log check, on the resource
usage captured from this project's build (tests/data/sass/stream_resource_usage.txt) and on
hand-changed copies the way a regression would look."""
import os
import sys
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts", "test"))
import launch_check  # noqa: E402
import sass_check  # noqa: E402

A = launch_check.ARCHS


def read(name):
    with open(os.path.join(ROOT, "tests", "data", "sass", name)) as f:
        return f.read()


class OccupancyTest(unittest.TestCase):
    def test_thread_and_block_limits(self):
        self.assertEqual(launch_check.occupancy(A[90], 10, 32, 0), (32, "blocks per SM"))
        self.assertEqual(launch_check.occupancy(A[75], 10, 32, 0), (16, "blocks per SM"))
        self.assertEqual(launch_check.occupancy(A[86], 16, 256, 0), (6, "threads per SM"))
        self.assertEqual(launch_check.occupancy(A[90], 22, 1024, 0), (2, "threads per SM"))

    def test_register_limit_with_warp_granularity(self):
        # 46 registers: 1472 per warp, allocated 1536; 16384 per sub-partition hold 10 warps.
        self.assertEqual(launch_check.occupancy(A[90], 46, 128, 0), (10, "registers"))
        # 64 x 1024 = 64K fits one block; 65 registers do not.
        self.assertEqual(launch_check.occupancy(A[90], 64, 1024, 0)[0], 1)
        self.assertEqual(launch_check.occupancy(A[90], 65, 1024, 0), (0, "registers per block"))
        self.assertEqual(launch_check.occupancy(A[90], 256, 32, 0), (0, "registers per block"))

    def test_shared_memory(self):
        # wgmma: 10 KiB static + 1 KiB reserved per block on sm_90; registers limit it first.
        self.assertEqual(launch_check.occupancy(A[90], 154, 128, 10240), (3, "registers"))
        self.assertEqual(launch_check.occupancy(A[90], 32, 128, 40 * 1024)[1], "shared memory")
        self.assertEqual(launch_check.occupancy(A[90], 32, 128, 49 * 1024)[0], 0)  # over the static limit


class LaunchTableTest(unittest.TestCase):
    def setUp(self):
        self.res = sass_check.parse_resources(read("stream_resource_usage.txt"))

    def test_captured_stream_kernels_fit_every_launch(self):
        failures, report = launch_check.check_launches(self.res)
        self.assertEqual(failures, [])
        self.assertTrue(any("x1024" in line for line in report))  # persistent-1024x1

    def test_a_kernel_too_large_for_its_1024_thread_launch_fails(self):
        key = next(k for k in self.res if "Li1EE" in k[1])
        self.res[key] = dict(self.res[key], REG=72)
        failures, _ = launch_check.check_launches(self.res)
        self.assertTrue(any("x1024" in f and "0 blocks/SM" in f for f in failures), failures)

    def test_local_memory_fails(self):
        key = next(iter(self.res))
        self.res[key] = dict(self.res[key], LOCAL=32)
        failures, _ = launch_check.check_launches(self.res)
        self.assertTrue(any("LOCAL:32" in f for f in failures), failures)

    def test_an_unknown_kernel_fails(self):
        self.res[("sm_90", "_Z10new_kernelv")] = {"REG": 8, "SHARED": 0}
        failures, _ = launch_check.check_launches(self.res)
        self.assertIn("sm_90 _Z10new_kernelv: no launch in scripts/test/launch_check.py LAUNCHES names it", failures)

    def test_census_needs_sixteen_blocks_per_sm(self):
        name = "_ZN8gpuaudit7kernels45_GLOBAL__N__71921c00_12_sm_census_cu_a43cf99913census_kernelEPjyyS2_"
        self.assertEqual(launch_check.check_launches({("sm_75", name): {"REG": 10, "SHARED": 0}})[0], [])
        failures, _ = launch_check.check_launches({("sm_75", name): {"REG": 10, "SHARED": 6000}})
        self.assertTrue(any("needs at least 16" in f for f in failures), failures)


class PtxasLogTest(unittest.TestCase):
    CLEAN = ("ptxas info    : Compiling entry function '_Z5wgmmav' for 'sm_90a'\n"
             "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
             "ptxas info    : Used 154 registers, used 1 barriers, 10240 bytes smem\n")

    def test_clean_log_passes(self):
        self.assertEqual(launch_check.check_ptxas_log(self.CLEAN)[0], [])

    def test_serialisation_fails_unless_explained(self):
        warn = ("ptxas warning : (C7510) Potential Performance Loss: wgmma.mma_async instructions are serialized "
                "due to the presence of Extern calls in the function '_Z5wgmmav'\n")
        failures, _ = launch_check.check_ptxas_log(self.CLEAN + warn)
        self.assertEqual(len(failures), 1)
        launch_check.EXPLAINED_SERIALISATION["Extern calls"] = "a test's reason"
        try:
            self.assertEqual(launch_check.check_ptxas_log(self.CLEAN + warn)[0], [])
        finally:
            del launch_check.EXPLAINED_SERIALISATION["Extern calls"]

    def test_spills_and_empty_logs_fail(self):
        spilled = self.CLEAN.replace("0 bytes spill stores", "48 bytes spill stores")
        self.assertEqual(len(launch_check.check_ptxas_log(spilled)[0]), 1)
        self.assertEqual(len(launch_check.check_ptxas_log("")[0]), 1)


if __name__ == "__main__":
    unittest.main()
