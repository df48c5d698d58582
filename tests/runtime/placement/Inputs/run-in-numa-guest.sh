#!/bin/sh
# run-in-numa-guest.sh WORKDIR PROGRAM [ARGS...]: boots a QEMU guest with two NUMA nodes of two
# CPUs each (the host's own kernel, an initramfs of busybox, PROGRAM and the shared libraries it
# needs), runs PROGRAM there with automatic NUMA balancing off, and prints its output followed by
# "EXIT <status>".  Software emulation (TCG), as KVM is not available on these machines; see
# /work/shared/notes/numa-guest.md.  Fails, saying why, when the kernel or busybox is missing.
set -eu
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

timeout --kill-after=5 300 qemu-system-x86_64 -accel tcg,thread=multi -cpu max \
  -m 1G -smp 4,sockets=2,cores=2,threads=1 \
  -object memory-backend-ram,id=m0,size=512M -object memory-backend-ram,id=m1,size=512M \
  -numa node,nodeid=0,cpus=0-1,memdev=m0 -numa node,nodeid=1,cpus=2-3,memdev=m1 \
  -numa dist,src=0,dst=1,val=21 \
  -kernel "$kernel" -initrd "$work/initramfs.gz" -append "console=ttyS0 quiet loglevel=0 panic=-1" \
  -nographic -no-reboot -nodefaults -serial stdio </dev/null | tr -d '\r'
