#!/usr/bin/env python3
"""Check the built book (run after `mdbook build book`; `bash book/build.sh` does both).

Fails, listing each problem as `file: link: why`, on:

- a page under book/src/ that SUMMARY.md does not list (mdBook would not build it), or that
  SUMMARY.md lists but is missing;
- a broken internal link in the built HTML: an href or src (a page, a picture, a stylesheet)
  naming no file of the built book, an anchor (`#...`, on the same page or another) naming no
  id of its page, or a link that leaves the built book (the repository's files are not in it:
  name them as a path in code style instead, as the pages do);
- a repository path written in code style in a page's Markdown (`search-core/src/game.rs`) that
  names no file or folder of the repository (a span counts as a path when it has no space, has a
  slash, and starts with a top-level entry of the repository);
- a relative link or picture of README.md naming no file of the repository;
- a generated-table marker `<!-- generated: NAME by `COMMAND` -->` without its
  `<!-- end: NAME -->` after it, or a NAME used twice.

Standard library only. Usage: python3 book/check.py [BOOK_DIR] (default: this script's folder).
"""

import html.parser
import os
import posixpath
import re
import subprocess
import sys
import urllib.parse

try:
    import tomllib
except ImportError:  # Python < 3.11: the defaults below are what book.toml says anyway
    tomllib = None


def book_settings(book_dir):
    """The source and build folders, from book.toml (mdBook's defaults where it says nothing)."""
    src, build = "src", "book"
    path = os.path.join(book_dir, "book.toml")
    if tomllib is not None and os.path.exists(path):
        with open(path, "rb") as f:
            config = tomllib.load(f)
        src = config.get("book", {}).get("src", src)
        build = config.get("build", {}).get("build-dir", build)
    elif os.path.exists(path):
        text = open(path, encoding="utf-8").read()
        m = re.search(r'^build-dir\s*=\s*"([^"]+)"', text, re.M)
        build = m.group(1) if m else build
        m = re.search(r'^src\s*=\s*"([^"]+)"', text, re.M)
        src = m.group(1) if m else src
    return os.path.join(book_dir, src), os.path.join(book_dir, build)


MD_LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def strip_code(markdown):
    """The Markdown without its fenced code blocks (their lines blanked, so line numbers hold)."""
    out, fence = [], None
    for line in markdown.split("\n"):
        m = re.match(r"^\s*(`{3,}|~{3,})", line)
        if fence is None and m:
            fence = m.group(1)
            out.append("")
        elif fence is not None:
            if line.strip().startswith(fence):
                fence = None
            out.append("")
        else:
            out.append(line)
    return "\n".join(out)


def check_summary(src_dir, problems):
    summary = os.path.join(src_dir, "SUMMARY.md")
    listed = set()
    text = strip_code(open(summary, encoding="utf-8").read())
    for target in MD_LINK.findall(text):
        path = urllib.parse.unquote(target.split("#", 1)[0])
        if not path or "://" in path:
            continue
        listed.add(posixpath.normpath(path))
        if not os.path.isfile(os.path.join(src_dir, path)):
            problems.append(("SUMMARY.md", target, "lists a page that does not exist"))
    for root, _, files in os.walk(src_dir):
        for name in files:
            if not name.endswith(".md"):
                continue
            rel = os.path.relpath(os.path.join(root, name), src_dir).replace(os.sep, "/")
            if rel != "SUMMARY.md" and rel not in listed:
                problems.append((rel, "", "page not reachable from SUMMARY.md"))


class Page(html.parser.HTMLParser):
    """The ids, the base href and the links (href and src) of one HTML page."""

    LINK_ATTRS = {"href", "src"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.links, self.base = set(), [], None

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name == "id" or (tag == "a" and name == "name"):
                self.ids.add(value)
            elif tag == "base" and name == "href":
                self.base = value
            elif name in self.LINK_ATTRS:
                self.links.append(value)

    handle_startendtag = handle_starttag


def parse(path, cache):
    if path not in cache:
        page = Page()
        with open(path, encoding="utf-8", errors="replace") as f:
            page.feed(f.read())
        cache[path] = page
    return cache[path]


def external(link):
    return bool(re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", link)) or link.startswith("//")


def check_html(build_dir, problems):
    build_dir = os.path.realpath(build_dir)
    cache = {}
    for root, _, files in os.walk(build_dir):
        for name in sorted(files):
            if not name.endswith(".html"):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, build_dir)
            page = parse(path, cache)
            for link in page.links:
                if not link or external(link):
                    continue
                url, _, fragment = link.partition("#")
                url = urllib.parse.unquote(url.split("?", 1)[0])
                if not url:
                    target = path
                else:
                    # A page's <base href> (mdBook's 404 page has one: the site's root) moves
                    # where its relative links start from.
                    start = os.path.dirname(path)
                    if page.base is not None and not external(page.base):
                        start = os.path.join(build_dir, page.base.lstrip("/"))
                    if url.startswith("/"):
                        target = os.path.join(build_dir, url.lstrip("/"))
                    else:
                        target = os.path.join(start, url)
                    target = os.path.realpath(target)
                    if os.path.commonpath([target, build_dir]) != build_dir:
                        problems.append(
                            (rel, link, "leaves the built book (name a repository file in code style)")
                        )
                        continue
                    if os.path.isdir(target):
                        target = os.path.join(target, "index.html")
                    if not os.path.isfile(target):
                        problems.append((rel, link, "no such file in the built book"))
                        continue
                if fragment and target.endswith(".html"):
                    if urllib.parse.unquote(fragment) not in parse(target, cache).ids:
                        problems.append((rel, link, "no such anchor"))


def repository_entries(repo):
    """The repository's top-level entries (tracked by git when it can say; else what is there)."""
    try:
        out = subprocess.run(
            ["git", "-C", repo, "ls-files"], capture_output=True, text=True, check=True
        ).stdout
        entries = {line.split("/", 1)[0] for line in out.splitlines() if line}
        if entries:
            return entries
    except (OSError, subprocess.CalledProcessError):
        pass
    return {e for e in os.listdir(repo) if e not in {".git", "target"}}


CODE_SPAN = re.compile(r"(?<!`)`([^`\s]+)`(?!`)")
PATH = re.compile(r"^[\w.-]+(/[\w.-]+)*/?$")


def check_code_paths(src_dir, repo, problems):
    top = repository_entries(repo)
    for root, _, files in os.walk(src_dir):
        for name in sorted(files):
            if not name.endswith(".md"):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, src_dir)
            text = strip_code(open(path, encoding="utf-8").read())
            for span in CODE_SPAN.findall(text):
                if "/" not in span or not PATH.match(span) or span.split("/", 1)[0] not in top:
                    continue
                if not os.path.exists(os.path.join(repo, span)):
                    problems.append((rel, span, "no such file or folder in the repository"))


def check_readme(repo, problems):
    readme = os.path.join(repo, "README.md")
    if not os.path.isfile(readme):
        return
    text = strip_code(open(readme, encoding="utf-8").read())
    for link in MD_LINK.findall(text):
        url = urllib.parse.unquote(link.split("#", 1)[0])
        if not url or external(link):
            continue
        if not os.path.exists(os.path.join(repo, url)):
            problems.append(("README.md", link, "no such file in the repository"))


GENERATED = re.compile(
    r"^<!-- generated: ([a-z0-9]+(?:-[a-z0-9]+)*) by `([^`]+)`(?: at [0-9a-f]{7,40}(?:\+changes)?)? -->$"
)
END = re.compile(r"^<!-- end: ([a-z0-9]+(?:-[a-z0-9]+)*) -->$")


def check_markers(src_dir, problems):
    seen = {}
    for root, _, files in os.walk(src_dir):
        for name in sorted(files):
            if not name.endswith(".md"):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, src_dir)
            open_name = None
            # Markers are lines of the page itself: an example in a code block is not one.
            text = strip_code(open(path, encoding="utf-8").read())
            for number, line in enumerate(text.split("\n"), 1):
                start, end = GENERATED.match(line), END.match(line)
                if "<!-- generated:" in line and not start:
                    problems.append((f"{rel}:{number}", line, "malformed generated-table marker"))
                elif "<!-- end:" in line and not end:
                    problems.append((f"{rel}:{number}", line, "malformed end marker"))
                elif start:
                    if open_name is not None:
                        problems.append((f"{rel}:{number}", open_name, "marker opened inside another"))
                    open_name = start.group(1)
                    if open_name in seen:
                        problems.append((f"{rel}:{number}", open_name, f"name already used in {seen[open_name]}"))
                    seen[open_name] = rel
                elif end:
                    if end.group(1) != open_name:
                        problems.append((f"{rel}:{number}", end.group(1), "end marker without its opening one"))
                    open_name = None
            if open_name is not None:
                problems.append((rel, open_name, "generated-table marker never ended"))


def main():
    book_dir = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(__file__))
    repo = os.path.dirname(book_dir)
    src_dir, build_dir = book_settings(book_dir)
    if not os.path.isfile(os.path.join(build_dir, "index.html")):
        print(f"no built book in {build_dir}: run `mdbook build {book_dir}` first", file=sys.stderr)
        return 2
    problems = []
    check_summary(src_dir, problems)
    check_html(build_dir, problems)
    check_code_paths(src_dir, repo, problems)
    check_readme(repo, problems)
    check_markers(src_dir, problems)
    problems = list(dict.fromkeys(problems))  # a picture is in a page twice (mdBook's zoom)
    for where, link, why in problems:
        print(f"{where}: {link}: {why}" if link else f"{where}: {why}")
    pages = sum(name.endswith(".html") for _, _, files in os.walk(build_dir) for name in files)
    if problems:
        print(f"book check: {len(problems)} problem(s) in {pages} built pages", file=sys.stderr)
        return 1
    print(f"book check: {pages} built pages, every page listed, every link resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
