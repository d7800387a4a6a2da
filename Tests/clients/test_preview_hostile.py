"""`wave preview` against clients that misbehave, as the hostile-client suite of `wave lsp`
(EndToEndTests/LSPHostileClientTests) does for the server's other half: the server runs
under a 2 GiB address-space limit and 512 file descriptors, and every case ends in an error
reply or a closed connection, never a crash, a hang or memory that grows with the attack.
After each case the server still answers the page. Waits are for events (a reply, the
server closing a socket) with a deadline that only turns a hang into a failure."""
import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import time

import pytest

from wave_helpers import ROOT, wave_binary

LIMIT = 2 << 30
FILES = 512


class Server:
    def __init__(self, folder, files=FILES):
        self.process = subprocess.Popen(
            ["prlimit", f"--as={LIMIT}", f"--nofile={files}", wave_binary(), "preview", str(folder / "sonar.wave"), "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        self.port = int(re.search(r":(\d+)/", line).group(1))
        self.host = f"127.0.0.1:{self.port}"
        self.get("/")
        self.baseline_files = self.open_files()

    def alive(self):
        return self.process.poll() is None

    def status(self, key):
        """A VmHWM / VmRSS line of /proc/PID/status, in KiB."""
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])

    def open_files(self):
        return len(os.listdir(f"/proc/{self.process.pid}/fd"))

    def connect(self, timeout=30):
        s = socket.create_connection(("127.0.0.1", self.port))
        s.settimeout(timeout)
        return s

    def request(self, raw: bytes) -> bytes:
        """The head of the reply to one raw request ('' when the server closed without one,
        or was not listening at that moment)."""
        try:
            s = self.connect()
        except ConnectionRefusedError:
            return b""
        with s:
            s.sendall(raw)
            reply = b""
            try:
                while b"\r\n\r\n" not in reply:
                    data = s.recv(4096)
                    if not data:
                        break
                    reply += data
            except ConnectionResetError:
                pass
            return reply

    def get(self, path, headers=None) -> int:
        head = {"Host": self.host, **(headers or {})}
        reply = self.request((f"GET {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in head.items()) + "\r\n").encode())
        m = re.match(rb"HTTP/1.1 (\d+)", reply)
        return int(m.group(1)) if m else 0

    def websocket(self, origin=None):
        """A socket upgraded to /events (its 101 head read), or the refusal's status."""
        key = base64.b64encode(os.urandom(16)).decode()
        s = self.connect()
        s.sendall((f"GET /events HTTP/1.1\r\nHost: {self.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: {origin or 'http://' + self.host}\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            data = s.recv(1)
            if not data:
                break
            head += data
        return s, int(head[9:12] or 0)

    def stop(self):
        self.process.send_signal(2)
        return self.process.wait(30)


def frame(payload: bytes, opcode=1, fin=True) -> bytes:
    """A client's (masked) WebSocket frame."""
    mask = os.urandom(4)
    head = bytes([(0x80 if fin else 0) | opcode])
    n = len(payload)
    head += bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n) if n < 65536 else bytes([0x80 | 127]) + struct.pack(">Q", n)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def read_frame(s):
    """(opcode, payload) of the server's next frame; None when it closed the socket."""
    def exactly(n):
        out = b""
        while len(out) < n:
            data = s.recv(n - len(out))
            if not data:
                return None
            out += data
        return out
    head = exactly(2)
    if head is None:
        return None
    n = head[1] & 0x7F
    if n == 126:
        n = struct.unpack(">H", exactly(2))[0]
    elif n == 127:
        n = struct.unpack(">Q", exactly(8))[0]
    return head[0] & 0x0F, exactly(n)


def closed_by_server(s, deadline=60) -> bool:
    """Whether the server closes `s` (reading and dropping what it sends) before the deadline."""
    s.settimeout(deadline)
    end = time.monotonic() + deadline
    try:
        while time.monotonic() < end:
            if not s.recv(1 << 16):
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except socket.timeout:
        return False
    return False


def wait_for(condition, deadline=60):
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def folder(tmp_path):
    shutil.copy(ROOT / "examples/sonar.wave", tmp_path / "sonar.wave")
    (tmp_path / "secret.txt").write_text("not for the page")
    return tmp_path


@pytest.fixture
def server(tmp_path):
    s = Server(folder(tmp_path))
    yield s
    assert s.alive(), s.process.stderr.read()
    assert s.stop() == 130


def test_half_open_connections_are_closed_and_the_cap_holds(server):
    # Twice as many connections as the server keeps open, none sending a byte.
    idle = []
    for _ in range(FILES // 2):
        idle.append(server.connect())
    assert server.alive()
    assert server.get("/") == 200, "the page's request makes room for itself"
    assert all(closed_by_server(s) for s in idle), "every half-open connection is closed"
    assert wait_for(lambda: server.open_files() <= server.baseline_files + 2)
    for s in idle:
        s.close()
    assert server.get("/") == 200


def test_a_head_left_unfinished_is_cut_off(server):
    dribble = server.connect()
    dribble.sendall(b"GET / HTTP/1.1\r\nX: ")
    unfinished = server.connect()
    unfinished.sendall(b"GET / HTTP/1.1\r\nX: " + b"a" * 4000)
    assert closed_by_server(dribble) and closed_by_server(unfinished)
    assert server.status("VmHWM") < 600 << 10
    assert server.get("/") == 200


def test_a_slow_reader_of_frames_is_dropped(server):
    s = server.connect()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    for tick in range(100):
        s.sendall(f"GET /frame?tick={tick} HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode())
    assert wait_for(lambda: server.open_files() <= server.baseline_files, deadline=300), "the server let go of the connection"
    assert server.get("/frame?tick=3") == 200
    s.close()


def test_a_megabyte_header_line_is_refused_at_once(server):
    start = time.monotonic()
    reply = server.request(b"GET / HTTP/1.1\r\nHost: " + server.host.encode() + b"\r\nX: " + b"a" * (1 << 20) + b"\r\n\r\n")
    took = time.monotonic() - start
    assert re.match(rb"HTTP/1.1 431", reply), reply[:40]
    assert took < 1, f"answered after {took:.2f} s"
    assert server.status("VmHWM") < 600 << 10
    assert server.get("/") == 200


def test_running_out_of_file_descriptors_does_not_stop_the_server(tmp_path):
    server = Server(folder(tmp_path), files=64)
    held = []
    try:
        for _ in range(80):
            held.append(server.connect())
    except ConnectionRefusedError:
        pass
    assert len(held) == 80, "the server still listens when accept fails for want of descriptors"
    assert wait_for(lambda: server.open_files() >= 60), "the server took connections until it had no descriptor left"
    for s in held:
        s.close()
    assert wait_for(lambda: server.open_files() <= server.baseline_files + 2)
    assert server.get("/") == 200
    assert server.alive()
    assert server.stop() == 130
    said = server.process.stderr.read()
    assert said.count("out of file descriptors") == 1, said


def test_malformed_requests_get_an_error_or_a_closed_connection(server):
    for raw in [b"\x00\xff\xfe garbage\r\n\r\n", b"GET\r\n\r\n", b"GET / HTTP/1.1\r\nHost: " + b"h" * 4000 + b"\r\n\r\n",
                b"POST /frame HTTP/1.1\r\nHost: " + server.host.encode() + b"\r\nContent-Length: 99999999999\r\n\r\nabc",
                b"GET /frame?tick=-1 HTTP/1.1\r\nHost: " + server.host.encode() + b"\r\n\r\n",
                b"GET /frame?tick=99999999999999999999 HTTP/1.1\r\nHost: " + server.host.encode() + b"\r\n\r\n"]:
        reply = server.request(raw)
        assert reply == b"" or re.match(rb"HTTP/1.1 4\d\d", reply), reply[:40]
    assert server.alive() and server.get("/") == 200


@pytest.mark.parametrize("path", [
    "/file/secret.txt", "/file/../secret.txt", "/file/..%2fsecret.txt", "/file/%2e%2e/%2e%2e/etc/passwd",
    "/file/..%252f..%252fetc%252fpasswd", "/file/%c0%ae%c0%ae/etc/passwd", "/file//etc/passwd", "/file/..\\..\\etc\\passwd",
    "/file/sonar.wave%00.png", "/file/%2fetc%2fpasswd", "/file/%2Fproc%2Fself%2Fenviron", "/../../etc/passwd",
    "/file/%u002e%u002e/etc/passwd", "/file/..%c0%afetc/passwd", "/file/.%2e/.%2e/etc/passwd",
])
def test_paths_outside_the_folder_are_refused_in_every_encoding(server, path):
    status = server.get(path + "?script=sonar.wave")
    assert status in (400, 403, 404), status


def test_host_and_origin_spoofing_are_refused(server):
    for host in ["evil.example", "127.0.0.1.evil.example", f"localhost:{server.port + 1}", "", "127.0.0.1"]:
        assert server.get("/", {"Host": host}) == 421, host
    for origin in ["http://evil.example", f"http://127.0.0.1:{server.port}.evil.example", "null", f"https://127.0.0.1:{server.port + 1}"]:
        s, status = server.websocket(origin)
        assert status == 403, origin
        s.close()


def test_many_websocket_clients_hear_each_other(server):
    clients = [server.websocket()[0] for _ in range(100)]
    hellos = [read_frame(c) for c in clients]
    assert all(h and h[0] == 1 and json.loads(h[1])["type"] == "hello" for h in hellos)
    seek = {"type": "seek", "script": "sonar.wave", "tick": 42, "playing": False}
    clients[0].sendall(frame(json.dumps(seek).encode()))
    for c in clients[1:]:
        opcode, payload = read_frame(c)
        assert opcode == 1 and json.loads(payload)["tick"] == 42
    for c in clients:
        c.close()
    assert server.get("/") == 200


def test_a_flood_of_messages_to_clients_that_do_not_read_stays_bounded(server):
    quiet = [server.websocket()[0] for _ in range(120)]
    for c in quiet:
        c.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    flood, _ = server.websocket()
    seek = frame(json.dumps({"type": "seek", "script": "sonar.wave", "tick": 7, "playing": True}).encode())
    before = server.status("VmRSS")
    batch = seek * 1000
    try:
        for _ in range(800):   # 800,000 seeks, each passed on to 120 clients that read nothing
            flood.sendall(batch)
    except (BrokenPipeError, ConnectionResetError):
        pass
    assert server.alive()
    assert server.status("VmRSS") - before < 40 << 10, "memory does not grow with the flood"
    assert server.get("/") == 200


@pytest.mark.parametrize("bad", [
    frame(b"x" * 5000),                      # larger than any message the page sends
    frame(b"\x00\x01", opcode=2),            # binary
    frame(b'{"type":', fin=False),           # a fragment
    frame(b"", opcode=7),                    # a reserved opcode
    bytes([0x81, 0x02]) + b"{}",             # unmasked
], ids=["large", "binary", "fragment", "reserved", "unmasked"])
def test_websocket_frames_the_page_never_sends_end_the_connection(server, bad):
    s, status = server.websocket()
    assert status == 101
    read_frame(s)   # hello
    s.sendall(bad)
    assert closed_by_server(s)
    assert server.alive() and server.get("/") == 200


def test_a_websocket_frame_claiming_2_62_bytes_is_refused_from_its_header(server):
    s, _ = server.websocket()
    read_frame(s)
    before = server.status("VmRSS")
    s.sendall(bytes([0x81, 0xFF]) + struct.pack(">Q", 1 << 62) + os.urandom(4) + b"x" * 1000)
    assert read_frame(s) == (8, struct.pack(">H", 1009) + b"frames are at most 1024 bytes")
    assert closed_by_server(s, deadline=5)
    assert server.status("VmRSS") - before < 10 << 10
    assert server.alive() and server.get("/") == 200


def test_a_ping_gets_its_pong_and_a_close_its_close(server):
    s, _ = server.websocket()
    read_frame(s)
    s.sendall(frame(b"are you there", opcode=9))
    assert read_frame(s) == (10, b"are you there")
    s.sendall(frame(struct.pack(">H", 1000) + b"bye", opcode=8))
    assert read_frame(s) == (8, struct.pack(">H", 1000))
    assert closed_by_server(s, deadline=5)


def test_a_websocket_that_stops_inside_a_frame_is_closed(server):
    s, _ = server.websocket()
    read_frame(s)
    s.sendall(bytes([0x81, 0xFF]) + struct.pack(">Q", 1 << 40) + os.urandom(4) + b"x" * 1000)
    assert closed_by_server(s, deadline=120), "closed once it has been silent past the WebSocket timeout"
    assert server.alive()
