//! MLIR 19's conventions for carrying an instruction's operands in an op,
//! as data shared by the deserializer (binary → IR), the serializer (IR →
//! binary) and the op verifier (operand bounds).
//!
//! Only `IdRef` operands are SSA operands. Enumerants become enum
//! attributes named after their kind (`storage_class`, `image_operands`);
//! scope and memory-semantics ids (constants in the binary) become
//! `#spirv.scope<..>` / `#spirv.memory_semantics<..>` attributes; literals
//! become integer or string attributes named after their grammar operand.
//! The per-op exceptions MLIR makes (`indices` of `spirv.CompositeExtract`,
//! `callee` of `spirv.FunctionCall`, `memory_semantics` of barriers,
//! `source_memory_access` of `spirv.CopyMemory`) are listed below, read off
//! `mlir-translate-19 --deserialize-spirv` output and MLIR's op syntax.

use crate::grammar::{find_kind, Category, Op, OperandInfo, OperandKind, Quantifier};
use std::sync::OnceLock;

/// How one grammar operand is carried by the op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// An SSA operand.
    Value,
    /// The enum attribute of a grammar enumerant (`#spirv.memory_access<Aligned>`).
    Enum,
    /// An id of an integer constant whose value names an enumerant of the
    /// kind, carried as that kind's enum attribute (`#spirv.scope<Workgroup>`).
    ConstantEnum(OperandKind),
    /// A literal as an integer (`i32`) or string attribute; repeated
    /// literals gather into an array.
    Literal,
    /// Literal integers always gathered into an array (`indices = [0 : i32]`).
    LiteralArray,
    /// A function, by symbol (`callee = @f`).
    Symbol,
    /// A type, as a type attribute (`cooperative_matrix_type = ...`).
    Type,
    /// A block of the function, by its position in the enclosing region
    /// (`merge_block = 2 : i32`): merge instructions kept in a plain CFG.
    BlockPosition,
}

/// The form of an operand and the attribute that carries it (empty for
/// [`Form::Value`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Carrier {
    pub form: Form,
    pub name: &'static str,
}

impl Carrier {
    pub const VALUE: Carrier = Carrier {
        form: Form::Value,
        name: "",
    };
}

/// Operands carried differently from their kind's default: op (without
/// `spirv.`), grammar operand name, attribute name, form.
const OPERAND_EXCEPTIONS: &[(&str, &str, &str, Form)] = &[
    ("CompositeExtract", "indexes", "indices", Form::LiteralArray),
    ("CompositeInsert", "indexes", "indices", Form::LiteralArray),
    (
        "VectorShuffle",
        "components",
        "components",
        Form::LiteralArray,
    ),
    ("FunctionCall", "function", "callee", Form::Symbol),
    (
        "CopyMemory",
        "memory_access_2",
        "source_memory_access",
        Form::Enum,
    ),
    (
        "CopyMemorySized",
        "memory_access_2",
        "source_memory_access",
        Form::Enum,
    ),
    (
        "ControlBarrier",
        "semantics",
        "memory_semantics",
        Form::ConstantEnum(OperandKind::MemorySemantics),
    ),
    (
        "MemoryBarrier",
        "semantics",
        "memory_semantics",
        Form::ConstantEnum(OperandKind::MemorySemantics),
    ),
    (
        "KHR.CooperativeMatrixLoad",
        "memory_operand",
        "memory_operand",
        Form::Enum,
    ),
    (
        "KHR.CooperativeMatrixStore",
        "memory_operand",
        "memory_operand",
        Form::Enum,
    ),
    (
        "KHR.CooperativeMatrixLength",
        "type",
        "cooperative_matrix_type",
        Form::Type,
    ),
    // SPV_KHR_untyped_pointers: the type a pointer is taken as.
    ("KHR.UntypedVariable", "data_type", "data_type", Form::Type),
    (
        "KHR.UntypedAccessChain",
        "base_type",
        "base_type",
        Form::Type,
    ),
    (
        "KHR.UntypedInBoundsAccessChain",
        "base_type",
        "base_type",
        Form::Type,
    ),
    (
        "KHR.UntypedPtrAccessChain",
        "base_type",
        "base_type",
        Form::Type,
    ),
    (
        "KHR.UntypedInBoundsPtrAccessChain",
        "base_type",
        "base_type",
        Form::Type,
    ),
    (
        "KHR.UntypedArrayLength",
        "structure",
        "structure",
        Form::Type,
    ),
    (
        "KHR.UntypedPrefetch",
        "pointer_type",
        "pointer_type",
        Form::Type,
    ),
    (
        "EXT.UntypedImageTexelPointer",
        "image_type",
        "image_type",
        Form::Type,
    ),
    (
        "SelectionMerge",
        "merge_block",
        "merge_block",
        Form::BlockPosition,
    ),
    (
        "LoopMerge",
        "merge_block",
        "merge_block",
        Form::BlockPosition,
    ),
    (
        "LoopMerge",
        "continue_target",
        "continue_target",
        Form::BlockPosition,
    ),
];

/// The attribute names of scope and memory-semantics ids, by grammar
/// operand name.
const SCOPE_NAMES: &[(&str, &str)] = &[
    ("execution", "execution_scope"),
    ("memory", "memory_scope"),
    ("scope", "scope"),
    ("semantics", "semantics"),
    ("equal", "equal_semantics"),
    ("unequal", "unequal_semantics"),
];

/// Id operands naming an enumerant of a kind the grammar may lack (older
/// revisions have no cooperative matrices): op, grammar operand name,
/// attribute name, operand kind name.
const CONSTANT_ENUM_OPERANDS: &[(&str, &str, &str, &str)] = &[
    (
        "KHR.CooperativeMatrixLoad",
        "memory_layout",
        "matrix_layout",
        "CooperativeMatrixLayout",
    ),
    (
        "KHR.CooperativeMatrixStore",
        "memory_layout",
        "matrix_layout",
        "CooperativeMatrixLayout",
    ),
];

/// The attributes carrying the literal parameter of an enumerant, by the
/// enum operand's attribute name (`Aligned`'s alignment).
const PARAMETER_NAMES: &[(&str, &str)] = &[
    ("memory_access", "alignment"),
    ("source_memory_access", "source_alignment"),
    ("memory_operand", "alignment"),
];

/// How `op` carries its grammar operand `operand`.
pub fn carrier(op: Op, operand: &OperandInfo) -> Carrier {
    let short = op.mlir_name().strip_prefix("spirv.").unwrap_or("");
    if let Some(&(_, _, name, form)) = OPERAND_EXCEPTIONS
        .iter()
        .find(|(o, n, _, _)| *o == short && *n == operand.name)
    {
        return Carrier { form, name };
    }
    // The function a device-side enqueue or kernel query names
    // (`OpEnqueueKernel`, `OpGetKernelWorkGroupSize`, ...).
    if operand.name == "invoke" {
        let form = Form::Symbol;
        return Carrier {
            form,
            name: "invoke",
        };
    }
    let constant_enum = CONSTANT_ENUM_OPERANDS
        .iter()
        .find(|(o, n, _, _)| *o == short && *n == operand.name)
        .and_then(|&(_, _, name, kind)| Some((name, find_kind(kind).ok()?)));
    if let Some((name, kind)) = constant_enum {
        let form = Form::ConstantEnum(kind);
        return Carrier { form, name };
    }
    default_carrier(operand)
}

/// How the parameter `param` of an enumerant of the operand carried by
/// `enum_carrier` is carried.
pub fn parameter_carrier(enum_carrier: Carrier, param: &OperandInfo) -> Carrier {
    let literal = param.kind.info().category == Category::Literal;
    match PARAMETER_NAMES
        .iter()
        .find(|(e, _)| *e == enum_carrier.name)
    {
        Some(&(_, name)) if literal => Carrier {
            form: Form::Literal,
            name,
        },
        _ => default_carrier(param),
    }
}

/// The carrier an operand's kind gives it.
fn default_carrier(operand: &OperandInfo) -> Carrier {
    let kind = operand.kind;
    let scope_name = || {
        SCOPE_NAMES
            .iter()
            .find(|(n, _)| *n == operand.name)
            .map_or(operand.name, |&(_, name)| name)
    };
    match kind.info().category {
        Category::ValueEnum | Category::BitEnum => Carrier {
            form: Form::Enum,
            name: attribute_mnemonic(kind),
        },
        Category::Literal => Carrier {
            form: Form::Literal,
            name: operand.name,
        },
        _ if kind == OperandKind::IdScope => Carrier {
            form: Form::ConstantEnum(OperandKind::Scope),
            name: scope_name(),
        },
        _ if kind == OperandKind::IdMemorySemantics => Carrier {
            form: Form::ConstantEnum(OperandKind::MemorySemantics),
            name: scope_name(),
        },
        _ => Carrier::VALUE,
    }
}

/// Whether the kind is the result type or result of an instruction, which
/// the op's result carries.
pub fn is_result(kind: OperandKind) -> bool {
    matches!(kind, OperandKind::IdResultType | OperandKind::IdResult)
}

/// The mnemonic of an enum kind's attribute: `StorageClass` →
/// `storage_class`.
pub fn attribute_mnemonic(kind: OperandKind) -> &'static str {
    static MNEMONICS: OnceLock<Vec<String>> = OnceLock::new();
    let mnemonics = MNEMONICS.get_or_init(|| {
        OperandKind::ALL
            .iter()
            .map(|k| snake(k.info().name))
            .collect()
    });
    &mnemonics[kind as usize]
}

/// The spelling of `value` as a case of enum `kind` (`Volatile|Aligned`
/// for bit enums); empty when it names none.
pub fn enum_case(kind: OperandKind, value: u32) -> String {
    let info = kind.info();
    match info.category {
        Category::BitEnum => bits_spelling(info, value),
        _ => info
            .enumerant(value)
            .map_or(String::new(), |e| e.name.to_string()),
    }
}

/// The attribute of a `spirv.mlir.selection` / `spirv.mlir.loop` op
/// holding the decorations of its results (the merge block's phis): one
/// dictionary per result, as an op's attributes hold its result's.
pub const RESULT_DECORATIONS: &str = "result_decorations";

/// MLIR's spelling of bit-enum bits (`A|B` in bit order): MLIR calls the
/// empty memory semantics `None` where the grammar says `Relaxed`.
pub fn bits_spelling(info: &crate::grammar::OperandKindInfo, bits: u32) -> String {
    if bits == 0 && info.name == "MemorySemantics" {
        return "None".into();
    }
    crate::grammar::format_bits_widest(info, bits)
}

/// `StorageClass` → `storage_class`.
pub fn snake(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The enumerants a value of an enum kind names (each set bit of a bit
/// enum), whose parameters follow it in the binary.
pub fn named_enumerants(
    kind: OperandKind,
    value: u32,
) -> impl Iterator<Item = &'static crate::grammar::EnumerantInfo> {
    let info = kind.info();
    let bit_enum = info.category == Category::BitEnum;
    let single = (!bit_enum).then(|| info.enumerant(value)).flatten();
    // The set bits alone, lowest first, each cleared once visited.
    let mut rest = if bit_enum { value } else { 0 };
    let bits = std::iter::from_fn(move || {
        let bit = rest & rest.wrapping_neg();
        rest &= !bit;
        (bit != 0).then_some(bit)
    })
    .filter_map(move |bit| info.enumerant(bit));
    single.into_iter().chain(bits)
}

/// The carriers of an instruction's operands (inline for most instructions).
pub type Carriers = smallvec::SmallVec<[Carrier; 8]>;

/// A grammar operand and how its op carries it.
pub type CarriedOperand = (&'static OperandInfo, Carrier);

/// The grammar operands of `op` other than its result type and result,
/// each with how `op` carries it: computed once per op.
pub fn operand_table(op: Op) -> &'static [CarriedOperand] {
    static TABLE: OnceLock<Vec<Box<[CarriedOperand]>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (Op::ALL.iter())
            .map(|&op| {
                (op.info().operands.iter())
                    .filter(|i| !is_result(i.kind))
                    .map(|i| (i, carrier(op, i)))
                    .collect()
            })
            .collect()
    });
    &table[op as usize]
}

/// The fewest and the most SSA operands an op takes (`None`: no limit).
pub type ValueCounts = (usize, Option<usize>);

/// When every operand `op` carries in its properties is optional and all
/// its SSA operands come first (each taken once, the last perhaps optional
/// or variadic): the fewest and the most SSA operands it takes (`None` for
/// no limit). An instruction of `op` with that many operands and none kept
/// in properties is its SSA operands, in order. Computed once per op.
pub fn value_operand_counts(op: Op) -> Option<ValueCounts> {
    static TABLE: OnceLock<Vec<Option<ValueCounts>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (Op::ALL.iter())
            .map(|&op| value_counts(operand_table(op)))
            .collect()
    });
    table[op as usize]
}

/// See [`value_operand_counts`].
fn value_counts(steps: &[CarriedOperand]) -> Option<ValueCounts> {
    let (mut fewest, mut most) = (0, Some(0));
    let mut values_done = false;
    for &(info, carrier) in steps {
        match (carrier.form, info.quantifier) {
            (Form::Value, _) if values_done => return None,
            (Form::Value, Quantifier::One) => {
                fewest += 1;
                most = most.map(|m| m + 1);
            }
            (Form::Value, Quantifier::Optional) => {
                most = most.map(|m| m + 1);
                values_done = true;
            }
            (Form::Value, Quantifier::Variadic) => {
                most = None;
                values_done = true;
            }
            (Form::BlockPosition, _) | (_, Quantifier::One) => return None,
            _ => values_done = true,
        }
    }
    Some((fewest, most))
}

/// One carrier per decoded operand of an instruction of `op` (result type
/// and result excluded), following the grammar layout and the parameters
/// of the enumerants present. `operands` yields each decoded operand's
/// enum value, if it is an enumerant.
pub fn decoded_carriers(
    op: Op,
    enum_values: impl ExactSizeIterator<Item = Option<u32>>,
) -> Carriers {
    let table = operand_table(op);
    let count = enum_values.len();
    let mut carriers = Carriers::with_capacity(count);
    let mut info = 0;
    // Enumerant parameters already given their carriers.
    let mut parameters_left = 0;
    for value in enum_values {
        if parameters_left > 0 {
            parameters_left -= 1;
            continue;
        }
        let Some(&(current, current_carrier)) = table.get(info.min(table.len().saturating_sub(1)))
        else {
            carriers.push(Carrier::VALUE);
            continue;
        };
        carriers.push(current_carrier);
        if let Some(value) = value {
            let before = carriers.len();
            for enumerant in named_enumerants(current.kind, value) {
                for param in enumerant.parameters {
                    carriers.push(parameter_carrier(current_carrier, param));
                }
            }
            parameters_left = carriers.len() - before;
        }
        if current.quantifier != Quantifier::Variadic {
            info += 1;
        }
    }
    carriers.truncate(count);
    carriers
}

/// Interns the names binary reading gives attributes and enum cases (every
/// enumerant, every kind's attribute mnemonic, every operand's carrier), so
/// that a context made from a template holding them finds them there.
pub fn intern_names(ctx: &mut crate::ir::Context) {
    for kind in OperandKind::ALL {
        ctx.ident(attribute_mnemonic(kind));
        for enumerant in kind.info().enumerants {
            ctx.ident(enumerant.name);
        }
    }
    for op in Op::ALL {
        for name in property_names(op) {
            ctx.ident(name);
        }
    }
}

/// The names of the properties that can carry `op`'s operands: its
/// operands' carriers and those of their enumerants' parameters (the
/// scope of a `MakePointerAvailable` memory access), SSA operands left
/// out.
pub fn property_names(op: Op) -> impl Iterator<Item = &'static str> {
    operand_table(op).iter().flat_map(|&(info, carrier)| {
        let parameters = (info.kind.info().enumerants.iter())
            .flat_map(|enumerant| enumerant.parameters)
            .map(move |param| parameter_carrier(carrier, param));
        std::iter::once(carrier)
            .chain(parameters)
            .filter(|carrier| carrier.form != Form::Value)
            .map(|carrier| carrier.name)
    })
}

/// Whether an operand of `kind` may bring enumerant parameters carried as
/// SSA operands (`Lod` of the image operands).
pub fn has_value_parameters(kind: OperandKind) -> bool {
    let info = kind.info();
    matches!(info.category, Category::ValueEnum | Category::BitEnum)
        && info
            .enumerants
            .iter()
            .flat_map(|e| e.parameters)
            .any(|p| p.kind == OperandKind::IdRef)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn carrier_of(op: &str, operand: &str) -> Carrier {
        let op = Op::from_name(op).expect("grammar op");
        let info = (op.info().operands.iter())
            .find(|i| i.name == operand)
            .expect("operand");
        carrier(op, info)
    }

    #[test]
    fn scopes_and_semantics_become_enum_attributes() {
        let scope = carrier_of("spirv.ControlBarrier", "execution");
        assert_eq!(scope.name, "execution_scope");
        assert_eq!(scope.form, Form::ConstantEnum(OperandKind::Scope));
        assert_eq!(
            carrier_of("spirv.ControlBarrier", "semantics").name,
            "memory_semantics"
        );
        assert_eq!(
            carrier_of("spirv.AtomicIAdd", "semantics").name,
            "semantics"
        );
        assert_eq!(
            carrier_of("spirv.AtomicCompareExchange", "unequal").name,
            "unequal_semantics"
        );
    }

    #[test]
    fn literals_and_enumerants_follow_mlir_names() {
        let indices = carrier_of("spirv.CompositeExtract", "indexes");
        assert_eq!(
            (indices.name, indices.form),
            ("indices", Form::LiteralArray)
        );
        let access = carrier_of("spirv.Load", "memory_access");
        assert_eq!((access.name, access.form), ("memory_access", Form::Enum));
        let aligned = crate::grammar::OperandKind::MemoryAccess
            .info()
            .enumerant(2)
            .expect("Aligned");
        assert_eq!(
            parameter_carrier(access, &aligned.parameters[0]).name,
            "alignment"
        );
        let source = carrier_of("spirv.CopyMemory", "memory_access_2");
        assert_eq!(
            parameter_carrier(source, &aligned.parameters[0]).name,
            "source_alignment"
        );
        assert_eq!(
            carrier_of("spirv.FunctionCall", "function").form,
            Form::Symbol
        );
        assert_eq!(
            carrier_of("spirv.EnqueueKernel", "invoke").form,
            Form::Symbol
        );
        assert_eq!(carrier_of("spirv.IAdd", "operand_1"), Carrier::VALUE);
    }

    #[test]
    fn decoded_operands_take_their_enumerants_parameters() {
        let op = Op::from_name("spirv.Load").expect("grammar op");
        // pointer, `Volatile|Aligned`, 4
        let carriers = decoded_carriers(op, [None, Some(3), None].into_iter());
        let names: Vec<_> = carriers.iter().map(|c| c.name).collect();
        assert_eq!(names, ["", "memory_access", "alignment"]);
    }
}
