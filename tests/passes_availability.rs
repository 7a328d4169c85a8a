//! What `spirv-dialect info op` says about availability: an op's own
//! record and what the cases of its enum operands add.

use std::process::Command;

fn info_op(name: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_spirv-dialect"))
        .args(["info", "op", name])
        .output()
        .expect("spirv-dialect runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn info_op_lists_what_enum_operand_cases_add() {
    let text = info_op("spirv.ControlBarrier");
    assert!(
        text.contains("enum operand cases that add requirements:"),
        "{text}"
    );
    assert!(
        text.contains("  Scope QueueFamily: since 1.5; caps: VulkanMemoryModel\n"),
        "{text}"
    );
    assert!(
        text.contains("  MemorySemantics MakeVisible: since 1.5; caps: VulkanMemoryModel; exts: SPV_KHR_vulkan_memory_model\n"),
        "{text}"
    );
    // Cases available everywhere add nothing and are not listed.
    assert!(!text.contains("Scope Subgroup"), "{text}");
    assert!(!text.contains("Scope Workgroup"), "{text}");
}

#[test]
fn info_op_without_enum_operands_lists_no_cases() {
    let text = info_op("spirv.IAdd");
    assert!(!text.contains("enum operand cases"), "{text}");
    assert!(text.contains("min version: 1.0"), "{text}");
}
