//! The UCI protocol: the engine's lines read into typed records, the GUI's commands written.
//!
//! The reading follows python-chess 1.11.2 where it decides something the protocol leaves
//! open, so that a line means the same in `bitmove.engine` as in `chess.engine`: a number
//! that does not parse drops that field only (and is named in [`Info::problems`]), unknown
//! words are skipped, a `pv` runs over the words shaped like moves, `string` takes the rest
//! of the line.

use std::fmt::{self, Write as _};
use std::string::{String, ToString};
use std::time::Duration;
use std::vec::Vec;

use super::ParseError;
use super::words::{is_space, next_word, py_float, py_int, words};
use crate::variant::{Variant, VariantMove, VariantPosition};
use crate::{Board, Move, UciError};

/// A score bound: the engine only knows the score is at least (`lowerbound`) or at most
/// (`upperbound`) the value it gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// `lowerbound`: the true score is at least this.
    Lower,
    /// `upperbound`: the true score is at most this.
    Upper,
}

impl Bound {
    /// The word UCI writes: `lowerbound` or `upperbound`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Bound::Lower => "lowerbound",
            Bound::Upper => "upperbound",
        }
    }
}

/// What a score counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreKind {
    /// `cp`: centipawns.
    Cp,
    /// `mate`: moves (not plies) to mate, negative when the side to move is mated;
    /// `mate 0` is written for a side to move that is mated already.
    Mate,
    /// XBoard only: a thinking line's score of exactly 100000, which python-chess reads as
    /// `MateGiven` (the side to move has mated; the value is 0).
    MateGiven,
}

impl ScoreKind {
    /// `cp`, `mate` or `mate_given`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ScoreKind::Cp => "cp",
            ScoreKind::Mate => "mate",
            ScoreKind::MateGiven => "mate_given",
        }
    }
}

/// A score as an engine reports it, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    /// Centipawns or moves to mate.
    pub kind: ScoreKind,
    /// The number, from the side to move's point of view (positive: good for it).
    pub value: i64,
    /// Whether this is only a bound.
    pub bound: Option<Bound>,
}

impl Score {
    /// The score from White's point of view, given who was to move.
    pub fn white(self, white_to_move: bool) -> Score {
        if white_to_move {
            self
        } else {
            Score {
                value: -self.value,
                bound: self.bound.map(|b| match b {
                    Bound::Lower => Bound::Upper,
                    Bound::Upper => Bound::Lower,
                }),
                ..self
            }
        }
    }
}

/// One `info` line. Every field is `None` when the line does not have it (or when its
/// value could not be read: then [`problems`](Info::problems) names it).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Info {
    /// `depth`: search depth in plies.
    pub depth: Option<i64>,
    /// `seldepth`: selective search depth.
    pub seldepth: Option<i64>,
    /// `multipv`: which of the best lines this is, from 1.
    pub multipv: Option<i64>,
    /// `score`.
    pub score: Option<Score>,
    /// `wdl`: wins, draws and losses per mille, side to move's view.
    pub wdl: Option<(i64, i64, i64)>,
    /// `nodes`: nodes searched.
    pub nodes: Option<i64>,
    /// `nps`: nodes per second.
    pub nps: Option<i64>,
    /// `time`: milliseconds searched.
    pub time_ms: Option<i64>,
    /// `hashfull`: the hash table's fill, per mille.
    pub hashfull: Option<i64>,
    /// `tbhits`: tablebase hits.
    pub tbhits: Option<i64>,
    /// `cpuload`: CPU use, per mille.
    pub cpuload: Option<i64>,
    /// `ebf`: effective branching factor (some engines).
    pub ebf: Option<f64>,
    /// `pv`: the principal variation, the words as written (checked against a board by
    /// [`Info::pv_moves`]).
    pub pv: Option<Vec<String>>,
    /// `currmove`: the root move being searched.
    pub currmove: Option<String>,
    /// `currmovenumber`: its number, from 1.
    pub currmovenumber: Option<i64>,
    /// `refutation`: the refuted move first, then the line that refutes it.
    pub refutation: Option<Vec<String>>,
    /// `currline`: the CPU number and the line it searches.
    pub currline: Option<(i64, Vec<String>)>,
    /// `string`: the rest of the line, free text.
    pub string: Option<String>,
    /// The fields whose value could not be read (`"depth"`, `"score"`, ...), for a log.
    pub problems: Vec<&'static str>,
}

impl Info {
    /// The search time as a duration (negative times read as none).
    pub fn time(&self) -> Option<Duration> {
        self.time_ms
            .and_then(|ms| u64::try_from(ms).ok())
            .map(Duration::from_millis)
    }

    /// The principal variation as legal moves from `board` (castling read as the board's
    /// mode reads it). The error gives the index of the first word that is not a legal move.
    pub fn pv_moves(&self, board: &Board) -> Result<Vec<Move>, usize> {
        line_moves(board, self.pv.as_deref().unwrap_or(&[]))
    }
}

/// The words of `line` played one after another from `board` as UCI moves. The error is
/// the index of the first that is not legal where it stands.
pub fn line_moves(board: &Board, line: &[String]) -> Result<Vec<Move>, usize> {
    let mut board = board.clone();
    let mut moves = Vec::with_capacity(line.len());
    for (i, word) in line.iter().enumerate() {
        let mv = board.parse_uci(&word.to_ascii_lowercase()).map_err(|_| i)?;
        board.play_unchecked(mv);
        moves.push(mv);
    }
    Ok(moves)
}

/// Whether a word starts like a UCI move (python-chess's test for the end of a line of
/// moves): `e2e4...`, a drop `N@f3...`, or exactly `0000`.
pub(crate) fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    (b.len() >= 4 && square(b[0], b[1]) && square(b[2], b[3]))
        || (b.len() >= 4 && b"PNBRQK".contains(&b[0]) && b[1] == b'@' && square(b[2], b[3]))
        || word == "0000"
}

/// Whether `word` is a move in UCI syntax as python-chess's `Move.from_uci` reads it: two
/// squares and a lowercase piece letter maybe (`e7e8q`, even `e7e8k`), a drop (`N@f3`, any
/// case), or the null move `0000`; never from a square to itself.
pub(crate) fn is_move_text(word: &str) -> bool {
    let b = word.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    match b {
        b"0000" => true,
        [p, b'@', f, r] => b"pnbrqk".contains(&p.to_ascii_lowercase()) && square(*f, *r),
        [f1, r1, f2, r2, rest @ ..] if rest.len() <= 1 => {
            square(*f1, *r1)
                && square(*f2, *r2)
                && (f1, r1) != (f2, r2)
                && rest.iter().all(|p| b"pnbrqk".contains(p))
        }
        _ => false,
    }
}

/// The words shaped like moves at the start of `rest`, and what follows them.
fn move_words(mut rest: &str) -> (Vec<String>, &str) {
    let mut line = Vec::new();
    loop {
        let (word, after) = next_word(rest);
        if !looks_like_move(word) {
            return (line, rest);
        }
        line.push(word.to_string());
        rest = after;
    }
}

/// Reads an `info` line, with or without the word `info`. Never fails: what cannot be read
/// is left out and named in [`Info::problems`].
///
/// ```
/// use bitmove::engine::{Bound, ScoreKind, parse_info};
///
/// let info = parse_info("info depth 20 seldepth 31 multipv 1 score cp -24 upperbound nodes 1200345 \
///                        nps 1500000 hashfull 412 tbhits 0 time 801 pv e7e5 g1f3 b8c6");
/// assert_eq!(info.depth, Some(20));
/// let score = info.score.unwrap();
/// assert_eq!((score.kind, score.value, score.bound), (ScoreKind::Cp, -24, Some(Bound::Upper)));
/// assert_eq!(info.pv.unwrap(), ["e7e5", "g1f3", "b8c6"]);
/// ```
pub fn parse_info(line: &str) -> Info {
    let mut info = Info::default();
    let (first, after) = next_word(line);
    let mut rest = if first == "info" { after } else { line };
    loop {
        let (key, after) = next_word(rest);
        if key.is_empty() {
            break;
        }
        rest = after;
        macro_rules! int_field {
            ($field:ident, $name:literal) => {{
                let (word, after) = next_word(rest);
                rest = after;
                match py_int(word) {
                    Some(n) => info.$field = Some(n),
                    None => info.problems.push($name),
                }
            }};
        }
        match key {
            "string" => {
                info.string = Some(rest.to_string());
                break;
            }
            "depth" => int_field!(depth, "depth"),
            "seldepth" => int_field!(seldepth, "seldepth"),
            "nodes" => int_field!(nodes, "nodes"),
            "multipv" => int_field!(multipv, "multipv"),
            "currmovenumber" => int_field!(currmovenumber, "currmovenumber"),
            "hashfull" => int_field!(hashfull, "hashfull"),
            "nps" => int_field!(nps, "nps"),
            "tbhits" => int_field!(tbhits, "tbhits"),
            "cpuload" => int_field!(cpuload, "cpuload"),
            "time" => int_field!(time_ms, "time"),
            "ebf" => {
                let (word, after) = next_word(rest);
                rest = after;
                match py_float(word) {
                    Some(x) => info.ebf = Some(x),
                    None => info.problems.push("ebf"),
                }
            }
            "score" => {
                let (kind, after) = next_word(rest);
                let (value, after) = next_word(after);
                rest = after;
                let (word, after) = next_word(rest);
                let bound = match word {
                    "lowerbound" => Some(Bound::Lower),
                    "upperbound" => Some(Bound::Upper),
                    _ => None,
                };
                if bound.is_some() {
                    rest = after;
                }
                let kind = match kind {
                    "cp" => Some(ScoreKind::Cp),
                    "mate" => Some(ScoreKind::Mate),
                    _ => None,
                };
                match (kind, py_int(value)) {
                    (Some(kind), Some(value)) => info.score = Some(Score { kind, value, bound }),
                    _ => info.problems.push("score"),
                }
            }
            "currmove" => {
                let (word, after) = next_word(rest);
                rest = after;
                if is_move_text(word) {
                    info.currmove = Some(word.to_string());
                } else {
                    info.problems.push("currmove");
                }
            }
            "currline" => {
                let (cpu, after) = next_word(rest);
                rest = after;
                match py_int(cpu) {
                    Some(cpu) => {
                        let (line, after) = move_words(rest);
                        rest = after;
                        info.currline = Some((cpu, line));
                    }
                    None => info.problems.push("currline"),
                }
            }
            "refutation" => {
                let (refuted, after) = next_word(rest);
                rest = after;
                if refuted.is_empty() {
                    info.problems.push("refutation");
                    info.refutation = Some(Vec::new());
                } else {
                    let (mut line, after) = move_words(rest);
                    rest = after;
                    line.insert(0, refuted.to_string());
                    info.refutation = Some(line);
                }
            }
            "pv" => {
                let (line, after) = move_words(rest);
                rest = after;
                info.pv = Some(line);
            }
            "wdl" => {
                let (w, after) = next_word(rest);
                let (d, after) = next_word(after);
                let (l, after) = next_word(after);
                rest = after;
                match (py_int(w), py_int(d), py_int(l)) {
                    (Some(w), Some(d), Some(l)) => info.wdl = Some((w, d, l)),
                    _ => info.problems.push("wdl"),
                }
            }
            _ => {}
        }
    }
    info
}

/// The type of a declared option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OptionKind {
    /// `check`: true or false.
    Check,
    /// `spin`: an integer between `min` and `max`.
    Spin,
    /// `combo`: one of the `var` strings.
    Combo,
    /// `button`: no value; setting it does something.
    Button,
    /// `string`: text.
    String,
    /// XBoard's `-reset` (a button).
    Reset,
    /// XBoard's `-save` (a button).
    Save,
    /// XBoard's `-file`: a path to a file.
    File,
    /// XBoard's `-path`: a path to a directory.
    Path,
}

impl OptionKind {
    /// The type as the protocol writes it.
    pub const fn as_str(self) -> &'static str {
        match self {
            OptionKind::Check => "check",
            OptionKind::Spin => "spin",
            OptionKind::Combo => "combo",
            OptionKind::Button => "button",
            OptionKind::String => "string",
            OptionKind::Reset => "reset",
            OptionKind::Save => "save",
            OptionKind::File => "file",
            OptionKind::Path => "path",
        }
    }

    fn from_word(word: &str) -> Option<OptionKind> {
        Some(match word {
            "check" => OptionKind::Check,
            "spin" => OptionKind::Spin,
            "combo" => OptionKind::Combo,
            "button" => OptionKind::Button,
            "string" => OptionKind::String,
            "reset" => OptionKind::Reset,
            "save" => OptionKind::Save,
            "file" => OptionKind::File,
            "path" => OptionKind::Path,
            _ => return None,
        })
    }
}

/// An option's value (its default, or one to set).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OptionValue {
    /// A check's value.
    Bool(bool),
    /// A spin's value.
    Int(i64),
    /// A combo's or string's value (also a check declared with an empty default, which
    /// python-chess keeps as the empty string).
    Str(String),
    /// No value: a button.
    None,
}

impl fmt::Display for OptionValue {
    /// As `setoption ... value` writes it (`true`/`false` for a check).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(n) => write!(f, "{n}"),
            OptionValue::Str(s) => f.write_str(s),
            OptionValue::None => Ok(()),
        }
    }
}

/// An `option` declaration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UciOption {
    /// The name (may hold spaces; compared without regard to case by GUIs).
    pub name: String,
    /// The type.
    pub kind: OptionKind,
    /// The default, read for the type; `default <empty>` is kept as the text `<empty>`.
    pub default: OptionValue,
    /// A spin's minimum.
    pub min: Option<i64>,
    /// A spin's maximum.
    pub max: Option<i64>,
    /// A combo's choices.
    pub var: Vec<String>,
}

impl UciOption {
    /// Reads `value` for this option's type, as python-chess's `Option.parse` does: a
    /// check is true unless empty or `false`, a spin an integer within its bounds, a combo
    /// one of its choices, a button nothing. The error is python-chess's message.
    pub fn parse_value(&self, value: &str) -> Result<OptionValue, String> {
        option_value(&self.name, self.kind, value, self.min, self.max, &self.var)
    }
}

/// Python's `repr` of a string, for messages that match python-chess's.
pub(crate) fn py_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

pub(crate) fn option_value(
    name: &str,
    kind: OptionKind,
    value: &str,
    min: Option<i64>,
    max: Option<i64>,
    var: &[String],
) -> Result<OptionValue, String> {
    Ok(match kind {
        OptionKind::Check if value.is_empty() => OptionValue::Str(String::new()),
        OptionKind::Check => OptionValue::Bool(value != "false"),
        OptionKind::Spin => {
            let n = py_int(value).ok_or_else(|| {
                format!(
                    "expected integer for spin option {}, got: {}",
                    py_repr(name),
                    py_repr(value)
                )
            })?;
            if let Some(min) = min.filter(|&min| n < min) {
                return Err(format!(
                    "expected value for option {} to be at least {min}, got: {n}",
                    py_repr(name)
                ));
            }
            if let Some(max) = max.filter(|&max| max < n) {
                return Err(format!(
                    "expected value for option {} to be at most {max}, got: {n}",
                    py_repr(name)
                ));
            }
            OptionValue::Int(n)
        }
        OptionKind::Combo => {
            if !var.iter().any(|v| v == value) {
                return Err(format!(
                    "invalid value for combo option {}, got: {value} (available: {})",
                    py_repr(name),
                    if var.is_empty() {
                        "-".to_string()
                    } else {
                        var.join(", ")
                    }
                ));
            }
            OptionValue::Str(value.to_string())
        }
        OptionKind::Button | OptionKind::Reset | OptionKind::Save => OptionValue::None,
        OptionKind::String | OptionKind::File | OptionKind::Path => {
            if value.contains(['\n', '\r']) {
                return Err(format!(
                    "invalid line-break in string option {}: {}",
                    py_repr(name),
                    py_repr(value)
                ));
            }
            OptionValue::Str(value.to_string())
        }
    })
}

const OPTION_WORDS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Cuts an option declaration at its keywords as python-chess does (a regular expression
/// split at `\s*\b(name|type|default|min|max|var)\b\s*`): the pieces alternate text,
/// keyword, text, ...
fn split_at_keywords(text: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut piece_start = 0;
    let mut at = 0;
    while at < text.len() {
        // The blanks from `at`, then a keyword with a word boundary on each side.
        let keyword_at = at + (text[at..].len() - text[at..].trim_start_matches(is_space).len());
        let before = text[..keyword_at].chars().next_back();
        let found = if before.is_some_and(is_word_char) {
            None
        } else {
            OPTION_WORDS.iter().find(|k| {
                text[keyword_at..].starts_with(**k)
                    && !text[keyword_at + k.len()..]
                        .chars()
                        .next()
                        .is_some_and(is_word_char)
            })
        };
        match found {
            Some(k) => {
                let end = keyword_at + k.len();
                let after =
                    end + (text[end..].len() - text[end..].trim_start_matches(is_space).len());
                pieces.push(&text[piece_start..at]);
                pieces.push(&text[keyword_at..end]);
                piece_start = after;
                at = after;
            }
            None => {
                // On to the next character (past a run of blanks that led to no keyword).
                let step = text[at..].chars().next().map_or(1, char::len_utf8);
                at += step;
            }
        }
    }
    pieces.push(&text[piece_start..]);
    pieces
}

/// Reads an `option` line, with or without the word `option`. Fails, with python-chess's
/// message, where python-chess does: an unknown type, a spin default that is no integer or
/// out of its bounds, a combo default that is none of its choices.
///
/// ```
/// use bitmove::engine::{OptionKind, OptionValue, parse_option};
///
/// let o = parse_option("option name Skill Level type spin default 20 min 0 max 20").unwrap();
/// assert_eq!((o.name.as_str(), o.kind, o.min, o.max), ("Skill Level", OptionKind::Spin, Some(0), Some(20)));
/// assert_eq!(o.default, OptionValue::Int(20));
/// let o = parse_option("option name Analysis Contempt type combo default Both var Off var White var Black var Both").unwrap();
/// assert_eq!(o.var, ["Off", "White", "Black", "Both"]);
/// ```
pub fn parse_option(line: &str) -> Result<UciOption, ParseError> {
    let (first, after) = next_word(line);
    let text = if first == "option" { after } else { line };
    let pieces = split_at_keywords(text.trim_matches(is_space));
    let mut parts: [&str; 5] = [""; 5];
    let mut var = Vec::new();
    let mut current: Option<usize> = None;
    for piece in pieces {
        let keyword = OPTION_WORDS.iter().position(|k| *k == piece);
        match keyword {
            Some(5) => current = Some(5),
            Some(k) if parts[k].is_empty() => current = Some(k),
            _ => match current {
                Some(5) => var.push(piece.to_string()),
                Some(k) => parts[k] = piece,
                None => {}
            },
        }
    }
    let [name, kind, default, min, max] = parts;
    let bound = |text: &str| if text.is_empty() { None } else { py_int(text) };
    let (min, max) = (bound(min), bound(max));
    let kind = OptionKind::from_word(kind)
        .ok_or_else(|| ParseError::new(line, format!("unknown option type: {}", py_repr(kind))))?;
    let default = option_value(name, kind, default, min, max, &var)
        .map_err(|reason| ParseError::new(line, reason))?;
    Ok(UciOption {
        name: name.to_string(),
        kind,
        default,
        min,
        max,
        var,
    })
}

/// Reads an `id` line, with or without the word `id`: the key (`name`, `author`) and the
/// rest, trimmed. A line with nothing gives two empty strings, as in python-chess.
pub fn parse_id(line: &str) -> (String, String) {
    let (first, after) = next_word(line);
    let text = if first == "id" { after } else { line };
    let (key, value) = next_word(text);
    (key.to_string(), value.trim_matches(is_space).to_string())
}

/// A `bestmove` line: the move and the expected reply, in lowercase, as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BestMove {
    /// The move; `None` for `bestmove (none)`, `bestmove NULL` or a bare `bestmove` (no
    /// legal move). `0000` (a null move) is kept as written.
    pub bestmove: Option<String>,
    /// The move it expects in reply (`ponder`), if it said one.
    pub ponder: Option<String>,
}

impl BestMove {
    /// The best move checked against `board`.
    pub fn legal(&self, board: &Board) -> Result<Option<Move>, UciError> {
        self.bestmove
            .as_deref()
            .map(|m| board.parse_uci(m))
            .transpose()
    }

    /// The best move checked against a variant position.
    pub fn legal_variant(
        &self,
        position: &VariantPosition,
    ) -> Result<Option<VariantMove>, UciError> {
        self.bestmove
            .as_deref()
            .map(|m| position.parse_uci(m))
            .transpose()
    }
}

/// Reads a `bestmove` line, with or without the word `bestmove`.
///
/// ```
/// use bitmove::engine::parse_bestmove;
///
/// let best = parse_bestmove("bestmove e2e4 ponder e7e5");
/// assert_eq!((best.bestmove.as_deref(), best.ponder.as_deref()), (Some("e2e4"), Some("e7e5")));
/// assert_eq!(parse_bestmove("bestmove (none)").bestmove, None);
/// ```
pub fn parse_bestmove(line: &str) -> BestMove {
    let (first, after) = next_word(line);
    let text = if first == "bestmove" { after } else { line };
    let tokens: Vec<&str> = words(text).take(3).collect();
    let real = |word: &str| (word != "(none)" && word != "NULL").then(|| word.to_lowercase());
    let bestmove = tokens.first().and_then(|m| real(m));
    let ponder = match (&bestmove, tokens.as_slice()) {
        (Some(_), [_, "ponder", reply, ..]) => real(reply),
        _ => None,
    };
    BestMove { bestmove, ponder }
}

/// A line a UCI engine writes, read.
#[derive(Clone, Debug, PartialEq)]
pub enum UciMessage {
    /// `id name ...` or `id author ...`: the key and the value.
    Id(String, String),
    /// `uciok`.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `option ...`.
    Option(UciOption),
    /// `info ...`.
    Info(std::boxed::Box<Info>),
    /// `bestmove ...`.
    BestMove(BestMove),
    /// `copyprotection checking|ok|error`: the word after it.
    CopyProtection(String),
    /// `registration checking|ok|error`: the word after it.
    Registration(String),
    /// Anything else (ignored by the protocol), blank lines too.
    Other(String),
}

/// Reads a line a UCI engine wrote. Fails only on an `option` declaration that cannot be
/// read ([`parse_option`]); every other line reads as something.
pub fn parse_uci_line(line: &str) -> Result<UciMessage, ParseError> {
    let (first, rest) = next_word(line);
    Ok(match first {
        "id" => {
            let (key, value) = parse_id(rest);
            UciMessage::Id(key, value)
        }
        "uciok" if rest.is_empty() => UciMessage::UciOk,
        "readyok" if rest.is_empty() => UciMessage::ReadyOk,
        "option" => UciMessage::Option(parse_option(rest)?),
        "info" => UciMessage::Info(std::boxed::Box::new(parse_info(rest))),
        "bestmove" => UciMessage::BestMove(parse_bestmove(rest)),
        "copyprotection" => UciMessage::CopyProtection(next_word(rest).0.to_string()),
        "registration" => UciMessage::Registration(next_word(rest).0.to_string()),
        _ => UciMessage::Other(line.to_string()),
    })
}

/// How long or how far to search (`go ...`). All unset is `go` alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limit {
    /// `movetime`: search exactly this long.
    pub movetime: Option<Duration>,
    /// `depth`: this many plies.
    pub depth: Option<u32>,
    /// `nodes`: this many nodes.
    pub nodes: Option<u64>,
    /// `mate`: look for a mate in this many moves.
    pub mate: Option<u32>,
    /// `wtime`: White's clock.
    pub wtime: Option<Duration>,
    /// `btime`: Black's clock.
    pub btime: Option<Duration>,
    /// `winc`: White's increment.
    pub winc: Option<Duration>,
    /// `binc`: Black's increment.
    pub binc: Option<Duration>,
    /// `movestogo`: moves to the next time control (0 is not written).
    pub movestogo: Option<u32>,
    /// `infinite`: until `stop`.
    pub infinite: bool,
    /// `ponder`: search in pondering mode.
    pub ponder: bool,
    /// `searchmoves`: only these root moves (UCI words).
    pub searchmoves: Vec<String>,
}

impl Limit {
    /// `go depth N`.
    pub fn depth(depth: u32) -> Limit {
        Limit {
            depth: Some(depth),
            ..Limit::default()
        }
    }

    /// `go nodes N`.
    pub fn nodes(nodes: u64) -> Limit {
        Limit {
            nodes: Some(nodes),
            ..Limit::default()
        }
    }

    /// `go movetime MS`.
    pub fn movetime(time: Duration) -> Limit {
        Limit {
            movetime: Some(time),
            ..Limit::default()
        }
    }
}

/// Milliseconds, rounded, at least `floor`.
fn millis(time: Duration, floor: u128) -> u128 {
    ((time.as_micros() + 500) / 1000).max(floor)
}

/// The `go` command for `limit`, its words in python-chess's order.
///
/// ```
/// use bitmove::engine::{Limit, go_command};
/// use std::time::Duration;
///
/// assert_eq!(go_command(&Limit::depth(12)), "go depth 12");
/// let clock = Limit { wtime: Some(Duration::from_secs(60)), btime: Some(Duration::from_secs(55)),
///                     winc: Some(Duration::from_secs(1)), binc: Some(Duration::from_secs(1)),
///                     movestogo: Some(20), ..Limit::default() };
/// assert_eq!(go_command(&clock), "go wtime 60000 btime 55000 winc 1000 binc 1000 movestogo 20");
/// ```
pub fn go_command(limit: &Limit) -> String {
    let mut go = String::from("go");
    if limit.ponder {
        go.push_str(" ponder");
    }
    if let Some(t) = limit.wtime {
        let _ = write!(go, " wtime {}", millis(t, 1));
    }
    if let Some(t) = limit.btime {
        let _ = write!(go, " btime {}", millis(t, 1));
    }
    if let Some(t) = limit.winc {
        let _ = write!(go, " winc {}", millis(t, 0));
    }
    if let Some(t) = limit.binc {
        let _ = write!(go, " binc {}", millis(t, 0));
    }
    if let Some(n) = limit.movestogo.filter(|&n| n > 0) {
        let _ = write!(go, " movestogo {n}");
    }
    if let Some(n) = limit.depth {
        let _ = write!(go, " depth {n}");
    }
    if let Some(n) = limit.nodes {
        let _ = write!(go, " nodes {n}");
    }
    if let Some(n) = limit.mate {
        let _ = write!(go, " mate {n}");
    }
    if let Some(t) = limit.movetime {
        let _ = write!(go, " movetime {}", millis(t, 1));
    }
    if limit.infinite {
        go.push_str(" infinite");
    }
    if !limit.searchmoves.is_empty() {
        go.push_str(" searchmoves ");
        go.push_str(&limit.searchmoves.join(" "));
    }
    go
}

/// `setoption name N value V` (`setoption name N` for a button: `OptionValue::None`).
pub fn setoption_command(name: &str, value: &OptionValue) -> String {
    match value {
        OptionValue::None => format!("setoption name {name}"),
        value => format!("setoption name {name} value {value}"),
    }
}

/// `setoption name UCI_Variant value V` with the variant's UCI name (`atomic`, `3check`,
/// ... as python-chess's boards name them in `uci_variant`).
pub fn variant_command(variant: Variant) -> String {
    format!("setoption name UCI_Variant value {}", variant.uci_name())
}

/// The standard start position's FEN.
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The `position` command for `moves` played from `start`: `startpos` for the standard
/// start, else `fen F` (Shredder-FEN in Chess960), then `moves ...` with castling as the
/// engine reads it: king takes rook (`e1h1`) when `chess960` (the engine's `UCI_Chess960`
/// is on), the king's two steps (`e1g1`) otherwise. The error is the index of the first illegal move.
///
/// ```
/// use bitmove::{Board, Move, Square};
/// use bitmove::engine::position_command;
///
/// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
/// let castle = Move::new(Square::E1, Square::H1);
/// assert!(position_command(&board, &[castle], false).unwrap().ends_with("moves e1g1"));
/// assert!(position_command(&board, &[castle], true).unwrap().ends_with("moves e1h1"));
/// assert_eq!(position_command(&Board::default(), &[], false).unwrap(), "position startpos");
/// ```
pub fn position_command(start: &Board, moves: &[Move], chess960: bool) -> Result<String, usize> {
    let mut board = start.clone();
    board.set_chess960(chess960 || start.is_chess960());
    let fen = board.to_string();
    let mut command = if fen == START_FEN {
        String::from("position startpos")
    } else {
        format!("position fen {fen}")
    };
    board.set_chess960(chess960);
    if !moves.is_empty() {
        command.push_str(" moves");
    }
    for (i, &mv) in moves.iter().enumerate() {
        let _ = write!(command, " {}", board.uci(mv));
        board.play(mv).map_err(|_| i)?;
    }
    Ok(command)
}

/// The `position` command for a variant position (always `fen F`, in the variant's FEN
/// form: pockets in brackets, remaining checks) and moves played from it, castling as in
/// [`position_command`]. The engine needs `UCI_Variant` set first ([`variant_command`]).
pub fn variant_position_command(
    start: &VariantPosition,
    moves: &[VariantMove],
    chess960: bool,
) -> Result<String, usize> {
    let mut position = start.clone();
    let mut command = format!("position fen {}", position.fen());
    if !moves.is_empty() {
        command.push_str(" moves");
    }
    for (i, &mv) in moves.iter().enumerate() {
        let shown = match mv {
            VariantMove::Normal(m) if !chess960 => {
                let mut board = position.board().clone();
                board.set_chess960(false);
                VariantMove::Normal(board.uci(m).as_move())
            }
            mv => mv,
        };
        let _ = write!(command, " {shown}");
        position.play(mv).map_err(|_| i)?;
    }
    Ok(command)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_keywords_split_as_python_chess() {
        assert_eq!(
            split_at_keywords("name Skill Level type spin default 20 min 0 max 20"),
            [
                "",
                "name",
                "Skill Level",
                "type",
                "spin",
                "default",
                "20",
                "min",
                "0",
                "max",
                "20"
            ]
        );
        // A keyword inside a word is no keyword; a keyword after a keyword has empty text.
        assert_eq!(
            split_at_keywords("name Minimum Thinking Time type string default min"),
            [
                "",
                "name",
                "Minimum Thinking Time",
                "type",
                "string",
                "default",
                "",
                "min",
                ""
            ]
        );
    }
}
