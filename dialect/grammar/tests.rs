use super::*;

#[test]
fn ops_are_found_by_name_and_opcode() {
    assert_eq!(Op::from_name("spirv.IAdd"), Some(Op::IAdd));
    assert_eq!(Op::from_name("OpIAdd"), Some(Op::IAdd));
    assert_eq!(
        Op::from_name("OpDecorateStringGOOGLE"),
        Some(Op::DecorateString)
    );
    assert_eq!(Op::from_name("spirv.GL.Log"), Some(Op::GlLog));
    assert_eq!(
        Op::from_name("spirv.KHR.SubgroupBallot"),
        Some(Op::SubgroupBallotKHR)
    );
    assert_eq!(Op::from_opcode(InstSet::Core, 128), Some(Op::IAdd));
    assert_eq!(Op::from_opcode(InstSet::Core, 9), None);
    assert_eq!(Op::from_opcode(InstSet::Core, 1_000_000), None);
    assert_eq!(Op::from_opcode(InstSet::Gl, 28), Some(Op::GlLog));
    assert_eq!(Op::GlLog.inst_set(), InstSet::Gl);
    assert_eq!(InstSet::from_import_name("GLSL.std.450"), Some(InstSet::Gl));
    assert_eq!(InstSet::from_import_name("OpenCL.std"), Some(InstSet::Cl));
}

#[test]
fn every_op_round_trips_through_its_table_entry() {
    for (i, op) in Op::ALL.into_iter().enumerate() {
        assert_eq!(op as usize, i);
        let info = op.info();
        assert_eq!(
            Op::from_opcode(op.inst_set(), info.opcode),
            Some(op),
            "{}",
            info.mlir_name
        );
        assert_eq!(Op::from_name(info.mlir_name), Some(op));
    }
}

#[test]
fn operand_layouts_carry_readable_names() {
    let info = Op::GroupNonUniformIAdd.info();
    let names: Vec<_> = info.operands.iter().map(|o| o.name).collect();
    assert_eq!(
        names,
        [
            "result_type",
            "result",
            "execution",
            "operation",
            "value",
            "cluster_size"
        ]
    );
    assert_eq!(info.operands[5].quantifier, Quantifier::Optional);
    assert!(info.has_result && info.has_result_type);
    assert!(!Op::Store.info().has_result);
    assert_eq!(info.availability.min_version, Some(Version::new(1, 3)));
    assert!(info
        .availability
        .capabilities
        .contains(&Capability::GroupNonUniformArithmetic));
}

#[test]
fn value_enums_print_and_parse_by_spec_name() {
    assert_eq!(StorageClass::StorageBuffer.to_string(), "StorageBuffer");
    assert_eq!(
        "StorageBuffer".parse::<StorageClass>(),
        Ok(StorageClass::StorageBuffer)
    );
    assert_eq!(
        StorageClass::from_value(12),
        Some(StorageClass::StorageBuffer)
    );
    assert_eq!("1D".parse::<Dim>(), Ok(Dim::Dim1D));
    assert!("Nowhere".parse::<StorageClass>().is_err());
    // Aliases parse to the canonical enumerant.
    assert_eq!(
        "StorageBuffer16BitAccess".parse::<Capability>(),
        Ok(Capability::StorageBuffer16BitAccess)
    );
    assert_eq!(
        "PhysicalStorageBufferEXT".parse::<StorageClass>(),
        Ok(StorageClass::PhysicalStorageBuffer)
    );
}

#[test]
fn every_enum_variant_matches_its_table() {
    fn check<E: ValueEnum + std::fmt::Display>() {
        let kind = E::kind_info();
        assert_eq!(E::VARIANTS.len(), kind.enumerants.len(), "{}", kind.name);
        for (variant, info) in E::VARIANTS.iter().zip(kind.enumerants) {
            assert_eq!(variant.value(), info.value);
            assert_eq!(variant.to_string(), info.name);
        }
    }
    check::<StorageClass>();
    check::<Capability>();
    check::<Decoration>();
    check::<BuiltIn>();
    check::<ExecutionMode>();
    check::<Dim>();
}

#[test]
fn bit_enums_format_and_parse_with_bars() {
    let operands = ImageOperands::Bias | ImageOperands::Lod;
    assert_eq!(operands.to_string(), "Bias|Lod");
    assert_eq!("Bias|Lod".parse::<ImageOperands>(), Ok(operands));
    assert_eq!(ImageOperands::None.to_string(), "None");
    assert_eq!(
        "Volatile|Aligned".parse::<MemoryAccess>().map(|m| m.0),
        Ok(3)
    );
    let params: Vec<_> = operands
        .enumerants()
        .iter()
        .map(|e| e.parameters[0].kind)
        .collect();
    assert_eq!(params, [OperandKind::IdRef, OperandKind::IdRef]);
}

#[test]
fn enumerants_carry_parameters_and_availability() {
    let offset = Decoration::Offset.info();
    assert_eq!(offset.parameters.len(), 1);
    assert_eq!(offset.parameters[0].kind, OperandKind::LiteralInteger);
    assert_eq!(Capability::Shader.implied(), &[Capability::Matrix]);
    assert!(Capability::closure(&[Capability::Shader]).contains(&Capability::Matrix));
    let queue_family = Scope::QueueFamily.availability();
    assert!(queue_family
        .capabilities
        .contains(&Capability::VulkanMemoryModel));
    assert_eq!(
        "SPV_KHR_vulkan_memory_model"
            .parse::<Extension>()
            .map(Extension::name),
        Ok("SPV_KHR_vulkan_memory_model")
    );
}

#[test]
fn imports_name_their_sets() {
    let namespace = |name: &str| InstSet::from_import_name(name).map(|s| s.info().namespace);
    assert_eq!(namespace("GLSL.std.450"), Some("GL"));
    assert_eq!(namespace("glsl.std.450"), Some("GL"));
    assert_eq!(namespace("NonSemantic.Unknown"), None);
    // A set whose import name ends with its revision names the
    // instructions of other revisions, which the IR keeps generic.
    let Some(clspv) = InstSet::ALL.into_iter().find(|s| {
        let info = s.info();
        info.import_name.ends_with(&format!(".{}", info.revision))
            && info.import_name.starts_with("NonSemantic.ClspvReflection.")
    }) else {
        return;
    };
    let older = format!("NonSemantic.ClspvReflection.{}", clspv.info().revision - 1);
    assert_eq!(InstSet::from_import_name(&older), None);
    assert_eq!(InstSet::naming_instructions_of(&older), Some(clspv));
    assert_eq!(
        InstSet::naming_instructions_of("NonSemantic.ClspvReflection"),
        None
    );
    assert_eq!(
        InstSet::naming_instructions_of("NonSemantic.Shader.DebugInfo.101"),
        None
    );
}
