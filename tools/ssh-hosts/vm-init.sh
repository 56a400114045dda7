#!/usr/bin/env bash
# PID 1 of one simulated VM: runs inside fresh mount/UTS/PID namespaces made by
# ssh-hosts.sh, gives the VM its own view of the filesystem, then becomes the
# VM's sshd. Nothing mounted here is visible outside the namespace, and when
# this process dies the kernel ends every process of the VM with it.
#
#   vm-init.sh IP PORT STATE_DIR HOSTNAME
set -euo pipefail

ip=$1 port=$2 state=$3 host=$4

# Reach the state dir through /mnt: the mounts below may cover the path it
# lives under (/root, /home, /tmp).
mount --bind "$state" /mnt
vm=/mnt/vms/$ip

# Copy-on-write system dirs: writes (/etc/hosts, /etc/docker, CA certs,
# packages, /var/lib/vnfm-vm) land in this VM's upper dir only. /etc and /usr
# have the VM image's own files (base/) above the machine's.
mount -t overlay vnfm-vm-etc -o "lowerdir=/mnt/base/etc:/etc,upperdir=$vm/etc,workdir=$vm/.work/etc" /etc
mount -t overlay vnfm-vm-usr -o "lowerdir=/mnt/base/usr:/usr,upperdir=$vm/usr,workdir=$vm/.work/usr" /usr
for d in var opt; do
  mount -t overlay "vnfm-vm-$d" -o "lowerdir=/$d,upperdir=$vm/$d,workdir=$vm/.work/$d" "/$d"
done
# The VM's own /run (/var/run links to it), empty at each start like a real
# VM's: pidfiles and sockets (HAProxy's, dockerd's) stay in the VM; the
# machine's /run (sshd's privilege-separation dir) shows through below.
mkdir -p /var/lib/vnfm-vm/run-layer
mount -t tmpfs -o mode=0755 vnfm-vm-run-layer /var/lib/vnfm-vm/run-layer
mkdir -p /var/lib/vnfm-vm/run-layer/upper /var/lib/vnfm-vm/run-layer/work
mount -t overlay vnfm-vm-run -o lowerdir=/run,upperdir=/var/lib/vnfm-vm/run-layer/upper,workdir=/var/lib/vnfm-vm/run-layer/work /run
for d in home tmp root; do
  mount --bind "$vm/$d" "/$d"
done
umount /mnt

hostname "$host"
echo "vm-init: $ip ($host) ready, starting sshd on $ip:$port"
exec /usr/sbin/sshd -D -e -f /etc/ssh/vnfm-vm/sshd_config -o "ListenAddress=$ip:$port"
