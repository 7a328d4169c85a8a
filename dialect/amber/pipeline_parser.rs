//! The body of `PIPELINE compute` / `DERIVE_PIPELINE`: ATTACH (entry point,
//! specialization), SHADER_OPTIMIZATION, BIND BUFFER / BUFFER_ARRAY (storage,
//! uniform, their dynamic forms, texel buffers, push constants, storage and
//! sampled images, combined image-samplers), BIND SAMPLER and SUBGROUP, up
//! to END.

use super::data::{encode, parse_int, DataType, Number};
use super::lexer::{Loc, ParseError, Token};
use super::parser::Parser;
use super::script::*;

type Result<T> = std::result::Result<T, ParseError>;

pub(super) fn parse_pipeline_body(
    parser: &mut Parser,
    mut pipeline: PipelineDecl,
) -> Result<PipelineDecl> {
    loop {
        let (token, loc) = parser.lexer.next_token();
        let word = match token {
            Token::EndOfLine => continue,
            Token::EndOfFile => {
                return Err(ParseError::new(
                    loc,
                    format!("pipeline `{}` has no END", pipeline.name),
                ))
            }
            Token::Word(word) => word,
        };
        match word.as_str() {
            "END" => break,
            "ATTACH" => attach(parser, &mut pipeline)?,
            "SHADER_OPTIMIZATION" => {
                parser.shader_named()?;
                parser.end_of_line()?;
                pipeline.optimizations = block_words(parser, loc)?;
            }
            "BIND" => bind(parser, &mut pipeline)?,
            "SUBGROUP" => subgroup(parser, &mut pipeline)?,
            other => {
                return Err(ParseError::new(
                    loc,
                    format!("`{other}` is not supported in a compute pipeline"),
                ));
            }
        }
    }
    if pipeline.shader.is_none() {
        return Err(ParseError::new(
            pipeline.loc,
            format!("pipeline `{}` has no shader attached", pipeline.name),
        ));
    }
    Ok(pipeline)
}

/// Words up to `END`, across lines.
fn block_words(parser: &mut Parser, start: Loc) -> Result<Vec<String>> {
    let mut words = Vec::new();
    loop {
        match parser.lexer.next_token() {
            (Token::EndOfLine, _) => continue,
            (Token::EndOfFile, _) => return Err(ParseError::new(start, "block without END")),
            (Token::Word(w), _) if w == "END" => return Ok(words),
            (Token::Word(w), _) => words.push(w),
        }
    }
}

fn attach(parser: &mut Parser, pipeline: &mut PipelineDecl) -> Result<()> {
    pipeline.shader = Some(parser.shader_named()?);
    while parser.peek_word().is_some() {
        let (option, loc) = parser.word("")?;
        match option.as_str() {
            "TYPE" => {
                let (kind, kind_loc) = parser.word("a shader type")?;
                if kind != "compute" {
                    return Err(ParseError::new(
                        kind_loc,
                        format!("a compute pipeline cannot attach a `{kind}` shader"),
                    ));
                }
            }
            "ENTRY_POINT" => pipeline.entry_point = parser.word("an entry point name")?.0,
            "SPECIALIZE" => {
                let id = parser.integer("a specialization constant id")?;
                parser.keyword("AS")?;
                let (type_name, type_loc) = parser.word("a type")?;
                let data_type = DataType::parse(&type_name)
                    .filter(|t| t.components() == 1 && t.scalar.bytes() == 4)
                    .ok_or_else(|| {
                        ParseError::new(
                            type_loc,
                            format!(
                                "specialization values must be 32-bit scalars, not `{type_name}`"
                            ),
                        )
                    })?;
                let value: Number = parser.value(data_type.scalar)?;
                let mut bytes = [0u8; 4];
                encode(value, data_type.scalar, &mut bytes);
                pipeline
                    .specialization
                    .retain(|(existing, _)| *existing != id);
                pipeline.specialization.push((id, bytes));
            }
            other => {
                return Err(ParseError::new(
                    loc,
                    format!("unexpected `{other}` in ATTACH"),
                ))
            }
        }
    }
    Ok(())
}

fn bind_kind(word: &str, loc: Loc) -> Result<Option<BindKind>> {
    Ok(Some(match word {
        "storage" => BindKind::Storage,
        "uniform" => BindKind::Uniform,
        "storage_dynamic" => BindKind::StorageDynamic,
        "uniform_dynamic" => BindKind::UniformDynamic,
        "storage_texel_buffer" => BindKind::StorageTexel,
        "uniform_texel_buffer" => BindKind::UniformTexel,
        "storage_image" => BindKind::StorageImage,
        "sampled_image" => BindKind::SampledImage,
        "combined_image_sampler" => BindKind::CombinedImageSampler,
        "push_constant" => return Ok(None),
        other => {
            return Err(ParseError::new(
                loc,
                format!("buffer type `{other}` is outside the compute subset"),
            ))
        }
    }))
}

/// Integers up to the next word that is not one.
fn integer_list(parser: &mut Parser) -> Vec<i128> {
    let mut values = Vec::new();
    while let Some(value) = parser.peek_word().and_then(|w| parse_int(&w)) {
        parser.lexer.next_token();
        values.push(value);
    }
    values
}

fn bind(parser: &mut Parser, pipeline: &mut PipelineDecl) -> Result<()> {
    let (what, what_loc) = parser.word("`BUFFER`, `BUFFER_ARRAY` or `SAMPLER`")?;
    let mut buffers = Vec::new();
    let mut sampler = None;
    match what.as_str() {
        "BUFFER" => buffers.push(parser.buffer_named()?),
        "SAMPLER" => sampler = Some(parser.sampler_named()?),
        "BUFFER_ARRAY" => {
            while parser.peek_word().is_some_and(|w| w != "AS") {
                buffers.push(parser.buffer_named()?);
            }
            if buffers.len() < 2 {
                return Err(ParseError::new(
                    what_loc,
                    "BUFFER_ARRAY needs at least two buffers",
                ));
            }
        }
        other => {
            return Err(ParseError::new(
                what_loc,
                format!("`BIND {other}` is outside the compute subset"),
            ))
        }
    }
    let (kind_word, kind_loc) = match sampler {
        Some(_) => (String::from("sampler"), what_loc),
        None => {
            parser.keyword("AS")?;
            parser.word("a buffer type")?
        }
    };
    let kind = match sampler {
        Some(_) => Some(BindKind::Sampler),
        None => bind_kind(&kind_word, kind_loc)?,
    };
    let Some(kind) = kind else {
        if buffers.len() != 1 {
            return Err(ParseError::new(
                kind_loc,
                "a push constant binding takes one buffer",
            ));
        }
        pipeline.push_constant = Some(buffers[0]);
        return parser.end_of_line();
    };
    let mut set = 0;
    let mut binding = None;
    let (mut dynamic_offsets, mut descriptor_offsets, mut descriptor_ranges) =
        (Vec::new(), Vec::new(), Vec::new());
    while let Some(option) = parser.peek_word() {
        let (_, loc) = parser.word("")?;
        let list = match option.as_str() {
            "DESCRIPTOR_SET" => {
                set = parser.integer("a descriptor set")?;
                continue;
            }
            "BINDING" => {
                binding = Some(parser.integer("a binding number")?);
                continue;
            }
            "SAMPLER" if kind == BindKind::CombinedImageSampler => {
                sampler = Some(parser.sampler_named()?);
                continue;
            }
            "BASE_MIP_LEVEL" => {
                if parser.integer::<u32>("a mip level")? != 0 {
                    return Err(ParseError::new(loc, "images here have one mip level"));
                }
                continue;
            }
            "OFFSET" => &mut dynamic_offsets,
            "DESCRIPTOR_OFFSET" => &mut descriptor_offsets,
            "DESCRIPTOR_RANGE" => &mut descriptor_ranges,
            other => {
                return Err(ParseError::new(
                    loc,
                    format!("unexpected `{other}` in BIND"),
                ))
            }
        };
        *list = integer_list(parser);
        if list.len() != buffers.len() {
            return Err(ParseError::new(
                loc,
                format!("`{option}` needs one value per buffer ({})", buffers.len()),
            ));
        }
    }
    let binding =
        binding.ok_or_else(|| ParseError::new(parser.lexer.loc(), "BIND needs `BINDING`"))?;
    check_bound_kind(parser, kind, &buffers, sampler, kind_loc)?;
    let value_at = |list: &[i128], i: usize| list.get(i).copied();
    let mut bound = Vec::new();
    for (i, buffer) in buffers.into_iter().enumerate() {
        let out_of_range = || {
            ParseError::new(
                kind_loc,
                "offsets and ranges must be non-negative 32-bit values",
            )
        };
        let range = match value_at(&descriptor_ranges, i) {
            None | Some(-1) => None,
            Some(r) => Some(u64::try_from(r).map_err(|_| out_of_range())?),
        };
        bound.push(BoundBufferDecl {
            buffer,
            dynamic_offset: u32::try_from(value_at(&dynamic_offsets, i).unwrap_or(0))
                .map_err(|_| out_of_range())?,
            descriptor_offset: u64::try_from(value_at(&descriptor_offsets, i).unwrap_or(0))
                .map_err(|_| out_of_range())?,
            descriptor_range: range,
        });
    }
    pipeline
        .bindings
        .retain(|b| (b.set, b.binding) != (set, binding));
    pipeline.bindings.push(BindDecl {
        kind,
        set,
        binding,
        buffers: bound,
        sampler,
        loc: kind_loc,
    });
    parser.end_of_line()
}

/// Images bind only as images, and images only as images; a combined
/// image-sampler names its sampler.
fn check_bound_kind(
    parser: &Parser,
    kind: BindKind,
    buffers: &[usize],
    sampler: Option<usize>,
    loc: Loc,
) -> Result<()> {
    let takes_images = matches!(
        kind,
        BindKind::StorageImage | BindKind::SampledImage | BindKind::CombinedImageSampler
    );
    for &buffer in buffers {
        let declared = &parser.script.buffers[buffer];
        if declared.image.is_some() != takes_images {
            let message = match takes_images {
                true => format!("`{}` is a BUFFER; bind an IMAGE here", declared.name),
                false => format!(
                    "`{}` is an IMAGE: it binds as storage_image, sampled_image or combined_image_sampler",
                    declared.name
                ),
            };
            return Err(ParseError::new(loc, message));
        }
    }
    if kind == BindKind::CombinedImageSampler && sampler.is_none() {
        return Err(ParseError::new(
            loc,
            "combined_image_sampler needs `SAMPLER name`",
        ));
    }
    Ok(())
}

fn on_off(parser: &mut Parser) -> Result<bool> {
    let (word, loc) = parser.word("`on` or `off`")?;
    match word.as_str() {
        "on" | "true" => Ok(true),
        "off" | "false" => Ok(false),
        other => Err(ParseError::new(
            loc,
            format!("expected `on` or `off`, found `{other}`"),
        )),
    }
}

fn subgroup(parser: &mut Parser, pipeline: &mut PipelineDecl) -> Result<()> {
    parser.shader_named()?;
    parser.end_of_line()?;
    loop {
        let (token, loc) = parser.lexer.next_token();
        let word = match token {
            Token::EndOfLine => continue,
            Token::EndOfFile => return Err(ParseError::new(loc, "SUBGROUP without END")),
            Token::Word(word) => word,
        };
        let required_feature = match word.as_str() {
            "END" => return Ok(()),
            "FULLY_POPULATED" => "SubgroupSizeControl.computeFullSubgroups",
            "VARYING_SIZE" | "REQUIRED_SIZE" => "SubgroupSizeControl.subgroupSizeControl",
            other => {
                return Err(ParseError::new(
                    loc,
                    format!("unexpected `{other}` in SUBGROUP"),
                ))
            }
        };
        if !parser
            .script
            .device_features
            .iter()
            .any(|(f, _)| f == required_feature)
        {
            return Err(ParseError::new(
                loc,
                format!("`{word}` needs `DEVICE_FEATURE {required_feature}` first"),
            ));
        }
        match word.as_str() {
            "FULLY_POPULATED" => pipeline.subgroup.fully_populated = on_off(parser)?,
            "VARYING_SIZE" => pipeline.subgroup.varying_size = on_off(parser)?,
            _ => {
                let (size, size_loc) = parser.word("a subgroup size")?;
                pipeline.subgroup.required_size = Some(match size.as_str() {
                    "MIN" => RequiredSize::Min,
                    "MAX" => RequiredSize::Max,
                    number => RequiredSize::Exactly(
                        parse_int(number)
                            .and_then(|n| u32::try_from(n).ok())
                            .filter(|n| n.is_power_of_two() && *n <= 128)
                            .ok_or_else(|| {
                                ParseError::new(
                                    size_loc,
                                    format!(
                                        "subgroup size `{number}` is not a power of two up to 128"
                                    ),
                                )
                            })?,
                    ),
                });
            }
        }
        parser.end_of_line()?;
    }
}
