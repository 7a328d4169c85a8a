//! Assembly text → binary, driven by the grammar tables through the shared
//! operand walk. Ids are numbered as SPIRV-Tools' `spirv-as` numbers them:
//! in order of first appearance, or — when every id is numeric or numeric
//! ids are to be kept — numeric ids keep their numbers and names fill the
//! gaps. The `; Version:`, `; Generator:`, `; Bound:` and `; Schema:` header
//! comments a disassembly starts with are honoured; without a generator
//! comment the generator word is 0 (this assembler has no registered id).

use super::lexer::{tokenize, unescape, AsmError, Token, TokenKind};
use super::lookup::{
    core_op, enumerant_value, ext_inst_number, looks_like_opcode, FastMap, FastSet,
};
use super::numbers::{parse_number, parse_word};
use crate::binary::{Header, ModuleContext, NumberType, OperandSource, OperandWalker};
use crate::grammar::generators::generator_id;
use crate::grammar::{Category, InstSet, Op, OperandKind};

/// How `assemble` numbers ids and fills the header.
#[derive(Clone, Copy, Debug, Default)]
pub struct AssembleOptions {
    /// The version word, overriding a `; Version:` comment (default 1.6).
    pub version: Option<u32>,
    /// Keep numeric ids even when the text also has named ones.
    pub preserve_numeric_ids: bool,
}

/// The version written when neither an option nor a comment gives one.
const DEFAULT_VERSION: u32 = 0x0001_0600;

/// The binary module `source` spells.
pub fn assemble(source: &str, options: &AssembleOptions) -> Result<Vec<u32>, AsmError> {
    let tokens = tokenize(source)?;
    let comments = HeaderComments::read(source);
    let mut ids = IdNumbering::new(&tokens, options.preserve_numeric_ids);
    let mut words = vec![0; Header::WORDS];
    let mut context = ModuleContext::default();
    let mut pos = 0;
    while pos < tokens.len() {
        let mut source = TextSource {
            tokens: &tokens,
            pos,
            last: pos,
            opcode: pos,
            op: Op::Nop,
            result: None,
            ids: &mut ids,
        };
        let op = source.start_instruction()?;
        let inst = OperandWalker::read(&mut source, &context, op)?;
        if let Some((_, at)) = source.result {
            return Err(AsmError::new(
                tokens[at].offset,
                format!("{} has no result id", op.info().grammar_name),
            ));
        }
        if !source.at_end() {
            let at = tokens[source.pos].offset;
            return Err(AsmError::new(
                at,
                format!("too many operands for {}", op.info().grammar_name),
            ));
        }
        let start = tokens[source.opcode].offset;
        pos = source.pos;
        inst.encode(&mut words)
            .map_err(|e| AsmError::new(start, e.to_string()))?;
        context.record(&inst);
    }
    let bound = ids.finish()?;
    let header = Header {
        version: options
            .version
            .or(comments.version)
            .unwrap_or(DEFAULT_VERSION),
        generator: comments.generator.unwrap_or(0),
        bound: match comments.bound {
            Some(stated) if ids.preserving => bound.max(stated),
            _ => bound,
        },
        schema: comments.schema.unwrap_or(0),
    };
    let mut head = Vec::with_capacity(Header::WORDS);
    header.write(&mut head);
    words[..Header::WORDS].copy_from_slice(&head);
    Ok(words)
}

/// The header fields stated by the leading comment lines.
#[derive(Default)]
struct HeaderComments {
    version: Option<u32>,
    generator: Option<u32>,
    bound: Option<u32>,
    schema: Option<u32>,
}

impl HeaderComments {
    fn read(source: &str) -> Self {
        let mut comments = HeaderComments::default();
        for line in source.lines().map(str::trim) {
            let Some(comment) = line.strip_prefix(';') else {
                if line.is_empty() {
                    continue;
                }
                break;
            };
            let Some((field, value)) = comment.trim().split_once(": ") else {
                continue;
            };
            match field {
                "Version" => {
                    comments.version = value.split_once('.').and_then(|(major, minor)| {
                        Some(Header::version_word(
                            major.parse().ok()?,
                            minor.parse().ok()?,
                        ))
                    });
                }
                "Generator" => {
                    comments.generator = value.rsplit_once("; ").and_then(|(name, version)| {
                        let version: u32 = version.parse().ok().filter(|v| *v <= 0xffff)?;
                        let tool = match name
                            .strip_prefix("Unknown(")
                            .and_then(|n| n.strip_suffix(')'))
                        {
                            Some(number) => number.parse().ok().filter(|t| *t <= 0xffff)?,
                            None => generator_id(name)?,
                        };
                        Some((tool << 16) | version)
                    });
                }
                "Bound" => comments.bound = value.parse().ok(),
                "Schema" => comments.schema = value.parse().ok(),
                _ => {}
            }
        }
        comments
    }
}

/// Id names → numbers, and which ids are used but never defined.
struct IdNumbering<'t> {
    numbers: FastMap<&'t str, u32>,
    /// Keep numeric ids' numbers (names then take the lowest unused ones).
    preserving: bool,
    numeric: FastSet<u32>,
    next: u32,
    /// Per number: defined yet, and the offset of its first use.
    defined: FastMap<u32, bool>,
    first_use: Vec<(u32, usize)>,
}

impl<'t> IdNumbering<'t> {
    fn new(tokens: &[Token<'t>], preserve_numeric_ids: bool) -> Self {
        let ids = tokens.iter().filter(|t| t.kind == TokenKind::Id);
        let numeric: FastSet<u32> = ids.clone().filter_map(|t| numeric_id(t.text)).collect();
        let all_numeric = ids.clone().all(|t| numeric_id(t.text).is_some());
        let preserving = preserve_numeric_ids || all_numeric;
        IdNumbering {
            numbers: FastMap::default(),
            numeric: if preserving {
                numeric
            } else {
                Default::default()
            },
            preserving,
            next: 1,
            defined: FastMap::default(),
            first_use: Vec::new(),
        }
    }

    fn number(&mut self, token: &Token<'t>, defines: bool) -> Result<u32, AsmError> {
        let number = match self.numbers.get(token.text) {
            Some(number) => *number,
            None => {
                let number = match numeric_id(token.text).filter(|_| self.preserving) {
                    Some(number) => number,
                    None => {
                        while self.numeric.contains(&self.next) {
                            self.next += 1;
                        }
                        self.next += 1;
                        self.next - 1
                    }
                };
                if number == 0 || number == u32::MAX {
                    return Err(AsmError::new(
                        token.offset,
                        format!("id %{} is out of range", token.text),
                    ));
                }
                self.numbers.insert(token.text, number);
                number
            }
        };
        let defined = self.defined.entry(number).or_insert_with(|| {
            self.first_use.push((number, token.offset));
            false
        });
        if defines {
            if *defined {
                return Err(AsmError::new(
                    token.offset,
                    format!("id %{} is defined twice", token.text),
                ));
            }
            *defined = true;
        }
        Ok(number)
    }

    /// The bound, or an error at the first use of an id never defined.
    fn finish(&self) -> Result<u32, AsmError> {
        if let Some((_, offset)) = self.first_use.iter().find(|(n, _)| !self.defined[n]) {
            return Err(AsmError::new(*offset, "this id is used but never defined"));
        }
        Ok(self.defined.keys().max().map_or(1, |max| max + 1))
    }
}

/// `%12` → 12; `None` for names.
fn numeric_id(name: &str) -> Option<u32> {
    if name.bytes().all(|b| b.is_ascii_digit()) {
        name.parse().ok()
    } else {
        None
    }
}

/// The tokens of one instruction, as operands.
struct TextSource<'a, 't> {
    tokens: &'a [Token<'t>],
    pos: usize,
    last: usize,
    opcode: usize,
    op: Op,
    /// The `%name =` of the instruction (number, token index), until read.
    result: Option<(u32, usize)>,
    ids: &'a mut IdNumbering<'t>,
}

impl<'t> TextSource<'_, 't> {
    /// Reads `%result =` (if any) and the opcode.
    fn start_instruction(&mut self) -> Result<Op, AsmError> {
        let first = self.tokens[self.pos];
        if first.kind == TokenKind::Id {
            match self.tokens.get(self.pos + 1) {
                Some(t) if t.kind == TokenKind::Equals => {}
                _ => {
                    return Err(AsmError::new(
                        first.offset,
                        "expected `=` after the result id",
                    ))
                }
            }
            let number = self.ids.number(&first, true)?;
            self.result = Some((number, self.pos));
            self.pos += 2;
        }
        let Some(token) = self.tokens.get(self.pos).copied() else {
            return Err(AsmError::new(first.offset, "expected an opcode after `=`"));
        };
        if token.kind != TokenKind::Word {
            return Err(AsmError::new(
                token.offset,
                "expected an opcode or `%result =`",
            ));
        }
        let op = core_op(token.text).ok_or_else(|| {
            AsmError::new(token.offset, format!("unknown opcode `{}`", token.text))
        })?;
        self.opcode = self.pos;
        self.op = op;
        self.pos += 1;
        self.last = self.opcode;
        Ok(op)
    }

    /// The next operand token, or an error naming what is missing.
    fn next(&mut self, what: &str) -> Result<Token<'t>, AsmError> {
        if self.at_end() {
            let at = self
                .tokens
                .get(self.last)
                .map_or(0, |t| t.offset + t.text.len());
            let name = self.op.info().grammar_name;
            return Err(AsmError::new(
                at,
                format!("{name} is missing an operand: expected {what}"),
            ));
        }
        self.last = self.pos;
        self.pos += 1;
        Ok(self.tokens[self.last])
    }

    /// A word token's text, or a raw `!n` word.
    fn word(&mut self, what: &str) -> Result<Result<&'t str, u32>, AsmError> {
        let token = self.next(what)?;
        match token.kind {
            TokenKind::Word => Ok(Ok(token.text)),
            TokenKind::Raw => Ok(Err(self.raw(token)?)),
            _ => Err(AsmError::new(token.offset, format!("expected {what}"))),
        }
    }

    fn raw(&self, token: Token<'t>) -> Result<u32, AsmError> {
        parse_word(token.text).map_err(|e| AsmError::new(token.offset, e))
    }

    fn here(&self) -> usize {
        self.tokens[self.last].offset
    }
}

impl<'t> OperandSource for TextSource<'_, 't> {
    type Error = AsmError;
    type Text = String;

    fn at_end(&mut self) -> bool {
        match self.tokens.get(self.pos) {
            None => true,
            Some(t) if t.kind == TokenKind::Word => looks_like_opcode(t.text),
            Some(t) if t.kind == TokenKind::Id => {
                matches!(self.tokens.get(self.pos + 1), Some(next) if next.kind == TokenKind::Equals)
            }
            Some(_) => false,
        }
    }

    fn id(&mut self, kind: OperandKind) -> Result<u32, AsmError> {
        if kind == OperandKind::IdResult {
            let name = self.op.info().grammar_name;
            let at = self.tokens[self.opcode].offset;
            let (number, _) = self.result.take().ok_or_else(|| {
                AsmError::new(
                    at,
                    format!("{name} needs a result id: `%name = {name} ...`"),
                )
            })?;
            return Ok(number);
        }
        let token = self.next("an id")?;
        match token.kind {
            TokenKind::Id => self.ids.number(&token, false),
            TokenKind::Raw => self.raw(token),
            _ => Err(AsmError::new(
                token.offset,
                format!("expected an id, found `{}`", token.text),
            )),
        }
    }

    fn integer(&mut self) -> Result<u32, AsmError> {
        match self.word("an integer")? {
            Ok(text) => parse_word(text).map_err(|e| AsmError::new(self.here(), e)),
            Err(raw) => Ok(raw),
        }
    }

    fn number(&mut self, ty: NumberType) -> Result<u64, AsmError> {
        match self.word("a number")? {
            Ok(text) => parse_number(text, ty).map_err(|e| AsmError::new(self.here(), e)),
            Err(raw) => Ok(u64::from(raw)),
        }
    }

    fn string(&mut self) -> Result<String, AsmError> {
        let token = self.next("a string")?;
        if token.kind != TokenKind::String {
            return Err(AsmError::new(
                token.offset,
                format!("expected a quoted string, found `{}`", token.text),
            ));
        }
        Ok(unescape(token.text))
    }

    fn enumerant(&mut self, kind: OperandKind) -> Result<u32, AsmError> {
        let info = kind.info();
        let text = match self.word(info.name)? {
            Ok(text) => text,
            Err(raw) => return Ok(raw),
        };
        let one = |part: &str| {
            enumerant_value(kind, part)
                .or_else(|| parse_word(part).ok())
                .ok_or_else(|| format!("`{part}` is not a {} enumerant", info.name))
        };
        let value = if info.category == Category::BitEnum {
            text.split('|')
                .try_fold(0, |bits, part| one(part).map(|v| bits | v))
        } else {
            one(text)
        };
        value.map_err(|e| AsmError::new(self.here(), e))
    }

    fn ext_inst(&mut self, set: Option<InstSet>) -> Result<u32, AsmError> {
        let text = match self.word("an extended instruction")? {
            Ok(text) => text,
            Err(raw) => return Ok(raw),
        };
        let by_name = set.and_then(|set| ext_inst_number(set, text));
        by_name.or_else(|| parse_word(text).ok()).ok_or_else(|| {
            let set = set.map_or("the imported set", |s| s.info().import_name);
            AsmError::new(
                self.here(),
                format!("`{text}` is not an instruction of {set}"),
            )
        })
    }

    fn spec_op(&mut self) -> Result<u32, AsmError> {
        let text = match self.word("an opcode")? {
            Ok(text) => text,
            Err(raw) => return Ok(raw),
        };
        let op = core_op(&format!("Op{text}")).map(|op| op.info().opcode);
        op.or_else(|| parse_word(text).ok())
            .ok_or_else(|| AsmError::new(self.here(), format!("`{text}` is not an opcode")))
    }

    fn error(&self, message: String) -> AsmError {
        AsmError::new(self.here(), message)
    }
}
