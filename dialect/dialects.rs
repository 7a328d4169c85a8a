//! Every dialect this crate implements, registered into a context and a
//! syntax table (what `opt` and the tests use).

use crate::ir::Context;
use crate::text::Syntax;
use std::sync::OnceLock;

/// Registers all dialects' ops and verifiers.
pub fn register_ops(ctx: &mut Context) {
    crate::func::register_ops(ctx);
    crate::cf::register(ctx);
    crate::spirv::ops::register_ops(ctx);
    crate::spirv::op_table::register_grammar_ops(ctx);
    crate::spirv::refine::register_verifiers(ctx);
}

/// The context [`context`] clones, once built.
static TEMPLATE: OnceLock<Context> = OnceLock::new();

/// The context [`context`] clones, where one has been built: a clone
/// shares its strings and registry (the same storage) until it changes
/// them.
pub(crate) fn template() -> Option<&'static Context> {
    TEMPLATE.get()
}

/// A context with every dialect's ops registered: a clone of one built once
/// per process, whose strings (op names, enum cases, attribute names) and
/// registry the clone shares.
pub fn context() -> Context {
    built_template().clone()
}

/// [`context`] with room for `attrs` more attributes, `types` more types
/// and `strings` more strings (see [`Context::clone_with_room`]).
pub(crate) fn context_with_room(attrs: usize, types: usize, strings: usize) -> Context {
    built_template().clone_with_room(attrs, types, strings)
}

/// The template [`context`] clones, built at the first call.
fn built_template() -> &'static Context {
    TEMPLATE.get_or_init(|| {
        let mut ctx = Context::new();
        register_ops(&mut ctx);
        crate::spirv::conventions::intern_names(&mut ctx);
        crate::binary::deserialize::intern_names(&mut ctx);
        ctx.share_strings();
        ctx
    })
}

/// The syntax (custom forms, type and attribute hooks) of every dialect.
pub fn syntax() -> Syntax {
    let mut syntax = Syntax::new();
    syntax.add_dialect(Box::new(crate::spirv::SpirvSyntax));
    let formats = crate::func::register_syntax(&mut syntax)
        .and_then(|()| crate::spirv::formats::register(&mut syntax))
        .and_then(|()| crate::spirv::refine::register_formats(&mut syntax));
    if let Err(e) = formats {
        unreachable!("built-in formats are well-formed: {e}");
    }
    syntax
}
