//! `IMAGE` and `SAMPLER` declarations: an image is a buffer whose elements
//! are the texels of a 1D, 2D or 3D image (x fastest), filled as a sized
//! buffer is; a sampler names its filters, address modes, border colour,
//! level-of-detail range, coordinate kind and comparison.

use super::data::{Layout, Number};
use super::element::{ElementFormat, MemberType};
use super::lexer::{ParseError, Token};
use super::parser::Parser;
use super::script::{BufferDecl, ImageDecl, SamplerDecl};

type Result<T> = std::result::Result<T, ParseError>;

/// Names in the order of their Vulkan values.
const FILTERS: &[&str] = &["nearest", "linear"];
const ADDRESS_MODES: &[&str] = &[
    "repeat",
    "mirrored_repeat",
    "clamp_to_edge",
    "clamp_to_border",
    "mirrored_clamp_to_edge",
];
const BORDER_COLORS: &[&str] = &[
    "float_transparent_black",
    "int_transparent_black",
    "float_opaque_black",
    "int_opaque_black",
    "float_opaque_white",
    "int_opaque_white",
];
const COMPARE_OPS: &[&str] = &[
    "never",
    "less",
    "equal",
    "less_or_equal",
    "greater",
    "not_equal",
    "greater_or_equal",
    "always",
];

impl Parser<'_> {
    /// `IMAGE name {DATA_TYPE | FORMAT} type [MIP_LEVELS 1] [SAMPLES 1]
    /// DIM_{1,2,3}D WIDTH w [HEIGHT h [DEPTH d]] [initializer]`; without an
    /// initializer the texels are zero.
    pub(super) fn image(&mut self) -> Result<()> {
        let (name, loc) = self.fresh_buffer_name()?;
        let MemberType::Plain(data_type) = self.element_type()? else {
            return Err(ParseError::new(loc, "an IMAGE takes no STRUCT type"));
        };
        let format = ElementFormat::plain(data_type, Layout::Std430);
        let (mut word, mut word_loc) = self.word("a dimensionality (`DIM_2D`)")?;
        while word == "MIP_LEVELS" || word == "SAMPLES" {
            if self.integer::<u32>("a count")? != 1 {
                return Err(ParseError::new(
                    word_loc,
                    format!("`{word}` other than 1 is outside the compute subset"),
                ));
            }
            (word, word_loc) = self.word("a dimensionality (`DIM_2D`)")?;
        }
        let dimensions = match word.as_str() {
            "DIM_1D" => 1,
            "DIM_2D" => 2,
            "DIM_3D" => 3,
            other => {
                return Err(ParseError::new(
                    word_loc,
                    format!("expected `DIM_1D`, `DIM_2D` or `DIM_3D`, found `{other}`"),
                ))
            }
        };
        let mut extent = [1u32; 3];
        for (axis, keyword) in ["WIDTH", "HEIGHT", "DEPTH"].iter().enumerate() {
            if axis < dimensions {
                self.keyword(keyword)?;
                extent[axis] = self.integer(&format!("a {} above 0", keyword.to_lowercase()))?;
                if extent[axis] == 0 {
                    return Err(ParseError::new(loc, "image sizes must be above 0"));
                }
            }
        }
        let texels = extent.iter().map(|&e| u64::from(e)).product::<u64>();
        self.check_size(&format, texels, loc)?;
        let values = match self.peek_word().as_deref() {
            None => vec![Number::Int(0); texels as usize * format.components.len()],
            Some("DATA") => {
                self.lexer.next_token();
                let values = self.data_values(&format)?;
                let wanted = texels as usize * format.components.len();
                if values.len() != wanted {
                    return Err(ParseError::new(
                        loc,
                        format!(
                            "image `{name}` takes {wanted} values, {} given",
                            values.len()
                        ),
                    ));
                }
                values
            }
            Some(_) => self.filled_values(&format, texels as usize)?,
        };
        let initial = format.pack(&values);
        self.script.buffers.push(BufferDecl {
            name,
            format,
            plain: Some(data_type),
            initial,
            image: Some(ImageDecl {
                dimensions: dimensions as u32,
                extent,
                loc,
            }),
        });
        Ok(())
    }

    /// `SAMPLER name [option value]...`; unnormalized coordinates take a
    /// level-of-detail range of 0.
    pub(super) fn sampler(&mut self) -> Result<()> {
        let (name, _) =
            self.fresh_name("sampler", |s, n| s.samplers.iter().any(|x| x.name == n))?;
        let mut sampler = SamplerDecl {
            name,
            mag_filter: 0,
            min_filter: 0,
            address_modes: [0; 3],
            border_color: 0,
            min_lod: 0.0,
            max_lod: 1.0,
            normalized_coordinates: true,
            compare: None,
        };
        let (mut compare, mut compare_op) = (false, 0);
        while let Token::Word(option) = self.lexer.peek() {
            let (_, loc) = self.word("")?;
            match option.as_str() {
                "MAG_FILTER" => sampler.mag_filter = self.named_value(FILTERS, "filter")?,
                "MIN_FILTER" => sampler.min_filter = self.named_value(FILTERS, "filter")?,
                "ADDRESS_MODE_U" | "ADDRESS_MODE_V" | "ADDRESS_MODE_W" => {
                    let axis = usize::from(option.as_bytes()[13] - b'U');
                    sampler.address_modes[axis] =
                        self.named_value(ADDRESS_MODES, "address mode")?;
                }
                "BORDER_COLOR" => {
                    sampler.border_color = self.named_value(BORDER_COLORS, "border color")?
                }
                "MIN_LOD" => sampler.min_lod = self.float("a level of detail")?,
                "MAX_LOD" => sampler.max_lod = self.float("a level of detail")?,
                "NORMALIZED_COORDS" => sampler.normalized_coordinates = true,
                "UNNORMALIZED_COORDS" => sampler.normalized_coordinates = false,
                "COMPARE" => compare = self.named_value(&["off", "on"], "`on` or `off`")? == 1,
                "COMPARE_OP" => compare_op = self.named_value(COMPARE_OPS, "compare operation")?,
                other => {
                    return Err(ParseError::new(
                        loc,
                        format!("unexpected `{other}` in SAMPLER"),
                    ))
                }
            }
        }
        sampler.compare = compare.then_some(compare_op);
        if !sampler.normalized_coordinates {
            (sampler.min_lod, sampler.max_lod) = (0.0, 0.0);
        }
        self.script.samplers.push(sampler);
        Ok(())
    }

    /// The position of the next word in `names` (its Vulkan value).
    fn named_value(&mut self, names: &[&str], what: &str) -> Result<u32> {
        let (word, loc) = self.word(&format!("a {what}"))?;
        match names.iter().position(|n| *n == word) {
            Some(value) => Ok(value as u32),
            None => Err(ParseError::new(
                loc,
                format!("unknown {what} `{word}` (one of: {})", names.join(", ")),
            )),
        }
    }

    fn float(&mut self, what: &str) -> Result<f32> {
        let (word, loc) = self.word(what)?;
        word.parse()
            .map_err(|_| ParseError::new(loc, format!("expected {what}, found `{word}`")))
    }
}
