#!/usr/bin/env python3
"""A UCI engine that answers late: it runs a real engine and forwards everything it says, but
holds each `bestmove` back for a delay, so that at a short time control it loses on time. The
match script's check uses it as an opponent: its losses on time must be listed, not passed over.

    python3 game-chess/tests/python/late_engine.py --delay-ms 300 target/release/game-search-uci
"""
import argparse
import subprocess
import sys
import threading
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--delay-ms", type=int, default=300, help="how late each bestmove is sent")
    parser.add_argument("engine", help="the UCI engine to run behind the delay")
    args = parser.parse_args()
    if args.delay_ms < 0:
        parser.error("--delay-ms must be at least 0")
    try:
        engine = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    except OSError as error:
        parser.error(f"cannot run {args.engine}: {error}")

    def forward():
        for line in engine.stdout:
            if line.startswith("bestmove"):
                time.sleep(args.delay_ms / 1000)
            sys.stdout.write(line)
            sys.stdout.flush()

    threading.Thread(target=forward, daemon=True).start()
    for line in sys.stdin:
        engine.stdin.write(line)
        engine.stdin.flush()
        if line.strip() == "quit":
            break
    else:
        engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
