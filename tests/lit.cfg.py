# omp2numa lit configuration.  Paths come from the generated lit.site.cfg.py.
import os
import shutil
import subprocess

import lit.formats

config.name = "omp2numa"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)

config.environment["PATH"] = os.pathsep.join(
    [config.o2n_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
# Tests choose their own team sizes and topologies; nothing leaks in from the caller's shell.
for var in list(os.environ):
    if var.startswith("OMP_") or var.startswith("OMP2NUMA_"):
        config.environment.pop(var, None)
config.environment["LC_ALL"] = "C"

cc = config.c_compiler
inc = config.o2n_include_dir
lib = config.o2n_lib_dir
rt_link = f"-L{lib} -Wl,-rpath,{lib} -lomp2numa"
# A test may run longer than this only by hanging: a deadlock fails fast instead of stalling CI.
run_timeout = "timeout --kill-after=5 120"

# Longest names first: lit substitutes in order, and no name may be shadowed by its own prefix.
config.substitutions.append(("%o2n-compile-and-run",
                             f"%o2n-compile %s -o %t && {run_timeout} %t"))
config.substitutions.append(("%o2n-compile",
                             f"{config.o2n_bin_dir}/omp2numa-cc -std=c11 -O1 -Wall -Werror"))
config.substitutions.append(("%o2n-run", run_timeout))
# gcc -fopenmp programs run on libomp2numa (tests/gomp): built by gcc, then run in the three ways
# of docs/gomp-abi.md (tests/gomp/Inputs/gomp-ways.sh), or linked with -lomp2numa only.
gomp_flags = "-std=gnu11 -O1 -Wall -Werror -I%S/Inputs"
config.substitutions.append(("%gomp-ways",
                             f"env O2N_LIB={lib} O2N_GCC_FLAGS='{gomp_flags}' "
                             f"bash {config.test_source_root}/gomp/Inputs/gomp-ways.sh"))
config.substitutions.append(("%gomp-cc", f"gcc -fopenmp {gomp_flags}"))
# The same, built with ThreadSanitizer against libomp2numa-tsan.so (feature `tsan`); a report
# makes the program fail (TSan's exit code 66).
config.substitutions.append(("%rt-tsan-cc",
                             f"{cc} -std=c11 -O1 -g -Wall -Werror -pthread -fsanitize=thread "
                             f"-I{inc} -I%S/Inputs"))
config.substitutions.append(("%rt-tsan-link", f"-L{lib} -Wl,-rpath,{lib} -lomp2numa-tsan"))
config.substitutions.append(("%o2n-tsan-run",
                             f"env TSAN_OPTIONS=halt_on_error=1:exitcode=66 {run_timeout}"))
# Hand-lowered runtime tests: plain C calling the ABI, no translator involved.
config.substitutions.append(("%rt-cc",
                             f"{cc} -std=c11 -O1 -g -Wall -Werror -pthread -I{inc} -I%S/Inputs"))
config.substitutions.append(("%rt-link", rt_link))
config.substitutions.append(("%omp2numa-cc", f"{config.o2n_bin_dir}/omp2numa-cc"))
config.substitutions.append(("%omp2numa", f"{config.o2n_bin_dir}/omp2numa"))
config.substitutions.append(("%runtime_inc", inc))
config.substitutions.append(("%runtime_src", config.o2n_runtime_src_dir))
config.substitutions.append(("%samples", os.path.join(config.o2n_src_root, "samples")))
config.substitutions.append(("%src_root", config.o2n_src_root))
config.substitutions.append(("%obj_root", config.o2n_obj_root))
config.substitutions.append(("%cc", cc))

# Features, from what this machine actually has.
if config.o2n_has_translator:
    config.available_features.add("translator")
    config.available_features.add("omp2numa-tasks")
if getattr(config, "o2n_has_tsan", False):
    config.available_features.add("tsan")
if (os.cpu_count() or 1) >= 2:
    config.available_features.add("multicpu")


def _numa_nodes():
    try:
        return len([d for d in os.listdir("/sys/devices/system/node") if d.startswith("node")])
    except OSError:
        return 0


if _numa_nodes() > 1:
    config.available_features.add("numa-multinode")

# Tests that run programs under a part of lit's own affinity mask (taskset -c %mask-cpu1):
# %mask-cpu0 and %mask-cpu1 are its first two processors (the same one on a one-processor mask).
_mask = sorted(os.sched_getaffinity(0))
config.substitutions.append(("%mask-cpu0", str(_mask[0])))
config.substitutions.append(("%mask-cpu1", str(_mask[min(1, len(_mask) - 1)])))
if shutil.which("taskset"):
    config.available_features.add("taskset")
if shutil.which("numactl"):
    try:
        subprocess.run(["numactl", f"--physcpubind={_mask[0]}", "true"], check=True,
                       capture_output=True)
        config.available_features.add("numactl")
    except (subprocess.CalledProcessError, OSError):
        pass
if shutil.which("gcc"):
    try:
        subprocess.run(["gcc", "-fopenmp", "-x", "c", "-", "-o", os.devnull],
                       input=b"int main(void){return 0;}", check=True, capture_output=True)
        config.available_features.add("gcc-openmp")
    except (subprocess.CalledProcessError, OSError):
        pass
# omp2numa-report draws with matplotlib (Debian: python3-matplotlib); its HTML page is rendered
# by headless Chromium (Debian: chromium) when that is installed.
try:
    subprocess.run(["python3", "-c", "import matplotlib"], check=True, capture_output=True,
                   env={**os.environ, "PATH": config.environment["PATH"]})
    config.available_features.add("matplotlib")
except (subprocess.CalledProcessError, OSError):
    lit_config.note("omp2numa-report tests are SKIPPED: they need matplotlib for python3 "
                    "(scripts/install-deps installs python3-matplotlib)")
if shutil.which("chromium"):
    config.available_features.add("chromium")
config.substitutions.append(("%o2n-report", f"{config.o2n_bin_dir}/omp2numa-report"))
# Tools that tests drive (the wrapper under make, CMake and ccache, unity builds; man pages).
for tool in ("cmake", "make", "man", "ccache"):
    if shutil.which(tool):
        config.available_features.add(tool)
# GCC's libgomp test suite for tests/conformance: Debian's gcc-12-source ships it in this tarball
# (scripts/install-deps --with-peers installs the package).
if os.path.isfile("/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz"):
    config.available_features.add("libgomp-testsuite")
# A real multi-node kernel for placement tests: QEMU, a kernel to boot and busybox for the guest.
import glob
_kernels = [k for k in glob.glob("/boot/vmlinuz-*") if os.access(k, os.R_OK)]
if shutil.which("clang-16"):
    try:
        subprocess.run(["clang-16", "-fopenmp", "-x", "c", "-", "-o", os.devnull],
                       input=b"#include <omp.h>\nint main(void){return omp_get_max_threads() < 1;}",
                       check=True, capture_output=True)
        config.available_features.add("clang-openmp")
    except (subprocess.CalledProcessError, OSError):
        pass
# Hybrid MPI + OpenMP (REQUIRES: mpi): Open MPI's mpicc and mpirun (scripts/install-deps
# --with-mpi installs them; scripts/dev test does), checked by building and running a two-rank
# program.  %mpirun launches a job on this machine, more ranks than processors allowed; as root,
# Open MPI wants to be told that it may run.
if os.geteuid() == 0:
    config.environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
    config.environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
config.substitutions.append(("%mpirun", f"{run_timeout} mpirun --oversubscribe"))


def _mpi_works():
    import tempfile
    if not (shutil.which("mpicc") and shutil.which("mpirun")):
        return False
    env = dict(os.environ, **{k: v for k, v in config.environment.items() if k.startswith("OMPI_")})
    with tempfile.TemporaryDirectory() as tmp:
        prog = os.path.join(tmp, "ranks")
        try:
            subprocess.run(["mpicc", "-x", "c", "-", "-o", prog], check=True, capture_output=True,
                           input=b"#include <mpi.h>\nint main(int c, char **v) { int n; "
                                 b"MPI_Init(&c, &v); MPI_Comm_size(MPI_COMM_WORLD, &n); "
                                 b"MPI_Finalize(); return n != 2; }")
            subprocess.run(["mpirun", "--oversubscribe", "-np", "2", prog], check=True,
                           capture_output=True, env=env, timeout=60)
            return True
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError):
            return False


if _mpi_works():
    config.available_features.add("mpi")
else:
    lit_config.note("hybrid MPI + OpenMP tests (the wrapper over mpicc, samples/heat_mpi.c under "
                    "mpirun) are SKIPPED: they need Open MPI's mpicc and mpirun "
                    "(scripts/install-deps --with-mpi installs them)")
if shutil.which("qemu-system-x86_64") and _kernels and shutil.which("busybox") and shutil.which("cpio"):
    config.available_features.add("qemu")
else:
    lit_config.note("NUMA placement tests in a multi-node QEMU guest are SKIPPED: they need "
                    "qemu-system-x86_64, a kernel in /boot, busybox and cpio "
                    "(scripts/install-deps --with-qemu installs them)")
