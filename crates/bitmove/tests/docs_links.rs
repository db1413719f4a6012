//! The documentation holds together: every relative link in README.md, CHANGELOG.md, the Python
//! package's readme and docs/*.md names a file that exists, and every `#anchor` a heading of
//! the page it points into (GitHub's anchors); every code block names its language (rustdoc
//! runs a block without one as Rust); every docs page is linked from the index and README;
//! and README stays short, with a Quick start of exactly the two commands.
//!
//! Only std: a small Markdown reader for the parts that matter here (fenced code blocks, code
//! spans, ATX headings, inline links and images, reference definitions).

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The repository's root: two levels above this crate.
fn root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("..");
    root.canonicalize().unwrap_or(root)
}

/// The Markdown files whose links are checked.
fn documents() -> Vec<PathBuf> {
    let root = root();
    let mut files = vec![
        root.join("README.md"),
        root.join("CHANGELOG.md"),
        root.join("crates/bitmove-py/README.md"),
        root.join("crates/bitmove/README.md"),
        root.join("crates/bitmove-cli/README.md"),
    ];
    files.extend(docs_pages());
    files
}

/// Every docs/*.md, sorted.
fn docs_pages() -> Vec<PathBuf> {
    let dir = root().join("docs");
    let mut pages: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    pages.sort();
    pages
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// `path` relative to the repository root, for messages.
fn shown(path: &Path) -> String {
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    path.strip_prefix(root())
        .unwrap_or(&path)
        .display()
        .to_string()
}

/// An opening or closing code fence: its character and length, and the info string.
struct Fence<'a> {
    ch: char,
    len: usize,
    info: &'a str,
}

/// The fence that `line` is, if it is one (at most three spaces of indentation).
fn fence(line: &str) -> Option<Fence<'_>> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &line[indent..];
    let ch = rest.chars().next().filter(|&c| c == '`' || c == '~')?;
    let len = rest.len() - rest.trim_start_matches(ch).len();
    if len < 3 {
        return None;
    }
    let info = rest[len..].trim();
    if ch == '`' && info.contains('`') {
        return None;
    }
    Some(Fence { ch, len, info })
}

/// A fenced code block: the line of its opening fence (1-based), its info string, its lines.
struct CodeBlock<'a> {
    line: usize,
    info: &'a str,
    body: Vec<&'a str>,
}

/// The text split into prose (every line of a code block blanked, so that line numbers stay)
/// and the fenced code blocks.
fn split_code(text: &str) -> (Vec<&str>, Vec<CodeBlock<'_>>) {
    let mut prose = Vec::new();
    let mut blocks: Vec<CodeBlock<'_>> = Vec::new();
    let mut open: Option<(char, usize)> = None;
    for (index, line) in text.lines().enumerate() {
        match open {
            None => match fence(line) {
                Some(f) => {
                    open = Some((f.ch, f.len));
                    blocks.push(CodeBlock {
                        line: index + 1,
                        info: f.info,
                        body: Vec::new(),
                    });
                    prose.push("");
                }
                None => prose.push(line),
            },
            Some((ch, len)) => {
                let closes =
                    fence(line).is_some_and(|f| f.ch == ch && f.len >= len && f.info.is_empty());
                if closes {
                    open = None;
                } else if let Some(block) = blocks.last_mut() {
                    block.body.push(line);
                }
                prose.push("");
            }
        }
    }
    (prose, blocks)
}

/// The text of an ATX heading line (`## Title ##` gives `Title`), if it is one.
fn heading(line: &str) -> Option<&str> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &line[indent..];
    let level = rest.len() - rest.trim_start_matches('#').len();
    if !(1..=6).contains(&level) {
        return None;
    }
    let rest = &rest[level..];
    if !(rest.is_empty() || rest.starts_with(' ') || rest.starts_with('\t')) {
        return None;
    }
    let mut title = rest.trim();
    // A closing sequence of #s, if a space precedes it (or it is all there is).
    let without = title.trim_end_matches('#');
    if without.is_empty() || without.ends_with(' ') || without.ends_with('\t') {
        title = without.trim_end();
    }
    Some(title)
}

/// `text` with code spans blanked out (their content is not Markdown).
fn blank_code_spans(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = chars.clone();
    let run = |at: usize| chars[at..].iter().take_while(|&&c| c == '`').count();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            i += 1;
            continue;
        }
        let n = run(i);
        // The closing run: the next run of exactly n backticks.
        let mut j = i + n;
        let mut close = None;
        while j < chars.len() {
            if chars[j] == '`' {
                let m = run(j);
                if m == n {
                    close = Some(j);
                    break;
                }
                j += m;
            } else {
                j += 1;
            }
        }
        match close {
            Some(j) => {
                for c in &mut out[i..j + n] {
                    if *c != '\n' {
                        *c = ' ';
                    }
                }
                i = j + n;
            }
            None => i += n,
        }
    }
    out.into_iter().collect()
}

/// The text a heading shows: links become their text, code spans their content.
fn heading_text(title: &str) -> String {
    let chars: Vec<char> = title.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '['
            && let Some((text_end, target_end)) = link_at(&chars, i)
        {
            out.extend(&chars[i + 1..text_end]);
            i = target_end + 1;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// GitHub's anchor for a heading: the shown text in lower case, every character but letters,
/// digits, spaces, `-` and `_` dropped, each space made `-`.
fn slug(title: &str) -> String {
    heading_text(title)
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown text's headings, outside code blocks; a repeated heading gets
/// `-1`, `-2`, ... as on GitHub.
fn anchors(text: &str) -> Vec<String> {
    let (prose, _) = split_code(text);
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut out = Vec::new();
    for title in prose.iter().filter_map(|line| heading(line)) {
        let base = slug(title);
        let mut anchor = base.clone();
        let mut n = seen.get(&base).copied().unwrap_or(0);
        while out.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        seen.insert(base, n);
        out.push(anchor);
    }
    out
}

/// If `chars[at]` opens an inline link `[text](target)`: the index of the `]` and of the `)`.
fn link_at(chars: &[char], at: usize) -> Option<(usize, usize)> {
    let mut depth = 0usize;
    let mut i = at;
    let text_end = loop {
        match chars.get(i)? {
            '\\' => i += 1,
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    break i;
                }
            }
            _ => {}
        }
        i += 1;
    };
    if chars.get(text_end + 1) != Some(&'(') {
        return None;
    }
    let mut depth = 0usize;
    let mut j = text_end + 1;
    loop {
        match chars.get(j)? {
            '\\' => j += 1,
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some((text_end, j));
                }
            }
            '\n' => return None,
            _ => {}
        }
        j += 1;
    }
}

/// The link destination inside `(...)`: without a title, without `<>`.
fn destination(inside: &str) -> &str {
    let inside = inside.trim();
    if let Some(rest) = inside.strip_prefix('<') {
        return rest.split('>').next().unwrap_or(rest);
    }
    inside.split_whitespace().next().unwrap_or("")
}

/// Every link target in the text outside code, with its line number (1-based).
fn links(text: &str) -> Vec<(usize, String)> {
    let (prose, _) = split_code(text);
    let mut out = Vec::new();
    // Paragraph by paragraph: a code span or a link text may span lines, never paragraphs.
    let mut start = 0;
    while start < prose.len() {
        let mut end = start;
        while end < prose.len() && !prose[end].trim().is_empty() {
            end += 1;
        }
        if end > start {
            let paragraph = blank_code_spans(&prose[start..end].join("\n"));
            let chars: Vec<char> = paragraph.chars().collect();
            let line_of =
                |at: usize| start + 1 + chars[..at].iter().filter(|&&c| c == '\n').count();
            for (i, &c) in chars.iter().enumerate() {
                if c != '[' || (i > 0 && chars[i - 1] == '\\') {
                    continue;
                }
                if let Some((text_end, target_end)) = link_at(&chars, i) {
                    let inside: String = chars[text_end + 2..target_end].iter().collect();
                    out.push((line_of(i), destination(&inside).to_string()));
                } else if i == 0 || chars[i - 1] == '\n' {
                    // A reference definition: `[label]: target`.
                    let line: String = chars[i..].iter().take_while(|&&c| c != '\n').collect();
                    if let Some((_, rest)) = line.split_once(']')
                        && let Some(rest) = rest.strip_prefix(':')
                    {
                        let target = rest.split_whitespace().next().unwrap_or("");
                        out.push((line_of(i), target.to_string()));
                    }
                }
            }
        }
        start = end + 1;
    }
    out
}

/// `%xx` escapes decoded.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let hex = |b: u8| char::from(b).to_digit(16);
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(high), Some(low)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((high * 16 + low) as u8);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The broken links of `text`, the Markdown file at `file`: one message per link.
fn broken_links(file: &Path, text: &str) -> Vec<String> {
    let dir = file.parent().unwrap_or(Path::new("."));
    let mut errors = Vec::new();
    for (line, target) in links(text) {
        let lower = target.to_ascii_lowercase();
        if ["http:", "https:", "mailto:"]
            .iter()
            .any(|s| lower.starts_with(s))
        {
            continue;
        }
        let at = format!("{}:{line}: ({target})", shown(file));
        if target.is_empty() {
            errors.push(format!("{at}: empty link"));
            continue;
        }
        let (path, anchor) = match target.split_once('#') {
            Some((path, anchor)) => (percent_decode(path), Some(percent_decode(anchor))),
            None => (percent_decode(&target), None),
        };
        let heads = if path.is_empty() {
            anchors(text)
        } else {
            let resolved = dir.join(&path);
            if !resolved.exists() {
                errors.push(format!("{at}: no such file {}", shown(&resolved)));
                continue;
            }
            match &anchor {
                None => continue,
                Some(_)
                    if resolved.extension().is_some_and(|e| e == "md") && resolved.is_file() =>
                {
                    anchors(&read(&resolved))
                }
                Some(_) => {
                    errors.push(format!("{at}: an anchor into a file that is not Markdown"));
                    continue;
                }
            }
        };
        if let Some(anchor) = anchor
            && !heads.contains(&anchor)
        {
            errors.push(format!("{at}: no heading with the anchor #{anchor}"));
        }
    }
    errors
}

#[test]
fn every_link_and_anchor_resolves() {
    let mut errors = Vec::new();
    let mut checked = 0;
    for file in documents() {
        let text = read(&file);
        checked += links(&text).len();
        errors.extend(broken_links(&file, &text));
    }
    assert!(
        checked > 50,
        "only {checked} links found: is the reader broken?"
    );
    assert!(errors.is_empty(), "broken links:\n{}", errors.join("\n"));
}

#[test]
fn every_code_block_names_its_language() {
    let mut errors = Vec::new();
    for file in documents() {
        let text = read(&file);
        let (_, blocks) = split_code(&text);
        for block in blocks.iter().filter(|block| block.info.is_empty()) {
            errors.push(format!(
                "{}:{}: a code block without a language (rustdoc would run it as Rust)",
                shown(&file),
                block.line
            ));
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// Whether one of `targets` is `path`, with or without an anchor.
fn linked(targets: &[String], path: &str) -> bool {
    targets.iter().any(|t| t.split('#').next() == Some(path))
}

#[test]
fn every_docs_page_is_linked_from_the_index_and_the_readme() {
    let root = root();
    let index = read(&root.join("docs/README.md"));
    let readme = read(&root.join("README.md"));
    let index_links: Vec<String> = links(&index).into_iter().map(|(_, t)| t).collect();
    let readme_links: Vec<String> = links(&readme).into_iter().map(|(_, t)| t).collect();
    let mut errors = Vec::new();
    for page in docs_pages() {
        let name = page
            .file_name()
            .and_then(|n| n.to_str())
            .expect("a UTF-8 name")
            .to_string();
        if name != "README.md" && !linked(&index_links, &name) {
            errors.push(format!("docs/README.md does not link {name}"));
        }
        if !linked(&readme_links, &format!("docs/{name}")) {
            errors.push(format!("README.md does not link docs/{name}"));
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn readme_is_short_and_quick_start_is_the_two_commands() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(
        lines <= 260,
        "README.md has {lines} lines; keep it at most 260 (docs/ holds the rest)"
    );

    let (prose, blocks) = split_code(&readme);
    let start = prose
        .iter()
        .position(|line| heading(line) == Some("Quick start"))
        .expect("README.md has a \"Quick start\" heading")
        + 1;
    let next_heading = prose[start..]
        .iter()
        .position(|line| heading(line).is_some())
        .map_or(usize::MAX, |n| start + n + 1);
    let block = blocks
        .iter()
        .find(|block| block.line > start)
        .filter(|block| block.line < next_heading)
        .expect("a code block in the Quick start section");
    let commands: Vec<&str> = block
        .body
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect();
    assert_eq!(
        commands.len(),
        2,
        "the Quick start block must be exactly two commands: {commands:?}"
    );
    assert!(
        commands[0].starts_with("cargo run --release"),
        "first command: {}",
        commands[0]
    );
    assert!(
        commands[1].starts_with("scripts/test-all.sh"),
        "second command: {}",
        commands[1]
    );
}

#[test]
fn slugs_are_githubs() {
    assert_eq!(slug("Quick start"), "quick-start");
    assert_eq!(slug("`bitmove perft`"), "bitmove-perft");
    assert_eq!(slug("On a Dask cluster"), "on-a-dask-cluster");
    assert_eq!(slug("[0.2.0] - 2026-11-25"), "020---2026-11-25");
    assert_eq!(
        slug("What's new: `no_std`, (maybe) *fast*!"),
        "whats-new-no_std-maybe-fast"
    );
    assert_eq!(
        slug("See [the docs](docs/README.md) now"),
        "see-the-docs-now"
    );
    assert_eq!(slug("Über Zügen"), "über-zügen");
    assert_eq!(heading("## Tests ##"), Some("Tests"));
    assert_eq!(heading("#hashtag"), None);
    assert_eq!(
        anchors("# Tests\n## Tests\n```md\n# Tests\n```\n### Tests\n"),
        ["tests", "tests-1", "tests-2"]
    );
}

#[test]
fn broken_links_are_reported() {
    // As if this text were docs/example.md: README.md is then docs/README.md.
    let file = root().join("docs").join("example.md");
    let text = "\
# Example

## A heading
## A heading

Fine: [up](#a-heading), [again](#a-heading-1), [index](README.md), [the
index's top](README.md#bitmove-documentation), [web](https://example.com/#x),
[mail](mailto:someone@example.com), ![an image](../LICENSE-MIT), `[code](nowhere.md)`.

Broken: [a page](no-such-page.md), [an anchor](#no-such-anchor),
[an anchor elsewhere](README.md#no-such-heading), [a code heading](#hidden),
[a licence anchor](../LICENSE-MIT#top).

[ref]: missing-too.md

```md
# Hidden
[not a link](ignored.md)
```
";
    let errors = broken_links(&file, text);
    let expected = [
        "no-such-page.md",
        "#no-such-anchor",
        "README.md#no-such-heading",
        "#hidden",
        "../LICENSE-MIT#top",
        "missing-too.md",
    ];
    assert_eq!(errors.len(), expected.len(), "{errors:#?}");
    for (error, target) in errors.iter().zip(expected) {
        assert!(
            error.contains(&format!("({target})")),
            "{error} should be about {target}"
        );
    }
    assert!(
        errors[0].starts_with("docs/example.md:10: "),
        "{}",
        errors[0]
    );
}
