//! Custom forms of the builtin dialect's ops.

use super::syntax::Syntax;

pub(crate) fn register(syntax: &mut Syntax) {
    let formats = [(
        "builtin.module",
        "(symbol($sym_name))? attr-dict-with-keyword region",
    )];
    for (name, spec) in formats {
        if let Err(e) = syntax.add_format(name, spec) {
            unreachable!("builtin format is well-formed: {e}");
        }
    }
}
