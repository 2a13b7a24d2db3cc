"""Servers on 127.0.0.1 for the checks: a free port, whether a port accepts
connections, and which addresses a server listens on (read from /proc, so a
server that also listens beyond loopback is caught)."""

import ipaddress
import os
import socket
import time
from pathlib import Path


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def accepts_connections(port):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


def wait_until_listening(port, process, seconds, on_exit):
    """Waits until 127.0.0.1:port accepts connections. Raises on_exit() (an
    exception) if `process` exits first, and TimeoutError after `seconds`."""
    deadline = time.monotonic() + seconds
    while not accepts_connections(port):
        if process.poll() is not None:
            raise on_exit()
        if time.monotonic() > deadline:
            raise TimeoutError(f"nothing accepted connections on 127.0.0.1:{port} within {seconds} s")
        time.sleep(0.1)


def decode_proc_address(field, family):
    """Decodes /proc/net/tcp's 'HEX_ADDR:HEX_PORT' (address in host byte order words)."""
    hex_addr, hex_port = field.split(":")
    raw = bytes.fromhex(hex_addr)
    # The kernel prints each 32-bit word in host (little-endian) order.
    raw = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
    return socket.inet_ntop(family, raw), int(hex_port, 16)


def _listening_sockets():
    """(inode, (address, port)) of every listening TCP socket on this machine."""
    for table, family in (("tcp", socket.AF_INET), ("tcp6", socket.AF_INET6)):
        path = Path("/proc/net") / table
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A":  # LISTEN
                yield fields[9], decode_proc_address(fields[1], family)


def listening_addresses(pid):
    """(address, port) of every listening TCP socket of process `pid`."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:["):-1])
    return [address for inode, address in _listening_sockets() if inode in inodes]


def is_loopback(address):
    """127.0.0.0/8, ::1, or 127.x as an IPv4-mapped IPv6 address (Java's choice)."""
    ip = ipaddress.ip_address(address)
    mapped = getattr(ip, "ipv4_mapped", None)
    return (mapped or ip).is_loopback


def only_loopback(addresses):
    """True if there is at least one address and every one is loopback."""
    addresses = list(addresses)
    return bool(addresses) and all(is_loopback(a) for a in addresses)
