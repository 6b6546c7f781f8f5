#!/usr/bin/python3
"""Ordinary, non-Godot traffic over 127.0.0.1, for foreign.pcap (record.sh
runs it under tcpdump; README.md lists what it sends). Standard library
only, plus curl and openssl when they are installed.

Every server listens on 127.0.0.1 in 48000-48100; clients use ephemeral
ports. The payloads come from random.Random seeded per part, so a new
recording carries the same bytes (timestamps, TCP sequence numbers,
ephemeral ports, curl's User-Agent and the TLS keys differ).

    traffic.py [--only=PART[,PART...]]
"""

import argparse
import base64
import hashlib
import http.client
import os
import random
import shutil
import socket
import ssl
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

HOST = "127.0.0.1"
SEED = "gdwire-foreign-1"
PORT_HTTP = 48000
PORT_TLS = 48010
PORT_DNS = 48020
PORT_UDP = 48030
PORT_UDP_CLOSED = 48039
PORT_TCP_BIN = 48040
PORT_TCP_RECORDS = 48041
PORT_TCP_TEXT = 48050
PORT_WS = 48060
PORT_WS_U32 = 48061
PORT_TCP_CLOSED = 48099

# UDP and WebSocket payload sizes: the small ones are the sizes of small
# Godot values (Nil 4, bool/int/float 8, 64-bit int/float and Vector2 12,
# Vector3/Rect2 16 and more, Color 20, Transform2D 28, ...).
SMALL_SIZES = [0, 1, 2, 3, 4, 4, 4, 5, 6, 7, 8, 8, 8, 9, 11, 12, 12, 12, 13,
               16, 16, 16, 20, 20, 24, 24, 24, 28, 32, 36, 40, 48, 52, 64]
LARGER_SIZES = [100, 127, 128, 255, 256, 511, 512, 1000, 1400, 1472, 4000,
                8192]


def rng(part):
    return random.Random("%s-%s" % (SEED, part))


def rand_bytes(r, n):
    return bytes(r.getrandbits(8) for _ in range(n))


def log(*a):
    print("traffic:", *a, file=sys.stderr, flush=True)


def pause():
    time.sleep(0.15)


def listener(port, kind=socket.SOCK_STREAM):
    s = socket.socket(socket.AF_INET, kind)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind((HOST, port))
    if kind == socket.SOCK_STREAM:
        s.listen(8)
    return s


def start(fn, *args):
    t = threading.Thread(target=fn, args=args, daemon=True)
    t.start()
    return t


def recv_exact(conn, n):
    out = b""
    while len(out) < n:
        chunk = conn.recv(n - len(out))
        if not chunk:
            raise EOFError("connection closed")
        out += chunk
    return out


def nodelay(s):
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


# ---------------------------------------------------------------- HTTP/1.1

def part_http():
    r = rng("http")
    root = tempfile.mkdtemp(prefix="foreign-http-")
    try:
        with open(os.path.join(root, "index.html"), "w") as f:
            f.write("<!DOCTYPE html>\n<html><head><title>foreign</title>"
                    "</head>\n<body><p>Not a game server.</p>\n"
                    "<a href=\"notes.txt\">notes</a></body></html>\n")
        with open(os.path.join(root, "notes.txt"), "w") as f:
            for i in range(40):
                f.write("line %d: the quick brown fox jumps over the lazy "
                        "dog\n" % i)
        with open(os.path.join(root, "data.bin"), "wb") as f:
            f.write(rand_bytes(r, 3000))
        server = subprocess.Popen(
            [sys.executable, "-u", "-m", "http.server", str(PORT_HTTP),
             "--bind", HOST, "--directory", root, "--protocol", "HTTP/1.1"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            line = server.stdout.readline()  # "Serving HTTP on ..."
            if "Serving HTTP" not in line:
                raise RuntimeError("http.server did not start: %r" % line)
            base = "http://%s:%d" % (HOST, PORT_HTTP)
            if shutil.which("curl"):
                # Two requests on one kept-alive connection, a HEAD, a 404.
                for args in ([base + "/", base + "/notes.txt"],
                             ["-I", base + "/data.bin"],
                             [base + "/missing.html"]):
                    subprocess.run(["curl", "-s", "--http1.1"] + args,
                                   stdout=subprocess.DEVNULL, check=False)
                    pause()
            # Python: urllib (Connection: close) and http.client (kept
            # alive, a query string, a POST that http.server refuses).
            with urllib.request.urlopen(base + "/data.bin") as resp:
                resp.read()
            pause()
            c = http.client.HTTPConnection(HOST, PORT_HTTP)
            c.request("GET", "/index.html?lang=en&page=2",
                      headers={"Accept": "text/html"})
            c.getresponse().read()
            c.request("POST", "/submit", body=b"name=fox&score=42",
                      headers={"Content-Type":
                               "application/x-www-form-urlencoded"})
            c.getresponse().read()
            c.close()
            pause()
        finally:
            server.terminate()
            server.wait()
    finally:
        shutil.rmtree(root)


# ---------------------------------------------------------------- TLS

def part_tls():
    if not shutil.which("openssl"):
        log("openssl is not installed: no TLS")
        return
    d = tempfile.mkdtemp(prefix="foreign-tls-")
    try:
        key, cert = os.path.join(d, "key.pem"), os.path.join(d, "cert.pem")
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
             "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key,
             "-out", cert, "-days", "3650", "-subj", "/CN=localhost"],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        sctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        sctx.load_cert_chain(cert, key)
        lst = listener(PORT_TLS)
        r = rng("tls")
        versions = [ssl.TLSVersion.TLSv1_3, ssl.TLSVersion.TLSv1_2]

        def serve():
            for _ in versions:
                conn, _ = lst.accept()
                with sctx.wrap_socket(conn, server_side=True) as s:
                    buf = b""
                    while True:
                        data = s.recv(65536)
                        if not data:
                            break
                        buf += data
                        while b"\n" in buf:
                            line, buf = buf.split(b"\n", 1)
                            s.sendall(b"ok " + str(len(line)).encode()
                                      + b"\n")

        t = start(serve)
        for v in versions:
            cctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            cctx.check_hostname = False
            cctx.verify_mode = ssl.CERT_NONE
            cctx.minimum_version = cctx.maximum_version = v
            raw = socket.create_connection((HOST, PORT_TLS))
            with cctx.wrap_socket(raw, server_hostname="localhost") as s:
                for msg in (b"hello over tls\n",
                            base64.b64encode(rand_bytes(r, 3000)) + b"\n",
                            b"bye\n"):
                    s.sendall(msg)
                    reply = b""
                    while not reply.endswith(b"\n"):
                        reply += s.recv(100)
                try:
                    s.unwrap()  # close_notify
                except OSError:
                    pass
            pause()
        t.join(5)
        lst.close()
    finally:
        shutil.rmtree(d)


# ---------------------------------------------------------------- DNS

def dns_name(name):
    out = b""
    for label in name.rstrip(".").split("."):
        out += bytes([len(label)]) + label.encode()
    return out + b"\x00"


def dns_query(qid, name, qtype, rd=True):
    flags = 0x0100 if rd else 0
    return (struct.pack(">HHHHHH", qid, flags, 1, 0, 0, 0) + dns_name(name)
            + struct.pack(">HH", qtype, 1))


A, NS, CNAME, PTR, MX, TXT, AAAA = 1, 2, 5, 12, 15, 16, 28
ZONE = {
    ("www.example.com", A): [bytes([192, 0, 2, 10])],
    ("www.example.com", AAAA): [bytes.fromhex(
        "20010db8000000000000000000000010")],
    ("example.com", A): [bytes([192, 0, 2, 1])],
    ("example.com", MX): [struct.pack(">H", 10) + dns_name("mail.example.com"),
                          struct.pack(">H", 20) + dns_name("mx2.example.com")],
    ("example.com", TXT): [b"\x0fv=spf1 -all ok!" + b"\x0bfoo=bar;baz"],
    ("example.com", NS): [dns_name("ns1.example.com")],
    ("1.2.0.192.in-addr.arpa", PTR): [dns_name("example.com")],
    ("cdn.example.net", CNAME): [dns_name("edge.example.net")],
}


def dns_answer(query):
    qid, flags = struct.unpack(">HH", query[:4])
    at, labels = 12, []
    while query[at]:
        n = query[at]
        labels.append(query[at + 1:at + 1 + n].decode())
        at += 1 + n
    at += 1
    qtype, _ = struct.unpack(">HH", query[at:at + 4])
    question = query[12:at + 4]
    rdatas = ZONE.get((".".join(labels), qtype), [])
    rcode = 0 if rdatas or any(k[0] == ".".join(labels) for k in ZONE) else 3
    out = struct.pack(">HHHHHH", qid, 0x8180 | rcode | (flags & 0x0100), 1,
                      len(rdatas), 0, 0) + question
    for rd in rdatas:
        # The name is a pointer to the question's (offset 12).
        out += struct.pack(">HHHIH", 0xC00C, qtype, 1, 300, len(rd)) + rd
    return out


def part_dns():
    srv = listener(PORT_DNS, socket.SOCK_DGRAM)
    queries = [("www.example.com", A), ("www.example.com", AAAA),
               ("example.com", MX), ("example.com", TXT),
               ("example.com", NS), ("1.2.0.192.in-addr.arpa", PTR),
               ("cdn.example.net", CNAME), ("nothing.example.invalid", A),
               ("example.com", A)]

    def serve():
        for _ in queries:
            data, peer = srv.recvfrom(2048)
            srv.sendto(dns_answer(data), peer)

    t = start(serve)
    r = rng("dns")
    c = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    c.settimeout(3)
    for name, qtype in queries:
        c.sendto(dns_query(r.getrandbits(16), name, qtype), (HOST, PORT_DNS))
        c.recvfrom(2048)
        time.sleep(0.02)
    c.close()
    t.join(5)
    srv.close()
    pause()


# ---------------------------------------------------------------- UDP

def part_udp():
    r = rng("udp")
    srv = listener(PORT_UDP, socket.SOCK_DGRAM)
    sizes = SMALL_SIZES + LARGER_SIZES + [20000]

    def serve():
        # Answers every other datagram with random bytes of the same size.
        rr = rng("udp-reply")
        for i in range(len(sizes)):
            data, peer = srv.recvfrom(65536)
            if i % 2 == 0:
                srv.sendto(rand_bytes(rr, len(data)), peer)

    t = start(serve)
    c = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    for i, n in enumerate(sizes):
        c.sendto(rand_bytes(r, n), (HOST, PORT_UDP))
        time.sleep(0.01)
    t.join(5)
    c.close()
    srv.close()
    # A datagram to a port where nobody listens: an ICMP port unreachable
    # that quotes the UDP header and the payload.
    c = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    c.sendto(rand_bytes(r, 12), (HOST, PORT_UDP_CLOSED))
    time.sleep(0.05)
    c.close()
    pause()


# ---------------------------------------------------------------- TCP

def serve_tcp(lst, handler):
    conn, _ = lst.accept()
    nodelay(conn)
    with conn:
        handler(conn)


def part_tcp_binary():
    """Random bytes in chunks of odd sizes both ways, one chunk a segment."""
    r = rng("tcp-bin")
    chunks = [4, 8, 12, 16, 24, 3, 100, 1000, 1460, 5000, 20000, 7, 64]
    lst = listener(PORT_TCP_BIN)

    def handler(conn):
        rr = rng("tcp-bin-reply")
        for n in chunks:
            recv_exact(conn, n)
            conn.sendall(rand_bytes(rr, min(n, 2000)))
        conn.shutdown(socket.SHUT_WR)
        conn.recv(1)

    t = start(serve_tcp, lst, handler)
    s = socket.create_connection((HOST, PORT_TCP_BIN))
    nodelay(s)
    for n in chunks:
        s.sendall(rand_bytes(r, n))
        recv_exact(s, min(n, 2000))
        time.sleep(0.01)
    s.close()
    t.join(5)
    lst.close()
    pause()


def part_tcp_records():
    """A binary protocol of u32 little-endian length + random body (the
    framing of StreamPeer.put_var, not its contents), both ways."""
    r = rng("tcp-records")
    lengths = [4, 8, 12, 16, 20, 24, 32, 64, 4, 8, 100, 1000, 4096, 12]
    lst = listener(PORT_TCP_RECORDS)

    def handler(conn):
        rr = rng("tcp-records-reply")
        for _ in lengths:
            n = struct.unpack("<I", recv_exact(conn, 4))[0]
            recv_exact(conn, n)
            m = 4 * rr.randint(1, 6)
            conn.sendall(struct.pack("<I", m) + rand_bytes(rr, m))
        conn.shutdown(socket.SHUT_WR)
        conn.recv(1)

    t = start(serve_tcp, lst, handler)
    s = socket.create_connection((HOST, PORT_TCP_RECORDS))
    nodelay(s)
    for n in lengths:
        s.sendall(struct.pack("<I", n) + rand_bytes(r, n))
        n2 = struct.unpack("<I", recv_exact(s, 4))[0]
        recv_exact(s, n2)
        time.sleep(0.01)
    s.close()
    t.join(5)
    lst.close()
    pause()


def part_tcp_text():
    """A line protocol: commands and answers, one line each."""
    lines = ["HELLO foreign-client 1.0", "LIST", "GET 1", "GET 2",
             "SET color blue", "SET size 12", "PING 1700000000",
             "ECHO the quick brown fox jumps over the lazy dog",
             "STATS", "QUIT"]
    lst = listener(PORT_TCP_TEXT)

    def handler(conn):
        f = conn.makefile("rwb", buffering=0)
        f.write(b"220 line server ready\r\n")
        for raw in f:
            cmd = raw.decode().strip()
            if cmd == "QUIT":
                f.write(b"221 bye\r\n")
                break
            if cmd == "LIST":
                f.write(b"200 items: 1 2 3\r\n")
            else:
                f.write(("200 ok " + cmd.lower() + "\r\n").encode())

    t = start(serve_tcp, lst, handler)
    s = socket.create_connection((HOST, PORT_TCP_TEXT))
    nodelay(s)
    f = s.makefile("rwb", buffering=0)
    f.readline()
    for line in lines:
        f.write((line + "\n").encode())
        f.readline()
        time.sleep(0.01)
    s.close()
    t.join(5)
    lst.close()
    # A connection refused: SYN, RST.
    try:
        socket.create_connection((HOST, PORT_TCP_CLOSED), timeout=1).close()
    except OSError:
        pass
    pause()


# ---------------------------------------------------------------- WebSocket

WS_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
TEXT, BINARY, CONT, CLOSE, PING, PONG = 1, 2, 0, 8, 9, 10


def ws_frame(opcode, payload, mask=None, fin=True):
    """One RFC 6455 frame; `mask`: the client's 4-byte key (None: server)."""
    head = bytes([(0x80 if fin else 0) | opcode])
    m = 0x80 if mask is not None else 0
    n = len(payload)
    if n < 126:
        head += bytes([m | n])
    elif n < 65536:
        head += bytes([m | 126]) + struct.pack(">H", n)
    else:
        head += bytes([m | 127]) + struct.pack(">Q", n)
    if mask is None:
        return head + payload
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def ws_read(conn):
    """(fin, opcode, payload) of the next frame, unmasked."""
    b0, b1 = recv_exact(conn, 2)
    n = b1 & 0x7F
    if n == 126:
        n = struct.unpack(">H", recv_exact(conn, 2))[0]
    elif n == 127:
        n = struct.unpack(">Q", recv_exact(conn, 8))[0]
    mask = recv_exact(conn, 4) if b1 & 0x80 else None
    data = recv_exact(conn, n)
    if mask:
        data = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
    return bool(b0 & 0x80), b0 & 0x0F, data


def ws_read_until_headers(conn):
    # A byte at a time: the first frames may follow in the same segment.
    buf = b""
    while not buf.endswith(b"\r\n\r\n"):
        buf += recv_exact(conn, 1)
    return buf


def ws_server(lst, part, greeting):
    """Accepts one connection: the upgrade, then answers each message
    (text: echoed; binary: random bytes, the same size up to 1000, else 16;
    ping: pong; close: close). `greeting`: binary messages sent first."""
    conn, _ = lst.accept()
    nodelay(conn)
    rr = rng(part + "-server")
    with conn:
        req = ws_read_until_headers(conn).decode()
        key = [l.split(":", 1)[1].strip() for l in req.split("\r\n")
               if l.lower().startswith("sec-websocket-key:")][0]
        accept = base64.b64encode(hashlib.sha1(key.encode() + WS_GUID)
                                  .digest()).decode()
        conn.sendall(("HTTP/1.1 101 Switching Protocols\r\n"
                      "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                      "Sec-WebSocket-Accept: %s\r\n\r\n" % accept).encode())
        for g in greeting:
            conn.sendall(ws_frame(BINARY, g))
        msg_op, msg = None, b""
        while True:
            fin, op, data = ws_read(conn)
            if op == PING:
                conn.sendall(ws_frame(PONG, data))
                continue
            if op == CLOSE:
                conn.sendall(ws_frame(CLOSE, data[:2]))
                return
            if op != CONT:
                msg_op, msg = op, b""
            msg += data
            if not fin:
                continue
            if msg_op == TEXT:
                conn.sendall(ws_frame(TEXT, b"echo: " + msg))
            else:
                n = len(msg) if len(msg) <= 1000 else 16
                conn.sendall(ws_frame(BINARY, rand_bytes(rr, n)))


def ws_client(port, part, messages, greetings=0):
    """Connects, upgrades, reads `greetings` server messages, then sends
    each of `messages` ((opcode, payload, fin)) masked, reading the answer
    to each whole message, and closes with 1000."""
    r = rng(part + "-client")
    s = socket.create_connection((HOST, port))
    nodelay(s)
    key = base64.b64encode(rand_bytes(r, 16)).decode()
    s.sendall(("GET /socket HTTP/1.1\r\nHost: %s:%d\r\n"
               "User-Agent: foreign-ws/1.0\r\nUpgrade: websocket\r\n"
               "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n" % (HOST, port, key))
              .encode())
    ws_read_until_headers(s)
    for _ in range(greetings):
        ws_read(s)
    for op, payload, fin in messages:
        s.sendall(ws_frame(op, payload, rand_bytes(r, 4), fin))
        if fin:
            ws_read(s)
        time.sleep(0.01)
    s.sendall(ws_frame(CLOSE, struct.pack(">H", 1000) + b"done",
                       rand_bytes(r, 4)))
    ws_read(s)
    s.close()


def part_websocket():
    r = rng("ws")
    msgs = [(TEXT, b"hello from a foreign client", True)]
    for n in SMALL_SIZES[1:] + [100, 125, 126, 127, 300, 1000, 4000, 70000]:
        msgs.append((BINARY, rand_bytes(r, n), True))
        if n == 16:
            move = '{"op":"move","x":%d,"y":%d}' % (r.randint(0, 999),
                                                   r.randint(0, 999))
            msgs.append((TEXT, move.encode(), True))
    # A binary message in three frames, a ping, a text message in UTF-8.
    msgs += [(BINARY, rand_bytes(r, 10), False), (CONT, rand_bytes(r, 6),
                                                  False),
             (CONT, rand_bytes(r, 8), True), (PING, b"ping-1", True),
             (TEXT, "caf\u00e9 \u65e5\u672c \u2713".encode(), True)]
    lst = listener(PORT_WS)
    t = start(ws_server, lst, "ws", [])
    ws_client(PORT_WS, "ws", msgs)
    t.join(5)
    lst.close()
    pause()
    # A second protocol whose server speaks first: a 4-byte binary message
    # (a little-endian u32 in 2..2^31-1, as a session id would be), then
    # the client's binary messages and the answers.
    r2 = rng("ws-u32")
    greeting = struct.pack("<I", r2.randint(2, 0x7FFFFFFF))
    msgs2 = [(BINARY, rand_bytes(r2, n), True)
             for n in (4, 8, 12, 16, 24, 5, 40, 200)]
    lst = listener(PORT_WS_U32)
    t = start(ws_server, lst, "ws-u32", [greeting])
    ws_client(PORT_WS_U32, "ws-u32", msgs2, greetings=1)
    t.join(5)
    lst.close()
    pause()


PARTS = [("http", part_http), ("tls", part_tls), ("dns", part_dns),
         ("udp", part_udp), ("tcp-binary", part_tcp_binary),
         ("tcp-records", part_tcp_records), ("tcp-text", part_tcp_text),
         ("websocket", part_websocket)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="",
                    help="comma-separated parts: " +
                    ",".join(p for p, _ in PARTS))
    a = ap.parse_args()
    only = set(filter(None, a.only.split(",")))
    for name, fn in PARTS:
        if only and name not in only:
            continue
        log(name)
        fn()
    log("done")


if __name__ == "__main__":
    main()
