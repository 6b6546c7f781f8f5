"""Classic pcap files read and written with the standard library only, and
the TCP/UDP segments in them found (Ethernet, Linux cooked v1/v2, BSD
loopback; IPv4). For damage.py (tests of `gdwire capture`)."""

import struct

LINK_NULL, LINK_ETHERNET, LINK_SLL, LINK_SLL2 = 0, 1, 113, 276


class Record:
    def __init__(self, sec, frac, data, orig):
        self.sec, self.frac, self.data, self.orig = sec, frac, data, orig


class Pcap:
    def __init__(self, path):
        raw = open(path, "rb").read()
        magic = raw[:4]
        if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1"):
            self.endian = "<"
        elif magic in (b"\xa1\xb2\xc3\xd4", b"\xa1\xb2\x3c\x4d"):
            self.endian = ">"
        else:
            raise ValueError("%s: not a classic pcap file" % path)
        e = self.endian
        self.nano = magic in (b"\x4d\x3c\xb2\xa1", b"\xa1\xb2\x3c\x4d")
        (_, self.major, self.minor, _, _, self.snaplen,
         self.link) = struct.unpack(e + "IHHiIII", raw[:24])
        self.records = []
        at = 24
        while at + 16 <= len(raw):
            sec, frac, incl, orig = struct.unpack(e + "IIII", raw[at:at + 16])
            self.records.append(Record(sec, frac, raw[at + 16:at + 16 + incl],
                                       orig))
            at += 16 + incl

    def header(self):
        magic = 0xa1b23c4d if self.nano else 0xa1b2c3d4
        return struct.pack(self.endian + "IHHiIII", magic, 2, 4, 0, 0,
                           self.snaplen, self.link)

    def record_bytes(self, r):
        return struct.pack(self.endian + "IIII", r.sec, r.frac, len(r.data),
                           max(r.orig, len(r.data))) + r.data

    def write(self, path):
        with open(path, "wb") as f:
            f.write(self.header())
            for r in self.records:
                f.write(self.record_bytes(r))


def ip_offset(link, data):
    """Offset of the IP header in a frame, or None."""
    if link == LINK_ETHERNET:
        return 14 if data[12:14] in (b"\x08\x00", b"\x86\xdd") else None
    if link == LINK_SLL:
        return 16
    if link == LINK_SLL2:
        return 20
    if link == LINK_NULL:
        return 4
    return None


class Segment:
    """The TCP or UDP view of a frame: ports, seq, payload offsets."""

    def __init__(self, link, data):
        self.ok = False
        o = ip_offset(link, data)
        if o is None or len(data) < o + 20 or data[o] >> 4 != 4:
            return
        ihl = (data[o] & 15) * 4
        total = struct.unpack(">H", data[o + 2:o + 4])[0]
        self.ip, self.proto = o, data[o + 9]
        l4 = o + ihl
        if self.proto == 6:
            self.sport, self.dport, self.seq = struct.unpack(
                ">HHI", data[l4:l4 + 8])
            self.flags = data[l4 + 13]
            self.payload_at = l4 + (data[l4 + 12] >> 4) * 4
        elif self.proto == 17:
            self.sport, self.dport = struct.unpack(">HH", data[l4:l4 + 4])
            self.seq, self.flags = 0, 0
            self.payload_at = l4 + 8
        else:
            return
        self.end = o + total
        self.payload = data[self.payload_at:self.end]
        self.ok = True


def ipv4_checksum(header):
    s = 0
    for i in range(0, len(header), 2):
        s += (header[i] << 8) | header[i + 1]
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return (~s) & 0xffff


def with_payload(link, data, seq, payload):
    """The TCP frame `data` with another sequence number and payload (IPv4
    total length and header checksum fixed; the TCP checksum is left)."""
    s = Segment(link, data)
    o = s.ip
    ihl = (data[o] & 15) * 4
    out = bytearray(data[:s.payload_at]) + payload
    struct.pack_into(">H", out, o + 2, len(out) - o)
    struct.pack_into(">H", out, o + 10, 0)
    struct.pack_into(">H", out, o + 10, ipv4_checksum(bytes(out[o:o + ihl])))
    struct.pack_into(">I", out, o + ihl + 4, seq & 0xffffffff)
    return bytes(out)
