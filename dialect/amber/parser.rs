//! The AmberScript parser for the compute subset: requirements, shaders,
//! buffers, pipelines (and derived ones), RUN/COPY/REPEAT/EXPECT. Anything
//! outside the subset (graphics pipelines, images, samplers) is a clear
//! error at its position rather than a silent skip.

use super::data::{parse_int, DataType, Layout, Number, Scalar};
use super::element::{ElementFormat, MemberType};
use super::lexer::{Lexer, Loc, ParseError, Token};
use super::pipeline_parser::parse_pipeline_body;
use super::script::*;
use super::struct_parser::parse_struct;

type Result<T> = std::result::Result<T, ParseError>;

/// Parses `word` as a value of type `scalar`.
fn number(word: &str, loc: Loc, scalar: Scalar) -> Result<Number> {
    Number::parse(word, scalar).ok_or_else(|| {
        let type_name = DataType {
            scalar,
            rows: 1,
            columns: 1,
        };
        ParseError::new(loc, format!("`{word}` is not a valid {type_name} value"))
    })
}

/// Commands of AmberScript this runner recognises but does not run.
const OUTSIDE_SUBSET: &[&str] = &[
    "CLEAR",
    "CLEAR_COLOR",
    "CLEAR_DEPTH",
    "CLEAR_STENCIL",
    "DEBUG",
    "VIRTUAL_FILE",
    "ACCELERATION_STRUCTURE",
    "SHADER_GROUP",
];

/// Largest buffer a script may declare (1 GiB).
const MAX_BUFFER_BYTES: u64 = 1 << 30;

pub(super) struct Parser<'a> {
    pub(super) lexer: Lexer<'a>,
    source: &'a str,
    pub(super) script: Script,
}

/// Parses a whole script.
pub fn parse(source: &str) -> Result<Script> {
    if !source.trim_start_matches('\u{feff}').starts_with("#!amber") {
        return Err(ParseError::new(
            Loc { line: 1, column: 1 },
            "an AmberScript must start with `#!amber`",
        ));
    }
    let mut parser = Parser {
        lexer: Lexer::new(source),
        source,
        script: Script::default(),
    };
    let mut commands = Vec::new();
    loop {
        let (token, loc) = parser.lexer.next_token();
        let word = match token {
            Token::EndOfFile => break,
            Token::EndOfLine => continue,
            Token::Word(word) => word,
        };
        if let Some(command) = parser.top_level(&word, loc)? {
            commands.push(command);
        }
    }
    parser.script.commands = commands;
    Ok(parser.script)
}

impl<'a> Parser<'a> {
    /// The next word on this line; `what` names it in the error.
    pub(super) fn word(&mut self, what: &str) -> Result<(String, Loc)> {
        match self.lexer.next_token() {
            (Token::Word(word), loc) => Ok((word, loc)),
            (_, loc) => Err(ParseError::new(loc, format!("expected {what}"))),
        }
    }

    /// Consumes `keyword` or fails.
    pub(super) fn keyword(&mut self, keyword: &str) -> Result<Loc> {
        let (word, loc) = self.word(&format!("`{keyword}`"))?;
        if word != keyword {
            return Err(ParseError::new(
                loc,
                format!("expected `{keyword}`, found `{word}`"),
            ));
        }
        Ok(loc)
    }

    /// The next word when it is on this line.
    pub(super) fn peek_word(&mut self) -> Option<String> {
        match self.lexer.peek() {
            Token::Word(word) => Some(word),
            _ => None,
        }
    }

    /// Requires the line to end here.
    pub(super) fn end_of_line(&mut self) -> Result<()> {
        match self.lexer.next_token() {
            (Token::Word(word), loc) => Err(ParseError::new(
                loc,
                format!("unexpected `{word}` at the end of the command"),
            )),
            _ => Ok(()),
        }
    }

    pub(super) fn integer<T: TryFrom<i128>>(&mut self, what: &str) -> Result<T> {
        let (word, loc) = self.word(what)?;
        parse_int(&word)
            .and_then(|v| T::try_from(v).ok())
            .ok_or_else(|| ParseError::new(loc, format!("expected {what}, found `{word}`")))
    }

    fn find<T>(items: &[T], name: &str, key: impl Fn(&T) -> &str) -> Option<usize> {
        items.iter().position(|item| key(item) == name)
    }

    pub(super) fn sampler_named(&mut self) -> Result<usize> {
        let (name, loc) = self.word("a sampler name")?;
        Self::find(&self.script.samplers, &name, |s| &s.name)
            .ok_or_else(|| ParseError::new(loc, format!("unknown sampler `{name}`")))
    }

    pub(super) fn buffer_named(&mut self) -> Result<usize> {
        let (name, loc) = self.word("a buffer name")?;
        Self::find(&self.script.buffers, &name, |b| &b.name)
            .ok_or_else(|| ParseError::new(loc, format!("unknown buffer `{name}`")))
    }

    pub(super) fn shader_named(&mut self) -> Result<usize> {
        let (name, loc) = self.word("a shader name")?;
        Self::find(&self.script.shaders, &name, |s| &s.name)
            .ok_or_else(|| ParseError::new(loc, format!("unknown shader `{name}`")))
    }

    fn pipeline_named(&mut self) -> Result<usize> {
        let (name, loc) = self.word("a pipeline name")?;
        Self::find(&self.script.pipelines, &name, |p| &p.name)
            .ok_or_else(|| ParseError::new(loc, format!("unknown pipeline `{name}`")))
    }

    pub(super) fn fresh_name(
        &mut self,
        what: &str,
        taken: impl Fn(&Script, &str) -> bool,
    ) -> Result<(String, Loc)> {
        let (name, loc) = self.word(&format!("a {what} name"))?;
        if taken(&self.script, &name) {
            return Err(ParseError::new(
                loc,
                format!("{what} `{name}` is already declared"),
            ));
        }
        Ok((name, loc))
    }

    fn top_level(&mut self, word: &str, loc: Loc) -> Result<Option<Command>> {
        match word {
            "SHADER" => self.shader(loc)?,
            "BUFFER" => self.buffer()?,
            "IMAGE" => self.image()?,
            "SAMPLER" => self.sampler()?,
            "STRUCT" => parse_struct(self)?,
            "PIPELINE" => self.pipeline(loc)?,
            "DERIVE_PIPELINE" => self.derive_pipeline(loc)?,
            "DEVICE_FEATURE" | "DEVICE_PROPERTY" | "DEVICE_EXTENSION" | "INSTANCE_EXTENSION" => {
                let (name, name_loc) = self.word("a name")?;
                self.end_of_line()?;
                let script = &mut self.script;
                match word {
                    "DEVICE_FEATURE" => script.device_features.push((name, name_loc)),
                    "DEVICE_PROPERTY" => script.device_properties.push((name, name_loc)),
                    "DEVICE_EXTENSION" => script.device_extensions.push(name),
                    _ => script.instance_extensions.push(name),
                }
            }
            "SET" => self.set_engine_data()?,
            other if OUTSIDE_SUBSET.contains(&other) => {
                return Err(ParseError::new(
                    loc,
                    format!("`{other}` is outside the compute subset this runner supports"),
                ))
            }
            _ => return self.command(word, loc).map(Some),
        }
        Ok(None)
    }

    fn set_engine_data(&mut self) -> Result<()> {
        self.keyword("ENGINE_DATA")?;
        let (variable, loc) = self.word("an engine data variable")?;
        if variable != "fence_timeout_ms" {
            return Err(ParseError::new(
                loc,
                format!("unknown engine data variable `{variable}`"),
            ));
        }
        self.script.fence_timeout_ms = Some(self.integer("a timeout in milliseconds")?);
        self.end_of_line()
    }

    fn command(&mut self, word: &str, loc: Loc) -> Result<Command> {
        match word {
            "RUN" => {
                // Kernel times are taken for every RUN when `--timings` asks
                // for them, so `TIMED_EXECUTION` asks for nothing more.
                if self.peek_word().as_deref() == Some("TIMED_EXECUTION") {
                    self.word("")?;
                }
                let pipeline = self.pipeline_named()?;
                if self.peek_word().is_some_and(|w| parse_int(&w).is_none()) {
                    let (word, loc) = self.word("")?;
                    return Err(ParseError::new(
                        loc,
                        format!("`RUN ... {word}` (graphics) is outside the compute subset"),
                    ));
                }
                let groups = [
                    self.integer("a workgroup count")?,
                    self.integer("a workgroup count")?,
                    self.integer("a workgroup count")?,
                ];
                self.end_of_line()?;
                Ok(Command::Run {
                    pipeline,
                    groups,
                    loc,
                })
            }
            "COPY" => {
                let from = self.buffer_named()?;
                self.keyword("TO")?;
                let to = self.buffer_named()?;
                self.end_of_line()?;
                Ok(Command::Copy { from, to, loc })
            }
            "EXPECT" => {
                let text = self.source_line(loc);
                let expectation = self.expectation()?;
                Ok(Command::Expect {
                    expectation,
                    text,
                    loc,
                })
            }
            "REPEAT" => {
                let count = self.integer("a repeat count")?;
                self.end_of_line()?;
                let mut body = Vec::new();
                loop {
                    let (token, loc) = self.lexer.next_token();
                    match token {
                        Token::EndOfLine => continue,
                        Token::EndOfFile => return Err(ParseError::new(loc, "REPEAT without END")),
                        Token::Word(w) if w == "END" => break,
                        Token::Word(w) => body.push(self.command(&w, loc)?),
                    }
                }
                Ok(Command::Repeat { count, body })
            }
            other => Err(ParseError::new(loc, format!("unknown command `{other}`"))),
        }
    }

    fn source_line(&self, loc: Loc) -> String {
        let line = self.source.lines().nth(loc.line - 1).unwrap_or("");
        let line = line.split('#').next().unwrap_or("");
        line.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    fn shader(&mut self, loc: Loc) -> Result<()> {
        let (kind, kind_loc) = self.word("a shader type")?;
        if kind != "compute" && kind != "multi" {
            return Err(ParseError::new(
                kind_loc,
                format!("`{kind}` shaders are outside the compute subset"),
            ));
        }
        let (name, _) = self.fresh_name("shader", |s, n| s.shaders.iter().any(|x| x.name == n))?;
        let (format, format_loc) = self.word("a shader format")?;
        let format = match format.as_str() {
            "GLSL" => ShaderFormat::Glsl,
            "SPIRV-ASM" => ShaderFormat::SpirvAsm,
            "SPIRV-HEX" => ShaderFormat::SpirvHex,
            other => {
                return Err(ParseError::new(
                    format_loc,
                    format!("unsupported shader format `{other}`"),
                ))
            }
        };
        let mut target_env = None;
        while self.peek_word().is_some() {
            let (option, option_loc) = self.word("")?;
            match option.as_str() {
                "TARGET_ENV" => target_env = Some(self.word("a target environment")?.0),
                other => {
                    return Err(ParseError::new(
                        option_loc,
                        format!("unexpected `{other}` after the shader format"),
                    ))
                }
            }
        }
        let (source, _) = self
            .lexer
            .raw_until_end()
            .ok_or_else(|| ParseError::new(loc, format!("shader `{name}` has no END")))?;
        self.script.shaders.push(Shader {
            name,
            format,
            target_env,
            source,
            loc,
        });
        Ok(())
    }

    /// `DATA_TYPE` or `FORMAT` and the type it names.
    pub(super) fn element_type(&mut self) -> Result<MemberType> {
        let (how, how_loc) = self.word("`DATA_TYPE` or `FORMAT`")?;
        if how != "DATA_TYPE" && how != "FORMAT" {
            return Err(ParseError::new(
                how_loc,
                format!("expected `DATA_TYPE` or `FORMAT`, found `{how}`"),
            ));
        }
        let (type_name, type_loc) = self.word("a data type")?;
        Ok(match DataType::parse(&type_name) {
            Some(data_type) => MemberType::Plain(data_type),
            None => match self.script.structs.iter().position(|s| s.name == type_name) {
                Some(index) => MemberType::Struct(index),
                None => {
                    return Err(ParseError::new(
                        type_loc,
                        format!("unknown or unsupported data type `{type_name}`"),
                    ))
                }
            },
        })
    }

    /// A buffer or image name not declared yet.
    pub(super) fn fresh_buffer_name(&mut self) -> Result<(String, Loc)> {
        self.fresh_name("buffer", |s, n| s.buffers.iter().any(|x| x.name == n))
    }

    fn buffer(&mut self) -> Result<()> {
        let (name, _) = self.fresh_buffer_name()?;
        let element = self.element_type()?;
        let mut layout = Layout::Std430;
        let (mut word, mut loc) = self.word("`DATA` or `SIZE`")?;
        if word == "STD140" || word == "STD430" {
            layout = if word == "STD140" {
                Layout::Std140
            } else {
                Layout::Std430
            };
            (word, loc) = self.word("`DATA` or `SIZE`")?;
        }
        let (format, plain) = match element {
            MemberType::Plain(data_type) => {
                (ElementFormat::plain(data_type, layout), Some(data_type))
            }
            MemberType::Struct(index) => (
                ElementFormat::of_struct(&self.script.structs, index, layout),
                None,
            ),
        };
        let values = match word.as_str() {
            "DATA" => self.data_values(&format)?,
            "SIZE" => self.sized_values(&format)?,
            other => {
                return Err(ParseError::new(
                    loc,
                    format!("expected `DATA` or `SIZE`, found `{other}`"),
                ))
            }
        };
        let initial = format.pack(&values);
        self.script.buffers.push(BufferDecl {
            name,
            format,
            plain,
            initial,
            image: None,
        });
        Ok(())
    }

    /// Reads a value of type `scalar`.
    pub(super) fn value(&mut self, scalar: Scalar) -> Result<Number> {
        let (word, loc) = self.word("a value")?;
        number(&word, loc, scalar)
    }

    /// Values up to `END`, across lines, each of its component's type.
    pub(super) fn data_values(&mut self, format: &ElementFormat) -> Result<Vec<Number>> {
        let mut values = Vec::new();
        loop {
            match self.lexer.peek() {
                Token::EndOfLine => {
                    self.lexer.next_token();
                }
                Token::EndOfFile => {
                    return Err(ParseError::new(self.lexer.loc(), "buffer DATA without END"))
                }
                Token::Word(w) if w == "END" => {
                    self.lexer.next_token();
                    return Ok(values);
                }
                Token::Word(_) => values.push(self.value(format.scalar_of(values.len()))?),
            }
        }
    }

    fn sized_values(&mut self, format: &ElementFormat) -> Result<Vec<Number>> {
        let size_loc = self.lexer.loc();
        let elements: u64 = self.integer("a size in elements")?;
        self.check_size(format, elements, size_loc)?;
        self.filled_values(format, elements as usize)
    }

    /// Fails when `elements` of `format` pass the buffer size limit.
    pub(super) fn check_size(&self, format: &ElementFormat, elements: u64, loc: Loc) -> Result<()> {
        if elements.saturating_mul(u64::from(format.stride)) > MAX_BUFFER_BYTES {
            return Err(ParseError::new(
                loc,
                format!("buffers are limited to {MAX_BUFFER_BYTES} bytes"),
            ));
        }
        Ok(())
    }

    /// `FILL` or `SERIES_FROM` values for `elements` elements of `format`.
    pub(super) fn filled_values(
        &mut self,
        format: &ElementFormat,
        elements: usize,
    ) -> Result<Vec<Number>> {
        let count = elements * format.components.len();
        let (init, loc) = self.word("`FILL` or `SERIES_FROM`")?;
        let values = match init.as_str() {
            "FILL" => {
                let (word, loc) = self.word("a value")?;
                (0..count)
                    .map(|i| number(&word, loc, format.scalar_of(i)))
                    .collect::<Result<Vec<_>>>()?
            }
            "SERIES_FROM" => {
                let start = self.value(format.scalar_of(0))?;
                self.keyword("INC_BY")?;
                let step = self.value(format.scalar_of(0))?;
                (0..count)
                    .map(|i| match (start, step) {
                        (Number::Int(a), Number::Int(b)) => Number::Int(a + b * i as i128),
                        (a, b) => Number::Float(a.as_f64() + b.as_f64() * i as f64),
                    })
                    .collect()
            }
            other => {
                return Err(ParseError::new(
                    loc,
                    format!("expected `FILL` or `SERIES_FROM`, found `{other}`"),
                ))
            }
        };
        self.end_of_line()?;
        Ok(values)
    }

    fn pipeline(&mut self, loc: Loc) -> Result<()> {
        let (kind, kind_loc) = self.word("a pipeline type")?;
        if kind != "compute" {
            return Err(ParseError::new(
                kind_loc,
                format!("`{kind}` pipelines are outside the compute subset"),
            ));
        }
        let (name, _) =
            self.fresh_name("pipeline", |s, n| s.pipelines.iter().any(|x| x.name == n))?;
        self.end_of_line()?;
        let pipeline = PipelineDecl {
            name,
            shader: None,
            entry_point: "main".into(),
            specialization: Vec::new(),
            optimizations: Vec::new(),
            bindings: Vec::new(),
            push_constant: None,
            subgroup: SubgroupDecl::default(),
            loc,
        };
        let pipeline = parse_pipeline_body(self, pipeline)?;
        self.script.pipelines.push(pipeline);
        Ok(())
    }

    fn derive_pipeline(&mut self, loc: Loc) -> Result<()> {
        let (name, _) =
            self.fresh_name("pipeline", |s, n| s.pipelines.iter().any(|x| x.name == n))?;
        self.keyword("FROM")?;
        let parent = self.pipeline_named()?;
        self.end_of_line()?;
        let pipeline = PipelineDecl {
            name,
            loc,
            ..self.script.pipelines[parent].clone()
        };
        let pipeline = parse_pipeline_body(self, pipeline)?;
        self.script.pipelines.push(pipeline);
        Ok(())
    }

    fn expectation(&mut self) -> Result<Expectation> {
        let actual = self.buffer_named()?;
        let (word, loc) = self.word("`IDX`, `EQ_BUFFER` or `RMSE_BUFFER`")?;
        let expectation = match word.as_str() {
            "EQ_BUFFER" => Expectation::EqualBuffer {
                actual,
                expected: self.buffer_named()?,
            },
            "RMSE_BUFFER" => {
                let expected = self.buffer_named()?;
                self.keyword("TOLERANCE")?;
                let (value, loc) = self.word("a tolerance")?;
                let tolerance = value.parse().map_err(|_| {
                    ParseError::new(loc, format!("`{value}` is not a valid tolerance"))
                })?;
                Expectation::RmseBuffer {
                    actual,
                    expected,
                    tolerance,
                }
            }
            "IDX" => return self.indexed_expectation(actual),
            other => {
                return Err(ParseError::new(
                    loc,
                    format!("`EXPECT ... {other}` is outside the compute subset"),
                ))
            }
        };
        self.end_of_line()?;
        Ok(expectation)
    }

    fn indexed_expectation(&mut self, buffer: usize) -> Result<Expectation> {
        let offset = self.integer("a byte offset")?;
        let mut tolerance = None;
        let (mut word, mut loc) = self.word("a comparison")?;
        if parse_int(&word).is_some() {
            return Err(ParseError::new(
                loc,
                "image probes (`IDX x y`) are outside the compute subset",
            ));
        }
        if word == "TOLERANCE" {
            let mut tolerances = Vec::new();
            loop {
                (word, loc) = self.word("a tolerance or `EQ`")?;
                let (number, percent) = match word.strip_suffix('%') {
                    Some(number) => (number, true),
                    None => (word.as_str(), false),
                };
                match number.parse::<f64>() {
                    Ok(value) if tolerances.len() < 4 => {
                        tolerances.push(Tolerance { value, percent })
                    }
                    Ok(_) => return Err(ParseError::new(loc, "at most 4 tolerances")),
                    Err(_) => break,
                }
            }
            if tolerances.is_empty() || word != "EQ" {
                return Err(ParseError::new(
                    loc,
                    "TOLERANCE takes 1 to 4 values followed by `EQ`",
                ));
            }
            tolerance = tolerances.first().copied();
        }
        let comparison = match word.as_str() {
            "EQ" => Comparison::Eq,
            "NE" => Comparison::Ne,
            "LT" => Comparison::Lt,
            "LE" => Comparison::Le,
            "GT" => Comparison::Gt,
            "GE" => Comparison::Ge,
            other => {
                return Err(ParseError::new(
                    loc,
                    format!("unknown comparison `{other}`"),
                ))
            }
        };
        let mut values = Vec::new();
        while self.peek_word().is_some() {
            let scalar = self.script.buffers[buffer].format.scalar_of(values.len());
            values.push(self.value(scalar)?);
        }
        if values.is_empty() {
            return Err(ParseError::new(
                self.lexer.loc(),
                "EXPECT needs at least one value",
            ));
        }
        Ok(Expectation::Values {
            buffer,
            offset,
            comparison,
            tolerance,
            values,
        })
    }
}
