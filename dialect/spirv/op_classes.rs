//! Classes of spirv ops, by name without the `spirv.` prefix, shared by the
//! type rules (`op_table`) and the custom assembly forms (`formats`); and
//! MLIR 19's attribute conventions: the inherent attributes that carry the
//! grammar's non-id operands (literals, enumerants, symbols).

/// Operands and result share one type (`spirv.IAdd %a, %b : i32`).
pub const UNIFORM_TYPE: &[&str] = &[
    "IAdd",
    "ISub",
    "IMul",
    "UDiv",
    "SDiv",
    "UMod",
    "SRem",
    "SMod",
    "FAdd",
    "FSub",
    "FMul",
    "FDiv",
    "FRem",
    "FMod",
    "SNegate",
    "FNegate",
    "BitwiseAnd",
    "BitwiseOr",
    "BitwiseXor",
    "Not",
    "BitReverse",
    "LogicalNot",
    "GL.FAbs",
    "GL.SAbs",
    "GL.FSign",
    "GL.SSign",
    "GL.Floor",
    "GL.Ceil",
    "GL.Round",
    "GL.RoundEven",
    "GL.Sin",
    "GL.Cos",
    "GL.Tan",
    "GL.Asin",
    "GL.Acos",
    "GL.Atan",
    "GL.Sinh",
    "GL.Cosh",
    "GL.Tanh",
    "GL.Exp",
    "GL.Log",
    "GL.Sqrt",
    "GL.InverseSqrt",
    "GL.Pow",
    "GL.FMin",
    "GL.FMax",
    "GL.UMin",
    "GL.UMax",
    "GL.SMin",
    "GL.SMax",
    "GL.FClamp",
    "GL.UClamp",
    "GL.SClamp",
    "GL.Fma",
    "CL.acos",
    "CL.acosh",
    "CL.asin",
    "CL.asinh",
    "CL.atan",
    "CL.atan2",
    "CL.atanh",
    "CL.ceil",
    "CL.cos",
    "CL.cosh",
    "CL.erf",
    "CL.exp",
    "CL.fabs",
    "CL.floor",
    "CL.fma",
    "CL.fmax",
    "CL.fmin",
    "CL.log",
    "CL.mix",
    "CL.pow",
    "CL.rint",
    "CL.round",
    "CL.rsqrt",
    "CL.s_abs",
    "CL.s_max",
    "CL.s_min",
    "CL.sin",
    "CL.sinh",
    "CL.sqrt",
    "CL.tan",
    "CL.tanh",
    "CL.u_max",
    "CL.u_min",
    "GL.FindUMsb",
    "BitCount",
];

/// Operands and result share one type, but MLIR 19 has no op for them, so
/// they print generic.
pub const UNIFORM_TYPE_GENERIC_ONLY: &[&str] = &[
    "GL.Trunc",
    "GL.Fract",
    "GL.Asinh",
    "GL.Acosh",
    "GL.Atanh",
    "GL.Exp2",
    "GL.Log2",
    "GL.Radians",
    "GL.Degrees",
    "GL.Step",
    "GL.SmoothStep",
    "GL.Normalize",
    "GL.Cross",
    "GL.FaceForward",
    "GL.Reflect",
    "GL.NMin",
    "GL.NMax",
    "GL.NClamp",
];

/// Operands and result share one type, with a custom form of their own
/// (`spirv.GL.FMix %x : f32, %y : f32, %a : f32 -> f32`).
pub const UNIFORM_TYPE_OWN_FORM: &[&str] = &["GL.FMix"];

/// Operands share one type; the result is a bool of their shape.
pub const RELATIONAL: &[&str] = &[
    "IEqual",
    "INotEqual",
    "UGreaterThan",
    "SGreaterThan",
    "UGreaterThanEqual",
    "SGreaterThanEqual",
    "ULessThan",
    "SLessThan",
    "ULessThanEqual",
    "SLessThanEqual",
    "FOrdEqual",
    "FUnordEqual",
    "FOrdNotEqual",
    "FUnordNotEqual",
    "FOrdLessThan",
    "FUnordLessThan",
    "FOrdGreaterThan",
    "FUnordGreaterThan",
    "FOrdLessThanEqual",
    "FUnordLessThanEqual",
    "FOrdGreaterThanEqual",
    "FUnordGreaterThanEqual",
    "LogicalEqual",
    "LogicalNotEqual",
    "LogicalAnd",
    "LogicalOr",
    "IsNan",
    "IsInf",
    "Ordered",
    "Unordered",
];

/// Shifts (and scaling a matrix): the result has the first operand's type
/// (`spirv.ShiftLeftLogical %a, %b : i32, i32`).
pub const SHIFTS: &[&str] = &[
    "ShiftLeftLogical",
    "ShiftRightLogical",
    "ShiftRightArithmetic",
    "MatrixTimesScalar",
];

/// One operand converted element-wise: the result keeps its shape.
pub const SHAPE_PRESERVING_CONVERSIONS: &[&str] = &[
    "ConvertFToU",
    "ConvertFToS",
    "ConvertSToF",
    "ConvertUToF",
    "UConvert",
    "SConvert",
    "FConvert",
];

/// One operand reinterpreted or converted to a type of another shape.
pub const RESHAPING_CONVERSIONS: &[&str] = &[
    "Bitcast",
    "ConvertPtrToU",
    "ConvertUToPtr",
    "PtrCastToGeneric",
    "GenericCastToPtr",
    "GenericCastToPtrExplicit",
    "INTEL.ConvertBF16ToF",
    "INTEL.ConvertFToBF16",
];

/// Operand types mapped to a result type of another shape
/// (`spirv.CompositeConstruct %a, %b : (f32, f32) -> vector<2xf32>`).
pub const FUNCTIONAL: &[&str] = &["CompositeConstruct", "VectorTimesScalar"];

/// The inherent attributes each op requires, as MLIR 19 names them (read
/// off `mlir-translate-19 --deserialize-spirv` output of the corpus).
pub const REQUIRED_ATTRIBUTES: &[(&str, &[&str])] = &[
    ("module", &["addressing_model", "memory_model"]),
    ("func", &["function_control", "function_type", "sym_name"]),
    ("GlobalVariable", &["sym_name", "type"]),
    ("mlir.addressof", &["variable"]),
    ("EntryPoint", &["execution_model", "fn", "interface"]),
    ("ExecutionMode", &["execution_mode", "fn", "values"]),
    ("FunctionCall", &["callee"]),
    ("mlir.loop", &["loop_control"]),
    ("mlir.selection", &["selection_control"]),
    ("Constant", &["value"]),
    ("Variable", &["storage_class"]),
    ("CompositeExtract", &["indices"]),
    ("CompositeInsert", &["indices"]),
    ("VectorShuffle", &["components"]),
];

/// Atomic read-modify-write ops: `spirv.AtomicIAdd <Device> <None> %p, %v
/// : !spirv.ptr<i32, StorageBuffer>`.
pub const ATOMICS: &[&str] = &[
    "AtomicAnd",
    "AtomicExchange",
    "AtomicIAdd",
    "AtomicIDecrement",
    "AtomicIIncrement",
    "AtomicISub",
    "AtomicOr",
    "AtomicSMax",
    "AtomicSMin",
    "AtomicUMax",
    "AtomicUMin",
    "AtomicXor",
    "EXT.AtomicFAdd",
];

/// Group reductions and scans: `spirv.GroupIAdd <Workgroup> <Reduce> %x
/// : i32`.
pub const GROUP_OPERATIONS: &[&str] = &[
    "GroupIAdd",
    "GroupFAdd",
    "GroupFMax",
    "GroupFMin",
    "GroupSMax",
    "GroupSMin",
    "GroupUMax",
    "GroupUMin",
    "KHR.GroupFMul",
    "KHR.GroupIMul",
];

/// Non-uniform reductions and scans: `spirv.GroupNonUniformIAdd
/// "Subgroup" "Reduce" %x : i32`.
pub const NON_UNIFORM_OPERATIONS: &[&str] = &[
    "GroupNonUniformBitwiseAnd",
    "GroupNonUniformBitwiseOr",
    "GroupNonUniformBitwiseXor",
    "GroupNonUniformFAdd",
    "GroupNonUniformFMax",
    "GroupNonUniformFMin",
    "GroupNonUniformFMul",
    "GroupNonUniformIAdd",
    "GroupNonUniformIMul",
    "GroupNonUniformLogicalAnd",
    "GroupNonUniformLogicalOr",
    "GroupNonUniformLogicalXor",
    "GroupNonUniformSMax",
    "GroupNonUniformSMin",
    "GroupNonUniformUMax",
    "GroupNonUniformUMin",
];

/// Non-uniform ops reading a value from another invocation:
/// `spirv.GroupNonUniformShuffle <Subgroup> %v, %id : f32, i32`.
pub const NON_UNIFORM_EXCHANGES: &[&str] = &[
    "GroupNonUniformBroadcast",
    "GroupNonUniformShuffle",
    "GroupNonUniformShuffleDown",
    "GroupNonUniformShuffleUp",
    "GroupNonUniformShuffleXor",
];
