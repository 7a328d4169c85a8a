//! Binary → assembly text, one instruction per line, in the layout of
//! SPIRV-Tools' `spirv-dis`: header comments, result ids right-aligned so
//! opcodes start in column 16, friendly or raw ids.

use super::names::FriendlyNames;
use super::numbers::format_number;
use crate::binary::{decode_module, DecodeError, Header, Instruction, Operand};
use crate::grammar::generators::generator_name;
use crate::grammar::{format_bits, Category, InstSet};
use std::fmt::Write;

/// What `disassemble` prints.
#[derive(Clone, Copy, Debug)]
pub struct DisassembleOptions {
    /// `%12` rather than friendly names such as `%float`.
    pub raw_ids: bool,
    /// The `; SPIR-V` header comments.
    pub header: bool,
    /// Opcodes aligned in one column.
    pub indent: bool,
}

impl Default for DisassembleOptions {
    fn default() -> Self {
        DisassembleOptions {
            raw_ids: false,
            header: true,
            indent: true,
        }
    }
}

/// Extended sets whose instructions are printed by number: SPIRV-Tools'
/// assembler has no grammar for them and accepts only numbers (this
/// assembler takes either).
const NUMBERED_SETS: &[InstSet] = &[InstSet::NonSemanticDebugPrintf];

/// The column opcodes start at when indenting.
const OPCODE_COLUMN: usize = 15;

/// The assembly text of a binary module.
pub fn disassemble(words: &[u32], options: DisassembleOptions) -> Result<String, DecodeError> {
    let (header, instructions) = decode_module(words)?;
    let names = (!options.raw_ids).then(|| FriendlyNames::new(&instructions));
    let mut out = String::with_capacity(words.len() * 12);
    if options.header {
        write_header(&mut out, &header);
    }
    let printer = Printer {
        names: names.as_ref(),
    };
    for inst in &instructions {
        printer.instruction(&mut out, inst, options.indent);
    }
    Ok(out)
}

/// The header as comments; `assemble` reads them back.
fn write_header(out: &mut String, header: &Header) {
    let (major, minor) = header.version_numbers();
    let tool = header.generator >> 16;
    let _ = writeln!(out, "; SPIR-V\n; Version: {major}.{minor}");
    match generator_name(tool) {
        Some(name) => {
            let _ = write!(out, "; Generator: {name}");
        }
        None => {
            let _ = write!(out, "; Generator: Unknown({tool})");
        }
    }
    let _ = writeln!(out, "; {}", header.generator & 0xffff);
    let _ = writeln!(
        out,
        "; Bound: {}\n; Schema: {}",
        header.bound, header.schema
    );
}

struct Printer<'n> {
    names: Option<&'n FriendlyNames>,
}

impl Printer<'_> {
    fn id(&self, out: &mut String, id: u32) {
        out.push('%');
        match self.names {
            Some(names) => out.push_str(&names.get(id)),
            None => {
                let _ = write!(out, "{id}");
            }
        }
    }

    fn instruction(&self, out: &mut String, inst: &Instruction, indent: bool) {
        let line_start = out.len();
        if let Some(result) = inst.result {
            self.id(out, result);
            out.push_str(" = ");
            let width = out.len() - line_start;
            if indent && width < OPCODE_COLUMN {
                out.insert_str(line_start, &" ".repeat(OPCODE_COLUMN - width));
            }
        } else if indent {
            out.push_str(&" ".repeat(OPCODE_COLUMN));
        }
        out.push_str(inst.op.info().grammar_name);
        if let Some(ty) = inst.result_type {
            out.push(' ');
            self.id(out, ty);
        }
        for operand in &inst.operands {
            out.push(' ');
            self.operand(out, operand);
        }
        out.push('\n');
    }

    fn operand(&self, out: &mut String, operand: &Operand) {
        match operand {
            Operand::Id(id) => self.id(out, *id),
            Operand::Integer(value) => {
                let _ = write!(out, "{value}");
            }
            Operand::Number { bits, ty } => format_number(out, *bits, *ty),
            Operand::String(text) => write_string(out, text),
            Operand::Enum { kind, value } => {
                let info = kind.info();
                if info.category == Category::BitEnum {
                    out.push_str(&format_bits(info, *value));
                } else if let Some(e) = info.enumerant(*value) {
                    out.push_str(e.name);
                } else {
                    let _ = write!(out, "{value}");
                }
            }
            Operand::ExtInst(op) if NUMBERED_SETS.contains(&op.inst_set()) => {
                let _ = write!(out, "{}", op.info().opcode);
            }
            Operand::ExtInst(op) => out.push_str(op.info().grammar_name),
            Operand::SpecOp(op) => {
                let name = op.info().grammar_name;
                out.push_str(name.strip_prefix("Op").unwrap_or(name));
            }
        }
    }
}

/// A quoted string; `"` and `\` are escaped with a backslash.
fn write_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
}
