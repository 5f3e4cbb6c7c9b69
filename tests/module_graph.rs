//! The architecture, checked: in each crate of the library (`ftfy-core`,
//! `ftfy-extended`, `ftfy`), the top-level modules of its `src/` (each
//! file or folder is one) form an acyclic graph, and the graphs drawn in
//! `docs/architecture.md` are the real ones. References inside
//! `#[cfg(test)]` code, comments and strings don't count. (Which crate may
//! name which, Cargo enforces.)

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Each crate of the library, and its folder in the workspace.
const CRATES: [(&str, &str); 3] = [
    ("ftfy-core", "crates/core"),
    ("ftfy-extended", "crates/extended"),
    ("ftfy", "."),
];

fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Each top-level module of the crate in `src` and its files, with each
/// file's depth below `src/` in modules (`src/a.rs` and `src/a/mod.rs`
/// are 1, `src/a/b.rs` 2).
fn modules(src: &Path) -> BTreeMap<String, Vec<(PathBuf, usize)>> {
    let mut modules: BTreeMap<String, Vec<(PathBuf, usize)>> = BTreeMap::new();
    for entry in fs::read_dir(src).expect("src/ is readable") {
        let path = entry.expect("an entry").path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            let mut stack = vec![(path, 1)];
            while let Some((dir, depth)) = stack.pop() {
                for file in fs::read_dir(&dir).expect("a readable folder") {
                    let file = file.expect("an entry").path();
                    if file.is_dir() {
                        stack.push((file, depth + 1));
                    } else if file.extension().is_some_and(|e| e == "rs") {
                        let is_mod = file.file_name().is_some_and(|n| n == "mod.rs");
                        let depth = if is_mod { depth } else { depth + 1 };
                        modules.entry(name.clone()).or_default().push((file, depth));
                    }
                }
            }
        } else if name != "lib" && path.extension().is_some_and(|e| e == "rs") {
            modules.entry(name).or_default().push((path, 1));
        }
    }
    // A folder with a file of its own name (`pipeline.rs` and
    // `pipeline/`): the files below are one level deeper than found.
    for files in modules.values_mut() {
        let has_root_file = files.iter().any(|(path, _)| path.parent() == Some(src));
        if has_root_file {
            for (path, depth) in files.iter_mut() {
                if path.parent() != Some(src) {
                    *depth += 1;
                }
            }
        }
    }
    // Files of modules declared under `#[cfg(test)]` are test code.
    let test_files = test_module_files(modules.values().flatten().map(|(path, _)| path));
    for files in modules.values_mut() {
        files.retain(|(path, _)| !test_files.iter().any(|test| path.starts_with(test)));
    }
    modules
}

/// The files (or folders) of the modules that `files` declare under
/// `#[cfg(test)]` (`#[cfg(test)] mod tests;` is `tests.rs` or `tests/`
/// beside a `mod.rs`, or in the folder of a file's own name).
fn test_module_files<'p>(files: impl Iterator<Item = &'p PathBuf>) -> Vec<PathBuf> {
    let mut test_files = Vec::new();
    for path in files {
        let source = fs::read_to_string(path).expect("a source file");
        let folder = if path.file_name().is_some_and(|name| name == "mod.rs") {
            path.parent().expect("a folder").to_path_buf()
        } else {
            path.with_extension("")
        };
        for (at, _) in source.match_indices("#[cfg(test)]\nmod ") {
            let rest = &source[at + "#[cfg(test)]\nmod ".len()..];
            let Some(name) = identifier_at(rest) else {
                continue;
            };
            // (`mod tests { ... }` is inline: `code_of` leaves it out.)
            if rest[name.len()..].starts_with(';') {
                test_files.push(folder.join(format!("{name}.rs")));
                test_files.push(folder.join(name));
            }
        }
    }
    test_files
}

/// `source` without comments, string and character literals, and items
/// under `#[cfg(test)]`.
fn code_of(source: &str) -> String {
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(source.len());
    let mut at = 0;
    while at < bytes.len() {
        let rest = &source[at..];
        if rest.starts_with("//") {
            at += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            at += rest.find("*/").map_or(rest.len(), |end| end + 2);
        } else if rest.starts_with("#[cfg(test)]") {
            at += item_length(rest);
        } else if let Some(length) = literal_length(rest) {
            out.push_str("\"\"");
            at += length;
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            at += c.len_utf8();
        }
    }
    out
}

/// The length of a string, raw string or character literal at the start
/// of `rest`, if one starts there (not a lifetime).
fn literal_length(rest: &str) -> Option<usize> {
    let raw = rest.strip_prefix('r').or_else(|| rest.strip_prefix("br"));
    if let Some(raw) = raw {
        let hashes = raw.len() - raw.trim_start_matches('#').len();
        if raw[hashes..].starts_with('"') {
            let close = format!("\"{}", "#".repeat(hashes));
            let body = &raw[hashes + 1..];
            let prefix = rest.len() - raw.len();
            return Some(prefix + hashes + 1 + body.find(&close)? + close.len());
        }
    }
    let quote = rest.chars().next()?;
    if quote == '"' || (quote == '\'' && is_char_literal(rest)) {
        let mut escaped = false;
        for (index, c) in rest.char_indices().skip(1) {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                c if c == quote => return Some(index + 1),
                _ => {}
            }
        }
    }
    None
}

/// Whether the `'` starting `rest` opens a character literal (`'a'`,
/// `'\n'`, `'\u{41}'`) rather than a lifetime or label.
fn is_char_literal(rest: &str) -> bool {
    let mut chars = rest.chars().skip(1);
    match chars.next() {
        Some('\\') => true,
        Some(_) => chars.next() == Some('\''),
        None => false,
    }
}

/// The length of the item after an attribute at the start of `rest`:
/// through its matching closing brace, or its `;`.
fn item_length(rest: &str) -> usize {
    let mut depth = 0;
    for (index, byte) in rest.bytes().enumerate() {
        match byte {
            b';' if depth == 0 && index > "#[cfg(test)]".len() => return index + 1,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return index + 1;
                }
            }
            _ => {}
        }
    }
    rest.len()
}

/// The names `lib.rs` re-exports, and the module each comes from.
fn reexports(src: &Path) -> BTreeMap<String, String> {
    let lib = code_of(&fs::read_to_string(src.join("lib.rs")).expect("lib.rs"));
    let mut names = BTreeMap::new();
    for statement in lib.split(';') {
        let Some(path) = statement.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, rest)) = path.split_once("::") else {
            continue;
        };
        let rest = rest.trim().trim_start_matches('{').trim_end_matches('}');
        for name in rest.split(',') {
            let name = name.trim().rsplit("::").next().unwrap_or("").trim();
            if !name.is_empty() {
                names.insert(name.to_owned(), module.trim().to_owned());
            }
        }
    }
    names
}

/// The first segments of the paths in a `use` tree or path that follows
/// `crate::` (`a::b`, `{a, b::c}`).
fn first_segments(tree: &str) -> Vec<String> {
    let tree = tree.trim_start();
    if let Some(group) = tree.strip_prefix('{') {
        let mut segments = Vec::new();
        let mut depth = 0;
        let mut start = 0;
        for (index, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    segments.push(&group[start..index]);
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    segments.push(&group[start..index]);
                    start = index + 1;
                }
                _ => {}
            }
        }
        return segments
            .into_iter()
            .filter_map(|path| identifier_at(path.trim_start()))
            .collect();
    }
    identifier_at(tree).into_iter().collect()
}

fn identifier_at(text: &str) -> Option<String> {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    (end > 0).then(|| text[..end].to_owned())
}

/// The top-level modules each module of the crate in `src` names.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules(src);
    let reexports = reexports(src);
    let resolve = |name: &str| {
        let module = if modules.contains_key(name) {
            Some(name.to_owned())
        } else {
            reexports.get(name).cloned()
        };
        // (Names re-exported from other crates are no module of this one.)
        module.filter(|module| modules.contains_key(module))
    };
    let mut graph = BTreeMap::new();
    for (module, files) in &modules {
        let mut named = BTreeSet::new();
        for (path, depth) in files {
            let code = code_of(&fs::read_to_string(path).expect("a source file"));
            // `super::` as many times as the file is deep reaches the crate.
            let to_crate = "super::".repeat(*depth);
            for prefix in ["crate::", to_crate.as_str()] {
                for (at, _) in code.match_indices(prefix) {
                    let before = code[..at].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                        continue;
                    }
                    for segment in first_segments(&code[at + prefix.len()..]) {
                        named.extend(resolve(&segment));
                    }
                }
            }
        }
        named.remove(module);
        graph.insert(module.clone(), named);
    }
    graph
}

/// The modules reachable from `start`.
fn reachable<'g>(graph: &'g BTreeMap<String, BTreeSet<String>>, start: &str) -> BTreeSet<&'g str> {
    let mut seen = BTreeSet::new();
    let mut stack: Vec<&str> = graph[start].iter().map(String::as_str).collect();
    while let Some(module) = stack.pop() {
        if seen.insert(module) {
            stack.extend(graph[module].iter().map(String::as_str));
        }
    }
    seen
}

#[test]
fn modules_form_an_acyclic_graph() {
    for (name, folder) in CRATES {
        let graph = graph(&workspace().join(folder).join("src"));
        assert!(graph.len() > 3, "found the modules of {name}: {graph:?}");
        for module in graph.keys() {
            let reached = reachable(&graph, module);
            assert!(
                !reached.contains(module.as_str()),
                "{name}: {module} depends on itself through {reached:?}"
            );
        }
    }
}

#[test]
fn the_graphs_in_the_architecture_document_are_the_real_ones() {
    let document =
        fs::read_to_string(workspace().join("docs/architecture.md")).expect("the document");
    for (name, folder) in CRATES {
        let mut expected = String::new();
        for (module, named) in graph(&workspace().join(folder).join("src")) {
            for target in named {
                expected.push_str(&format!("    {module} --> {target}\n"));
            }
        }
        let marker = format!("<!-- module graph: {name} -->\n```mermaid\nflowchart TD\n");
        let start = document.find(&marker).expect("the graph's marker");
        let drawn = &document[start + marker.len()..];
        let drawn = &drawn[..drawn.find("```\n<!-- end -->").expect("its end")];
        assert_eq!(
            drawn, expected,
            "docs/architecture.md should draw for {name}:\n{expected}"
        );
    }
}

/// The checker's own parts, on small cases.
#[test]
fn code_of_leaves_out_comments_strings_and_tests() {
    let code = code_of(
        "use crate::a; // crate::b\n/* crate::c */ let s = \"crate::d\"; let c = '\"';\n#[cfg(test)]\nmod tests { use crate::e; }\nfn f<'a>() { crate::{g, h::i}; }",
    );
    assert!(code.contains("crate::a"));
    assert!(!code.contains("crate::b") && !code.contains("crate::c") && !code.contains("crate::d"));
    assert!(!code.contains("crate::e"));
    assert_eq!(first_segments("{g, h::i}; }"), ["g", "h"]);
    assert!(code.contains("fn f<'a>()"));
}
