"""TOML strings for the generated golden and test-data files."""
import unicodedata


def toml_string(text):
    """A TOML basic string, with invisible and control characters escaped
    so that a reader can see them."""
    out = ['"']
    for c in text:
        if c == '"':
            out.append('\\"')
        elif c == "\\":
            out.append("\\\\")
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp", "Co", "Cn") or c in "\u00a0\u3000":
            code = ord(c)
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            out.append(c)
    out.append('"')
    return "".join(out)
