#!/usr/bin/env python3
"""Headless Chromium rendering Weft's bench feed scroll to PNG files, in each PNG mode it offers,
and beside `weft frames` in one run.

Python 3 standard library only. Chromium is driven over its DevTools protocol on a pipe
(--remote-debugging-pipe: it reads commands on fd 3 and writes replies on fd 4, each a JSON text
ending in a NUL byte). feed.html is the page: the same cards as Samples/Cells/BenchFeedCell.swift.

The scroll is Weft's `FrameSequence.scroll(..., curve: .linear)`: COUNT frames from FROM to TO
points inclusive, frame i at FROM + (TO - FROM) * i / (COUNT - 1), each a WIDTH×HEIGHT CSS px
viewport at device scale factor SCALE, written as frame_00001.png… in the output folder.

Timing: a Chromium figure is the time from the first scroll to the last PNG file written, with the
browser already launched and the page loaded (its launch and load are reported apart, and a
figure including them is printed too); a `weft frames` figure is the whole process, start to exit.

    bench.py modes [--rounds 3]          every PNG mode, each round in a fresh browser
    bench.py run --mode speed --output D one mode's frames into folder D (to look at them)
    bench.py compare --weft .build/release/weft [--mode speed ...] [--rounds 5]
                                         the fastest modes (or the given ones) and `weft frames`,
                                         interleaved round by round, with weft's ratio to the
                                         fastest Chromium mode of each round
"""

import argparse
import base64
import fcntl
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE = os.path.join(HERE, "feed.html")

# Each PNG mode: which browser, how a frame is made, and the screenshot's parameters.
# - default:       Page.captureScreenshot {format: png} (what Puppeteer and Playwright send)
# - speed:         ... with optimizeForSpeed: true (zlib's fastest level, no filters)
# - clip:          ... with a clip of the viewport at the scroll offset (scale 1)
# - clip-speed:    clip and optimizeForSpeed
# - surface-off:   ... with fromSurface: false (capture from the view rather than the surface)
# - beyond:        ... with captureBeyondViewport: true and a clip at the offset, no scrolling
# - beginframe:    chromium-headless-shell with --enable-begin-frame-control; each frame is
#                  HeadlessExperimental.beginFrame {screenshot: {format: png}}
# - beginframe-speed: the same with optimizeForSpeed: true
MODES = {
    "default": ("chromium", "capture", {}),
    "speed": ("chromium", "capture", {"optimizeForSpeed": True}),
    "clip": ("chromium", "capture-clip", {}),
    "clip-speed": ("chromium", "capture-clip", {"optimizeForSpeed": True}),
    "surface-off": ("chromium", "capture", {"fromSurface": False}),
    "beyond": ("chromium", "capture-beyond", {"optimizeForSpeed": True}),
    "beginframe": ("shell", "beginframe", {}),
    "beginframe-speed": ("shell", "beginframe", {"optimizeForSpeed": True}),
    # The same screenshots in chromium-headless-shell (the old headless mode, its own binary).
    "shell-speed": ("shell", "capture", {"optimizeForSpeed": True}),
}

BROWSERS = {"chromium": "/usr/bin/chromium", "shell": "/usr/bin/chromium-headless-shell"}


class Browser:
    """One headless Chromium, its DevTools pipe, and a page target attached in flat mode."""

    def __init__(self, executable, begin_frame_control=False, window=None, extra=()):
        self.profile = tempfile.mkdtemp(prefix="weft-bench-chromium-")
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        # The child's ends go to fds 3 and 4; first move them above 10 so dup2 cannot clobber one with the other.
        high_r = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10)
        high_w = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)
        os.close(to_child_r)
        os.close(from_child_w)

        def child_fds():
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        arguments = [executable, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--no-first-run",
                     "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars", "--mute-audio",
                     "--disable-background-networking", "--disable-sync", "--user-data-dir=" + self.profile,
                     "--allow-file-access-from-files"]
        if window:
            # The window itself at the frame's size and scale: the begin-frame and fromSurface: false
            # paths capture the window and ignore Emulation's device scale factor.
            width, height, scale = window
            arguments += [f"--window-size={width},{height}", f"--force-device-scale-factor={scale:g}"]
        if begin_frame_control:
            arguments += ["--enable-begin-frame-control", "--run-all-compositor-stages-before-draw",
                          "--disable-new-content-rendering-timeout", "--disable-threaded-animation",
                          "--disable-threaded-scrolling", "--disable-checker-imaging"]
        arguments += list(extra)
        arguments.append("about:blank")
        self.process = subprocess.Popen(arguments, pass_fds=(3, 4), preexec_fn=child_fds,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(high_r)
        os.close(high_w)
        self.out = os.fdopen(to_child_w, "wb", buffering=0)
        self.inp = os.fdopen(from_child_r, "rb", buffering=0)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None
        target = self.send("Target.createTarget", {"url": "about:blank", "enableBeginFrameControl": begin_frame_control})
        self.session = self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]

    def _message(self):
        while b"\0" not in self.buffer:
            chunk = self.inp.read(1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its DevTools pipe")
            self.buffer += chunk
        text, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(text)

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        self.out.write(json.dumps(message).encode() + b"\0")
        while True:
            reply = self._message()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_event(self, method):
        while True:
            for index, event in enumerate(self.events):
                if event["method"] == method:
                    return self.events.pop(index)
            self.events.append(self._message())

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except (RuntimeError, OSError, BrokenPipeError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for stream in (self.out, self.inp):
            try:
                stream.close()
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)


def offsets(start, end, count):
    return [start] if count == 1 else [start + (end - start) * i / (count - 1) for i in range(count)]


def render(mode, args, output):
    """Launches the mode's browser, loads the feed, renders the scroll into `output`.
    Returns (launch and load seconds, frames seconds, total bytes)."""
    browser_name, how, params = MODES[mode]
    started = time.perf_counter()
    begin_frame = how == "beginframe"
    browser = Browser(args.shell if browser_name == "shell" else args.chromium, begin_frame_control=begin_frame,
                      window=(args.width, args.height, args.scale), extra=args.flag)
    try:
        browser.send("Page.enable")
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": args.width, "height": args.height, "deviceScaleFactor": args.scale, "mobile": False})
        url = "file://" + PAGE + f"?items={args.items}"
        if begin_frame:
            # Under begin-frame control nothing renders until asked: navigate, then pump frames until loaded.
            browser.send("Page.navigate", {"url": url})
            while not any(event["method"] == "Page.loadEventFired" for event in browser.events):
                browser.send("HeadlessExperimental.beginFrame", {"noDisplayUpdates": False})
                while not browser.events and browser.inp in select_ready(browser):
                    browser.events.append(browser._message())
            browser.events.clear()
            browser.send("HeadlessExperimental.beginFrame", {})
        else:
            browser.send("Page.navigate", {"url": url})
            browser.wait_event("Page.loadEventFired")
            # One screenshot to settle fonts and the first paint, as Weft's bench draws a first frame.
            browser.send("Page.captureScreenshot", {"format": "png"})
        loaded = time.perf_counter()
        os.makedirs(output, exist_ok=True)
        total_bytes = 0
        for index, y in enumerate(offsets(args.start, args.end, args.count)):
            if how == "capture-beyond":
                shot = browser.send("Page.captureScreenshot", dict(params, format="png", captureBeyondViewport=True,
                                    clip={"x": 0, "y": y, "width": args.width, "height": args.height, "scale": 1}))
                data = shot["data"]
            else:
                browser.send("Runtime.evaluate", {"expression": f"window.scrollTo(0, {y!r})"})
                if how == "beginframe":
                    shot = browser.send("HeadlessExperimental.beginFrame", {"screenshot": dict(params, format="png")})
                    if "screenshotData" not in shot:  # no damage: ask again
                        shot = browser.send("HeadlessExperimental.beginFrame", {"screenshot": dict(params, format="png")})
                    data = shot["screenshotData"]
                elif how == "capture-clip":
                    shot = browser.send("Page.captureScreenshot", dict(params, format="png",
                                        clip={"x": 0, "y": y, "width": args.width, "height": args.height, "scale": 1}))
                    data = shot["data"]
                else:
                    data = browser.send("Page.captureScreenshot", dict(params, format="png"))["data"]
            png = base64.b64decode(data)
            total_bytes += len(png)
            with open(os.path.join(output, f"frame_{index + 1:05d}.png"), "wb") as file:
                file.write(png)
        done = time.perf_counter()
    finally:
        browser.close()
    return loaded - started, done - loaded, total_bytes


def select_ready(browser):
    import select
    ready, _, _ = select.select([browser.inp], [], [], 0.05)
    return ready


def run_weft(args, output):
    command = [args.weft, "frames", "--sample", "bench-feed", "--width", str(args.width), "--height", str(args.height),
               "--scale", str(args.scale), "--from", str(args.start), "--to", str(args.end), "--count", str(args.count),
               "--curve", "linear", "--output", output]
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - started
    size = sum(os.path.getsize(os.path.join(output, name)) for name in os.listdir(output))
    return seconds, size


def summary(values):
    """median (min–max)"""
    return f"{statistics.median(values):.1f} ({min(values):.1f}–{max(values):.1f})"


def command_modes(args):
    modes = args.only or list(MODES)
    results = {mode: [] for mode in modes}
    failed = {}
    print(f"machine: {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}; {args.count} frames, "
          f"{args.width}×{args.height} CSS px @{args.scale} ({args.width * args.scale}×{args.height * args.scale} px), "
          f"{args.start:g} → {args.end:g} pt, {args.items} cards")
    for round_index in range(args.rounds):
        for mode in modes:  # interleaved: each round runs every mode once
            if mode in failed:
                continue
            folder = tempfile.mkdtemp(prefix=f"weft-bench-chromium-{mode}-")
            try:
                results[mode].append(render(mode, args, folder))
                launch, seconds, size = results[mode][-1]
                print(f"round {round_index + 1}, {mode}: {args.count / seconds:.1f} frames/s (launch and load {launch:.2f} s), "
                      f"{size / args.count / 1024:.0f} KB a frame", flush=True)
            except (RuntimeError, OSError, KeyError) as error:
                failed[mode] = str(error)
            finally:
                shutil.rmtree(folder, ignore_errors=True)
    print(f"frames/s, median (min–max) of {args.rounds} rounds; 'frames' excludes launching the browser and loading "
          "the page, 'whole' includes them")
    for mode in modes:
        if mode in failed:
            print(f"{mode:17s} not available: {failed[mode]}")
            continue
        runs = results[mode]
        frames = [args.count / seconds for _, seconds, _ in runs]
        whole = [args.count / (launch + seconds) for launch, seconds, _ in runs]
        launch = [launch for launch, _, _ in runs]
        print(f"{mode:17s} {summary(frames)} frames/s; whole {summary(whole)}; launch and load {statistics.median(launch):.2f} s; "
              f"{runs[-1][2] / args.count / 1024:.0f} KB a frame")


def command_run(args):
    if os.path.isdir(args.output):
        shutil.rmtree(args.output)
    launch, seconds, size = render(args.mode, args, args.output)
    print(f"{args.output}/ ({args.mode}: {args.count} frames in {seconds:.2f} s, {args.count / seconds:.1f} frames/s; "
          f"launch and load {launch:.2f} s; {size / args.count / 1024:.0f} KB a frame)")


def command_compare(args):
    modes = args.mode
    print(f"machine: {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f} at the start")
    print(f"chromium: mode{'s' if len(modes) > 1 else ''} {', '.join(modes)}, each timed from the first scroll to the last file "
          "written (launch and page load excluded; reported with them as 'whole'); the fastest mode is the one compared")
    print(f"weft: {args.weft} frames --sample bench-feed --width {args.width} --height {args.height} --scale {args.scale:g} "
          f"--from {args.start:g} --to {args.end:g} --count {args.count} --curve linear, the whole process")
    chromium = {mode: [] for mode in modes}
    whole = {mode: [] for mode in modes}
    weft, ratios, ratios_whole = [], [], []
    for round_index in range(args.rounds):
        # Alternate where weft runs in the round, so it neither always follows nor always precedes Chromium.
        order = list(modes) + ["weft"] if round_index % 2 == 0 else ["weft"] + list(modes)
        measured = {}
        for which in order:
            folder = tempfile.mkdtemp(prefix=f"weft-bench-compare-{which}-")
            try:
                measured[which] = run_weft(args, folder) if which == "weft" else render(which, args, folder)
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        weft_seconds, weft_size = measured["weft"]
        weft.append(args.count / weft_seconds)
        line = []
        for mode in modes:
            launch, seconds, size = measured[mode]
            chromium[mode].append(args.count / seconds)
            whole[mode].append(args.count / (launch + seconds))
            line.append(f"{mode} {chromium[mode][-1]:.1f} (whole {whole[mode][-1]:.1f}, {size / args.count / 1024:.0f} KB a frame)")
        fastest = max(modes, key=lambda mode: chromium[mode][-1])
        ratios.append(weft[-1] / chromium[fastest][-1])
        ratios_whole.append(weft[-1] / max(whole[mode][-1] for mode in modes))
        print(f"round {round_index + 1}: chromium {'; '.join(line)}; weft {weft[-1]:.1f} frames/s ({weft_size / args.count / 1024:.0f} KB a frame): "
              f"weft / fastest chromium ({fastest}) {ratios[-1]:.1f}× (against whole {ratios_whole[-1]:.1f}×)", flush=True)
    print(f"frames/s, median (min–max) of {args.rounds} rounds; load average {os.getloadavg()[0]:.2f} at the end:")
    for mode in modes:
        print(f"chromium {mode}: {summary(chromium[mode])} frames/s; including launch and load {summary(whole[mode])}")
    print(f"weft frames: {summary(weft)} frames/s")
    print(f"weft / chromium's fastest mode, round by round: {statistics.median(ratios):.1f}× ({min(ratios):.1f}–{max(ratios):.1f}); "
          f"against chromium including launch and load {statistics.median(ratios_whole):.1f}× "
          f"({min(ratios_whole):.1f}–{max(ratios_whole):.1f})")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chromium", default=BROWSERS["chromium"])
    parser.add_argument("--shell", default=BROWSERS["shell"], help="chromium-headless-shell, for the beginframe modes")
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    parser.add_argument("--scale", type=float, default=3)
    parser.add_argument("--from", dest="start", type=float, default=0)
    parser.add_argument("--to", dest="end", type=float, default=6000)
    parser.add_argument("--count", type=int, default=120)
    parser.add_argument("--flag", action="append", default=[], help="another Chromium switch (repeatable), e.g. --flag=--disable-gpu")
    parser.add_argument("--items", type=int, default=1000, help="cards on the page (weft's bench-feed sample has 1000)")
    commands = parser.add_subparsers(dest="command", required=True)
    modes = commands.add_parser("modes", help="every PNG mode, interleaved, --rounds times")
    modes.add_argument("--rounds", type=int, default=3)
    modes.add_argument("--only", nargs="+", choices=list(MODES))
    run = commands.add_parser("run", help="one mode's frames into --output")
    run.add_argument("--mode", choices=list(MODES), default="speed")
    run.add_argument("--output", default="out/chromium-frames")
    compare = commands.add_parser("compare", help="a chromium mode and weft frames, interleaved, with the ratio")
    compare.add_argument("--mode", nargs="+", choices=list(MODES), default=["speed", "clip-speed", "beginframe-speed"],
                         help="the Chromium modes to time each round; weft is compared with the fastest")
    compare.add_argument("--weft", default=".build/release/weft")
    compare.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    {"modes": command_modes, "run": command_run, "compare": command_compare}[args.command](args)


if __name__ == "__main__":
    main()
