//! SPIR-V attributes as MLIR 19 spells them, stored as dialect attributes:
//! - enum attributes `#spirv.<snake_kind><Case>` (any value or bit enum of
//!   the grammar, e.g. `storage_class`, `memory_access<Volatile|Aligned>`):
//!   `[Ident case]`
//! - `vce<v1.N, [caps], [exts]>`: `[Ident version, List caps, List exts]`
//! - `target_env<vce, [api=A,] [Vendor:Device[:id],] limits>`:
//!   `[Attr vce, Ident api, Ident device ("" when absent), Attr limits]`
//! - `resource_limits<k = v, ...>` and `entry_point_abi<k = v, ...>`:
//!   `[List[Ident key, Int | List ints], ...]` in MLIR's field order, with
//!   the defaults MLIR elides left out
//! - `interface_var_abi<(set, binding)[, StorageClass]>`:
//!   `[Int set, Int binding, Ident class ("" when absent)]`

use super::{enum_kind, parse_enum_case, NAMESPACE};
use crate::grammar::{find_kind, Capability, Extension, Version};
use crate::ir::{Attr, AttrData, Context, DialectData, Param};
use crate::target::Vce;
use crate::text::lexer::Tok;
use crate::text::{PResult, Parser, Printer};
use std::fmt::Write;

/// Fields of `resource_limits` in printing order, with the default MLIR
/// elides (None: always printed when given).
const RESOURCE_LIMITS: [(&str, Option<i64>); 6] = [
    ("max_compute_shared_memory_size", Some(16384)),
    ("max_compute_workgroup_invocations", Some(128)),
    ("max_compute_workgroup_size", None),
    ("subgroup_size", Some(32)),
    ("min_subgroup_size", None),
    ("max_subgroup_size", None),
];
const ENTRY_POINT_ABI: [(&str, Option<i64>); 3] = [
    ("workgroup_size", None),
    ("subgroup_size", None),
    ("target_width", None),
];

/// Attributes MLIR 19 defines that are kept as their text (they round-trip
/// verbatim; nothing here reads their fields).
pub const KEPT_AS_TEXT: [&str; 4] = [
    "linkage_attributes",
    "coop_matrix_props_khr",
    "coop_matrix_props_nv",
    "joint_matrix_props",
];

pub(crate) fn parse(p: &mut Parser, mnemonic: &str) -> PResult<Attr> {
    let loc = p.loc();
    let params = match mnemonic {
        "vce" => parse_vce(p)?,
        "target_env" => parse_target_env(p)?,
        "resource_limits" => parse_fields(p, &RESOURCE_LIMITS)?,
        "entry_point_abi" => parse_fields(p, &ENTRY_POINT_ABI)?,
        "interface_var_abi" => {
            p.expect(Tok::Less, "'<'")?;
            p.expect(Tok::LParen, "'('")?;
            let set = p.parse_u32("descriptor set")?;
            p.expect(Tok::Comma, "','")?;
            let binding = p.parse_u32("binding")?;
            p.expect(Tok::RParen, "')'")?;
            let mut class = String::new();
            if p.eat(Tok::Comma) {
                class = parse_enum_case(
                    p,
                    enum_kind("storage_class").ok_or_else(|| p.error_here("no StorageClass"))?,
                )?;
            }
            p.expect(Tok::Greater, "'>'")?;
            vec![
                Param::Int(set as i64),
                Param::Int(binding as i64),
                Param::Ident(p.ctx.ident(&class)),
            ]
        }
        _ => match enum_kind(mnemonic) {
            Some(kind) => {
                p.expect(Tok::Less, "'<'")?;
                let case = parse_enum_case(p, kind)?;
                p.expect(Tok::Greater, "'>'")?;
                vec![Param::Ident(p.ctx.ident(&case))]
            }
            None => return Err(p.error_at(loc, format!("unknown SPIR-V attribute: {mnemonic}"))),
        },
    };
    Ok(p.ctx.dialect_attr(NAMESPACE, mnemonic, params))
}

fn parse_vce(p: &mut Parser) -> PResult<Vec<Param>> {
    p.expect(Tok::Less, "'<'")?;
    let version = p.text();
    let valid = p.kind() == Tok::BareId
        && version
            .strip_prefix("v1.")
            .is_some_and(|minor| matches!(minor, "0" | "1" | "2" | "3" | "4" | "5" | "6"));
    if !valid {
        return Err(p.error_here("expected a SPIR-V version (v1.0 to v1.6)"));
    }
    p.advance();
    let version = Param::Ident(p.ctx.ident(version));
    p.expect(Tok::Comma, "','")?;
    let capability = find_kind("Capability").map_err(|e| p.error_here(e))?;
    let caps = p.parse_delimited(Tok::LSquare, Tok::RSquare, "'[' before capabilities", |p| {
        let case = parse_enum_case(p, capability)?;
        Ok(Param::Ident(p.ctx.ident(&case)))
    })?;
    p.expect(Tok::Comma, "','")?;
    // A name the grammar does not know (a newer or vendor extension, as
    // a binary may declare) is written quoted; a bare one must be known.
    let exts = p.parse_delimited(Tok::LSquare, Tok::RSquare, "'[' before extensions", |p| {
        if p.kind() == Tok::String {
            let name = p.parse_string_literal()?;
            return Ok(Param::Ident(p.ctx.ident(&name)));
        }
        let name = p.text();
        if p.kind() != Tok::BareId || name.parse::<Extension>().is_err() {
            return Err(p.error_here(format!(
                "unknown extension '{name}' (quote a name the grammar does not know)"
            )));
        }
        p.advance();
        Ok(Param::Ident(p.ctx.ident(name)))
    })?;
    p.expect(Tok::Greater, "'>'")?;
    Ok(vec![
        version,
        Param::List(caps.into()),
        Param::List(exts.into()),
    ])
}

fn parse_target_env(p: &mut Parser) -> PResult<Vec<Param>> {
    p.expect(Tok::Less, "'<'")?;
    let vce = p.parse_attribute()?;
    p.expect(Tok::Comma, "','")?;
    let (mut api, mut device) = (String::new(), String::new());
    if p.eat_keyword("api") {
        p.expect(Tok::Equal, "'='")?;
        api = p.parse_bare_id("client API")?.to_string();
        p.expect(Tok::Comma, "','")?;
    }
    if p.kind() == Tok::BareId {
        device = p.parse_bare_id("vendor")?.to_string();
        p.expect(Tok::Colon, "':' after vendor")?;
        device.push(':');
        device.push_str(p.parse_bare_id("device type")?);
        if p.eat(Tok::Colon) {
            let _ = write!(device, ":{}", p.parse_u32("device id")?);
        }
        p.expect(Tok::Comma, "','")?;
    }
    let limits = p.parse_attribute()?;
    p.expect(Tok::Greater, "'>'")?;
    let (api, device) = (p.ctx.ident(&api), p.ctx.ident(&device));
    Ok(vec![
        Param::Attr(vce),
        Param::Ident(api),
        Param::Ident(device),
        Param::Attr(limits),
    ])
}

/// `<key = value, ...>` over the known `fields` (integers or integer lists).
fn parse_fields(p: &mut Parser, fields: &[(&str, Option<i64>)]) -> PResult<Vec<Param>> {
    p.expect(Tok::Less, "'<'")?;
    let mut values: Vec<Option<Param>> = vec![None; fields.len()];
    if !p.eat(Tok::Greater) {
        loop {
            let key = p.parse_bare_id("field name")?;
            let Some(index) = fields.iter().position(|f| f.0 == key) else {
                return Err(p.error_here(format!("unknown or unsupported field '{key}'")));
            };
            p.expect(Tok::Equal, "'='")?;
            let value = if p.kind() == Tok::LSquare {
                let items = p.parse_delimited(Tok::LSquare, Tok::RSquare, "'['", |p| {
                    Ok(Param::Int(p.parse_u32("integer")? as i64))
                })?;
                Param::List(items.into())
            } else {
                Param::Int(p.parse_u32("integer")? as i64)
            };
            if fields[index].1.is_some_and(|d| value == Param::Int(d)) {
                values[index] = None;
            } else {
                values[index] = Some(value);
            }
            if !p.eat(Tok::Comma) {
                break;
            }
        }
        p.expect(Tok::Greater, "'>'")?;
    }
    let mut params = Vec::new();
    for (i, value) in values.into_iter().enumerate() {
        if let Some(value) = value {
            params.push(Param::List(
                vec![Param::Ident(p.ctx.ident(fields[i].0)), value].into(),
            ));
        }
    }
    Ok(params)
}

pub(crate) fn print(p: &mut Printer, data: &DialectData) {
    let ctx = p.ctx;
    let mnemonic = ctx.str(data.mnemonic);
    let _ = write!(p.out, "{NAMESPACE}.{mnemonic}<");
    match (mnemonic, &data.params[..]) {
        ("vce", [Param::Ident(version), Param::List(caps), Param::List(exts)]) => {
            let _ = write!(p.out, "{}, ", ctx.str(*version));
            print_ident_list(p, caps);
            p.write(", [");
            for (i, ext) in exts.iter().enumerate() {
                let Param::Ident(name) = ext else { continue };
                if i > 0 {
                    p.write(", ");
                }
                match ctx.str(*name) {
                    known if known.parse::<Extension>().is_ok() => p.write(known),
                    other => p.print_string(other),
                }
            }
            p.write("]");
        }
        (
            "target_env",
            [Param::Attr(vce), Param::Ident(api), Param::Ident(device), Param::Attr(limits)],
        ) => {
            p.print_attr(*vce);
            p.write(", ");
            if !ctx.str(*api).is_empty() {
                let _ = write!(p.out, "api={}, ", ctx.str(*api));
            }
            if !ctx.str(*device).is_empty() {
                let _ = write!(p.out, "{}, ", ctx.str(*device));
            }
            p.print_attr(*limits);
        }
        ("interface_var_abi", [Param::Int(set), Param::Int(binding), Param::Ident(class)]) => {
            let _ = write!(p.out, "({set}, {binding})");
            if !ctx.str(*class).is_empty() {
                let _ = write!(p.out, ", {}", ctx.str(*class));
            }
        }
        ("resource_limits" | "entry_point_abi", fields) => {
            for (i, field) in fields.iter().enumerate() {
                let Param::List(kv) = field else { continue };
                let [Param::Ident(key), value] = &kv[..] else {
                    continue;
                };
                let sep = if i > 0 { ", " } else { "" };
                let _ = write!(p.out, "{sep}{} = ", ctx.str(*key));
                print_int_or_list(p, value);
            }
        }
        // MLIR calls the empty memory semantics `None` (the grammar's
        // `Relaxed`), however the attribute was made.
        ("memory_semantics", [Param::Ident(case)]) if ctx.str(*case) == "Relaxed" => {
            p.write("None")
        }
        (_, [Param::Ident(case)]) => p.write(ctx.str(*case)),
        _ => {}
    }
    p.write(">");
}

fn print_ident_list(p: &mut Printer, items: &[Param]) {
    p.write("[");
    for (i, item) in items.iter().enumerate() {
        if let Param::Ident(id) = item {
            if i > 0 {
                p.write(", ");
            }
            p.write(p.ctx.str(*id));
        }
    }
    p.write("]");
}

fn print_int_or_list(p: &mut Printer, value: &Param) {
    match value {
        Param::Int(v) => {
            let _ = write!(p.out, "{v}");
        }
        Param::List(items) => {
            p.write("[");
            for (i, item) in items.iter().enumerate() {
                if let Param::Int(v) = item {
                    let _ = write!(p.out, "{}{v}", if i > 0 { ", " } else { "" });
                }
            }
            p.write("]");
        }
        _ => {}
    }
}

/// A `#spirv.vce` attribute as plain data (None for anything else).
pub fn vce_of(ctx: &Context, attr: Attr) -> Option<Vce> {
    let AttrData::Dialect(d) = ctx.attr_data(attr) else {
        return None;
    };
    if ctx.str(d.dialect) != NAMESPACE || ctx.str(d.mnemonic) != "vce" {
        return None;
    }
    let [Param::Ident(version), Param::List(caps), Param::List(exts)] = &d.params[..] else {
        return None;
    };
    let minor = ctx.str(*version).strip_prefix("v1.")?.parse().ok()?;
    let names = |list: &[Param]| -> Vec<String> {
        list.iter()
            .filter_map(|p| {
                if let Param::Ident(i) = p {
                    Some(ctx.str(*i).to_string())
                } else {
                    None
                }
            })
            .collect()
    };
    let capabilities = names(caps)
        .iter()
        .map(|c| c.parse().ok())
        .collect::<Option<Vec<Capability>>>()?;
    // Extensions the grammar does not know enable nothing it lists.
    let extensions = names(exts).iter().filter_map(|e| e.parse().ok()).collect();
    Some(Vce::new(Version::new(1, minor), capabilities, extensions))
}

/// The `#spirv.vce` attribute for `vce`.
pub fn vce_attr(ctx: &mut Context, vce: &Vce) -> Attr {
    let version = Param::Ident(ctx.ident(&format!("v{}.{}", vce.version.major, vce.version.minor)));
    let caps = vce
        .capabilities
        .iter()
        .map(|c| Param::Ident(ctx.ident(&c.to_string())))
        .collect();
    let exts = vce
        .extensions
        .iter()
        .map(|e| Param::Ident(ctx.ident(e.name())))
        .collect();
    ctx.dialect_attr(
        NAMESPACE,
        "vce",
        vec![version, Param::List(caps), Param::List(exts)],
    )
}
