#!/bin/sh
# run-in-numa-guest.sh WORKDIR PROGRAM [ARGS...]: boots a QEMU guest with NUMA_GUEST_NODES (default
# 2) NUMA nodes of NUMA_GUEST_CPUS (default 2) CPUs and 512 MiB each (the host's own kernel, an initramfs of busybox, PROGRAM and the shared libraries it
# needs), runs PROGRAM there with automatic NUMA balancing off, and prints its output followed by
# "EXIT <status>".  Software emulation (TCG), as KVM is not available on these machines; see
# /work/shared/notes/numa-guest.md.  Fails, saying why, when the kernel or busybox is missing.
set -eu
nodes=${NUMA_GUEST_NODES:-2}
cpus=${NUMA_GUEST_CPUS:-2}
work=$1
shift
prog=$1
shift
kernel=$(ls /boot/vmlinuz-* 2>/dev/null | sort -V | tail -n 1)
busybox=$(command -v busybox || true)
[ -r "$kernel" ] || { echo "run-in-numa-guest: no readable kernel in /boot" >&2; exit 1; }
[ -n "$busybox" ] || { echo "run-in-numa-guest: busybox not found" >&2; exit 1; }

root=$work/root
rm -rf "$root"
mkdir -p "$root/bin" "$root/proc" "$root/sys" "$root/dev"
cp "$busybox" "$root/bin/busybox"
cp "$prog" "$root/bin/prog"
# The program's libraries, at the paths its rpath and the dynamic loader look for them.
for lib in $(ldd "$prog" | awk '/=>/ && $3 ~ /^\// { print $3 } /^[[:space:]]*\// { print $1 }'); do
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done
{
  echo '#!/bin/busybox sh'
  echo '/bin/busybox --install -s /bin'
  echo 'mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev 2>/dev/null'
  echo 'echo 0 > /proc/sys/kernel/numa_balancing 2>/dev/null'
  echo "/bin/prog $*"
  echo 'echo "EXIT $?"'
  echo 'poweroff -f'
} > "$root/init"
chmod +x "$root/init"
(cd "$root" && find . | cpio -o -H newc 2>/dev/null | gzip -1) > "$work/initramfs.gz"

# One memory backend and one -numa node per node; distance 21 between every two nodes.
numa_args=""
n=0
while [ $n -lt "$nodes" ]; do
  first=$((n * cpus))
  numa_args="$numa_args -object memory-backend-ram,id=m$n,size=512M"
  numa_args="$numa_args -numa node,nodeid=$n,cpus=$first-$((first + cpus - 1)),memdev=m$n"
  m=0
  while [ $m -lt $n ]; do
    numa_args="$numa_args -numa dist,src=$m,dst=$n,val=21"
    m=$((m + 1))
  done
  n=$((n + 1))
done

# shellcheck disable=SC2086 # numa_args is a list of words
timeout --kill-after=5 300 qemu-system-x86_64 -accel tcg,thread=multi -cpu max \
  -m $((nodes * 512))M -smp $((nodes * cpus)),sockets=$nodes,cores=$cpus,threads=1 $numa_args \
  -kernel "$kernel" -initrd "$work/initramfs.gz" -append "console=ttyS0 quiet loglevel=0 panic=-1" \
  -nographic -no-reboot -nodefaults -serial stdio </dev/null | tr -d '\r'
