"""Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe: fd 3 in, fd 4 out).

No client library: messages are JSON separated by NUL bytes. The browser runs with background networking off and a new
empty profile, so that the only requests it makes are the ones a page asks for; every console message, uncaught
exception, log entry, network request and JavaScript dialog of the page is recorded.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--mute-audio", "--hide-scrollbars")
TIMEOUT = 60.0


def executable() -> str | None:
    found = CHROMIUM if os.access(CHROMIUM, os.X_OK) else shutil.which("chromium")
    return found or None


class BrowserError(Exception):
    pass


class Browser:
    """One Chromium process; `open(path)` loads a file in a fresh tab and returns a Tab."""

    def __init__(self, binary: str) -> None:
        self.profile = tempfile.mkdtemp(prefix="sitelint-chromium-")
        to_browser, self._in = os.pipe()
        self._out, from_browser = os.pipe()

        def wire() -> None:  # the child's fd 3 reads our commands, its fd 4 carries the browser's answers
            os.dup2(to_browser, 3)
            os.dup2(from_browser, 4)

        self.proc = subprocess.Popen([binary, *FLAGS, f"--user-data-dir={self.profile}", "--remote-debugging-pipe",
                                      "about:blank"], pass_fds=(3, 4), preexec_fn=wire,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        self._replies: dict[int, dict[str, Any]] = {}

    def close(self) -> None:
        with contextlib.suppress(BrowserError, OSError):
            self.send("Browser.close")
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._in, self._out):
            os.close(fd)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> dict[str, Any]:
        self._next += 1
        mine = self._next
        message: dict[str, Any] = {"id": mine, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._in, json.dumps(message).encode("utf-8") + b"\0")
        while mine not in self._replies:
            self._read()
        reply = self._replies.pop(mine)
        if "error" in reply:
            raise BrowserError(f"{method}: {reply['error']}")
        result: dict[str, Any] = reply.get("result", {})
        return result

    def wait_for(self, method: str, session: str) -> dict[str, Any]:
        """The first event of that name for that tab, already seen or coming."""
        while True:
            for event in self.events:
                if event.get("method") == method and event.get("sessionId") == session and not event.get("_used"):
                    event["_used"] = True
                    return event
            self._read()

    def _read(self) -> None:
        deadline = time.monotonic() + TIMEOUT
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._out], [], [], max(0.0, left))
            if not ready:
                raise BrowserError(f"no answer from Chromium in {TIMEOUT:.0f} s")
            chunk = os.read(self._out, 1 << 20)
            if not chunk:
                raise BrowserError("Chromium closed the pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message: dict[str, Any] = json.loads(raw)
        if "id" in message:
            self._replies[message["id"]] = message
        elif "method" in message:
            self.events.append(message)
            if message["method"] == "Page.javascriptDialogOpening":  # a page script ran: record it and go on
                self.send("Page.handleJavaScriptDialog", {"accept": False}, message.get("sessionId"))

    def open(self, path: Path, width: int = 1280, height: int = 900) -> Tab:
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.send(f"{domain}.enable", session=session)
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session)
        self.send("Page.navigate", {"url": path.resolve().as_uri()}, session)
        self.wait_for("Page.loadEventFired", session)
        return Tab(self, session, path.resolve().as_uri())


class Tab:
    def __init__(self, browser: Browser, session: str, url: str) -> None:
        self.browser, self.session, self.url = browser, session, url

    def evaluate(self, expression: str) -> Any:
        reply = self.browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                        "awaitPromise": True}, self.session)
        if "exceptionDetails" in reply:
            raise BrowserError(f"{expression[:60]}...: {reply['exceptionDetails']}")
        return reply["result"].get("value")

    def _mine(self) -> list[dict[str, Any]]:
        self.evaluate("0")  # lets events the page sent so far arrive
        return [e for e in self.browser.events if e.get("sessionId") == self.session]

    def console_errors(self) -> list[str]:
        out = []
        for e in self._mine():
            p = e.get("params", {})
            if e["method"] == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append(" ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", [])))
            elif e["method"] == "Runtime.exceptionThrown":
                out.append(str(p.get("exceptionDetails", {}).get("text", "exception")))
            elif e["method"] == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out.append(str(p["entry"].get("text", "")))
        return out

    def requests(self) -> list[str]:
        """Every URL the page asked for besides itself (data: URLs included)."""
        return [e["params"]["request"]["url"] for e in self._mine() if e["method"] == "Network.requestWillBeSent"
                and e["params"]["request"]["url"] != self.url]

    def dialogs(self) -> list[str]:
        return [e["params"].get("message", "") for e in self._mine() if e["method"] == "Page.javascriptDialogOpening"]

    def screenshot(self, target: Path, selector: str | None = None) -> None:
        """A PNG of the element (from its top, at most 2,400 px of it) or of the whole page."""
        box = self.evaluate(
            "(() => { const e = %s; const r = e.getBoundingClientRect();"
            " return [r.left + scrollX, r.top + scrollY, r.width, r.height]; })()"
            % (f"document.querySelector({json.dumps(selector)})" if selector else "document.documentElement"))
        clip = {"x": box[0], "y": box[1], "width": box[2], "height": min(box[3], 2400), "scale": 1}
        shot = self.browser.send("Page.captureScreenshot", {"format": "png", "clip": clip,
                                                            "captureBeyondViewport": True}, self.session)
        target.write_bytes(base64.b64decode(shot["data"]))
