//! The UCI line reader under the npm package's `Engine` (js/uci-engine.js): one engine line
//! in, its reading (`bitmove::engine`) out as a JSON text that the JavaScript parses.

use std::fmt::Write as _;

use bitmove::engine::{self, OptionValue, Score, UciMessage};
use wasm_bindgen::prelude::*;

/// `text` as a JSON string literal.
fn string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn strings(out: &mut String, words: &[String]) {
    out.push('[');
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        string(out, w);
    }
    out.push(']');
}

fn key(out: &mut String, name: &str) {
    out.push(',');
    string(out, name);
    out.push(':');
}

fn score(out: &mut String, s: &Score) {
    out.push_str("{\"kind\":");
    string(out, s.kind.as_str());
    let _ = write!(out, ",\"value\":{},\"bound\":", s.value);
    match s.bound {
        Some(b) => string(out, b.as_str()),
        None => out.push_str("null"),
    }
    out.push('}');
}

/// Reads one line a UCI engine wrote: a JSON object with `type` (`info`, `bestmove`,
/// `option`, `id`, `uciok`, `readyok`, `copyprotection`, `registration`, `other`, or
/// `error` with `reason` for a line that cannot be read) and the fields of that line:
/// numbers as numbers (time in milliseconds), scores as `{kind, value, bound}`, lines of
/// moves as arrays of words.
#[wasm_bindgen(js_name = uciParseLine)]
pub fn uci_parse_line(line: &str) -> String {
    let mut out = String::from("{\"type\":");
    match engine::parse_uci_line(line) {
        Err(e) => {
            string(&mut out, "error");
            key(&mut out, "reason");
            string(&mut out, &e.reason);
        }
        Ok(UciMessage::Info(info)) => {
            string(&mut out, "info");
            let ints = [
                ("depth", info.depth),
                ("seldepth", info.seldepth),
                ("multipv", info.multipv),
                ("nodes", info.nodes),
                ("nps", info.nps),
                ("time", info.time_ms),
                ("hashfull", info.hashfull),
                ("tbhits", info.tbhits),
                ("cpuload", info.cpuload),
                ("currmovenumber", info.currmovenumber),
            ];
            for (name, value) in ints {
                if let Some(v) = value {
                    key(&mut out, name);
                    let _ = write!(out, "{v}");
                }
            }
            if let Some(ebf) = info.ebf.filter(|x| x.is_finite()) {
                key(&mut out, "ebf");
                let _ = write!(out, "{ebf}");
            }
            if let Some(s) = &info.score {
                key(&mut out, "score");
                score(&mut out, s);
            }
            if let Some((w, d, l)) = info.wdl {
                key(&mut out, "wdl");
                let _ = write!(out, "[{w},{d},{l}]");
            }
            if let Some(pv) = &info.pv {
                key(&mut out, "pv");
                strings(&mut out, pv);
            }
            if let Some(m) = &info.currmove {
                key(&mut out, "currmove");
                string(&mut out, m);
            }
            if let Some(r) = &info.refutation {
                key(&mut out, "refutation");
                strings(&mut out, r);
            }
            if let Some((cpu, moves)) = &info.currline {
                key(&mut out, "currline");
                let _ = write!(out, "{{\"cpunr\":{cpu},\"moves\":");
                strings(&mut out, moves);
                out.push('}');
            }
            if let Some(s) = &info.string {
                key(&mut out, "string");
                string(&mut out, s);
            }
        }
        Ok(UciMessage::BestMove(best)) => {
            string(&mut out, "bestmove");
            for (name, value) in [("bestmove", &best.bestmove), ("ponder", &best.ponder)] {
                key(&mut out, name);
                match value {
                    Some(m) => string(&mut out, m),
                    None => out.push_str("null"),
                }
            }
        }
        Ok(UciMessage::Option(option)) => {
            string(&mut out, "option");
            key(&mut out, "name");
            string(&mut out, &option.name);
            key(&mut out, "kind");
            string(&mut out, option.kind.as_str());
            key(&mut out, "default");
            match &option.default {
                OptionValue::Bool(b) => {
                    let _ = write!(out, "{b}");
                }
                OptionValue::Int(n) => {
                    let _ = write!(out, "{n}");
                }
                OptionValue::Str(s) => string(&mut out, s),
                OptionValue::None => out.push_str("null"),
            }
            for (name, value) in [("min", option.min), ("max", option.max)] {
                key(&mut out, name);
                match value {
                    Some(n) => {
                        let _ = write!(out, "{n}");
                    }
                    None => out.push_str("null"),
                }
            }
            key(&mut out, "var");
            strings(&mut out, &option.var);
        }
        Ok(UciMessage::Id(k, v)) => {
            string(&mut out, "id");
            key(&mut out, "key");
            string(&mut out, &k);
            key(&mut out, "value");
            string(&mut out, &v);
        }
        Ok(UciMessage::UciOk) => string(&mut out, "uciok"),
        Ok(UciMessage::ReadyOk) => string(&mut out, "readyok"),
        Ok(UciMessage::CopyProtection(w)) | Ok(UciMessage::Registration(w)) => {
            let kind = if line.trim_start().starts_with("copy") {
                "copyprotection"
            } else {
                "registration"
            };
            string(&mut out, kind);
            key(&mut out, "status");
            string(&mut out, &w);
        }
        Ok(UciMessage::Other(_)) => string(&mut out, "other"),
    }
    out.push('}');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_as_json() {
        assert_eq!(
            uci_parse_line("info depth 3 score cp -5 lowerbound pv e2e4 \"x"),
            r#"{"type":"info","depth":3,"score":{"kind":"cp","value":-5,"bound":"lowerbound"},"pv":["e2e4"]}"#
        );
        assert_eq!(
            uci_parse_line("bestmove (none)"),
            r#"{"type":"bestmove","bestmove":null,"ponder":null}"#
        );
        assert_eq!(
            uci_parse_line("info string a \"q\" \\ \u{1}"),
            r#"{"type":"info","string":"a \"q\" \\ \u0001"}"#
        );
        assert!(uci_parse_line("option name X type slider").starts_with(r#"{"type":"error""#));
    }
}
