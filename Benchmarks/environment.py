"""Setup for Benchmarks/run: tools, which Graphviz the run measures, the Python peer's venv and
the vcgraph release build.

A run measures one Graphviz: the system's (Debian's 2.42), or the one in PREFIX when it runs
under `scripts/with-graphviz PREFIX`, which exports VCGRAPH_GRAPHVIZ_PREFIX and puts PREFIX
first on PATH, LD_LIBRARY_PATH and PKG_CONFIG_PATH. Everything built for a prefix goes next to
the system's things, keyed on the Graphviz major version: the release build in
`.build-gv<MAJOR>` and the peer's venv in `Benchmarks/.venv-gv<MAJOR>` (pygraphviz compiled
against that Graphviz). The system's keep `.build` and `Benchmarks/.venv`.
"""

import glob
import json
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TIME = "/usr/bin/time"
PREFIX_VARIABLE = "VCGRAPH_GRAPHVIZ_PREFIX"
PYGRAPHVIZ = "2.0.4"   # the peer's version, the same for every Graphviz


def log(message):
    print(message, file=sys.stderr, flush=True)


def fail(message):
    log(message)
    sys.exit(2)


def run(args, **kwargs):
    return subprocess.run(args, check=True, **kwargs)


def apt_install(packages):
    log(f"installing {' '.join(packages)} with apt-get")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    run(sudo + ["apt-get", "update", "-qq"])
    run(sudo + ["apt-get", "install", "-y", "-qq"] + packages,
        env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})


def pkg_config(*args, env=None):
    """pkg-config's answer, or None when it has none."""
    r = subprocess.run(["pkg-config", *args], capture_output=True, text=True, env=env)
    return r.stdout.strip() if r.returncode == 0 else None


def first_line(argv, env=None):
    try:
        r = subprocess.run(argv, capture_output=True, text=True, env=env)
        return (r.stdout + r.stderr).strip().splitlines()[0]
    except (OSError, IndexError):
        return "?"


# MARK: - Which Graphviz

class Graphviz:
    """The Graphviz a run measures, and where the things built for it live."""

    def __init__(self, prefix, version):
        self.prefix = prefix        # None: the system's
        self.version = version      # libgvc's version, as pkg-config and the library report it
        self.major = version.split(".")[0]
        suffix = f"-gv{self.major}" if prefix else ""
        self.build_path = os.path.join(ROOT, ".build" + suffix)
        self.venv = os.path.join(HERE, ".venv" + suffix)
        self.python = os.path.join(self.venv, "bin", "python")
        self.libdir = pkg_config("--variable=libdir", "libgvc")

    @property
    def where(self):
        return self.prefix or "the system"

    @property
    def label(self):
        return f"Graphviz {self.version} ({'from ' + self.prefix if self.prefix else 'system'})"

    def describe(self):
        return {"version": self.version, "prefix": self.prefix, "libdir": self.libdir,
                "dot -V": first_line(["dot", "-V"]),
                "build path": os.path.relpath(self.build_path, ROOT),
                "venv": os.path.relpath(self.venv, ROOT)}


def requested_prefix():
    """The prefix `scripts/with-graphviz` announced, or the one pkg-config's libgvc comes from
    when PKG_CONFIG_PATH points at another Graphviz than the system's."""
    prefix = os.environ.get(PREFIX_VARIABLE)
    if prefix:
        return os.path.abspath(prefix)
    if not os.environ.get("PKG_CONFIG_PATH") or not shutil.which("pkg-config"):
        return None
    system_env = {k: v for k, v in os.environ.items() if k != "PKG_CONFIG_PATH"}
    mine = pkg_config("--variable=prefix", "libgvc")
    system = pkg_config("--variable=prefix", "libgvc", env=system_env)
    if mine and mine != system:
        return os.path.abspath(mine)
    return None


def setup_tools(prefix, sections):
    missing = []
    if not os.path.exists(TIME):
        missing.append("time")
    if not shutil.which("pkg-config"):
        missing.append("pkg-config")
    if ({"accelerators", "scan-instructions"} & set(sections)) and not shutil.which("valgrind"):
        missing.append("valgrind")
    headers = [("/usr/include/yaml.h", "libyaml-dev")]
    if prefix is None:
        # The system's Graphviz is measured; a prefix brings its own.
        if not shutil.which("dot"):
            missing.append("graphviz")
        headers.append(("/usr/include/graphviz/cgraph.h", "libgraphviz-dev"))
    missing += [package for header, package in headers if not os.path.exists(header)]
    if missing:
        apt_install(missing)


def graphviz(prefix):
    """The Graphviz of this run, after checking that `dot` and pkg-config agree on it
    (`check_vcgraph` checks what the binary loads)."""
    version = pkg_config("--modversion", "libgvc")
    if version is None:
        fail("error: pkg-config finds no libgvc (install libgraphviz-dev, or run under "
             "scripts/with-graphviz PREFIX)")
    gv = Graphviz(prefix, version)
    if prefix:
        if not os.path.exists(os.path.join(prefix, "lib", "pkgconfig", "libgvc.pc")):
            fail(f"error: {prefix} holds no Graphviz (no lib/pkgconfig/libgvc.pc)")
        if os.path.realpath(pkg_config("--variable=prefix", "libgvc")) != os.path.realpath(prefix):
            fail(f"error: pkg-config's libgvc is not {prefix}'s; run "
                 f"scripts/with-graphviz {prefix} Benchmarks/run")
    dot = first_line(["dot", "-V"])
    if f"version {version}" not in dot:
        fail(f"error: `dot -V` says '{dot}', but pkg-config's libgvc is {version}; run "
             "scripts/with-graphviz PREFIX Benchmarks/run to measure another Graphviz")
    return gv


# MARK: - The Python peer

# Run in the venv: which Graphviz pygraphviz lays out with, in its own process. The SVG comment
# names the version libgvc reports; /proc/self/maps names the libgvc file the loader mapped.
PROBE = r"""
import json, os, re, yaml, pygraphviz
svg = pygraphviz.AGraph("digraph { a -> b }").draw(format="svg", prog="dot").decode()
found = re.search(r"Generated by graphviz version (\S+)", svg)
mapped = set()
if os.path.exists("/proc/self/maps"):
    for line in open("/proc/self/maps"):
        fields = line.split()
        name = os.path.basename(fields[-1]) if len(fields) >= 6 else ""
        if re.match(r"lib(gvc|cgraph|cdt|gvplugin_\w+)\.", name):
            mapped.add(os.path.realpath(fields[-1]))
print(json.dumps({
    "graphviz": found.group(1) if found else None, "libraries": sorted(mapped),
    "bundled": os.path.isdir(os.path.dirname(pygraphviz.__file__) + ".libs"),
    "cloader": bool(yaml.__with_libyaml__ and yaml.CLoader),
    "PyYAML": yaml.__version__, "pygraphviz": pygraphviz.__version__}))
"""


def probe_peer(gv):
    """What the venv's pygraphviz links and reports, and what is wrong with it."""
    r = subprocess.run([gv.python, "-c", PROBE], capture_output=True, text=True)
    if r.returncode:
        last = (r.stderr.strip().splitlines() or [f"exit status {r.returncode}"])[-1]
        return None, [f"pygraphviz does not work ({last})"]
    found = json.loads(r.stdout)
    found["libgvc"] = [p for p in found["libraries"] if os.path.basename(p).startswith("libgvc.")]
    problems = []
    if found["bundled"]:
        problems.append("pygraphviz is a binary wheel with a Graphviz of its own")
    if found["pygraphviz"] != PYGRAPHVIZ:
        problems.append(f"pygraphviz is {found['pygraphviz']}, not {PYGRAPHVIZ}")
    if found["graphviz"] != gv.version:
        problems.append(f"pygraphviz lays out with Graphviz {found['graphviz']}, not {gv.version}")
    libdir = os.path.realpath(gv.libdir or "/")
    # Graphviz's libraries and plugins, all from this Graphviz: a plugin of another one would
    # pull in its libgvc as well.
    strays = [p for p in found["libraries"]
              if os.path.dirname(p) not in (libdir, os.path.join(libdir, "graphviz"))]
    if strays:
        problems.append(f"pygraphviz loaded {', '.join(strays)}, from outside {libdir}")
    return found, problems


def pygraphviz_without_gd(directory):
    """pygraphviz's source, changed to leave out the gd plugin.

    On Linux pygraphviz 2.x links Graphviz's plugins as builtins, gd (gif and jpeg output)
    among them. A Graphviz built without libgd (/opt/graphviz-14 from ../shared/graphviz/build)
    has no gd plugin to link, so the peer is built without it: SVG, the only output it writes,
    comes from the core plugin either way."""
    run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary",
         "pygraphviz", "-d", directory, f"pygraphviz=={PYGRAPHVIZ}"])
    with tarfile.open(os.path.join(directory, f"pygraphviz-{PYGRAPHVIZ}.tar.gz")) as archive:
        safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
        archive.extractall(directory, **safe)
    source = os.path.join(directory, f"pygraphviz-{PYGRAPHVIZ}")
    edits = {
        "setup.py": [('        libraries.append("gvplugin_gd")\n', "")],
        "pygraphviz/graphviz.i": [
            ('        { "gvplugin_gd_LTX_library", 0 },\n', ""),
            ("    builtins[3].address = &gvplugin_gd_LTX_library;\n"
             "    builtins[4].address = &gvplugin_pango_LTX_library;\n",
             "    builtins[3].address = &gvplugin_pango_LTX_library;\n")],
    }
    for name, replacements in edits.items():
        path = os.path.join(source, name)
        with open(path) as f:
            text = f.read()
        for old, new in replacements:
            if text.count(old) != 1:
                fail(f"error: pygraphviz {PYGRAPHVIZ}'s {name} is not as expected; cannot "
                     "leave out the gd plugin")
            text = text.replace(old, new)
        with open(path, "w") as f:
            f.write(text)
    return source


def setup_venv(gv):
    """A venv for this Graphviz with PyYAML (with the libyaml C loader) and pygraphviz compiled
    from source against this Graphviz, so that all three contenders lay out with the same one."""
    name = os.path.relpath(gv.venv, ROOT)
    if not os.path.exists(gv.python):
        log(f"creating {name}")
        if subprocess.run([sys.executable, "-m", "venv", gv.venv]).returncode != 0:
            apt_install([f"python3.{sys.version_info.minor}-venv"])
            run([sys.executable, "-m", "venv", "--clear", gv.venv])
    found, problems = probe_peer(gv)
    if found is None or problems:
        log(f"installing pyyaml and pygraphviz (compiled against Graphviz {gv.version} from "
            f"{gv.where}) into {name}" + (f": {'; '.join(problems)}" if problems else ""))
        run([gv.python, "-m", "pip", "install", "-q", "pyyaml"])
        env = dict(os.environ)
        with tempfile.TemporaryDirectory() as scratch:
            package = f"pygraphviz=={PYGRAPHVIZ}"
            if gv.prefix:
                # pygraphviz's own switch: the prefix's include and lib directories only, never
                # the system's, whose plugins would bring the system's libgvc along.
                env["GRAPHVIZ_PREFIX"] = gv.prefix
                env["CFLAGS"] = pkg_config("--cflags", "libgvc", "libcgraph") or ""
                if platform.system() == "Linux":
                    env["LDFLAGS"] = f"-Wl,-rpath,{gv.libdir}:{gv.libdir}/graphviz"
                    if not glob.glob(os.path.join(gv.libdir, "graphviz", "libgvplugin_gd.*")):
                        log(f"{gv.label} has no gd plugin: pygraphviz is built without it")
                        package = pygraphviz_without_gd(scratch)
            # --no-cache-dir: pip would otherwise reuse a wheel built against another Graphviz.
            run([gv.python, "-m", "pip", "install", "-q", "--force-reinstall", "--no-deps",
                 "--no-cache-dir", "--no-binary", "pygraphviz", package], env=env)
        found, problems = probe_peer(gv)
        if found is None or problems:
            fail(f"error: {name} is not right: {'; '.join(problems)}")
    if not found["cloader"]:
        log("this PyYAML has no libyaml bindings; building it from source against libyaml")
        run([gv.python, "-m", "pip", "install", "-q", "--force-reinstall", "--no-cache-dir",
             "--no-binary", "pyyaml", "pyyaml"])
        found, problems = probe_peer(gv)
        if found is None or problems or not found["cloader"]:
            fail(f"error: {name} has no PyYAML C loader")
    return found


# MARK: - vcgraph

def vcgraph_binary(gv, no_build):
    binary = os.environ.get("VCGRAPH")
    if binary:
        return os.path.abspath(binary)
    if not no_build:
        command = ["swift", "build", "-c", "release"]
        if platform.system() == "Linux":
            command.append("--static-swift-stdlib")
        if gv.prefix:
            command += ["--build-path", os.path.relpath(gv.build_path, ROOT)]
        log(f"building vcgraph in release against {gv.label} ({' '.join(command)})")
        run(command, cwd=ROOT)
    return os.path.join(gv.build_path, "release", "vcgraph")


def vcgraph_status(vcgraph, mode=None):
    """`vcgraph --version`: the Graphviz version it runs with and each accelerator's state,
    e.g. ("14.1.3", {"text-measurement-cache": True, "coordinate-printer": True})."""
    env = dict(os.environ)
    if mode:
        env["GRAPHVIZKIT_ACCELERATORS"] = mode
    r = subprocess.run([vcgraph, "--version"], capture_output=True, text=True, env=env)
    version, accelerators = None, {}
    for line in r.stdout.splitlines():
        if line.startswith("Graphviz "):
            version = line.split()[1]
        elif line.startswith("  ") and ": " in line:
            name, state = line.strip().split(": ", 1)
            accelerators[name] = state.startswith("on")
    return version, accelerators


def check_vcgraph(vcgraph, gv):
    if not os.access(vcgraph, os.X_OK):
        fail(f"error: no vcgraph binary at {vcgraph}")
    version, _ = vcgraph_status(vcgraph)
    if version != gv.version:
        fail(f"error: {vcgraph} runs with Graphviz {version}, not {gv.version} from {gv.where} "
             "(built against another Graphviz?)")


def machine(vcgraph, gv, peer):
    cpu, memory = "?", 0.0
    if os.path.exists("/proc/cpuinfo"):
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo") as f:
            memory = int(f.readline().split()[1]) / 1024 / 1024
    return {
        "cpus": os.cpu_count(), "cpu": cpu, "memory GB": round(memory, 1),
        "kernel": platform.release(),
        "swift": first_line(["swift", "--version"]),
        "graphviz": f"{gv.version} from {gv.where} (dot -V: {first_line(['dot', '-V'])})",
        "vcgraph": " ".join(
            line.strip() for line in subprocess.run(
                [vcgraph, "--version"], capture_output=True, text=True).stdout.splitlines()),
        "python": platform.python_version(),
        "PyYAML": peer["PyYAML"] if peer else "not used (no batch or scale section)",
        "pygraphviz": (f"{peer['pygraphviz']} (lays out with Graphviz {peer['graphviz']}, "
                       f"{', '.join(peer['libgvc']) or 'libgvc'})") if peer else "not used",
    }
