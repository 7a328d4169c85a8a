//! The grammar files as they are on disk: a typed serde model of
//! `spirv.core.grammar.json` and `extinst.*.grammar.json`, nothing cleaned yet.

use serde::Deserialize;

/// One grammar file. The core file carries the magic number and version;
/// extended-instruction-set files carry only instructions and, sometimes,
/// their own operand kinds.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GrammarFile {
    #[serde(default)]
    pub copyright: Vec<String>,
    pub magic_number: Option<String>,
    pub major_version: Option<u32>,
    pub minor_version: Option<u32>,
    pub version: Option<u32>,
    pub revision: Option<u32>,
    #[serde(default)]
    pub instruction_printing_class: Vec<PrintingClass>,
    pub instructions: Vec<Instruction>,
    #[serde(default)]
    pub operand_kinds: Vec<OperandKind>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintingClass {
    pub tag: String,
    pub heading: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct Instruction {
    pub opname: String,
    pub class: Option<String>,
    pub opcode: u32,
    #[serde(default)]
    pub operands: Vec<Operand>,
    #[serde(default)]
    pub aliases: Vec<String>,
    #[serde(flatten)]
    pub availability: Availability,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Operand {
    pub kind: String,
    pub name: Option<String>,
    pub quantifier: Option<String>,
}

/// The availability fields shared by instructions and enumerants.
#[derive(Debug, Default, Deserialize)]
pub struct Availability {
    pub version: Option<String>,
    #[serde(rename = "lastVersion")]
    pub last_version: Option<String>,
    #[serde(default)]
    pub capabilities: Vec<String>,
    #[serde(default)]
    pub extensions: Vec<String>,
    #[serde(default)]
    pub provisional: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OperandKind {
    pub category: String,
    pub kind: String,
    pub doc: Option<String>,
    #[serde(default)]
    pub bases: Vec<String>,
    pub enumerants: Option<Vec<Enumerant>>,
}

#[derive(Debug, Deserialize)]
pub struct Enumerant {
    pub enumerant: String,
    pub value: EnumValue,
    #[serde(default)]
    pub aliases: Vec<String>,
    #[serde(default)]
    pub parameters: Vec<Operand>,
    #[serde(flatten)]
    pub availability: Availability,
}

/// Value enums give numbers, bit enums give hexadecimal strings.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum EnumValue {
    Number(u64),
    Text(String),
}
