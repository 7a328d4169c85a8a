//! Decoding binary words into [`Instruction`]s (or, for the module
//! reader, into one operand list for the whole module), opcode by direct
//! table index; every malformed input is an error naming its word offset.

use super::decoded::{DecodedOperands, OwnedTexts, TextSink};
use super::module::{Inst, ModuleView};
use super::op_traits::{OpTraits, Shape, Tail};
use super::walk::ResultIds;
use super::{
    Header, Instruction, ModuleContext, NumberType, Operand, OperandSource, OperandWalker,
};
use crate::grammar::{InstSet, Op, OperandKind};

/// A malformed module: where, in which instruction, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    /// Index of the offending word in the module (the header is words 0–4).
    pub offset: usize,
    /// The instruction being decoded, when its opcode was known.
    pub instruction: Option<&'static str>,
    pub message: String,
}

impl DecodeError {
    pub fn at(offset: usize, instruction: Option<&'static str>, message: String) -> Self {
        DecodeError {
            offset,
            instruction,
            message,
        }
    }
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "word {}", self.offset)?;
        if let Some(name) = self.instruction {
            write!(f, " ({name})")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for DecodeError {}

/// The operand words of one instruction, and where its strings go.
struct WordSource<'w, S> {
    words: &'w [u32],
    texts: &'w mut S,
    /// The next word to read, and the word read last.
    pos: usize,
    last: usize,
    end: usize,
    op: Op,
}

impl<S: TextSink> WordSource<'_, S> {
    fn word(&mut self) -> Result<u32, DecodeError> {
        self.last = self.pos;
        if self.pos >= self.end {
            return Err(self.error("the instruction ends before all its operands".to_string()));
        }
        self.pos += 1;
        Ok(self.words[self.pos - 1])
    }
}

impl<S: TextSink> OperandSource for WordSource<'_, S> {
    type Error = DecodeError;
    type Text = S::Text;

    fn at_end(&mut self) -> bool {
        self.pos >= self.end
    }

    fn id(&mut self, _kind: OperandKind) -> Result<u32, DecodeError> {
        self.word()
    }

    fn integer(&mut self) -> Result<u32, DecodeError> {
        self.word()
    }

    fn number(&mut self, ty: NumberType) -> Result<u64, DecodeError> {
        let low = self.word()?;
        if ty.words() == 1 {
            return Ok(u64::from(low));
        }
        let high = self.word()?;
        Ok(u64::from(low) | (u64::from(high) << 32))
    }

    fn string(&mut self) -> Result<S::Text, DecodeError> {
        self.last = self.pos;
        let (text, used) = (self.texts.read(&self.words[self.pos..self.end]))
            .map_err(|message| self.error(message.to_string()))?;
        self.pos += used;
        Ok(text)
    }

    fn enumerant(&mut self, _kind: OperandKind) -> Result<u32, DecodeError> {
        self.word()
    }

    fn ext_inst(&mut self, _set: Option<InstSet>) -> Result<u32, DecodeError> {
        self.word()
    }

    fn spec_op(&mut self) -> Result<u32, DecodeError> {
        self.word()
    }

    fn error(&self, message: String) -> DecodeError {
        DecodeError::at(self.last, Some(self.op.info().grammar_name), message)
    }
}

/// Reads a module's instructions one at a time, tracking the types that
/// context-dependent literals need.
pub struct Decoder<'w> {
    words: &'w [u32],
    pos: usize,
    context: ModuleContext,
}

impl<'w> Decoder<'w> {
    /// A decoder over a whole module; reads and checks the header.
    pub fn new(words: &'w [u32]) -> Result<(Header, Self), DecodeError> {
        let header = Header::read(words)?;
        Ok((header, Decoder::after_header(words, header.bound)))
    }

    /// The word offset of the next instruction.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// The next instruction, `None` at the end; after an error, `None`.
    pub fn next_instruction(&mut self) -> Option<Result<Instruction, DecodeError>> {
        if self.pos >= self.words.len() {
            return None;
        }
        let result = self.decode_one();
        if result.is_err() {
            self.pos = self.words.len();
        }
        Some(result)
    }

    fn decode_one(&mut self) -> Result<Instruction, DecodeError> {
        let mut operands = Vec::new();
        let (op, (result_type, result)) = self.decode_into(&mut operands, &mut OwnedTexts)?;
        Ok(Instruction {
            op,
            result_type,
            result,
            operands,
        })
    }

    /// Decodes the next instruction, appending its operands (all but the
    /// result type and result) to `operands`, their strings to `texts`.
    fn decode_into<S: TextSink>(
        &mut self,
        operands: &mut Vec<Operand<S::Text>>,
        texts: &mut S,
    ) -> Result<(Op, ResultIds), DecodeError> {
        let start = self.pos;
        let first = self.words[start];
        let (count, opcode) = ((first >> 16) as usize, first & 0xffff);
        let traits = OpTraits::core(opcode);
        let name = traits.map(|t| t.op.info().grammar_name);
        if count == 0 {
            return Err(DecodeError::at(start, name, "word count 0".to_string()));
        }
        let left = self.words.len() - start;
        if count > left {
            let message =
                format!("word count {count} runs past the end of the module ({left} words left)");
            return Err(DecodeError::at(start, name, message));
        }
        let traits = (traits)
            .ok_or_else(|| DecodeError::at(start, None, format!("unknown opcode {opcode}")))?;
        let first_operand = operands.len();
        let ids = self.decode_operands_of(traits, start, count, operands, texts)?;
        let operands = &operands[first_operand..];
        (self.context).record_read(traits.op, ids, operands, texts);
        Ok((traits.op, ids))
    }

    /// A decoder at the first instruction of `words`, whose header gives
    /// the id `bound`.
    fn after_header(words: &'w [u32], bound: u32) -> Self {
        Decoder {
            words,
            pos: Header::WORDS,
            // Real modules number their ids densely; a malformed bound is
            // not trusted beyond the module's size.
            context: ModuleContext::with_bound(bound.min(words.len() as u32)),
        }
    }

    /// A decoder for [`Decoder::decode_indexed`] of the instructions of
    /// `view`: the types of values and the imported sets come from the
    /// view rather than tables of its own.
    pub(crate) fn for_indexing(view: &ModuleView<'w>) -> Self {
        Decoder {
            words: view.words,
            pos: Header::WORDS,
            context: ModuleContext::for_indexing(view.imported_sets()),
        }
    }

    /// Decodes instruction `inst` of `view` (the next one), at `index`, of
    /// `traits`, into `decoded`. (Inlined into the decoding loop.)
    #[inline(always)]
    pub(crate) fn decode_indexed(
        &mut self,
        view: &ModuleView,
        inst: &Inst,
        index: u32,
        traits: &OpTraits,
        decoded: &mut DecodedOperands,
    ) -> Result<(), DecodeError> {
        let first = decoded.operands.len();
        let (start, count) = (inst.offset as usize, usize::from(inst.word_count));
        let span = &self.words[start + 1..start + count];
        let (operands, texts) = (&mut decoded.operands, &mut decoded.texts);
        let fast = match traits.shape {
            Shape::Words => decode_one_word_only(traits, span, operands),
            Shape::Enums => decode_fixed_only(traits, span, operands)
                .or_else(|| decode_literal_parameter(traits, span, operands)),
            Shape::Number => decode_number(traits, span, &self.context, operands),
            Shape::String => decode_fixed_string(traits, span, operands, texts),
            Shape::Walk => None,
        };
        // (The position of a decoder for indexing is not read.)
        if fast.is_none() {
            // The case labels of `OpSwitch` take the type of its selector
            // (when defined before).
            if let (Op::Switch, Some(&selector)) = (inst.op, span.first()) {
                if let Some(def) = view.def(selector).filter(|&def| def < index) {
                    let ty = view.insts[def as usize].result_type;
                    self.context.note_value_type(selector, ty);
                }
            }
            self.decode_operands_of(traits, start, count, operands, texts)?;
        }
        if traits.declares_for_decoding {
            let operands = &operands[first..];
            (self.context).record_declaration(inst.op, inst.result, operands, &*texts);
        }
        decoded.starts.push(operands.len() as u32);
        Ok(())
    }

    /// Decodes the operands of the instruction of `traits` whose `count`
    /// words start at `start` (its header checked), appending them to
    /// `operands` and their strings to `texts`; the decoder moves past it.
    /// (What it defines is for the caller to record.)
    fn decode_operands_of<S: TextSink>(
        &mut self,
        traits: &OpTraits,
        start: usize,
        count: usize,
        operands: &mut Vec<Operand<S::Text>>,
        texts: &mut S,
    ) -> Result<ResultIds, DecodeError> {
        let op = traits.op;
        let span = &self.words[start + 1..start + count];
        if let Some(ids) = decode_without_walk(traits, span, &self.context, operands, texts) {
            self.pos = start + count;
            return Ok(ids);
        }
        let mut source = WordSource {
            words: self.words,
            texts,
            pos: start + 1,
            last: start,
            end: start + count,
            op,
        };
        let ids = OperandWalker::read_into(&mut source, &self.context, op, operands)?;
        if source.pos != source.end {
            let extra = source.end - source.pos;
            let message = format!("{extra} words left over after the operands");
            return Err(DecodeError::at(
                source.pos,
                Some(op.info().grammar_name),
                message,
            ));
        }
        self.pos = source.end;
        Ok(ids)
    }
}

/// The operands of an instruction read without walking the grammar, as
/// the walk would read them ([`decode_one_word_only`], [`decode_ext_inst`],
/// [`decode_fixed`], [`decode_enum_parameters`], whichever the op's layout
/// calls for; strings go to `texts`); `None` (and nothing read) when the
/// walk is needed.
fn decode_without_walk<S: TextSink>(
    traits: &OpTraits,
    span: &[u32],
    context: &ModuleContext,
    operands: &mut Vec<Operand<S::Text>>,
    texts: &mut S,
) -> Option<ResultIds> {
    if traits.shape == Shape::Words {
        decode_one_word_only(traits, span, operands)
    } else if traits.fixed == OpTraits::WALK {
        match traits.op {
            Op::EntryPoint | Op::Source => {
                decode_entry_point_or_source(traits.op, span, operands, texts)
            }
            _ => decode_ext_inst(traits.op, span, context, operands),
        }
    } else {
        (decode_fixed(traits, span, context, operands, texts))
            .or_else(|| decode_enum_parameters(traits, span, operands))
    }
}

/// The operands of an `OpEntryPoint` (a model, a function, a name, then
/// interface ids) or an `OpSource` (a language, a version, then an
/// optional file id and an optional text ending it), `op`, whose first
/// enum takes no parameters, read without walking the grammar: what the
/// walk would read (its strings in `texts`), or `None` (and no operand
/// read).
fn decode_entry_point_or_source<S: TextSink>(
    op: Op,
    span: &[u32],
    operands: &mut Vec<Operand<S::Text>>,
    texts: &mut S,
) -> Option<ResultIds> {
    let (kind, &[value, second, ref rest @ ..]) = (op.info().operands.first()?.kind, span) else {
        return None;
    };
    (kind.enumerant(value)?.parameters.is_empty()).then_some(())?;
    let (id, text, ids) = match (op, rest) {
        (Op::EntryPoint, _) => {
            let (text, used) = texts.read(rest).ok()?;
            (None, Some(text), &rest[used..])
        }
        (_, []) => (None, None, rest),
        (_, [file]) => (Some(*file), None, &[][..]),
        (_, [file, text @ ..]) => match texts.read(text).ok()? {
            (source, used) if used == text.len() => (Some(*file), Some(source), &[][..]),
            _ => return None,
        },
    };
    let second = match op {
        Op::EntryPoint => Operand::Id(second),
        _ => Operand::Integer(second),
    };
    operands.extend([Operand::Enum { kind, value }, second]);
    operands.extend(id.map(Operand::Id));
    operands.extend(text.map(Operand::String));
    operands.extend(ids.iter().map(|&id| Operand::Id(id)));
    Some((None, None))
}

/// The operands of an instruction of `op`, an `OpExtInst` of a set
/// `context` knows whose instruction's operands are one-word ids and
/// integers fitting its layout ([`Shape::Words`]), read without
/// walking the grammar: the set, the instruction and its operands; `None`
/// (and nothing read) when the walk is needed.
fn decode_ext_inst<T>(
    op: Op,
    span: &[u32],
    context: &ModuleContext,
    operands: &mut Vec<Operand<T>>,
) -> Option<ResultIds> {
    let (Op::ExtInst, [result_type, result, set, number, rest @ ..]) = (op, span) else {
        return None;
    };
    let ext = OpTraits::of(Op::from_opcode(context.ext_set(*set)??, *number)?);
    if ext.has_result_type || ext.has_result {
        return None;
    }
    let before = operands.len();
    operands.extend([Operand::Id(*set), Operand::ExtInst(ext.op)]);
    if decode_one_word_only(ext, rest, operands).is_none() {
        operands.truncate(before);
        return None;
    }
    Some((Some(*result_type), Some(*result)))
}

/// The operands of an instruction whose operand words `span` fit its op's
/// fixed layout of ids, one-word literals and plain enums, followed by
/// nothing, ids, integer literals, a number as wide as its type (known to
/// `context`) or a string (see [`OpTraits::fits`]; an optional operand the
/// grammar walk would read is absent), read without walking the grammar:
/// what the walk would read (a string in `texts`), or `None` (and no
/// operand read) when the walk is needed.
fn decode_fixed<S: TextSink>(
    traits: &OpTraits,
    span: &[u32],
    context: &ModuleContext,
    operands: &mut Vec<Operand<S::Text>>,
    texts: &mut S,
) -> Option<ResultIds> {
    let fixed = usize::from(traits.fixed);
    if traits.tail == Tail::String {
        return decode_fixed_string(traits, span, operands, texts);
    }
    if !traits.fits_operands(span) {
        return None;
    }
    let (fixed_words, tail) = span.split_at(fixed.min(span.len()));
    match traits.tail {
        Tail::Nothing | Tail::Walk | Tail::String => {
            Some(decode_fixed_words(traits, fixed_words, operands))
        }
        Tail::Ids | Tail::IdPairs => {
            let ids = decode_fixed_words(traits, fixed_words, operands);
            operands.extend(tail.iter().map(|&id| Operand::Id(id)));
            Some(ids)
        }
        Tail::Literals => {
            let ids = decode_fixed_words(traits, fixed_words, operands);
            operands.extend(tail.iter().map(|&literal| Operand::Integer(literal)));
            Some(ids)
        }
        Tail::Number => decode_number(traits, span, context, operands),
    }
}

/// The operands of an instruction of an op whose fixed words are followed
/// by a string, when the string fills its operand words `span` after the
/// fixed ones and its enums take no parameters (`OpName`'s): what the walk
/// would read (the string in `texts`), or `None` (and no operand read).
/// (Inlined into the decoding loop.)
#[inline(always)]
fn decode_fixed_string<S: TextSink>(
    traits: &OpTraits,
    span: &[u32],
    operands: &mut Vec<Operand<S::Text>>,
    texts: &mut S,
) -> Option<ResultIds> {
    if traits.tail != Tail::String {
        return None;
    }
    let (fixed_words, tail) = span.split_at_checked(usize::from(traits.fixed))?;
    let (text, used) = texts.read(tail).ok()?;
    if used != tail.len() || !traits.plain_enums(span) {
        return None;
    }
    let ids = decode_fixed_words(traits, fixed_words, operands);
    operands.push(Operand::String(text));
    Some(ids)
}

/// The operands of an instruction of an op whose fixed words end with a
/// number as wide as its type (known to `context`), when its operand words
/// `span` fit the layout (`OpConstant`'s): what the walk would read, or
/// `None` (and nothing read). (Inlined into the decoding loop.)
#[inline(always)]
fn decode_number<T>(
    traits: &OpTraits,
    span: &[u32],
    context: &ModuleContext,
    operands: &mut Vec<Operand<T>>,
) -> Option<ResultIds> {
    if traits.tail != Tail::Number || !traits.fits_operands(span) {
        return None;
    }
    // The number follows the result ids (see `Tail::Number`).
    let (ids, results) = result_ids(traits, span);
    let words = span.get(results..).unwrap_or_default();
    let ty = context.number_type(*span.first()?)?;
    if words.len() != ty.words() || !traits.has_result_type {
        return None;
    }
    let high = words.get(1).map_or(0, |&w| u64::from(w) << 32);
    let bits = u64::from(words[0]) | high;
    operands.push(Operand::Number { bits, ty });
    Some(ids)
}

/// The operands of an instruction of an op whose operands past its result
/// ids are all one-word ids and integers ([`Shape::Words`]),
/// when its operand words `span` fit the layout: what the walk would read,
/// or `None` (and nothing read). (Inlined: the most common layouts take
/// this short path.)
#[inline(always)]
fn decode_one_word_only<T>(
    traits: &OpTraits,
    span: &[u32],
    operands: &mut Vec<Operand<T>>,
) -> Option<ResultIds> {
    if traits.shape != Shape::Words || !traits.fits_count(span.len()) {
        return None;
    }
    let (result_ids, results) = result_ids(traits, span);
    let words = span.get(results..).unwrap_or_default();
    let word_ids = traits.word_ids;
    operands.extend(words.iter().enumerate().map(|(i, &word)| {
        match word_ids >> i.min(31) & 1 != 0 {
            true => Operand::Id(word),
            false => Operand::Integer(word),
        }
    }));
    Some(result_ids)
}

/// The operands of an instruction whose operand words `span` are exactly
/// its op's fixed words, enums among them taking no parameters (an
/// optional operand after them absent): what the walk would read, or
/// `None` (and nothing read). (Inlined: ops declaring variables and
/// pointer types, merges and decorations take this short path.)
#[inline(always)]
fn decode_fixed_only<T>(
    traits: &OpTraits,
    span: &[u32],
    operands: &mut Vec<Operand<T>>,
) -> Option<ResultIds> {
    let ends = matches!(traits.tail, Tail::Nothing | Tail::Walk);
    let fits = traits.fixed != OpTraits::WALK && span.len() == usize::from(traits.fixed);
    (ends && fits && traits.plain_enums(span)).then(|| decode_fixed_words(traits, span, operands))
}

/// The operands of an instruction whose operand words `span` are its op's
/// fixed words and one more, the literal integer parameter of the value
/// enum ending them ([`OpTraits::literal_parameter`]), its other enums
/// taking no parameters: what the walk would read, or `None` (and nothing
/// read). (Inlined: decorations such as `Location 3` take this short path.)
#[inline(always)]
fn decode_literal_parameter<T>(
    traits: &OpTraits,
    span: &[u32],
    operands: &mut Vec<Operand<T>>,
) -> Option<ResultIds> {
    let fixed = usize::from(traits.fixed);
    let (&parameter, fixed_words) = span.split_last()?;
    let value = *fixed_words.last()?;
    let takes_literal = value < 128 && traits.literal_parameter >> value & 1 != 0;
    let others_plain = || {
        let others = &traits.enums[..usize::from(traits.enum_count) - 1];
        (others.iter()).all(|e| e.is_plain(span[usize::from(e.at)]))
    };
    if fixed_words.len() != fixed || !takes_literal || !others_plain() {
        return None;
    }
    let ids = decode_fixed_words(traits, fixed_words, operands);
    operands.push(Operand::Integer(parameter));
    Some(ids)
}

/// The result type and result ids at the start of an instruction's
/// operand `words` (those of them its op has), and how many words they
/// take.
#[inline(always)]
fn result_ids(traits: &OpTraits, words: &[u32]) -> (ResultIds, usize) {
    let result_type = words.first().filter(|_| traits.has_result_type).copied();
    let result_at = usize::from(traits.has_result_type);
    let result = words.get(result_at).filter(|_| traits.has_result).copied();
    (
        (result_type, result),
        result_at + usize::from(traits.has_result),
    )
}

/// The fixed words of an instruction of `traits` as operands, its result
/// ids apart. (Inlined: it is the hot loop of the decoder.)
#[inline(always)]
fn decode_fixed_words<T>(
    traits: &OpTraits,
    words: &[u32],
    operands: &mut Vec<Operand<T>>,
) -> ResultIds {
    let (result_ids, results) = result_ids(traits, words);
    let rest = words.get(results..).unwrap_or_default();
    let [first_enum, second_enum] = &traits.enums;
    // Fixed words are fewer than 32, so every word has its bit in the masks.
    operands.extend(rest.iter().zip(results..).map(|(&word, at)| {
        if traits.id_mask >> at & 1 != 0 {
            Operand::Id(word)
        } else if traits.enum_mask >> at & 1 == 0 {
            Operand::Integer(word)
        } else {
            let first = usize::from(first_enum.at) == at;
            let kind = if first {
                first_enum.kind
            } else {
                second_enum.kind
            };
            Operand::Enum { kind, value: word }
        }
    }));
    result_ids
}

/// The operands of an instruction whose fixed words end with an enum
/// value taking one-word parameters, and nothing follows them
/// (`OpDecorate %x Location 3`; see [`OpTraits::enum_parameters`]), read
/// without walking the grammar; `None` when the walk is needed.
fn decode_enum_parameters<T>(
    traits: &OpTraits,
    span: &[u32],
    operands: &mut Vec<Operand<T>>,
) -> Option<ResultIds> {
    let parameters = traits.enum_parameters(span)?;
    let fixed = usize::from(traits.fixed);
    let ids = decode_fixed_words(traits, &span[..fixed], operands);
    let words = parameters.iter().zip(&span[fixed..]);
    operands.extend(words.map(|(info, &word)| match info.kind {
        OperandKind::LiteralInteger => Operand::Integer(word),
        kind => Operand::Enum { kind, value: word },
    }));
    Some(ids)
}

impl Iterator for Decoder<'_> {
    type Item = Result<Instruction, DecodeError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_instruction()
    }
}

/// The header and every instruction of a module.
pub fn decode_module(words: &[u32]) -> Result<(Header, Vec<Instruction>), DecodeError> {
    let (header, decoder) = Decoder::new(words)?;
    // Instructions average well over four words in real modules.
    let mut instructions = Vec::with_capacity(words.len() / 4);
    for instruction in decoder {
        instructions.push(instruction?);
    }
    Ok((header, instructions))
}

/// The operands of every instruction of a module, decoded into one list.
pub fn decode_operands(words: &[u32]) -> Result<DecodedOperands, DecodeError> {
    let (_, mut decoder) = Decoder::new(words)?;
    let mut decoded = DecodedOperands::with_room(words.len());
    while decoder.pos < words.len() {
        decoder.decode_into(&mut decoded.operands, &mut decoded.texts)?;
        decoded.starts.push(decoded.operands.len() as u32);
    }
    decoded.finish();
    Ok(decoded)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::binary::tests::{corpus, read_words};

    #[test]
    fn operands_read_without_the_grammar_walk_are_those_the_walk_reads() {
        let Some(files) = corpus() else { return };
        let (mut fixed, mut all) = (0, 0);
        for path in &files {
            let words = read_words(path);
            let mut context = ModuleContext::with_bound(words.len() as u32);
            let mut pos = Header::WORDS;
            while let Some(&first) = words.get(pos) {
                let count = (first >> 16) as usize;
                let Some(op) = Op::from_opcode(InstSet::Core, first & 0xffff) else {
                    break;
                };
                if count == 0 || pos + count > words.len() {
                    break;
                }
                all += 1;
                let mut source = WordSource {
                    words: &words,
                    texts: &mut OwnedTexts,
                    pos: pos + 1,
                    last: pos,
                    end: pos + count,
                    op,
                };
                let mut walked = Vec::new();
                let Ok(ids) = OperandWalker::read_into(&mut source, &context, op, &mut walked)
                else {
                    break;
                };
                let span = &words[pos + 1..pos + count];
                let mut read = Vec::new();
                let traits = OpTraits::of(op);
                if let Some(read_ids) =
                    decode_without_walk(traits, span, &context, &mut read, &mut OwnedTexts)
                {
                    fixed += 1;
                    let at = format!("{} word {pos}", path.display());
                    assert_eq!(read_ids, ids, "{at}");
                    assert_eq!(read, walked, "{at}");
                    assert_eq!(source.pos, pos + count, "{at}");
                }
                context.record_parts(op, ids.0, ids.1, &walked);
                pos += count;
            }
        }
        println!(
            "{fixed} of {all} corpus instructions read without the grammar walk, as the walk reads them"
        );
        assert!(
            fixed > all / 2,
            "only {fixed} of {all} took the fixed layout"
        );
    }
}
