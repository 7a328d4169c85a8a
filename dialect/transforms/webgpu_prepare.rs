//! `--spirv-webgpu-prepare`: rewrites ops WebGPU (WGSL) cannot express:
//!
//! - `spirv.UMulExtended` / `spirv.SMulExtended` on 32-bit integers become
//!   schoolbook multiplication on 16-bit digits (two digits per operand,
//!   four for signed ones, the upper two being the sign), each partial
//!   product added into its result digit with the carry moved up; the low
//!   and high words are reassembled from the four result digits;
//! - `spirv.IAddCarry` becomes the sum and `select(sum < lhs, 1, 0)`;
//! - `spirv.IsInf` and `spirv.IsNan` become `false` (WebGPU assumes finite
//!   floats).
//!
//! Runs on the greedy driver, so unused pure ops go and constants are made
//! unique and hoisted.

use crate::ir::pass::Pass;
use crate::ir::{Context, Diagnostic, Op, Type, TypeData, Value};

use super::greedy::{apply_patterns, Pattern, Rewriter};
use super::has_shape;

pub struct WebGpuPrepare;

impl Pass for WebGpuPrepare {
    fn argument(&self) -> &'static str {
        "spirv-webgpu-prepare"
    }

    fn run(&mut self, ctx: &mut Context, op: Op) -> Result<(), Diagnostic> {
        let patterns: [Pattern; 3] = [expand_mul_extended, expand_add_carry, fold_inf_nan_test];
        apply_patterns(ctx, op, &patterns);
        Ok(())
    }
}

/// A constant of `ty` (a scalar, or a vector splat) holding `value`.
fn splat(ctx: &mut Context, rewriter: &mut Rewriter, ty: Type, value: i128) -> Value {
    let attr = match ctx.type_data(ty).clone() {
        TypeData::Vector { elem, .. } => {
            let elem = ctx.integer_attr(elem, value);
            ctx.dense_elements_attr(ty, vec![elem])
        }
        _ => ctx.integer_attr(ty, value),
    };
    rewriter.constant(ctx, attr, ty)
}

/// Whether `ty` is i32 or a vector of i32.
fn is_i32_or_vector(ctx: &Context, ty: Type) -> bool {
    let elem = match ctx.type_data(ty) {
        TypeData::Vector { elem, .. } => *elem,
        _ => ty,
    };
    matches!(ctx.type_data(elem), TypeData::Integer { width: 32, .. })
}

/// `(lhs, rhs, operand type, result type)` of a two-operand op on 32-bit
/// integers (or vectors of them).
fn i32_operands(ctx: &Context, op: Op) -> Option<(Value, Value, Type, Type)> {
    if !has_shape(ctx, op, 2, 1) {
        return None;
    }
    let (lhs, rhs) = (ctx.operand(op, 0), ctx.operand(op, 1));
    let ty = ctx.value_type(lhs);
    let result_type = ctx.value_type(ctx.result(op, 0));
    is_i32_or_vector(ctx, ty).then_some((lhs, rhs, ty, result_type))
}

/// Builds the 16-bit digit arithmetic of one expansion.
struct Digits<'r> {
    rewriter: &'r mut Rewriter,
    ty: Type,
    mask: Value,
    sixteen: Value,
}

impl Digits<'_> {
    fn op(&mut self, ctx: &mut Context, name: &str, operands: &[Value]) -> Value {
        self.rewriter
            .create(ctx, name, operands, Vec::new(), self.ty)
    }

    fn low(&mut self, ctx: &mut Context, value: Value) -> Value {
        let mask = self.mask;
        self.op(ctx, "spirv.BitwiseAnd", &[value, mask])
    }

    fn high(&mut self, ctx: &mut Context, value: Value) -> Value {
        let sixteen = self.sixteen;
        self.op(ctx, "spirv.ShiftRightLogical", &[value, sixteen])
    }

    /// The digits of an operand, least significant first.
    fn split(&mut self, ctx: &mut Context, value: Value, signed: bool) -> Vec<Value> {
        let mut digits = vec![self.low(ctx, value), self.high(ctx, value)];
        if signed {
            let sixteen = self.sixteen;
            let shifted = self.op(ctx, "spirv.ShiftRightArithmetic", &[value, sixteen]);
            let sign = self.high(ctx, shifted);
            digits.extend([sign, sign]);
        }
        digits
    }

    /// `low | high << 16`.
    fn join(&mut self, ctx: &mut Context, low: Value, high: Value) -> Value {
        let sixteen = self.sixteen;
        let shifted = self.op(ctx, "spirv.ShiftLeftLogical", &[high, sixteen]);
        self.op(ctx, "spirv.BitwiseOr", &[low, shifted])
    }

    fn add(&mut self, ctx: &mut Context, sum: Option<Value>, value: Value) -> Value {
        match sum {
            Some(sum) => self.op(ctx, "spirv.IAdd", &[sum, value]),
            None => value,
        }
    }
}

fn expand_mul_extended(ctx: &mut Context, op: Op, rewriter: &mut Rewriter) -> Option<Vec<Value>> {
    let signed = match ctx.op_name_str(op) {
        "spirv.UMulExtended" => false,
        "spirv.SMulExtended" => true,
        _ => return None,
    };
    let (lhs, rhs, ty, result_type) = i32_operands(ctx, op)?;
    let mask = splat(ctx, rewriter, ty, 0xffff);
    let sixteen = splat(ctx, rewriter, ty, 16);
    let mut digits = Digits {
        rewriter,
        ty,
        mask,
        sixteen,
    };
    let lhs = digits.split(ctx, lhs, signed);
    let rhs = digits.split(ctx, rhs, signed);
    let mut result: [Option<Value>; 4] = [None; 4];
    for (i, &l) in lhs.iter().enumerate() {
        for (j, &r) in rhs.iter().enumerate() {
            let k = i + j;
            if k >= result.len() {
                continue;
            }
            let product = digits.op(ctx, "spirv.IMul", &[l, r]);
            let current = digits.add(ctx, result[k], product);
            result[k] = Some(digits.low(ctx, current));
            if k + 1 < result.len() {
                let carry = digits.high(ctx, current);
                result[k + 1] = Some(digits.add(ctx, result[k + 1], carry));
            }
        }
    }
    let [Some(r0), Some(r1), Some(r2), Some(r3)] = result else {
        return None;
    };
    let low = digits.join(ctx, r0, r1);
    let high = digits.join(ctx, r2, r3);
    let both = rewriter.create(
        ctx,
        "spirv.CompositeConstruct",
        &[low, high],
        Vec::new(),
        result_type,
    );
    Some(vec![both])
}

fn expand_add_carry(ctx: &mut Context, op: Op, rewriter: &mut Rewriter) -> Option<Vec<Value>> {
    if ctx.op_name_str(op) != "spirv.IAddCarry" {
        return None;
    }
    let (lhs, rhs, ty, result_type) = i32_operands(ctx, op)?;
    let one = splat(ctx, rewriter, ty, 1);
    let zero = splat(ctx, rewriter, ty, 0);
    let sum = rewriter.create(ctx, "spirv.IAdd", &[lhs, rhs], Vec::new(), ty);
    let bool_type = match ctx.type_data(ty).clone() {
        TypeData::Vector { shape, .. } => {
            let i1 = ctx.int_type(1);
            ctx.vector_type(&shape, i1)
        }
        _ => ctx.int_type(1),
    };
    let wrapped = rewriter.create(ctx, "spirv.ULessThan", &[sum, lhs], Vec::new(), bool_type);
    let carry = rewriter.create(ctx, "spirv.Select", &[wrapped, one, zero], Vec::new(), ty);
    let both = rewriter.create(
        ctx,
        "spirv.CompositeConstruct",
        &[sum, carry],
        Vec::new(),
        result_type,
    );
    Some(vec![both])
}

fn fold_inf_nan_test(ctx: &mut Context, op: Op, rewriter: &mut Rewriter) -> Option<Vec<Value>> {
    if !matches!(ctx.op_name_str(op), "spirv.IsInf" | "spirv.IsNan") || !has_shape(ctx, op, 1, 1) {
        return None;
    }
    let ty = ctx.value_type(ctx.result(op, 0));
    let attr = match ctx.type_data(ty) {
        TypeData::Vector { .. } => {
            let no = ctx.bool_attr(false);
            ctx.dense_elements_attr(ty, vec![no])
        }
        _ => ctx.bool_attr(false),
    };
    Some(vec![rewriter.constant(ctx, attr, ty)])
}
