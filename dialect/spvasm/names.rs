//! Friendly id names for disassembly, assigned in one pass over the module
//! the way SPIR-V assembly conventionally spells them: debug names first,
//! then built-in variables (`gl_Position`), scalar and composite types
//! (`uint`, `v4float`, `_ptr_Function_int`), boolean and numeric constants
//! (`int_n1`, `float_0_5`), and the raw number for everything else.
//! Names are sanitized to `[A-Za-z0-9_]` and made unique with `_0`, `_1`, ….

use super::lookup::{FastMap, FastSet};
use super::numbers::format_number;
use crate::binary::{Instruction, Operand};
use crate::grammar::{BuiltIn, Decoration, Op, ValueEnum};

/// The names built-in variables get when no debug name is given.
fn builtin_name(builtin: u32) -> Option<&'static str> {
    use BuiltIn as B;
    let name = match BuiltIn::from_value(builtin)? {
        B::Position => "gl_Position",
        B::PointSize => "gl_PointSize",
        B::ClipDistance => "gl_ClipDistance",
        B::CullDistance => "gl_CullDistance",
        B::VertexId => "gl_VertexID",
        B::InstanceId => "gl_InstanceID",
        B::PrimitiveId => "gl_PrimitiveID",
        B::InvocationId => "gl_InvocationID",
        B::Layer => "gl_Layer",
        B::ViewportIndex => "gl_ViewportIndex",
        B::TessLevelOuter => "gl_TessLevelOuter",
        B::TessLevelInner => "gl_TessLevelInner",
        B::TessCoord => "gl_TessCoord",
        B::PatchVertices => "gl_PatchVertices",
        B::FragCoord => "gl_FragCoord",
        B::PointCoord => "gl_PointCoord",
        B::FrontFacing => "gl_FrontFacing",
        B::SampleId => "gl_SampleID",
        B::SamplePosition => "gl_SamplePosition",
        B::SampleMask => "gl_SampleMask",
        B::FragDepth => "gl_FragDepth",
        B::HelperInvocation => "gl_HelperInvocation",
        B::NumWorkgroups => "gl_NumWorkGroups",
        B::WorkgroupSize => "gl_WorkGroupSize",
        B::WorkgroupId => "gl_WorkGroupID",
        B::LocalInvocationId => "gl_LocalInvocationID",
        B::GlobalInvocationId => "gl_GlobalInvocationID",
        B::LocalInvocationIndex => "gl_LocalInvocationIndex",
        B::WorkDim => "WorkDim",
        B::GlobalSize => "GlobalSize",
        B::EnqueuedWorkgroupSize => "EnqueuedWorkgroupSize",
        B::GlobalOffset => "GlobalOffset",
        B::GlobalLinearId => "GlobalLinearId",
        B::SubgroupSize => "SubgroupSize",
        B::SubgroupMaxSize => "SubgroupMaxSize",
        B::NumSubgroups => "NumSubgroups",
        B::NumEnqueuedSubgroups => "NumEnqueuedSubgroups",
        B::SubgroupId => "SubgroupId",
        B::SubgroupLocalInvocationId => "SubgroupLocalInvocationId",
        B::VertexIndex => "gl_VertexIndex",
        B::InstanceIndex => "gl_InstanceIndex",
        B::BaseInstance => "gl_BaseInstance",
        B::SubgroupEqMask => "SubgroupEqMaskKHR",
        B::SubgroupGeMask => "SubgroupGeMaskKHR",
        B::SubgroupGtMask => "SubgroupGtMaskKHR",
        B::SubgroupLeMask => "SubgroupLeMaskKHR",
        B::SubgroupLtMask => "SubgroupLtMaskKHR",
        _ => return None,
    };
    Some(name)
}

/// Id → name for a whole module.
pub struct FriendlyNames {
    names: FastMap<u32, String>,
    used: FastSet<String>,
}

impl FriendlyNames {
    pub fn new(instructions: &[Instruction]) -> Self {
        let mut names = FriendlyNames {
            names: FastMap::default(),
            used: FastSet::default(),
        };
        for inst in instructions {
            names.visit(inst);
        }
        names
    }

    /// The name of `id`, or its number when it has none.
    pub fn get(&self, id: u32) -> std::borrow::Cow<'_, str> {
        match self.names.get(&id) {
            Some(name) => name.as_str().into(),
            None => id.to_string().into(),
        }
    }

    fn save(&mut self, id: u32, suggested: &str) {
        if self.names.contains_key(&id) {
            return;
        }
        let base: String = if suggested.is_empty() {
            "_".to_string()
        } else {
            suggested
                .bytes()
                .map(|b| {
                    if b.is_ascii_alphanumeric() || b == b'_' {
                        b as char
                    } else {
                        '_'
                    }
                })
                .collect()
        };
        let mut name = base.clone();
        let mut index = 0;
        while self.used.contains(&name) {
            name = format!("{base}_{index}");
            index += 1;
        }
        self.used.insert(name.clone());
        self.names.insert(id, name);
    }

    fn visit(&mut self, inst: &Instruction) {
        let ops = inst.operands.as_slice();
        let id = |i: usize| match ops.get(i) {
            Some(Operand::Id(id)) => *id,
            _ => 0,
        };
        let integer = |i: usize| match ops.get(i) {
            Some(Operand::Integer(value)) => *value,
            _ => 0,
        };
        let enum_name = |i: usize| match ops.get(i) {
            Some(Operand::Enum { kind, value }) => kind.enumerant(*value).map_or("", |e| e.name),
            _ => "",
        };
        match (inst.op, ops) {
            (Op::Name, [Operand::Id(target), Operand::String(name)]) => self.save(*target, name),
            (
                Op::Decorate,
                [Operand::Id(target), Operand::Enum {
                    value: decoration, ..
                }, Operand::Enum { value: builtin, .. }],
            ) if *decoration == Decoration::BuiltIn.value() => {
                if let Some(name) = builtin_name(*builtin) {
                    self.save(*target, name);
                }
            }
            _ => {}
        }
        let Some(result) = inst.result else { return };
        let suggested = match inst.op {
            Op::TypeVoid => "void".to_string(),
            Op::TypeBool => "bool".to_string(),
            Op::TypeInt => {
                let root = match integer(0) {
                    8 => "char".to_string(),
                    16 => "short".to_string(),
                    32 => "int".to_string(),
                    64 => "long".to_string(),
                    width if integer(1) == 0 => width.to_string(),
                    width => format!("i{width}"),
                };
                if integer(1) == 0 {
                    format!("u{root}")
                } else {
                    root
                }
            }
            Op::TypeFloat => match integer(0) {
                16 => "half".to_string(),
                32 => "float".to_string(),
                64 => "double".to_string(),
                width => format!("fp{width}"),
            },
            Op::TypeVector => format!("v{}{}", integer(1), self.get(id(0))),
            Op::TypeMatrix => format!("mat{}{}", integer(1), self.get(id(0))),
            Op::TypeArray => format!("_arr_{}_{}", self.get(id(0)), self.get(id(1))),
            Op::TypeRuntimeArray => format!("_runtimearr_{}", self.get(id(0))),
            Op::TypePointer => format!("_ptr_{}_{}", enum_name(0), self.get(id(1))),
            // Newer grammars only: matched by name so older ones still build.
            _ if inst.op.info().grammar_name == "OpTypeUntypedPointerKHR" => {
                format!("_ptr_{}", enum_name(0))
            }
            Op::TypePipe => format!("Pipe{}", enum_name(0)),
            Op::TypeEvent => "Event".to_string(),
            Op::TypeDeviceEvent => "DeviceEvent".to_string(),
            Op::TypeReserveId => "ReserveId".to_string(),
            Op::TypeQueue => "Queue".to_string(),
            Op::TypeOpaque => match ops.first() {
                Some(Operand::String(name)) => format!("Opaque_{name}"),
                _ => "Opaque_".to_string(),
            },
            Op::TypePipeStorage => "PipeStorage".to_string(),
            Op::TypeNamedBarrier => "NamedBarrier".to_string(),
            Op::TypeStruct => format!("_struct_{result}"),
            Op::ConstantTrue => "true".to_string(),
            Op::ConstantFalse => "false".to_string(),
            Op::Constant => match ops.first() {
                Some(Operand::Number { bits, ty }) => {
                    let mut value = String::new();
                    format_number(&mut value, *bits, *ty);
                    let ty = self.get(inst.result_type.unwrap_or(0));
                    format!("{ty}_{}", value.replace('-', "n"))
                }
                _ => result.to_string(),
            },
            _ => result.to_string(),
        };
        self.save(result, &suggested);
    }
}
