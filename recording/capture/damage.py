#!/usr/bin/env python3
"""Rewrites a real capture (classic pcap) into a damaged or converted one,
with the standard library only, for the tests of `gdwire capture`:

  damage.py IN.pcap OUT OP [OP ...]

OPs, applied in order (PORT: a server port; DIR: c2s = to PORT, s2c = from
PORT; "data segments" are TCP segments with a payload, counted from 0 per
direction in file order):

  reorder=PORT:DIR:EVERY   swap data segment i with the next one of the
                           same direction, for every EVERY-th i
  dup=PORT:DIR:EVERY       retransmit every EVERY-th data segment: an exact
                           copy two records later, and a segment that
                           overlaps it and the next one (the second half of
                           this payload and the first half of the next)
  drop=PORT:DIR:N          lose data segment N (a gap)
  fragment=PORT:MTU        UDP datagrams to or from PORT larger than MTU
                           cut into IPv4 fragments (the last one first)
  cut=RECORD               end the file in the middle of record RECORD
                           (counted from 0; half of its bytes kept)
  head=N                   keep the first N records
  tail=N                   drop the first N records (the capture begins
                           in the middle of the connections)
  null                     Ethernet frames as BSD loopback (DLT_NULL)
  pcapng                   write pcapng (SHB, IDB, EPBs) instead of pcap

Prints what it did, one line per op.
"""

import struct
import sys

import pcapfile


def data_segments(p, port, d):
    """(record index, Segment) of the TCP data segments of one direction."""
    out = []
    for i, r in enumerate(p.records):
        s = pcapfile.Segment(p.link, r.data)
        if not s.ok or s.proto != 6 or not s.payload:
            continue
        if (d == "c2s" and s.dport == port) or (d == "s2c" and s.sport == port):
            out.append((i, s))
    return out


def parse3(arg):
    port, d, n = arg.split(":")
    assert d in ("c2s", "s2c"), d
    return int(port), d, int(n)


def op_reorder(p, arg):
    port, d, every = parse3(arg)
    segs = data_segments(p, port, d)
    swapped = 0
    for k in range(0, len(segs) - 1, every):
        (i, _), (j, _) = segs[k], segs[k + 1]
        # The frames change places; the times stay in order.
        p.records[i].data, p.records[j].data = p.records[j].data, p.records[i].data
        p.records[i].orig, p.records[j].orig = p.records[j].orig, p.records[i].orig
        swapped += 1
    return "reorder %s: %d pairs of %s segments swapped" % (arg, swapped, d)


def op_dup(p, arg):
    port, d, every = parse3(arg)
    segs = data_segments(p, port, d)
    inserts = []  # (after record index, Record)
    for k in range(0, len(segs) - 1, every):
        (i, a), (j, b) = segs[k], segs[k + 1]
        if b.seq != (a.seq + len(a.payload)) & 0xffffffff:
            continue  # b is itself a retransmission (the kernel's)
        r = p.records[i]
        inserts.append((min(i + 2, len(p.records) - 1),
                        pcapfile.Record(r.sec, r.frac, r.data, r.orig)))
        half_a = len(a.payload) // 2
        payload = a.payload[half_a:] + b.payload[:max(1, len(b.payload) // 2)]
        frame = pcapfile.with_payload(p.link, r.data, a.seq + half_a, payload)
        rb = p.records[j]
        inserts.append((j, pcapfile.Record(rb.sec, rb.frac, frame, len(frame))))
    for at, rec in sorted(inserts, key=lambda x: -x[0]):
        p.records.insert(at + 1, rec)
    return "dup %s: %d copies and %d overlapping segments" % (
        arg, len(inserts) // 2, len(inserts) // 2)


def op_drop(p, arg):
    port, d, n = parse3(arg)
    i, s = data_segments(p, port, d)[n]
    del p.records[i]
    return "drop %s: record %d (%d payload bytes, seq %d)" % (
        arg, i, len(s.payload), s.seq)


def op_fragment(p, arg):
    port, mtu = (int(x) for x in arg.split(":"))
    out, n = [], 0
    for r in p.records:
        s = pcapfile.Segment(p.link, r.data)
        if not (s.ok and s.proto == 17 and port in (s.sport, s.dport) and
                s.end - s.ip > mtu):
            out.append(r)
            continue
        o = s.ip
        ihl = (r.data[o] & 15) * 4
        head, body = r.data[:o + ihl], r.data[o + ihl:s.end]
        step = (mtu - ihl) // 8 * 8
        frags = []
        for at in range(0, len(body), step):
            part = body[at:at + step]
            f = bytearray(head) + part
            struct.pack_into(">H", f, o + 2, ihl + len(part))
            more = 0x2000 if at + step < len(body) else 0
            struct.pack_into(">H", f, o + 6, (at // 8) | more)
            struct.pack_into(">H", f, o + 10, 0)
            struct.pack_into(">H", f, o + 10,
                             pcapfile.ipv4_checksum(bytes(f[o:o + ihl])))
            frags.append(pcapfile.Record(r.sec, r.frac, bytes(f), len(f)))
        out.extend([frags[-1]] + frags[:-1])  # out of order
        n += 1
    p.records = out
    return "fragment %s: %d datagrams cut into IPv4 fragments" % (arg, n)


def write_pcapng(p, path):
    def block(t, body):
        pad = (-len(body)) % 4
        n = 12 + len(body) + pad
        return struct.pack("<II", t, n) + body + b"\0" * pad + struct.pack(
            "<I", n)
    out = [block(0x0A0D0D0A, struct.pack("<IHHq", 0x1A2B3C4D, 1, 0, -1))]
    # if_tsresol (option 9): 9 = nanoseconds, 6 = microseconds.
    opts = struct.pack("<HHB3x", 9, 1, 9 if p.nano else 6) + b"\0\0\0\0"
    out.append(block(1, struct.pack("<HHI", p.link, 0, p.snaplen) + opts))
    unit = 10**9 if p.nano else 10**6
    for r in p.records:
        ts = r.sec * unit + r.frac
        out.append(block(6, struct.pack("<IIIII", 0, ts >> 32, ts & 0xffffffff,
                                        len(r.data), max(r.orig, len(r.data)))
                         + r.data))
    with open(path, "wb") as f:
        f.write(b"".join(out))


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        sys.exit(2)
    src, dst, ops = sys.argv[1], sys.argv[2], sys.argv[3:]
    p = pcapfile.Pcap(src)
    cut = None
    pcapng = False
    for op in ops:
        name, _, arg = op.partition("=")
        if name == "reorder":
            print(op_reorder(p, arg))
        elif name == "dup":
            print(op_dup(p, arg))
        elif name == "drop":
            print(op_drop(p, arg))
        elif name == "fragment":
            print(op_fragment(p, arg))
        elif name == "head":
            p.records = p.records[:int(arg)]
            print("head: %d records" % len(p.records))
        elif name == "tail":
            p.records = p.records[int(arg):]
            print("tail: %d records" % len(p.records))
        elif name == "cut":
            cut = int(arg)
        elif name == "null":
            assert p.link == pcapfile.LINK_ETHERNET
            for r in p.records:
                r.data = struct.pack("<I", 2) + r.data[14:]
                r.orig -= 10
            p.link = pcapfile.LINK_NULL
            print("null: link type DLT_NULL")
        elif name == "pcapng":
            pcapng = True
        else:
            sys.exit("damage.py: unknown op " + op)
    if pcapng:
        write_pcapng(p, dst)
        print("pcapng: %d records" % len(p.records))
        return
    p.write(dst)
    if cut is not None:
        size = 24 + sum(16 + len(r.data) for r in p.records[:cut])
        size += 16 + len(p.records[cut].data) // 2
        with open(dst, "r+b") as f:
            f.truncate(size)
        print("cut: the file ends at byte %d, inside record %d" % (size, cut))


if __name__ == "__main__":
    main()
