"""The `accelerators` section of Benchmarks/run: what GraphvizKit's two accelerators (the text
measurement cache and the coordinate printer) save, in instructions.

Each workload runs once per mode of GRAPHVIZKIT_ACCELERATORS under `valgrind --tool=callgrind`,
whose instruction counts repeat to a fraction of a percent, so a busy machine does not blur
them:
- batch: the first 40 of the batch's generated descriptions, `render --jobs 1 -f svg`;
- large: the 5,000-controller description, `render -f svg`.
Modes: on, text-cache-only, coordinate-printer-only, off. Every mode must write the same bytes
as `off`, or the section fails. An accelerator that `vcgraph --version` reports inactive
where its mode wants it is marked in the table, since its saving is then zero by construction.
"""

import filecmp
import os
import re
import shutil
import subprocess

from environment import fail, log, vcgraph_status

MODES = ["on", "text-cache-only", "coordinate-printer-only", "off"]
# Layout runs about 50 times slower under callgrind, more on a busy machine: the large diagram
# must not meet the 60-second layout limit (a wall-clock limit, which does no work).
NO_LIMIT = ["--layout-timeout", "86400"]
ACCELERATORS = {"text-measurement-cache": "text cache",
                "coordinate-printer": "coordinate printer"}
WANTED = {"on": set(ACCELERATORS), "text-cache-only": {"text-measurement-cache"},
          "coordinate-printer-only": {"coordinate-printer"}, "off": set()}


def fresh_dir(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def callgrind(argv, mode, out_dir, name):
    """Instructions `argv` executes with the accelerators in `mode` (its children included)."""
    env = {**os.environ, "GRAPHVIZKIT_ACCELERATORS": mode}
    profile = os.path.join(out_dir, f"callgrind.{name}.{mode}.%p")
    r = subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes",
                        f"--callgrind-out-file={profile}"] + argv,
                       env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode:
        log(r.stderr[-3000:])
        fail(f"error: {name} in mode {mode} failed under callgrind ({r.returncode})")
    counts = [int(n) for n in re.findall(r"==\d+== Collected : (\d+)", r.stderr)]
    if not counts:
        fail(f"error: callgrind reported no instruction count for {name} in mode {mode}")
    return sum(counts)


def same_output(path, reference):
    if os.path.isdir(reference):
        names = sorted(os.listdir(reference))
        if names != sorted(os.listdir(path)):
            return False
        match, mismatch, errors = filecmp.cmpfiles(reference, path, names, shallow=False)
        return not mismatch and not errors
    return filecmp.cmp(path, reference, shallow=False)


def measure(vcgraph, out, batch_inputs, large):
    """Returns the rows [(workload, mode, instructions, active accelerators)] and the savings
    [(description, workload, percent)]."""
    states = {}
    for mode in MODES:
        _, accelerators = vcgraph_status(vcgraph, mode)
        states[mode] = {name for name, active in accelerators.items() if active}
        if states[mode] != WANTED[mode]:
            log(f"warning: with GRAPHVIZKIT_ACCELERATORS={mode} the accelerators in effect are "
                f"{sorted(states[mode]) or 'none'}, not {sorted(WANTED[mode]) or 'none'}")
    profiles = fresh_dir(os.path.join(out, "callgrind"))
    workloads = []
    batch_out = os.path.join(out, "accelerators-batch")
    workloads.append((f"batch ({len(batch_inputs)} files, --jobs 1)", "batch", batch_out,
                      lambda o: [vcgraph, "render", *batch_inputs, "-o", o, "-f", "svg",
                                 "--quiet", "--jobs", "1", *NO_LIMIT]))
    large_out = os.path.join(out, "accelerators-large")
    count = os.path.basename(large).split("-")[-1].split(".")[0]
    workloads.append((f"large ({int(count):,} controllers)", "large", large_out,
                      lambda o: [vcgraph, "render", large, "-o", os.path.join(o, "large.svg"),
                                 "-f", "svg", "--quiet", *NO_LIMIT]))
    rows, savings = [], []
    for label, name, base, argv in workloads:
        # An untimed run first, with everything off: it warms fontconfig's cache (so that no
        # mode pays for writing it) and gives the bytes every mode must reproduce.
        reference = fresh_dir(base + "-reference")
        env = {**os.environ, "GRAPHVIZKIT_ACCELERATORS": "off"}
        subprocess.run(argv(reference), check=True, env=env, stdout=subprocess.DEVNULL)
        counts = {}
        for mode in MODES:
            log(f"accelerators: {name}, {mode}, under callgrind")
            directory = fresh_dir(f"{base}-{mode}")
            counts[mode] = callgrind(argv(directory), mode, profiles, name)
            if not same_output(directory, reference):
                fail(f"error: {name} with GRAPHVIZKIT_ACCELERATORS={mode} wrote other bytes "
                     f"than with the accelerators off ({directory})")
            active = ", ".join(ACCELERATORS[a] for a in sorted(states[mode])) or "none"
            rows.append((label, mode, counts[mode], active))
            log(f"  {counts[mode] / 1e9:.3f} G instructions (in effect: {active})")
        off, on = counts["off"], counts["on"]
        text, printer = counts["text-cache-only"], counts["coordinate-printer-only"]
        savings += [
            ("text cache alone (off → text-cache-only)", label, 100 * (off - text) / off),
            ("coordinate printer alone (off → coordinate-printer-only)", label,
             100 * (off - printer) / off),
            ("text cache on top of the printer (coordinate-printer-only → on)", label,
             100 * (printer - on) / printer),
            ("coordinate printer on top of the cache (text-cache-only → on)", label,
             100 * (text - on) / text),
            ("both (off → on)", label, 100 * (off - on) / off),
        ]
    return rows, savings


def markdown(rows, savings):
    if not rows:
        return ""
    lines = ["| workload | GRAPHVIZKIT_ACCELERATORS | instructions | in effect |",
             "|---|---|---:|---|"]
    for label, mode, count, active in rows:
        lines.append(f"| {label} | {mode} | {count / 1e9:.3f} G | {active} |")
    lines += ["", "| saving (instructions) | workload | saved |", "|---|---|---:|"]
    for description, label, percent in savings:
        lines.append(f"| {description} | {label} | {percent:.1f}% |")
    return "\n".join(lines)
