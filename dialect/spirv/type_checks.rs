//! The type rules of the ops whose operand and result types relate
//! through the types' structure, as SPIR-V states them: memory access
//! (loads, stores and the storage classes they write, copies, function
//! variables, access chains, atomics), images, their coordinates and
//! texels,
//! composites (extract, insert, construct, shuffle, dynamic vector
//! access), `spirv.Select`, bit casts, and vector and matrix products
//! (cooperative matrices too) and lengths. A struct
//! named inside its own body (the recursive reference
//! `!spirv.struct<Name>`) is the struct it names; where a rule would look
//! inside one, it checks no further.

use super::access_chains::{access_chain, array_length, untyped_access_chain};
use super::formats_support::{composite_element, int_of};
use super::types::{as_pointer, as_untyped_pointer, pointer_class};
use super::NAMESPACE;
use crate::grammar::Op as GrammarOp;
use crate::ir::{AttrData, Context, Op, Param, Type, TypeData, Value, ValueDef};
use smallvec::SmallVec;

pub(super) type Checked = Result<(), String>;

/// Checks `op`, an instance of `grammar_op`, by the rule of its kind;
/// ops without one pass.
pub(super) fn check(ctx: &Context, op: Op, grammar_op: GrammarOp) -> Checked {
    use GrammarOp as G;
    // Checked for every grammar op: kept off the heap.
    let operands: SmallVec<[Type; 8]> = ctx.operands(op).map(|v| ctx.value_type(v)).collect();
    let result = ctx.results(op).first().map(|&r| ctx.value_type(r));
    let types = Types {
        ctx,
        operands: &operands,
        result,
    };
    match grammar_op {
        G::Load | G::AtomicLoad => types.result_is_pointee(),
        G::Store | G::AtomicStore => {
            types.operands_are_pointee(1..2)?;
            types.writable()
        }
        G::CopyMemory => types.copy(),
        G::Bitcast => types.bitcast(),
        G::Variable => types.variable(),
        G::AccessChain | G::InBoundsAccessChain => access_chain(ctx, op, &types, 0),
        G::PtrAccessChain | G::InBoundsPtrAccessChain => access_chain(ctx, op, &types, 1),
        G::AtomicExchange
        | G::AtomicIAdd
        | G::AtomicISub
        | G::AtomicSMin
        | G::AtomicUMin
        | G::AtomicSMax
        | G::AtomicUMax
        | G::AtomicAnd
        | G::AtomicOr
        | G::AtomicXor
        | G::AtomicIIncrement
        | G::AtomicIDecrement
        | G::AtomicFAddEXT
        | G::AtomicFMinEXT
        | G::AtomicFMaxEXT
        | G::AtomicCompareExchange
        | G::AtomicCompareExchangeWeak => {
            types.result_is_pointee()?;
            types.operands_are_pointee(1..operands.len())
        }
        G::CompositeExtract => {
            let element = types.indexed(operands[0], &literals(ctx, op, "indices"))?;
            types.result_matches(element, "the type the indices select")
        }
        G::CompositeInsert => {
            types.result_matches(Some(operands[1]), "the composite's type")?;
            let element = types.indexed(operands[1], &literals(ctx, op, "indices"))?;
            match element {
                Some(element) if !same_type(ctx, operands[0], element) => {
                    Err("the object's type is not the type the indices select".into())
                }
                _ => Ok(()),
            }
        }
        G::CompositeConstruct => types.construct(),
        G::VectorShuffle => types.shuffle(literals(ctx, op, "components").len()),
        G::VectorExtractDynamic => types.result_matches(
            vector(ctx, operands[0]).map(|(_, elem)| elem),
            "the vector's element type",
        ),
        G::VectorInsertDynamic => {
            types.result_matches(Some(operands[0]), "the vector's type")?;
            match vector(ctx, operands[0]) {
                Some((_, elem)) if operands[1] != elem => {
                    Err("the component's type is not the vector's element type".into())
                }
                _ => Ok(()),
            }
        }
        G::Select => types.select(),
        G::Dot => types.dot(),
        G::GlLength | G::GlDistance => types.length(),
        G::ImageSampleImplicitLod | G::ImageSampleProjImplicitLod => {
            types.image_access("sampled_image", Some(Component::Float))?;
            types.texel(Texel::FourComponents)
        }
        G::ImageSampleDrefImplicitLod | G::ImageSampleProjDrefImplicitLod => {
            types.image_access("sampled_image", Some(Component::Float))?;
            types.texel(Texel::Scalar)
        }
        G::ImageSparseSampleImplicitLod
        | G::ImageSparseSampleDrefImplicitLod
        | G::ImageQueryLod => types.image_access("sampled_image", Some(Component::Float)),
        G::ImageSampleExplicitLod
        | G::ImageSampleProjExplicitLod
        | G::ImageGather
        | G::ImageDrefGather => {
            types.image_access("sampled_image", None)?;
            types.texel(Texel::FourComponents)
        }
        G::ImageSampleDrefExplicitLod | G::ImageSampleProjDrefExplicitLod => {
            types.image_access("sampled_image", None)?;
            types.texel(Texel::Scalar)
        }
        G::ImageSparseSampleExplicitLod
        | G::ImageSparseSampleDrefExplicitLod
        | G::ImageSparseGather
        | G::ImageSparseDrefGather => types.image_access("sampled_image", None),
        G::ImageFetch => {
            types.image_access("image", Some(Component::Integer))?;
            types.texel(Texel::FourComponents)
        }
        G::ImageSparseFetch => types.image_access("image", Some(Component::Integer)),
        G::Image => {
            types.image_access("sampled_image", None)?;
            let image = match spirv_type(ctx, operands[0]) {
                Some(("sampled_image", [Param::Type(image)])) => Some(*image),
                _ => None,
            };
            types.result_matches(image, "the sampled image's image type")
        }
        G::ImageRead
        | G::ImageWrite
        | G::ImageSparseRead
        | G::ImageQueryFormat
        | G::ImageQueryOrder
        | G::ImageQuerySizeLod
        | G::ImageQuerySize
        | G::ImageQueryLevels
        | G::ImageQuerySamples => types.image_access("image", None),
        G::VectorTimesScalar | G::MatrixTimesScalar => types.times_scalar(),
        G::MatrixTimesVector
        | G::VectorTimesMatrix
        | G::MatrixTimesMatrix
        | G::OuterProduct
        | G::Transpose => types.matrix_product(grammar_op),
        G::ArrayLength => array_length(ctx, op, &types, false),
        _ => match named_rule(grammar_op) {
            Some(NamedRule::MulAdd) => {
                types.result_matches(operands.get(2).copied(), "the accumulator's type")
            }
            Some(NamedRule::UntypedChain { skip }) => untyped_access_chain(ctx, op, &types, skip),
            Some(NamedRule::UntypedArrayLength) => array_length(ctx, op, &types, true),
            None => Ok(()),
        },
    }
}

/// The rule of an op named rather than matched, as older grammars lack it.
#[derive(Clone, Copy)]
enum NamedRule {
    /// `spirv.KHR.CooperativeMatrixMulAdd`: its result is its accumulator's type.
    MulAdd,
    /// An untyped access chain (SPV_KHR_untyped_pointers), `skip` the
    /// indices it steps over before its base type (the `Ptr` ones' element).
    UntypedChain { skip: usize },
    /// `spirv.KHR.UntypedArrayLength`.
    UntypedArrayLength,
}

/// The [`NamedRule`] of `op`, from a table of the ops the grammar has,
/// made once.
fn named_rule(op: GrammarOp) -> Option<NamedRule> {
    static RULES: std::sync::OnceLock<Vec<(GrammarOp, NamedRule)>> = std::sync::OnceLock::new();
    let rules = RULES.get_or_init(|| {
        [
            ("OpCooperativeMatrixMulAddKHR", NamedRule::MulAdd),
            (
                "OpUntypedAccessChainKHR",
                NamedRule::UntypedChain { skip: 0 },
            ),
            (
                "OpUntypedInBoundsAccessChainKHR",
                NamedRule::UntypedChain { skip: 0 },
            ),
            (
                "OpUntypedPtrAccessChainKHR",
                NamedRule::UntypedChain { skip: 1 },
            ),
            (
                "OpUntypedInBoundsPtrAccessChainKHR",
                NamedRule::UntypedChain { skip: 1 },
            ),
            ("OpUntypedArrayLengthKHR", NamedRule::UntypedArrayLength),
        ]
        .into_iter()
        .filter_map(|(name, rule)| Some((GrammarOp::from_name(name)?, rule)))
        .collect()
    });
    rules.iter().find(|r| r.0 == op).map(|r| r.1)
}

/// An op's operand types and result type, with the context to read them.
pub(super) struct Types<'c> {
    pub(super) ctx: &'c Context,
    pub(super) operands: &'c [Type],
    pub(super) result: Option<Type>,
}

impl Types<'_> {
    /// The pointee of the first operand, a pointer; `None` for an untyped
    /// pointer, which memory of any type is accessed through.
    fn pointee(&self) -> Result<Option<Type>, String> {
        let ctx = self.ctx;
        match self.operands.first().copied() {
            Some(ty) if as_untyped_pointer(ctx, ty).is_some() => Ok(None),
            first => (first.and_then(|ty| as_pointer(ctx, ty)))
                .map(|(pointee, _)| Some(pointee))
                .ok_or_else(|| "the first operand is not a pointer".into()),
        }
    }

    /// The pointee of the first operand, a typed pointer.
    pub(super) fn typed_pointee(&self) -> Result<Type, String> {
        self.pointee()?
            .ok_or_else(|| "the first operand is an untyped pointer".into())
    }

    fn result_is_pointee(&self) -> Checked {
        let pointee = self.pointee()?;
        self.result_matches(pointee, "the type its pointer points to")
    }

    /// The operands at `range` have the type the first operand points to.
    fn operands_are_pointee(&self, range: std::ops::Range<usize>) -> Checked {
        let Some(pointee) = self.pointee()? else {
            return Ok(());
        };
        match (self.operands.get(range))
            .and_then(|values| (values.iter()).position(|&ty| !same_type(self.ctx, ty, pointee)))
        {
            Some(_) => Err("a value's type is not the type its pointer points to".into()),
            None => Ok(()),
        }
    }

    /// The result is of type `expected` (`None`: unknown, anything goes).
    fn result_matches(&self, expected: Option<Type>, what: &str) -> Checked {
        match (self.result, expected) {
            (Some(result), Some(expected)) if !same_type(self.ctx, result, expected) => {
                Err(format!("the result's type is not {what}"))
            }
            _ => Ok(()),
        }
    }

    /// A function variable is a pointer, initialized by a value of the
    /// type it points to.
    fn variable(&self) -> Checked {
        let Some(result) = self.result else {
            return Ok(());
        };
        let Some((pointee, _)) = as_pointer(self.ctx, result) else {
            return Err("the result is not a pointer".into());
        };
        match self.operands.first() {
            Some(&init) if !same_type(self.ctx, init, pointee) => {
                Err("the initializer's type is not the type the variable points to".into())
            }
            _ => Ok(()),
        }
    }

    /// The element `indices` select inside `ty`, each within its
    /// composite's bounds (`None`: inside a recursive struct reference).
    fn indexed(&self, mut ty: Type, indices: &[Option<i128>]) -> Result<Option<Type>, String> {
        for &index in indices {
            let Some(index) = index else {
                return Err("an index is not an integer".into());
            };
            if is_struct_reference(self.ctx, ty) {
                return Ok(None);
            }
            let within = bound(self.ctx, ty).map_or(true, |n| (0..n).contains(&index));
            match composite_element(self.ctx, ty, index) {
                Some(element) if within => ty = element,
                Some(_) => return Err(format!("index {index} is out of bounds")),
                None if is_composite(self.ctx, ty) => {
                    return Err(format!("index {index} is out of bounds"))
                }
                None => return Err("indexes into a type that is not a composite".into()),
            }
        }
        Ok(Some(ty))
    }

    /// The target and the source point to one type (or either is
    /// untyped).
    fn copy(&self) -> Checked {
        let Some(target) = self.pointee()? else {
            return Ok(());
        };
        let source = self.operands.get(1).copied();
        if source.is_some_and(|source| as_untyped_pointer(self.ctx, source).is_some()) {
            return Ok(());
        }
        match source.and_then(|source| as_pointer(self.ctx, source)) {
            Some((source, _)) if same_type(self.ctx, target, source) => Ok(()),
            Some(_) => Err("the target and the source point to different types".into()),
            None => Err("the source is not a pointer".into()),
        }
    }

    /// A store's pointer is not into a read-only storage class.
    fn writable(&self) -> Checked {
        let class = (self.operands.first()).and_then(|&ty| pointer_class(self.ctx, ty));
        match class {
            Some(class @ ("Input" | "PushConstant")) => {
                Err(format!("stores into the read-only storage class {class}"))
            }
            _ => Ok(()),
        }
    }

    /// An image op's first operand is an image (`mnemonic` `image`) or a
    /// sampled image; its coordinate, where `coordinate` says, a scalar or
    /// vector of that kind.
    fn image_access(&self, mnemonic: &str, coordinate: Option<Component>) -> Checked {
        let ctx = self.ctx;
        let image = self.operands.first().and_then(|&ty| spirv_type(ctx, ty));
        if !matches!(image, Some((found, _)) if found == mnemonic) {
            return Err(format!("the first operand is not a !spirv.{mnemonic}"));
        }
        let Some(kind) = coordinate else {
            return Ok(());
        };
        let fits = (self.operands.get(1)).is_some_and(|&ty| kind.holds_scalars_of(ctx, ty));
        match fits {
            true => Ok(()),
            false => Err(format!(
                "the coordinate is not a scalar or vector of {}",
                kind.name()
            )),
        }
    }

    /// An image op's result, as `texel` says, of the image's sampled type
    /// (any, where that is void).
    fn texel(&self, texel: Texel) -> Checked {
        let ctx = self.ctx;
        let image = match self.operands.first().and_then(|&ty| spirv_type(ctx, ty)) {
            Some(("sampled_image", [Param::Type(image)])) => spirv_type(ctx, *image),
            image => image,
        };
        let Some(("image", [Param::Type(sampled), ..])) = image else {
            return Ok(());
        };
        if *ctx.type_data(*sampled) == TypeData::None {
            return Ok(());
        }
        let Some(result) = self.result else {
            return Ok(());
        };
        let fits = match texel {
            Texel::FourComponents => vector(ctx, result) == Some((4, *sampled)),
            Texel::Scalar => result == *sampled,
        };
        match (fits, texel) {
            (true, _) => Ok(()),
            (false, Texel::FourComponents) => {
                Err("the result is not a vector of four of the image's sampled type".into())
            }
            (false, Texel::Scalar) => Err("the result is not the image's sampled type".into()),
        }
    }

    /// Outside pointers, the operand and the result have as many bits.
    fn bitcast(&self) -> Checked {
        let bits = |ty| bits(self.ctx, ty);
        match (
            self.operands.first().and_then(|&ty| bits(ty)),
            self.result.and_then(bits),
        ) {
            (Some(from), Some(to)) if from != to => {
                Err(format!("the operand has {from} bits and the result {to}"))
            }
            _ => Ok(()),
        }
    }

    /// The constituents fill the composite result: one per struct member,
    /// array element or matrix column, of its type; a vector's components
    /// from scalars and vectors of its element type.
    fn construct(&self) -> Checked {
        let (ctx, result) = (self.ctx, self.result.ok_or("requires a result")?);
        if is_struct_reference(ctx, result) {
            return Ok(());
        }
        if let Some((size, elem)) = vector(ctx, result) {
            let mut components = 0;
            for &ty in self.operands {
                components += match vector(ctx, ty) {
                    Some((n, e)) if e == elem => n,
                    None if ty == elem => 1,
                    _ => return Err("a constituent is not of the vector's element type".into()),
                };
            }
            return match components == size {
                true => Ok(()),
                false => Err(format!(
                    "has {components} components for a vector of {size}"
                )),
            };
        }
        if let Some(("coopmatrix", _)) = spirv_type(ctx, result) {
            let elem = composite_element(ctx, result, 0);
            return match self.operands {
                [one] if Some(*one) == elem => Ok(()),
                _ => Err("a cooperative matrix is built from one value of its element type".into()),
            };
        }
        if !is_composite(ctx, result) {
            return Err("the result is not a composite type".into());
        }
        if let Some(count) = bound(ctx, result) {
            if count != self.operands.len() as i128 {
                return Err(format!(
                    "has {} constituents for a composite of {count}",
                    self.operands.len()
                ));
            }
        }
        let mismatched = (self.operands.iter().enumerate()).any(|(i, &ty)| {
            composite_element(ctx, result, i as i128).is_some_and(|e| !same_type(ctx, ty, e))
        });
        match mismatched {
            true => Err("a constituent's type is not its element's type".into()),
            false => Ok(()),
        }
    }

    /// Two vectors of the result's element type, as many components
    /// selected as the result has.
    fn shuffle(&self, selected: usize) -> Checked {
        let ctx = self.ctx;
        let Some((size, elem)) = self.result.and_then(|r| vector(ctx, r)) else {
            return Err("the result is not a vector".into());
        };
        if (self.operands.iter()).any(|&ty| vector(ctx, ty).map_or(true, |(_, e)| e != elem)) {
            return Err("the operands are not vectors of the result's element type".into());
        }
        match selected as u64 == size {
            true => Ok(()),
            false => Err(format!(
                "selects {selected} components for a vector of {size}"
            )),
        }
    }

    /// Both objects are of the result's type; the condition is a bool, or
    /// a vector of bool as long as the result.
    fn select(&self) -> Checked {
        let ctx = self.ctx;
        let [condition, objects @ ..] = self.operands else {
            return Ok(());
        };
        if (objects.iter()).any(|&ty| self.result.is_some_and(|r| !same_type(ctx, ty, r))) {
            return Err("the objects' types are not the result's type".into());
        }
        let result_size = self.result.and_then(|r| vector(ctx, r)).map(|(n, _)| n);
        match vector(ctx, *condition) {
            None if ctx.is_bool_type(*condition) => Ok(()),
            Some((n, elem)) if ctx.is_bool_type(elem) && Some(n) == result_size => Ok(()),
            _ => {
                Err("the condition is not a bool, or a vector of bool as long as the result".into())
            }
        }
    }

    /// Two vectors of one type; the result is their element type.
    fn dot(&self) -> Checked {
        match (self.operands, self.result) {
            ([a, b], Some(result))
                if a == b && vector(self.ctx, *a).map(|v| v.1) == Some(result) =>
            {
                Ok(())
            }
            _ => Err("requires two vectors of one type and a result of their element type".into()),
        }
    }

    /// `GL.Length`, `GL.Distance`: operands of one type, a scalar or a
    /// vector; the result is its component type.
    fn length(&self) -> Checked {
        let component = |ty| vector(self.ctx, ty).map_or(ty, |(_, elem)| elem);
        match (self.operands, self.result) {
            ([first, rest @ ..], Some(result))
                if rest.iter().all(|ty| ty == first) && component(*first) == result =>
            {
                Ok(())
            }
            _ => Err("requires operands of one type and a result of their component type".into()),
        }
    }

    /// A vector or matrix times a scalar of its component type, giving
    /// its own type.
    fn times_scalar(&self) -> Checked {
        let ctx = self.ctx;
        let ([composite, scalar], Some(result)) = (self.operands, self.result) else {
            return Ok(());
        };
        let component = match matrix(ctx, *composite) {
            Some(m) => Some(m.scalar),
            None => vector(ctx, *composite).map(|(_, elem)| elem),
        };
        match result == *composite && component == Some(*scalar) {
            true => Ok(()),
            false => Err(
                "requires the result of the composite's type and a scalar of its components' type"
                    .into(),
            ),
        }
    }

    /// The shapes of vector and matrix products: an `R`×`C` matrix has
    /// `C` columns of `R` components.
    fn matrix_product(&self, grammar_op: GrammarOp) -> Checked {
        use GrammarOp as G;
        let ctx = self.ctx;
        let Some(result) = self.result else {
            return Ok(());
        };
        let shape = |ty| Shape::of(ctx, ty);
        let (a, b) = (
            self.operands.first().copied(),
            self.operands.get(1).copied(),
        );
        let expected = match (grammar_op, a.and_then(shape), b.and_then(shape)) {
            (G::MatrixTimesVector, Some(Shape::Matrix(m)), Some(Shape::Vector(n, t)))
                if n == m.columns && t == m.scalar =>
            {
                Some(Shape::Vector(m.rows, t))
            }
            (G::VectorTimesMatrix, Some(Shape::Vector(n, t)), Some(Shape::Matrix(m)))
                if n == m.rows && t == m.scalar =>
            {
                Some(Shape::Vector(m.columns, t))
            }
            (G::MatrixTimesMatrix, Some(Shape::Matrix(l)), Some(Shape::Matrix(r)))
                if l.columns == r.rows && l.scalar == r.scalar =>
            {
                Some(Shape::Matrix(Matrix {
                    columns: r.columns,
                    ..l
                }))
            }
            (G::OuterProduct, Some(Shape::Vector(m, t)), Some(Shape::Vector(n, u))) if t == u => {
                Some(Shape::Matrix(Matrix {
                    columns: n,
                    rows: m,
                    scalar: t,
                }))
            }
            (G::Transpose, Some(Shape::Matrix(m)), None) => Some(Shape::Matrix(Matrix {
                columns: m.rows,
                rows: m.columns,
                scalar: m.scalar,
            })),
            _ => None,
        };
        match expected.is_some() && shape(result) == expected {
            true => Ok(()),
            false => Err("the operands' and the result's shapes do not fit the product".into()),
        }
    }
}

/// The integers of array attribute `name` (`None` for an element that is
/// not one).
fn literals(ctx: &Context, op: Op, name: &str) -> SmallVec<[Option<i128>; 4]> {
    match ctx.attr(op, name).map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(items)) => items.iter().map(|&a| int_of(ctx, a)).collect(),
        _ => SmallVec::new(),
    }
}

/// The integer of the `spirv.Constant` defining `value`.
pub fn constant_value(ctx: &Context, value: Value) -> Option<i128> {
    let ValueDef::Result { op, .. } = ctx.value_def(value) else {
        return None;
    };
    if ctx.op_name_str(op) != "spirv.Constant" {
        return None;
    }
    int_of(ctx, ctx.attr(op, "value")?)
}

/// Whether `a` and `b` are one type: equal, or alike but for a recursive
/// struct reference where the other has the struct it names.
pub(super) fn same_type(ctx: &Context, a: Type, b: Type) -> bool {
    if a == b {
        return true;
    }
    let (TypeData::Dialect(x), TypeData::Dialect(y)) = (ctx.type_data(a), ctx.type_data(b)) else {
        return false;
    };
    if x.dialect != y.dialect || x.mnemonic != y.mnemonic {
        return false;
    }
    let named = |params: &[Param]| match params.first() {
        Some(Param::Ident(name)) if !ctx.str(*name).is_empty() => Some(*name),
        _ => None,
    };
    if ctx.str(x.mnemonic) == "struct" && (x.params.len() == 1 || y.params.len() == 1) {
        return named(&x.params).is_some() && named(&x.params) == named(&y.params);
    }
    same_params(ctx, &x.params, &y.params)
}

fn same_params(ctx: &Context, a: &[Param], b: &[Param]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|pair| match pair {
            (Param::Type(x), Param::Type(y)) => same_type(ctx, *x, *y),
            (Param::List(x), Param::List(y)) => same_params(ctx, x, y),
            (x, y) => x == y,
        })
}

/// The mnemonic and parameters of a `!spirv` type.
pub(super) fn spirv_type(ctx: &Context, ty: Type) -> Option<(&str, &[Param])> {
    match ctx.type_data(ty) {
        TypeData::Dialect(d) if ctx.str(d.dialect) == NAMESPACE => {
            Some((ctx.str(d.mnemonic), &d.params[..]))
        }
        _ => None,
    }
}

/// A recursive struct reference, `!spirv.struct<Name>`.
pub(super) fn is_struct_reference(ctx: &Context, ty: Type) -> bool {
    matches!(spirv_type(ctx, ty), Some(("struct", [_])))
}

fn is_composite(ctx: &Context, ty: Type) -> bool {
    vector(ctx, ty).is_some()
        || matches!(
            spirv_type(ctx, ty),
            Some(("array" | "rtarray" | "matrix" | "struct" | "coopmatrix", _))
        )
}

/// How many elements, members or columns a composite has, where fixed:
/// not for runtime arrays, cooperative matrices or arrays whose length is
/// a specialization constant.
fn bound(ctx: &Context, ty: Type) -> Option<i128> {
    if let Some((size, _)) = vector(ctx, ty) {
        return Some(i128::from(size));
    }
    match spirv_type(ctx, ty)? {
        ("array", [Param::Int(n), _, _]) | ("matrix", [Param::Int(n), _]) => Some(i128::from(*n)),
        ("struct", [_, Param::List(members), ..]) => Some(members.len() as i128),
        _ => None,
    }
}

/// How many bits a scalar or vector of scalars takes (`None` for other
/// types).
fn bits(ctx: &Context, ty: Type) -> Option<u64> {
    let (count, scalar) = vector(ctx, ty).unwrap_or((1, ty));
    let width = match ctx.type_data(scalar) {
        TypeData::Integer { width, .. } => *width,
        TypeData::Float(kind) => kind.width(),
        _ => return None,
    };
    Some(count * u64::from(width))
}

/// A one-dimensional vector's length and element type.
fn vector(ctx: &Context, ty: Type) -> Option<(u64, Type)> {
    match ctx.type_data(ty) {
        TypeData::Vector { shape, elem, .. } if shape.len() == 1 => Some((shape[0], *elem)),
        _ => None,
    }
}

/// What an image op gives: a texel of four components, or one (a depth
/// comparison).
#[derive(Clone, Copy)]
enum Texel {
    FourComponents,
    Scalar,
}

/// A kind of scalar: what an image coordinate, a conversion's operand or
/// an index is made of.
#[derive(Clone, Copy)]
pub(super) enum Component {
    Float,
    /// An integer of more than one bit (`i1` is a bool).
    Integer,
}

impl Component {
    pub(super) fn name(self) -> &'static str {
        match self {
            Component::Float => "floats",
            Component::Integer => "integers",
        }
    }

    /// Whether `ty` is a scalar of this kind.
    pub(super) fn is_scalar(self, ctx: &Context, ty: Type) -> bool {
        match (self, ctx.type_data(ty)) {
            (Component::Float, TypeData::Float(_)) => true,
            (Component::Integer, TypeData::Integer { width, .. }) => *width > 1,
            _ => false,
        }
    }

    /// Whether `ty` is a scalar of this kind or a vector of them.
    pub(super) fn holds_scalars_of(self, ctx: &Context, ty: Type) -> bool {
        self.is_scalar(ctx, vector(ctx, ty).map_or(ty, |(_, elem)| elem))
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct Matrix {
    columns: u64,
    rows: u64,
    scalar: Type,
}

/// A matrix's columns, their length and their component type.
fn matrix(ctx: &Context, ty: Type) -> Option<Matrix> {
    match spirv_type(ctx, ty)? {
        ("matrix", [Param::Int(columns), Param::Type(column)]) => {
            let (rows, scalar) = vector(ctx, *column)?;
            let columns = u64::try_from(*columns).ok()?;
            Some(Matrix {
                columns,
                rows,
                scalar,
            })
        }
        _ => None,
    }
}

/// The shape of an operand of a vector or matrix product.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Vector(u64, Type),
    Matrix(Matrix),
}

impl Shape {
    fn of(ctx: &Context, ty: Type) -> Option<Shape> {
        match matrix(ctx, ty) {
            Some(m) => Some(Shape::Matrix(m)),
            None => vector(ctx, ty).map(|(n, t)| Shape::Vector(n, t)),
        }
    }
}
