//! `STRUCT name [STRIDE n]` ... `END`: one member per line, `type name
//! [OFFSET n] [MATRIX_STRIDE n]`, where a type is a plain data type or an
//! earlier struct.

use super::data::DataType;
use super::element::{MemberDecl, MemberType, StructDecl};
use super::lexer::{ParseError, Token};
use super::parser::Parser;

type Result<T> = std::result::Result<T, ParseError>;

pub(super) fn parse_struct(parser: &mut Parser) -> Result<()> {
    let (name, name_loc) = parser.word("a struct name")?;
    if parser.script.structs.iter().any(|s| s.name == name) || DataType::parse(&name).is_some() {
        return Err(ParseError::new(
            name_loc,
            format!("type `{name}` is already declared"),
        ));
    }
    let mut stride = None;
    if parser.peek_word().is_some() {
        parser.keyword("STRIDE")?;
        stride = Some(parser.integer("a stride in bytes")?);
    }
    parser.end_of_line()?;
    let mut members: Vec<MemberDecl> = Vec::new();
    loop {
        let (token, loc) = parser.lexer.next_token();
        let type_name = match token {
            Token::EndOfLine => continue,
            Token::EndOfFile => {
                return Err(ParseError::new(loc, format!("STRUCT `{name}` has no END")))
            }
            Token::Word(word) if word == "END" => break,
            Token::Word(word) => word,
        };
        let member_type = if type_name == name {
            return Err(ParseError::new(loc, "a struct cannot contain itself"));
        } else if let Some(data_type) = DataType::parse(&type_name) {
            MemberType::Plain(data_type)
        } else if let Some(index) = parser
            .script
            .structs
            .iter()
            .position(|s| s.name == type_name)
        {
            MemberType::Struct(index)
        } else {
            return Err(ParseError::new(
                loc,
                format!("unknown type `{type_name}` for a STRUCT member"),
            ));
        };
        let (member_name, member_loc) = parser.word("a member name")?;
        if members.iter().any(|m| m.name == member_name) {
            return Err(ParseError::new(
                member_loc,
                format!("duplicate member `{member_name}`"),
            ));
        }
        let mut member = MemberDecl {
            name: member_name,
            member_type,
            offset: None,
            matrix_stride: None,
        };
        while parser.peek_word().is_some() {
            let (option, option_loc) = parser.word("")?;
            match option.as_str() {
                "OFFSET" => member.offset = Some(parser.integer("an offset in bytes")?),
                "MATRIX_STRIDE" => {
                    member.matrix_stride = Some(parser.integer("a matrix stride in bytes")?)
                }
                other => {
                    return Err(ParseError::new(
                        option_loc,
                        format!("unsupported STRUCT member option `{other}`"),
                    ))
                }
            }
        }
        members.push(member);
    }
    if members.is_empty() {
        return Err(ParseError::new(
            name_loc,
            format!("STRUCT `{name}` has no members"),
        ));
    }
    parser.script.structs.push(StructDecl {
        name,
        stride,
        members,
    });
    Ok(())
}
