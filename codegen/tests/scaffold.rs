//! `define-inst` and `define-enum` write their scaffolds, register the module,
//! never overwrite, and answer unknown names with the closest ones.

use std::path::{Path, PathBuf};

fn model() -> codegen::model::Model {
    let grammar = Path::new(env!("CARGO_MANIFEST_DIR")).join("../grammar-json");
    codegen::load_model(&grammar).expect("the grammar loads")
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("codegen-scaffold-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn define_inst_writes_a_scaffold_and_a_test_stub() {
    let (model, root) = (model(), scratch("inst"));
    let written =
        codegen::scaffold::define_inst(&model, &root, "arithmetic", "OpIAdd").expect("scaffold");
    let source = std::fs::read_to_string(root.join("dialect/spirv/refine/arithmetic/i_add.rs"))
        .expect("source");
    assert!(source.contains("op: Op::IAdd,"), "{source}");
    assert!(
        source.contains("`operand_1: IdRef`") && source.contains("fn verify("),
        "{source}"
    );
    let module = std::fs::read_to_string(root.join("dialect/spirv/refine/arithmetic/mod.rs"))
        .expect("mod.rs");
    assert!(module.contains("pub mod i_add;"));
    let test = std::fs::read_to_string(root.join("tests/mlir/spirv/arithmetic/i_add.mlir"))
        .expect("test stub");
    assert!(test.contains("spirv.IAdd"));
    assert_eq!(written.len(), 4);
    let catalog =
        std::fs::read_to_string(root.join("dialect/spirv/refine/catalog.rs")).expect("catalog");
    assert!(
        catalog.contains("pub const OPS: &[&[OpRefinement]] = &[arithmetic::REFINEMENTS];"),
        "{catalog}"
    );
    assert!(
        module.contains("pub const REFINEMENTS: &[OpRefinement] = &[i_add::REFINEMENT];"),
        "{module}"
    );

    // The MLIR spelling finds the same op; a second scaffold is refused.
    let again = codegen::scaffold::define_inst(&model, &root, "arithmetic", "spirv.IAdd");
    assert!(again.is_err_and(|e| e.to_string().contains("already exists")));
    let ext =
        codegen::scaffold::define_inst(&model, &root, "gl", "spirv.GL.Log").expect("extended op");
    assert!(ext[0].ends_with("gl_log.rs"));
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn define_enum_writes_a_scaffold() {
    let (model, root) = (model(), scratch("enum"));
    codegen::scaffold::define_enum(&model, &root, "StorageClass").expect("scaffold");
    let source = std::fs::read_to_string(root.join("dialect/spirv/refine/enums/storage_class.rs"))
        .expect("source");
    assert!(
        source.contains("kind: OperandKind::StorageClass,")
            && source.contains("#spirv.storage_class<Input>"),
        "{source}"
    );
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn unknown_names_list_the_closest() {
    let (model, root) = (model(), scratch("unknown"));
    let error = codegen::scaffold::define_inst(&model, &root, "arithmetic", "OpIAddd")
        .expect_err("unknown op");
    assert!(error.to_string().contains("closest: OpIAdd"), "{error}");
    let error =
        codegen::scaffold::define_enum(&model, &root, "StorageClas").expect_err("unknown enum");
    assert!(
        error.to_string().contains("closest: StorageClass"),
        "{error}"
    );
    let error = codegen::scaffold::define_inst(&model, &root, "Arith Ops", "OpIAdd")
        .expect_err("bad category");
    assert!(error.to_string().contains("snake_case"), "{error}");
    std::fs::remove_dir_all(&root).ok();
}
