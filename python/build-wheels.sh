#!/usr/bin/env bash
# Builds what a maintainer publishes of the Python package ftfy_rs, into
# target/wheels/: one abi3 wheel (CPython 3.9 and later) for manylinux2014
# (glibc 2.17) x86_64, its native library stripped, and the source
# distribution. Then checks them: the tags, the manylinux policy
# (auditwheel), the metadata (twine check) and the library's size.
#
#   python/build-wheels.sh
#
# The tools (maturin, and zig from the ziglang package to link against
# glibc 2.17 whatever this machine's glibc) are installed at the versions
# python/requirements-dev.txt pins, into target/wheel-tools/.
set -euo pipefail
cd "$(dirname "$0")/.."

tools=target/wheel-tools
if [ ! -x "$tools/bin/maturin" ] || [ python/requirements-dev.txt -nt "$tools/bin/maturin" ]; then
  python3 -m venv "$tools"
  "$tools/bin/pip" install --quiet --disable-pip-version-check \
    -c python/requirements-dev.txt maturin ziglang twine auditwheel
  touch "$tools/bin/maturin"
fi
export PATH="$PWD/$tools/bin:$PATH"

out=target/wheels
mkdir -p "$out"
rm -f "$out"/ftfy_rs-*
maturin build --release --strip --zig --compatibility manylinux2014 \
  --manifest-path python/Cargo.toml --out "$out"
maturin sdist --manifest-path python/Cargo.toml --out "$out"

wheels=("$out"/ftfy_rs-*.whl)
if [ "${#wheels[@]}" -ne 1 ]; then
  echo "expected one wheel in $out, found ${#wheels[@]}"; exit 1
fi
wheel=${wheels[0]}
case "$(basename "$wheel")" in
  ftfy_rs-*-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl) ;;
  *) echo "unexpected tags: $(basename "$wheel")"; exit 1 ;;
esac
# The policy auditwheel finds from the symbols the library uses.
auditwheel show "$wheel" | tee "$out/auditwheel.txt"
tr -s ' \n' ' ' < "$out/auditwheel.txt" \
  | grep -q 'is consistent with the following platform tag: "manylinux_2_17_x86_64"'
rm "$out/auditwheel.txt"
twine check --strict "$out"/ftfy_rs-*
python3 - "$wheel" <<'PYTHON'
import sys, zipfile
wheel = zipfile.ZipFile(sys.argv[1])
library = next(info for info in wheel.infolist() if info.filename.endswith(".so"))
print(f"{library.filename}: {library.file_size / 1e6:.1f} MB")
assert library.file_size <= 8_000_000, "the native library is larger than 8 MB"
PYTHON
ls -l "$out"
