//! The XBoard (CECP) protocol: the engine's lines read (feature negotiation, moves, results,
//! comments, errors, thinking output), the GUI's commands written. Reading follows
//! python-chess 1.11.2's `XBoardProtocol` where the protocol leaves room.

use std::string::{String, ToString};
use std::time::Duration;
use std::vec::Vec;

use super::ParseError;
use super::uci::{OptionKind, OptionValue, Score, ScoreKind, UciOption, py_repr};
use super::words::{is_space, next_word, py_int, split_words, words};
use crate::variant::Variant;
use crate::{Board, Move};

/// A feature's value: an integer when the text is one, else the text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FeatureValue {
    /// `done=1`, `ping=1`, `sigint=0`, ...
    Int(i64),
    /// `myname="Crafty 25.2"`, `variants="normal,atomic"`, `option="..."`.
    Str(String),
}

/// Reads a `feature` line, with or without the word `feature`, into its `name=value`
/// pairs in order. Quotes are read as a POSIX shell reads them (python-chess uses
/// `shlex.split`); the value of `option` is always text (read it with
/// [`parse_xboard_option`]). Fails on an unclosed quote or a pair without `=`.
///
/// ```
/// use bitmove::engine::{FeatureValue, parse_features};
///
/// let f = parse_features(r#"feature ping=1 setboard=1 myname="Crafty 25.2" done=0"#).unwrap();
/// assert_eq!(f[2], ("myname".to_string(), FeatureValue::Str("Crafty 25.2".into())));
/// assert_eq!(f[3], ("done".to_string(), FeatureValue::Int(0)));
/// ```
pub fn parse_features(line: &str) -> Result<Vec<(String, FeatureValue)>, ParseError> {
    let (first, after) = next_word(line);
    let text = if first == "feature" { after } else { line };
    let pairs = split_words(text).map_err(|why| ParseError::new(line, why.to_string()))?;
    pairs
        .into_iter()
        .map(|pair| {
            let Some((key, value)) = pair.split_once('=') else {
                return Err(ParseError::new(
                    line,
                    format!("feature {} has no '='", py_repr(&pair)),
                ));
            };
            let value = match py_int(value) {
                Some(n) if key != "option" => FeatureValue::Int(n),
                _ => FeatureValue::Str(value.to_string()),
            };
            Ok((key.to_string(), value))
        })
        .collect()
}

/// Reads the value of an XBoard `feature option="..."`: `NAME -TYPE ...` (the name is one
/// word, as python-chess reads it). A check's default is 0 or 1, a spin has default, min
/// and max, a combo's choices are separated by `///` with the default marked `*`.
///
/// ```
/// use bitmove::engine::{OptionKind, OptionValue, parse_xboard_option};
///
/// let o = parse_xboard_option("Hash -spin 64 1 4096").unwrap();
/// assert_eq!((o.kind, o.default, o.min, o.max), (OptionKind::Spin, OptionValue::Int(64), Some(1), Some(4096)));
/// let o = parse_xboard_option("Style -combo Solid /// *Normal /// Risky").unwrap();
/// assert_eq!((o.default, o.var.len()), (OptionValue::Str("Normal".into()), 3));
/// ```
pub fn parse_xboard_option(value: &str) -> Result<UciOption, ParseError> {
    let params: Vec<&str> = words(value).collect();
    let bad = |why: &str| ParseError::new(value, why.to_string());
    let (Some(name), Some(kind)) = (params.first(), params.get(1)) else {
        return Err(bad("an option needs a name and a -type"));
    };
    // python-chess drops the first character, whatever it is.
    let mut kind_chars = kind.chars();
    kind_chars.next();
    let kind_word = kind_chars.as_str();
    let kind = match kind_word {
        "check" => OptionKind::Check,
        "spin" | "slider" => OptionKind::Spin,
        "combo" => OptionKind::Combo,
        "button" => OptionKind::Button,
        "reset" => OptionKind::Reset,
        "save" => OptionKind::Save,
        "string" => OptionKind::String,
        "file" => OptionKind::File,
        "path" => OptionKind::Path,
        other => return Err(bad(&format!("unknown option type: {}", py_repr(other)))),
    };
    let int = |i: usize| {
        params
            .get(i)
            .and_then(|w| py_int(w))
            .ok_or_else(|| bad("a number is missing or is no integer"))
    };
    let mut option = UciOption {
        name: name.to_string(),
        kind,
        default: OptionValue::None,
        min: None,
        max: None,
        var: Vec::new(),
    };
    match kind {
        OptionKind::Combo => {
            for choice in &params[2..] {
                if *choice == "///" {
                    continue;
                }
                match choice.strip_prefix('*') {
                    Some(default) => {
                        option.default = OptionValue::Str(default.to_string());
                        option.var.push(default.to_string());
                    }
                    None => option.var.push(choice.to_string()),
                }
            }
        }
        OptionKind::Check => option.default = OptionValue::Int(int(2)?),
        OptionKind::String | OptionKind::File | OptionKind::Path => {
            option.default = OptionValue::Str(params.get(2).unwrap_or(&"").to_string());
        }
        OptionKind::Spin => {
            option.default = OptionValue::Int(int(2)?);
            option.min = Some(int(3)?);
            option.max = Some(int(4)?);
        }
        OptionKind::Button | OptionKind::Reset | OptionKind::Save => {}
    }
    Ok(option)
}

/// The mate scores of XBoard's thinking output: python-chess reads a score of ±100000 and
/// beyond as a mate, `100000 + n` as mate in `n`.
const MATE: i64 = 100_000;

/// One line of thinking output (`post` mode): `ply score time nodes [seldepth [nps
/// [tbhits]]] pv...`, the score in centipawns (mates as 100000 + moves), the time in
/// centiseconds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Post {
    /// Search depth (plies).
    pub depth: i64,
    /// The score, side to move's view: a mate for ±100000 and beyond
    /// ([`ScoreKind::MateGiven`] for exactly +100000).
    pub score: Score,
    /// Centiseconds searched.
    pub time_cs: i64,
    /// Nodes searched.
    pub nodes: i64,
    /// Selective depth, when given.
    pub seldepth: Option<i64>,
    /// Nodes per second, when given.
    pub nps: Option<i64>,
    /// Tablebase hits, when given (the last of the integers after `nps`).
    pub tbhits: Option<i64>,
    /// The principal variation's words as written (SAN or coordinates), move numbers
    /// (`12.`, `3...`) left out.
    pub pv: Vec<String>,
}

impl Post {
    /// The search time.
    pub fn time(&self) -> Duration {
        Duration::from_millis(u64::try_from(self.time_cs).unwrap_or(0).saturating_mul(10))
    }

    /// The principal variation as legal moves from `board`, as far as they are legal (SAN or
    /// UCI, as python-chess's `push_xboard` reads them).
    pub fn pv_moves(&self, board: &Board) -> Vec<Move> {
        let mut board = board.clone();
        let mut moves = Vec::new();
        for word in &self.pv {
            let Ok(mv) = board.parse_san(word).or_else(|_| board.parse_uci(word)) else {
                break;
            };
            board.play_unchecked(mv);
            moves.push(mv);
        }
        moves
    }
}

/// Reads a line of thinking output; `None` when it does not start with four integers.
///
/// ```
/// use bitmove::engine::{ScoreKind, parse_post};
///
/// let post = parse_post("9 156 1084 48000 Nf3 Nc6 Nc3 Nf6").unwrap();
/// assert_eq!((post.depth, post.score.value, post.time_cs, post.nodes), (9, 156, 1084, 48000));
/// assert_eq!(post.pv, ["Nf3", "Nc6", "Nc3", "Nf6"]);
/// assert_eq!(parse_post("10 100003 5 100 Qh5").unwrap().score.kind, ScoreKind::Mate);
/// assert!(parse_post("move e2e4").is_none());
/// ```
pub fn parse_post(line: &str) -> Option<Post> {
    let mut tokens = words(line).peekable();
    let mut ints = Vec::new();
    while let Some(n) = tokens.peek().and_then(|t| py_int(t)) {
        ints.push(n);
        tokens.next();
    }
    if ints.len() < 4 {
        return None;
    }
    let cp = ints[1];
    let (kind, value) = if cp <= -MATE {
        (ScoreKind::Mate, cp + MATE)
    } else if cp == MATE {
        (ScoreKind::MateGiven, 0)
    } else if cp > MATE {
        (ScoreKind::Mate, cp - MATE)
    } else {
        (ScoreKind::Cp, cp)
    };
    let optional = &ints[4..];
    Some(Post {
        depth: ints[0],
        score: Score {
            kind,
            value,
            bound: None,
        },
        time_cs: ints[2],
        nodes: ints[3],
        seldepth: optional.first().copied(),
        nps: optional.get(1).copied(),
        tbhits: (optional.len() > 2).then(|| optional[optional.len() - 1]),
        pv: tokens
            .filter(|t| {
                let number = t.trim_end_matches('.');
                number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit())
            })
            .map(str::to_string)
            .collect(),
    })
}

/// Whether a line is an XBoard error: `Error (...): ...` or `Illegal move (...): ...`
/// (python-chess's test: the word, an optional parenthesis, a colon).
pub fn is_xboard_error(line: &str) -> bool {
    let text = line.trim_start_matches(is_space);
    let Some(rest) = text
        .strip_prefix("Error")
        .or_else(|| text.strip_prefix("Illegal move"))
    else {
        return false;
    };
    let rest = rest.trim_start_matches(is_space);
    let rest = match rest.strip_prefix('(') {
        Some(inner) => match inner.find([')', '(']) {
            Some(end) if end > 0 && inner.as_bytes()[end] == b')' => &inner[end + 1..],
            _ => rest,
        },
        None => rest,
    };
    rest.trim_start_matches(is_space).starts_with(':')
}

/// A line an XBoard engine writes, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XboardMessage {
    /// `feature ...`: the pairs in order.
    Features(Vec<(String, FeatureValue)>),
    /// `move X`: the move as written (SAN or coordinates).
    Move(String),
    /// `Hint: X`: the move the engine expects in reply.
    Hint(String),
    /// `pong N`: the text after `pong`.
    Pong(String),
    /// `1-0 {...}`, `0-1 {...}`, `1/2-1/2 {...}`: the result and the comment inside the
    /// braces (empty without one).
    Result(String, String),
    /// `resign`.
    Resign,
    /// `offer draw`.
    OfferDraw,
    /// `# ...`: a comment (debug output), the text after `#`.
    Comment(String),
    /// `Error (...): ...` or `Illegal move (...): ...`: the whole line.
    Error(String),
    /// `tellusererror ...`: the message.
    TellUserError(String),
    /// `telluser ...`: the message.
    TellUser(String),
    /// Thinking output.
    Post(Post),
    /// Anything else.
    Other(String),
}

/// Reads a line an XBoard engine wrote. Fails only on a `feature` line that cannot be
/// read ([`parse_features`]).
pub fn parse_xboard_line(line: &str) -> Result<XboardMessage, ParseError> {
    let (token, rest) = next_word(line);
    let rest_trimmed = rest.trim_matches(is_space);
    Ok(match token {
        "feature" => XboardMessage::Features(parse_features(rest)?),
        "move" => XboardMessage::Move(rest_trimmed.to_string()),
        "Hint:" => XboardMessage::Hint(rest_trimmed.to_string()),
        "pong" => XboardMessage::Pong(rest_trimmed.to_string()),
        "resign" if rest_trimmed.is_empty() => XboardMessage::Resign,
        "offer" if rest_trimmed == "draw" => XboardMessage::OfferDraw,
        "1-0" | "0-1" | "1/2-1/2" => {
            let comment = rest_trimmed
                .strip_prefix('{')
                .and_then(|c| c.strip_suffix('}'))
                .unwrap_or(rest_trimmed);
            XboardMessage::Result(token.to_string(), comment.trim().to_string())
        }
        "tellusererror" => XboardMessage::TellUserError(rest_trimmed.to_string()),
        "telluser" => XboardMessage::TellUser(rest_trimmed.to_string()),
        t if t.starts_with('#') => {
            let text = line.trim_start_matches(is_space);
            XboardMessage::Comment(text[1..].trim_matches(is_space).to_string())
        }
        _ if is_xboard_error(line) => XboardMessage::Error(line.to_string()),
        t if t.starts_with(|c: char| c.is_ascii_digit()) => match parse_post(line) {
            Some(post) => XboardMessage::Post(post),
            None => XboardMessage::Other(line.to_string()),
        },
        _ => XboardMessage::Other(line.to_string()),
    })
}

/// The XBoard name of a variant (`variant NAME`), as python-chess's boards name it in
/// `xboard_variant`: `normal`, `atomic`, `giveaway`, `crazyhouse`, `3check`,
/// `kingofthehill`, `horde`, `racingkings`.
pub const fn xboard_variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Chess => "normal",
        Variant::Antichess => "giveaway",
        other => other.uci_name(),
    }
}

/// Seconds as XBoard writes them: an integer when whole, else with decimals.
fn seconds(time: Duration) -> String {
    if time.subsec_nanos() == 0 {
        time.as_secs().to_string()
    } else {
        let text = format!("{:.3}", time.as_secs_f64());
        text.trim_end_matches('0').to_string()
    }
}

/// Centiseconds, rounded.
fn centis(time: Duration) -> u128 {
    (time.as_millis() + 5) / 10
}

/// XBoard commands, as the GUI writes them.
pub mod command {
    use super::*;

    /// `level MPS BASE INC`: `moves` per control (0: the whole game), the base time as
    /// minutes:seconds, the increment in seconds.
    pub fn level(moves: u32, base: Duration, increment: Duration) -> String {
        let secs = base.as_secs();
        format!(
            "level {moves} {}:{:02} {}",
            secs / 60,
            secs % 60,
            seconds(increment)
        )
    }

    /// `st SECONDS`: a fixed time per move (at least 0.01 s).
    pub fn st(time: Duration) -> String {
        format!("st {}", seconds(time.max(Duration::from_millis(10))))
    }

    /// `sd DEPTH`.
    pub fn sd(depth: u32) -> String {
        format!("sd {depth}")
    }

    /// `nps NODES`: search as if at this many nodes per second.
    pub fn nps(nodes: u64) -> String {
        format!("nps {nodes}")
    }

    /// `time CS`: the engine's clock, in centiseconds.
    pub fn time(clock: Duration) -> String {
        format!("time {}", centis(clock))
    }

    /// `otim CS`: the opponent's clock, in centiseconds.
    pub fn otim(clock: Duration) -> String {
        format!("otim {}", centis(clock))
    }

    /// A move for the engine: `usermove X` when it asked for `usermove=1`, else `X`.
    /// Castling as the engine reads it: `O-O`/`O-O-O` in Chess960, the king's step
    /// (`e1g1`) otherwise.
    pub fn usermove(board: &Board, mv: Move, usermove_feature: bool) -> String {
        let text = if board.is_chess960() && board.color_on(mv.to) == board.color_on(mv.from) {
            if mv.to.file() > mv.from.file() {
                "O-O".to_string()
            } else {
                "O-O-O".to_string()
            }
        } else {
            board.uci(mv).to_string()
        };
        if usermove_feature {
            format!("usermove {text}")
        } else {
            text
        }
    }

    /// `setboard FEN`.
    pub fn setboard(fen: &str) -> String {
        format!("setboard {fen}")
    }

    /// `variant NAME` ([`xboard_variant_name`]).
    pub fn variant(variant: Variant) -> String {
        format!("variant {}", xboard_variant_name(variant))
    }

    /// `memory MB`.
    pub fn memory(megabytes: u64) -> String {
        format!("memory {megabytes}")
    }

    /// `cores N`.
    pub fn cores(cores: u32) -> String {
        format!("cores {cores}")
    }

    /// `egtpath KIND PATH` (`syzygy`, `gaviota`, ...).
    pub fn egtpath(kind: &str, path: &str) -> String {
        format!("egtpath {kind} {path}")
    }

    /// `option NAME=VALUE`, or `option NAME` for a button (`OptionValue::None`); a check
    /// is written 1 or 0.
    pub fn option(name: &str, value: &OptionValue) -> String {
        match value {
            OptionValue::None => format!("option {name}"),
            OptionValue::Bool(b) => format!("option {name}={}", u8::from(*b)),
            value => format!("option {name}={value}"),
        }
    }

    /// `ping N`.
    pub fn ping(n: u32) -> String {
        format!("ping {n}")
    }

    /// The commands without arguments: `xboard`, `protover 2`, `new`, `force`, `go`,
    /// `analyze`, `exit`, `post`, `nopost`, `easy`, `hard`, `random`, `computer`, `quit`.
    pub const XBOARD: &str = "xboard";
    /// See [`XBOARD`].
    pub const PROTOVER: &str = "protover 2";
    /// See [`XBOARD`].
    pub const NEW: &str = "new";
    /// See [`XBOARD`].
    pub const FORCE: &str = "force";
    /// See [`XBOARD`].
    pub const GO: &str = "go";
    /// See [`XBOARD`].
    pub const ANALYZE: &str = "analyze";
    /// See [`XBOARD`].
    pub const EXIT: &str = "exit";
    /// See [`XBOARD`].
    pub const POST: &str = "post";
    /// See [`XBOARD`].
    pub const NOPOST: &str = "nopost";
    /// See [`XBOARD`].
    pub const EASY: &str = "easy";
    /// See [`XBOARD`].
    pub const HARD: &str = "hard";
    /// See [`XBOARD`].
    pub const QUIT: &str = "quit";
}
