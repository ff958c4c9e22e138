#!/usr/bin/env python3
"""Generate baselines/*.json from the reference CSVs plus the per-model data files in baselines/source/.

    scripts/data/baselines_from_csv.py [--csv PATH] [--extra-csv PATH] [--source DIR] [--out baselines/]

Inputs (all in baselines/source/, see its README.md):
* gpu_specs.csv (with gpu_specs_notes.md beside it) and gpu_specs_extra.csv hold the datasheet
  figures and the public measurements, one row per model. They are free text in places ("300 per
  board (...)"), so every judgement a number needs -- which boards a row covers, the per-GPU TDP of
  a two-GPU board, the MIG tables of notes section 3, and every *expected achievable* figure with
  why -- lives in the data files, not in hand edits to the generated JSON:
* models/<id>.json, one per baseline: the row it reads (`csv`), names, PCI ids, overrides, the
  expected figures (or the card `class` they are estimated from), notes, die temperatures and the
  video engine counts (`video`, see video_engines()).
* shared.json: the tables the models share (efficiency classes, typical PCIe figures, card
  classes, MIG profile tables, the source hints and the calibration sources).
This script holds only the logic. Re-running it reproduces the files exactly; review the diff
after any change.

Rules the data follow (docs/baselines.md):
* Datasheet values take their source from the CSV row's spec sources; a '?' in the cell marks the
  value uncertain.
* An expected figure is a public measurement (named), or "datasheet x fraction" with the reason;
  estimates are marked uncertain.

An expected figure in a model file is one of
  {"value": V, "source": S[, "uncertain": true]}           a public measurement
  {"peak": FIELD, "efficiency": NAME}                       datasheet x shared.json efficiency[NAME]
  {"peak": FIELD, "fraction": F, "why": TEXT}               datasheet x F, for the reason given
  {"pcie_typical": GEN[, "extra": TEXT][, "uncertain": false]}  the typical figure of the link
each with optional "note" and "tolerance".
"""
from __future__ import annotations

import argparse
import csv
import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCE = os.path.join(ROOT, "baselines", "source")
SCHEMA = "gpuaudit.baseline/1"
GENERATED_BY = os.path.relpath(os.path.abspath(__file__), ROOT)

# Set by load_shared() from shared.json.
S: dict = {}


def load_shared(path):
    with open(path) as f:
        S.update(json.load(f))


# ---- how a CSV source is used --------------------------------------------------------------------
# Row sources are split by what they support, so a datasheet value does not cite a torch benchmark.
def split_sources(cell: str) -> list[str]:
    return [s.strip() for s in cell.split(" | ") if s.strip()]


def spec_sources(sources: list[str]) -> str:
    keep = [s for s in sources
            if not any(h in s for h in S["measurement_hints"]) and not any(h in s for h in S["mig_hints"])]
    return " | ".join(keep or sources)


def mig_sources(sources: list[str]) -> str:
    keep = [s for s in sources if any(h in s for h in S["mig_hints"])]
    return " | ".join(keep) + f" | {S['notes_file']} section 3"


# ---- parsing CSV cells ---------------------------------------------------------------------------
NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")


def first_number(cell: str):
    """The leading figure of a cell ("~1965-1980? (...)" -> 1965), None for n/a, none, ?."""
    c = cell.strip()
    if not c or c.lower().startswith(("n/a", "none", "?")):
        return None
    m = NUMBER.search(c)
    return float(m.group()) if m else None


def sourced(row, column, source, scale=1.0):
    v = first_number(row[column])
    if v is None:
        return None
    return {"value": round(v * scale, 3), "source": source, "uncertain": "?" in row[column]}


def pcie_link(cell: str):
    m = re.match(r"PCIe ([0-9])\.0 x([0-9]+)", cell.strip())
    return (int(m.group(1)), int(m.group(2))) if m else (None, None)


# ---- expected figures ------------------------------------------------------------------------------
EXPECTED_KEYS = {"value", "source", "uncertain", "peak", "efficiency", "fraction", "why", "pcie_typical", "extra",
                 "note", "tolerance"}


def meas(value, source, uncertain=False, note="", tolerance=None):
    """A public measurement."""
    return {"kind": "meas", "value": value, "source": source, "uncertain": uncertain, "note": note,
            "tolerance": tolerance}


def frac(peak_field, fraction, why, note="", tolerance=None):
    """datasheet x fraction, always uncertain: no public measurement of this card."""
    return {"kind": "frac", "peak": peak_field, "fraction": fraction, "why": why, "note": note,
            "tolerance": tolerance}


def efficiency(name):
    """(fraction, why) of a named efficiency class of shared.json."""
    fraction, why = S["efficiency"][name]
    return fraction, why


def pcie_typical(gen, uncertain=True, extra=""):
    v, why = S["pcie_typical"][str(gen)]
    return meas(v, "typical for the link: " + why + (f"; {extra}" if extra else ""), uncertain)


def expected_figure(where, e):
    """One expected figure of a model file, in the form build() reads."""
    unknown = set(e) - EXPECTED_KEYS
    if unknown:
        raise SystemExit(f"{where}: unknown keys {sorted(unknown)}")
    note, tolerance = e.get("note", ""), e.get("tolerance")
    if "pcie_typical" in e:
        out = pcie_typical(e["pcie_typical"], e.get("uncertain", True), e.get("extra", ""))
        out.update(note=note, tolerance=tolerance)
        return out
    if "peak" in e:
        fraction, why = efficiency(e["efficiency"]) if "efficiency" in e else (e["fraction"], e["why"])
        return frac(e["peak"], fraction, why, note, tolerance)
    return meas(e["value"], e["source"], e.get("uncertain", False), note, tolerance)


# ---- MIG profile tables (notes section 3): (name, SMs, max instances, memory slices of 8, GiB) ----
def mig(table, source, uncertain_from=None):
    """uncertain_from: profile names whose SM count is inferred, not seen in a real lgip."""
    out = []
    for name, sms, count, slices, gib in table:
        out.append({"name": name, "sm_count": sms, "max_instances": count, "memory_slices": slices,
                    "memory_gib": gib, "source": source,
                    "uncertain": bool(uncertain_from) and name in uncertain_from})
    return out


# ---- models estimated from their card class ------------------------------------------------------
def pcie_for(gen, width):
    """pcie_typical for the card's own link: an x8 card moves half of x16."""
    if gen is None:
        return None
    e = pcie_typical(min(gen, 5))
    if gen > 5:
        e["source"] += "; a Gen6 host link is taken at the Gen5 figure until a measurement exists"
    if width and width < 16:
        e["value"] = round(e["value"] * width / 16, 2)
        e["source"] = f"x{width} link: {width}/16 of the x16 figure; " + e["source"]
    return e


def class_expected(cls, gen, width, tensor=True, extra=None):
    """The expected figures of a card class (shared.json card_classes), estimated from its datasheet peaks."""
    c = S["card_classes"][cls]
    mem = efficiency(c["memory"])
    e = {"hbm/copy": frac("memory_bandwidth_gbs", *mem), "hbm/triad": frac("memory_bandwidth_gbs", *mem)}
    if tensor and c["gemm"]:
        gemm = efficiency(c["gemm"])
        e["gemm/fp16"] = frac("fp16_tensor_tflops", *gemm)
        if "bf16" in c:
            b = c["bf16"]
            e["gemm/bf16"] = frac(b["peak"], b["fraction"], b["why"], tolerance=b.get("tolerance"), note=b.get("note", ""))
        else:
            e["gemm/bf16"] = frac("bf16_tensor_tflops", *gemm)
    e["sm/fp32"] = frac("fp32_tflops", *efficiency(c["fma"]))
    p = pcie_for(gen, width)
    if p:
        e["pcie/h2d_pinned"] = p
    e.update(extra or {})
    return e


# ---- die-temperature thresholds (the `thermal` of a model file; docs/baselines.md) ---------------
def temps(slowdown, shutdown, max_operating, seen, one_host):
    """The thresholds of one model; `seen` lists each output with what it printed."""
    src = "nvidia-smi -q reports " + ", ".join(
        f"{k} {v:g} C" for k, v in (("slowdown", slowdown), ("shutdown", shutdown),
                                    ("max operating", max_operating)) if v is not None) + ": " + " | ".join(seen)
    if one_host:
        src += "; all from one host"
    out = {k: ({"value": v, "source": src, "uncertain": one_host} if v is not None else None)
           for k, v in (("temperature_slowdown_c", slowdown), ("temperature_shutdown_c", shutdown),
                        ("temperature_max_operating_c", max_operating))}
    out["_sources"] = [x.split(",")[0].split(" (")[0] for x in seen]  # for the file's sources[]
    return out


# ---- video engine counts (the `video` of a model file; docs/video-engines.md) ---------------------
VIDEO_ENGINES = ("nvenc", "nvdec", "nvjpg", "ofa")
VIDEO_KEYS = {"value", "from", "where", "uncertain"}


def video_engines(where, v):
    """{engine: {"value": N, "from": NAME, "where": TEXT[, "uncertain": true]}} -> the file's video_engines.

    NAME is one of shared.json video_sources (NVIDIA's tables); TEXT says which row or column gave N.
    An engine no NVIDIA table gave is left out (unknown), never guessed."""
    if set(v) - set(VIDEO_ENGINES):
        raise SystemExit(f"{where}: unknown video engines {sorted(set(v) - set(VIDEO_ENGINES))}")
    out = {}
    for engine in VIDEO_ENGINES:
        if engine not in v:
            continue
        e = v[engine]
        if set(e) - VIDEO_KEYS or not isinstance(e.get("value"), int) or e["value"] < 0 or not e.get("where"):
            raise SystemExit(f"{where}: video {engine} must be {{value: count >= 0, from, where[, uncertain]}}")
        source = S["video_sources"].get(e["from"])
        if not source or e["from"].startswith("_"):
            raise SystemExit(f"{where}: video {engine} cites {e['from']!r}, not one of shared.json video_sources")
        out[engine] = {"value": e["value"], "source": f"{source}: {e['where']}", "uncertain": bool(e.get("uncertain"))}
    return out


# ---- codecs per generation (baselines/source/video_codecs.json; docs/video-engines.md) -------------
# The matrix's column that says a codec family is there at all (its common 4:2:0 8-bit form).
ENCODE_FAMILIES = (("H.264", "H.264 (AVC) YUV 4:2:0"), ("HEVC", "H.265 (HEVC) 4K YUV 4:2:0"), ("AV1", "AV1 YUV 4:2:0"))
DECODE_FAMILIES = (("MPEG-2", "MPEG-2"), ("VC-1", "VC-1"), ("VP8", "VP8"), ("VP9", "VP9 4:2:0 8 Bit"),
                   ("H.264", "H.264 (AVC) 4:2:0 8 Bit"), ("HEVC", "H.265 (HEVC) 4:2:0 8 Bit"), ("AV1", "AV1 8 Bit"))
_CODECS = None


def video_codecs(model_id):
    """The codec families a model's NVENC and NVDEC generations support, from the matrix's cells: only
    a generation every row of the matrix agrees on (uniform) gives them; else none (unknown)."""
    global _CODECS
    if _CODECS is None:
        with open(os.path.join(ROOT, "baselines", "source", "video_codecs.json")) as f:
            _CODECS = json.load(f)
    m = _CODECS["models"].get(model_id)
    if not m:
        return {}
    out, said = {}, []
    for key, engine, families in (("encode_codecs", "nvenc", ENCODE_FAMILIES), ("decode_codecs", "nvdec", DECODE_FAMILIES)):
        gen = m.get(f"{engine}_generation") or ""
        g = _CODECS[f"{engine}_generations"].get(gen)
        if not g or not g.get("uniform") or not g.get("codecs"):
            continue
        out[key] = [name for name, column in families if g["codecs"].get(column) == "YES"]
        said.append(f"{engine.upper()} {gen}")
    if said:
        out["codecs_source"] = (f"{S['video_sources']['matrix']}: row '{m['row']}' ({m['tab']}), " + ", ".join(said) +
                                " (baselines/source/video_codecs.json)")
    return out


def source_url(source):
    """The address a named source ends with ("Title, https://..." -> "https://...")."""
    return source.rsplit(", ", 1)[-1]


# ---- reading the model files -----------------------------------------------------------------------
FILE_KEYS = {"id", "csv", "model", "names", "names_uncertain", "pci", "memory_gib", "mib", "reference", "tdp",
             "override", "mig", "mig_uncertain", "expected", "notes", "class", "pcie_gen", "pcie_width", "tensor",
             "thermal", "video"}
THERMAL_KEYS = {"slowdown", "shutdown", "max_operating", "seen", "one_host"}


def load_model(path):
    """A model file -> (overlay entry for build(), thermal or None)."""
    with open(path) as f:
        d = json.load(f)
    where = os.path.relpath(path, ROOT)
    unknown = set(d) - FILE_KEYS
    if unknown:  # typo guard
        raise SystemExit(f"{where}: unknown keys {sorted(unknown)}")
    if d.get("id") != os.path.splitext(os.path.basename(path))[0]:
        raise SystemExit(f"{where}: id {d.get('id')!r} differs from the file name")
    entry = {k: v for k, v in d.items() if k not in ("class", "pcie_gen", "pcie_width", "tensor", "thermal")}
    expected = {f: expected_figure(f"{where}: expected {f}", e) for f, e in d.get("expected", {}).items()}
    if "class" in d:
        expected = class_expected(d["class"], d.get("pcie_gen"), d.get("pcie_width"), d.get("tensor", True), expected)
    entry["expected"] = expected
    if "mig" in entry:
        entry["mig"] = S["mig_tables"][entry["mig"]] if isinstance(entry["mig"], str) else entry["mig"]
    if "mig_uncertain" in entry:
        entry["mig_uncertain"] = set(entry["mig_uncertain"])
    if "video" in entry:
        entry["video"] = video_engines(where, entry["video"])
    thermal = None
    if "thermal" in d:
        t = d["thermal"]
        if set(t) - THERMAL_KEYS:
            raise SystemExit(f"{where}: unknown thermal keys {sorted(set(t) - THERMAL_KEYS)}")
        thermal = temps(t.get("slowdown"), t.get("shutdown"), t.get("max_operating"), t["seen"], t["one_host"])
    return entry, thermal


OVERLAY_KEYS = {"id", "csv", "model", "names", "names_uncertain", "pci", "memory_gib", "mib", "reference", "tdp",
                "override", "mig", "mig_uncertain", "expected", "notes", "video"}

UNITS = {"hbm": "GB/s", "pcie": "GB/s", "l2": "GB/s", "gemm": "TFLOP/s", "tensor": "TFLOP/s"}


def unit_for(family):
    if family == "sm/census":
        return "count"
    if family in ("sm/fp32", "sm/fp64"):
        return "TFLOP/s"
    return UNITS[family.split("/")[0]]


def architecture(cell):
    return cell.split(" (")[0].strip()


def chip(cell):
    m = re.search(r"\((.*)\)", cell)
    return m.group(1) if m else ""


def model_name(row):
    name = row["model"]
    name = re.sub(r"^NVIDIA ", "", name)
    return name.replace(" (AWS)", "")


def build(entry, row, thermal=None):
    unknown = set(entry) - OVERLAY_KEYS
    if unknown:
        raise SystemExit(f"{entry['id']}: unknown overlay keys {sorted(unknown)}")
    sources = split_sources(row["sources"])
    table = row.get("_csv", "gpu_specs.csv")
    src_dir = os.path.relpath(SOURCE, ROOT)
    edit = (f"{src_dir}/models/{entry['id']}.json and {src_dir}/{table} (shared tables: {src_dir}/shared.json)")
    spec = "datasheet figure as collected in " + table + "; sources: " + spec_sources(sources)
    override = entry.get("override", {})

    def peak(field, column, scale=1.0):
        if field in override and override[field] is None:
            return None
        v = sourced(row, column, spec, scale)
        if v is not None and field in override:
            v.update(override[field])
        return v

    gen, width = pcie_link(row["host_interface"])
    pci = entry.get("pci") or [p for p in re.findall(r"10de:[0-9a-f]{4}", row["pci_device_id"])][:1]
    no_nvlink = row["nvlink_gbs_per_gpu"].strip().lower().startswith("none")
    nvlink = None if no_nvlink else peak("nvlink_gbs", "nvlink_gbs_per_gpu")
    tdp = peak("tdp_w", "tdp_w")
    if "tdp" in entry:
        tdp = dict(entry["tdp"])
    sm_count = int(first_number(row["sm_count"]))
    memory_gib = entry.get("memory_gib", first_number(row["memory_gb"]))
    b = {
        "schema": SCHEMA,
        "generated_by": GENERATED_BY,
        "edit": edit,
        "id": entry["id"],
        "model": entry.get("model", model_name(row)),
        "nvidia_smi_names": entry["names"],
        "pci_device_ids": pci,
        "memory_gib": memory_gib,
        "memory_mib_reported": entry.get("mib"),
        "architecture": architecture(row["architecture"]),
        "compute_capability": row["compute_capability"].strip(),
        "architecture_reference": bool(entry.get("reference")),
        "sm_count": sm_count,
        "boost_clock_mhz": peak("boost_clock_mhz", "boost_clock_mhz"),
        "memory_type": row["memory_type"].split(" (")[0].strip(),
        "memory_bus_width_bits": int(first_number(row["memory_bus_width_bits"])),
        "memory_bandwidth_gbs": peak("memory_bandwidth_gbs", "memory_bandwidth_gbs"),
        "fp32_tflops": peak("fp32_tflops", "fp32_tflops"),
        "fp64_tflops": peak("fp64_tflops", "fp64_tflops"),
        "fp16_tensor_tflops": peak("fp16_tensor_tflops", "fp16_tensor_dense_tflops"),
        "bf16_tensor_tflops": peak("bf16_tensor_tflops", "bf16_tensor_dense_tflops"),
        "tf32_tensor_tflops": peak("tf32_tensor_tflops", "tf32_tensor_dense_tflops"),
        "fp8_tensor_tflops": peak("fp8_tensor_tflops", "fp8_tensor_dense_tflops"),
        "tdp_w": tdp,
        "l2_mb": peak("l2_mb", "l2_cache_mb"),
        "host_interface": row["host_interface"].strip(),
        "pcie_gen": gen,
        "pcie_width": width,
        "nvlink_gbs": nvlink,
        "mig_profiles": mig(entry["mig"], mig_sources(sources), entry.get("mig_uncertain")) if "mig" in entry else [],
        "expected": {},
        "sources": sources + [f"{S['notes_file']} (gpuaudit reference notes)"],
        "notes": "",
        "chip": chip(row["architecture"]),
        "sm_count_uncertain": bool(override.get("sm_count_uncertain")) or "?" in row["sm_count"],
        "nvidia_smi_names_uncertain": bool(entry.get("names_uncertain")),
    }
    if thermal:  # after the link figures; absent where no real output was seen
        temps_ = {k: v for k, v in thermal.items() if v is not None and not k.startswith("_")}
        b = {k2: v2 for k, v in b.items() for k2, v2 in ([(k, v)] + (list(temps_.items()) if k == "nvlink_gbs" else []))}
        b["sources"] += [x for x in thermal["_sources"] if x not in b["sources"]]
    if entry.get("video"):  # after the MIG table; absent where no NVIDIA table gave a count
        video = dict(entry["video"])
        video.update(video_codecs(entry["id"]))
        b = {k2: v2 for k, v in b.items() for k2, v2 in ([(k, v)] + ([("video_engines", video)] if k == "mig_profiles" else []))}
        for e in (v for k, v in video.items() if k in VIDEO_ENGINES):
            url = source_url(e["source"].split(": ", 1)[0])
            if url not in b["sources"]:
                b["sources"].insert(len(b["sources"]) - 1, url)
    if b["tdp_w"] and "source" not in b["tdp_w"]:
        b["tdp_w"]["source"] = spec
    if b["tdp_w"]:
        b["tdp_w"] = {"value": b["tdp_w"]["value"], "source": b["tdp_w"]["source"],
                      "uncertain": b["tdp_w"].get("uncertain", False)}

    expected = {"sm/census": {"value": sm_count, "unit": "count",
                              "source": "every SM of the model runs work; SM count from the datasheet/deviceQuery "
                                        "(" + table + " sources)",
                              "uncertain": b["sm_count_uncertain"], "tolerance": None, "note": ""}}
    for family, e in entry["expected"].items():
        if e["kind"] == "meas":
            value, source, uncertain = e["value"], e["source"], e["uncertain"]
        else:
            p = b[e["peak"]]
            if p is None:
                raise SystemExit(f"{entry['id']}: {family} estimated from missing {e['peak']}")
            value = round(p["value"] * e["fraction"], 2)
            source = f"datasheet {p['value']:g} x {e['fraction']:g}: {e['why']}"
            uncertain = True
        expected[family] = {"value": value, "unit": unit_for(family), "source": source, "uncertain": uncertain,
                            "tolerance": e["tolerance"], "note": e["note"]}
    b["expected"] = dict(sorted(expected.items()))
    # The calibration's measurement sources (docs/baselines.md) join the file's list where its figures cite them.
    for s in S["calibration_sources"]:
        if any(s in e["source"] for e in expected.values()) and s not in b["sources"]:
            b["sources"].insert(len(b["sources"]) - 1, s)
    row_notes = row["notes"].strip()
    b["notes"] = entry.get("notes", "") + (" CSV note: " + row_notes if row_notes else "")
    return b


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", default=os.path.join(SOURCE, "gpu_specs.csv"))
    ap.add_argument("--extra-csv", default=os.path.join(SOURCE, "gpu_specs_extra.csv"))
    ap.add_argument("--source", default=SOURCE, help="folder of shared.json and models/*.json")
    ap.add_argument("--out", default=os.path.join(ROOT, "baselines"))
    args = ap.parse_args()
    load_shared(os.path.join(args.source, "shared.json"))
    rows = {}
    for path in (args.csv, args.extra_csv):
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                r["_csv"] = os.path.basename(path)
                if r["model"] in rows:
                    raise SystemExit(f"{path}: row '{r['model']}' is already in another CSV")
                rows[r["model"]] = r
    used = set()
    os.makedirs(args.out, exist_ok=True)
    files = sorted(glob.glob(os.path.join(args.source, "models", "*.json")))
    if not files:
        raise SystemExit(f"{args.source}/models: no model files")
    for path in files:
        entry, thermal = load_model(path)
        row = rows.get(entry["csv"])
        if row is None:
            raise SystemExit(f"{entry['id']}: no CSV row '{entry['csv']}'")
        used.add(entry["csv"])
        b = build(entry, row, thermal)
        with open(os.path.join(args.out, entry["id"] + ".json"), "w") as f:
            json.dump(b, f, indent=2, ensure_ascii=False)
            f.write("\n")
    missing = set(rows) - used
    if missing:
        raise SystemExit(f"CSV rows without a baseline: {sorted(missing)}")
    print(f"wrote {len(files)} baselines from {len(rows)} CSV rows to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
