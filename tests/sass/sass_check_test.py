#!/usr/bin/env python3
"""Unit test of scripts/test/sass_check.py on SASS captured from this project's own build
(tests/data/sass/README.md says how): the parser, the loop finder and each fact, passing on the
kernel it describes and failing on another kernel or on a copy changed the way a regression would."""
import copy
import os
import sys
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts", "test"))
import sass_check  # noqa: E402

DATA = os.path.join(ROOT, "tests", "data", "sass")


def read(name):
    with open(os.path.join(DATA, name)) as f:
        return f.read()


class ParseTest(unittest.TestCase):
    def setUp(self):
        self.fma = sass_check.parse_sass(read("sm_90_fma_float.sass"))
        self.copy4 = sass_check.parse_sass(read("sm_90_stream_copy4.sass"))

    def test_functions_and_arch(self):
        self.assertEqual(len(self.fma), 1)
        self.assertEqual(self.fma[0].arch, "sm_90")
        self.assertIn("fma_kernelIfE", self.fma[0].name)
        self.assertEqual(sass_check.short(self.fma[0].name), "fma_kernel<IfEEvimPT_>")
        self.assertGreater(len(self.fma[0].code), 500)
        self.assertEqual(self.fma[0].code[0].opcode, "LDC")

    def test_predicated_instructions_keep_their_opcode(self):
        bras = [i for i in self.fma[0].code if i.base == "BRA"]
        self.assertEqual(len(bras), 3)  # loop guard, back edge, trailing self-branch

    def test_hot_loop_of_the_fp32_kernel(self):
        n, length = sass_check.hot_loop(self.fma[0], lambda i: i.base == "FFMA")
        self.assertEqual(n, 256)  # kFmaChains x kFmaUnroll = 8 x 32
        self.assertEqual(length, 259)

    def test_resource_usage(self):
        res = sass_check.parse_resources(read("stream_resource_usage.txt"))
        self.assertEqual(len(res), 24)  # 4 ops x 3 unrolls x 2 cubins
        for (arch, name), r in res.items():
            self.assertIn(arch, ("sm_80", "sm_90"))
            self.assertIn("stream_kernel", name)
            self.assertEqual(r["LOCAL"], 0)
            self.assertGreater(r["REG"], 0)


class FactTest(unittest.TestCase):
    def setUp(self):
        self.fma = sass_check.parse_sass(read("sm_90_fma_float.sass"))[0]
        self.copy4 = sass_check.parse_sass(read("sm_90_stream_copy4.sass"))[0]

    def test_dense_ffma_holds_and_is_specific(self):
        self.assertTrue(sass_check.dense_loop("FFMA", 256)(self.fma)[0])
        self.assertFalse(sass_check.dense_loop("DFMA", 256)(self.fma)[0])
        self.assertFalse(sass_check.dense_loop("FFMA", 256)(self.copy4)[0])

    def test_local_memory_in_the_kernel_fails(self):
        spilled = copy.deepcopy(self.fma)
        spilled.code[10].opcode = "STL"
        ok, text = sass_check.dense_loop("FFMA", 256)(spilled)
        self.assertFalse(ok)
        self.assertIn("1 LDL/STL", text)

    def test_nop_padding_does_not_count_against_density(self):
        padded = copy.deepcopy(self.fma)
        first, last = sass_check.loops(padded)[0]
        for ins in padded.code[first:last + 1][::2]:
            if ins.base == "FFMA":
                ins.opcode = "NOP"  # as ptxas pads sm_120's slow FP64 pipe
        n, length = sass_check.hot_loop(padded, lambda i: i.base == "FFMA")
        self.assertEqual(length, n + 3)

    def test_a_loop_diluted_below_90_percent_fails(self):
        diluted = copy.deepcopy(self.fma)
        first, last = sass_check.loops(diluted)[0]
        body = [i for i in diluted.code[first:last + 1] if i.base == "FFMA"]
        for ins in body[:40]:
            ins.opcode = "FMUL"  # 216 of 259: under 90%, and under 256
        self.assertFalse(sass_check.dense_loop("FFMA", 200)(diluted)[0])

    def test_wide_memory_of_the_copy_kernel(self):
        ok, text = sass_check.wide_memory(True, True)(self.copy4)
        self.assertTrue(ok, text)
        self.assertIn("LDG.E.128.CONSTANT", text)
        self.assertIn("STG.E.128", text)
        self.assertFalse(sass_check.wide_memory(True, False)(self.copy4)[0])  # it stores: not a read kernel
        self.assertFalse(sass_check.wide_memory(True, True)(self.fma)[0])  # no load at all

    def test_a_narrow_load_fails(self):
        narrow = copy.deepcopy(self.copy4)
        ldg = next(i for i in narrow.code if i.base == "LDG")
        ldg.opcode = "LDG.E.64.CONSTANT"
        ok, text = sass_check.wide_memory(True, True)(narrow)
        self.assertFalse(ok)
        self.assertIn("LDG.E.64.CONSTANT", text)

    def test_a_trip_that_is_not_whole_rounds_fails(self):
        short = copy.deepcopy(self.fma)
        first, last = sass_check.loops(short)[0]
        next(i for i in short.code[first:last + 1] if i.base == "FFMA").opcode = "FMUL"  # 255 FFMA
        ok, text = sass_check.dense_loop("FFMA", 256)(short)
        self.assertFalse(ok)
        self.assertIn("255 FFMA", text)

    def test_copy_moves_whole_elements_four_per_main_trip(self):
        self.assertEqual(sass_check.unroll_of(self.copy4.name), 4)
        ok, text = sass_check.element_trips(1, 1)(self.copy4)
        self.assertTrue(ok, text)
        self.assertIn("4 LDG + 4 STG", text)
        self.assertFalse(sass_check.element_trips(2, 1)(self.copy4)[0])  # not a triad's 2 loads per store
        self.assertFalse(sass_check.element_trips(1, 0)(self.copy4)[0])  # a read kernel stores nothing

    def test_a_dropped_store_breaks_the_bytes_per_element(self):
        dropped = copy.deepcopy(self.copy4)
        first, last = max(sass_check.innermost_loops(dropped), key=lambda r: r[1] - r[0])
        next(i for i in dropped.code[first:last + 1] if i.base == "STG").opcode = "NOP"
        self.assertFalse(sass_check.element_trips(1, 1)(dropped)[0])

    def test_no_hmma_in_the_fma_kernel(self):
        self.assertFalse(sass_check.tensor_loop("HMMA", 8)(self.fma)[0])


class WholeCheckTest(unittest.TestCase):
    def test_a_missing_kernel_fails_and_present_ones_report(self):
        fns = sass_check.parse_sass(read("sm_90_fma_float.sass")) + sass_check.parse_sass(read("sm_90_stream_copy4.sass"))
        failures, report = sass_check.check_functions(fns, {})
        self.assertTrue(any("sm_90 sm/fp32" in line and "256 FFMA" in line for line in report))
        self.assertTrue(any("sm_90 hbm/copy" in line for line in report))
        missing = [f for f in failures if "no kernel matches" in f]
        # fp64, int32, mma fp16/bf16, read, write, triad, l2 and the bytes rules of read, write,
        # triad and l2: each rule without its kernel fails.
        self.assertEqual(len(missing), 12, failures)
        self.assertFalse(any("wgmma" in f for f in failures))  # sm_90a only

    def test_arch_specific_cubins_get_only_their_own_rules(self):
        fns = sass_check.parse_sass(read("sm_90_fma_float.sass"))
        fns[0].arch = "sm_90a"  # as if the FMA kernel were in the wgmma file's sm_90a cubin
        failures, report = sass_check.check_functions(fns, {})
        self.assertEqual(report, [])
        self.assertEqual(failures, ["sm_90a tensor/wgmma_bf16: no kernel matches /wgmma_kernel/"])

    def test_an_expected_cubin_must_be_there(self):
        fns = sass_check.parse_sass(read("sm_90_stream_copy4.sass"))
        failures, _ = sass_check.check_functions(fns, {}, ["sm_90a"])
        self.assertIn("sm_90a: no cubin for it, though the build was configured to make one", failures)

    def test_spill_in_resource_usage_fails(self):
        fns = sass_check.parse_sass(read("sm_90_stream_copy4.sass"))
        res = {("sm_90", fns[0].name): {"REG": 255, "LOCAL": 48}}
        failures, _ = sass_check.check_functions(fns, res)
        self.assertTrue(any("LOCAL:48" in f for f in failures))

    def test_missing_tool_skips_but_fails_under_ci(self):
        saved = os.environ.pop("CI", None)
        try:
            self.assertEqual(sass_check.main(["--cuobjdump", "/nonexistent/cuobjdump", "x"]), 77)
            os.environ["CI"] = "true"
            self.assertEqual(sass_check.main(["--cuobjdump", "/nonexistent/cuobjdump", "x"]), 1)
        finally:
            os.environ.pop("CI", None)
            if saved is not None:
                os.environ["CI"] = saved


if __name__ == "__main__":
    unittest.main()
