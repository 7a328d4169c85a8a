//! The two benchmark kernels on spirv-dialect's runtime: pipelines, bindings
//! and one stream made once, then one dispatch + submit + wait per call.

use crate::{Failure, COPY_BYTES, COPY_GROUPS};
use spirv_dialect::runtime::vulkan::{
    Binding, BindingGroup, BoundBuffer, Buffer, Context, DescriptorKind, Kernel, KernelDesc, Slot,
    Stream,
};
use std::time::Duration;

pub struct Ours {
    stream: Stream,
    empty: (Kernel, BindingGroup),
    copy: (Kernel, BindingGroup),
}

fn kernel(context: &Context, spirv: &[u32], slots: Vec<Slot>) -> Result<Kernel, Failure> {
    let desc = KernelDesc {
        spirv,
        entry_point: "main",
        slots,
        specialization: vec![],
        push_constant_size: 0,
        subgroup: Default::default(),
    };
    Ok(Kernel::new(context, &desc)?)
}

impl Ours {
    pub fn new(context: &Context, empty: &[u32], copy: &[u32]) -> Result<Ours, Failure> {
        let empty_kernel = kernel(context, empty, vec![])?;
        let empty_group = empty_kernel.bind(&[])?;
        let slots = (0..2).map(|binding| Slot {
            set: 0,
            binding,
            kind: DescriptorKind::Storage,
        });
        let copy_kernel = kernel(context, copy, slots.collect())?;
        let mut bindings = Vec::new();
        for binding in 0..2 {
            let buffer = Buffer::new(context, COPY_BYTES)?;
            let bound = BoundBuffer {
                buffer,
                offset: 0,
                range: None,
                dynamic_offset: 0,
            };
            bindings.push(Binding {
                set: 0,
                binding,
                buffers: vec![bound],
                ..Binding::default()
            });
        }
        let copy_group = copy_kernel.bind(&bindings)?;
        Ok(Ours {
            stream: Stream::new(context)?,
            empty: (empty_kernel, empty_group),
            copy: (copy_kernel, copy_group),
        })
    }

    pub fn set_timing(&mut self, on: bool) {
        self.stream.set_timing(on);
    }

    /// One empty-kernel dispatch, submitted and waited for.
    pub fn empty_dispatch(&mut self) -> Result<(), Failure> {
        self.stream
            .dispatch(&self.empty.0, &self.empty.1, &[], [1, 1, 1])?;
        self.stream.finish()?;
        Ok(())
    }

    /// One copy-kernel dispatch; returns its GPU time when timestamps are on.
    pub fn copy_dispatch(&mut self) -> Result<Option<Duration>, Failure> {
        self.stream
            .dispatch(&self.copy.0, &self.copy.1, &[], [COPY_GROUPS, 1, 1])?;
        Ok(self.stream.finish()?.first().copied())
    }
}
