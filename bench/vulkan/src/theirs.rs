//! The same two kernels on wgpu (Vulkan backend, SPIR-V passthrough, no
//! wgpu validation): explicit layouts, pipelines and bind groups made once,
//! then one encoder + pass + submit + blocking poll per call.

use crate::{Failure, COPY_BYTES, COPY_GROUPS};
use std::time::Duration;

pub struct Theirs {
    pub label: String,
    device: wgpu::Device,
    queue: wgpu::Queue,
    empty: wgpu::ComputePipeline,
    copy: (wgpu::ComputePipeline, wgpu::BindGroup),
}

fn storage_entry(binding: u32, read_only: bool) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only },
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    }
}

fn pipeline(
    device: &wgpu::Device,
    words: &[u32],
    layout: Option<&wgpu::BindGroupLayout>,
    workgroup: u32,
) -> wgpu::ComputePipeline {
    let entry = [wgpu::PassthroughShaderEntryPoint {
        name: "main".into(),
        workgroup_size: (workgroup, 1, 1),
    }];
    let descriptor = wgpu::ShaderModuleDescriptorPassthrough {
        label: None,
        entry_points: entry.as_slice().into(),
        spirv: Some(words.into()),
        ..Default::default()
    };
    // SAFETY: the SPIR-V comes from glslang and already ran through
    // spirv-dialect's runtime on the same device.
    let module = unsafe { device.create_shader_module_passthrough(descriptor) };
    let layouts: Vec<Option<&wgpu::BindGroupLayout>> = layout.into_iter().map(Some).collect();
    let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: None,
        bind_group_layouts: &layouts,
        immediate_size: 0,
    });
    device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout: Some(&pipeline_layout),
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    })
}

impl Theirs {
    /// Opens the Vulkan adapter called `device_name` and builds both kernels.
    pub fn new(device_name: &str, empty: &[u32], copy: &[u32]) -> Result<Theirs, Failure> {
        let mut descriptor = wgpu::InstanceDescriptor::new_without_display_handle();
        descriptor.backends = wgpu::Backends::VULKAN;
        descriptor.flags = wgpu::InstanceFlags::empty();
        let instance = wgpu::Instance::new(descriptor);
        let adapters = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::VULKAN));
        let adapter = adapters
            .into_iter()
            .find(|a| a.get_info().name == device_name)
            .ok_or_else(|| format!("wgpu sees no Vulkan adapter named `{device_name}`"))?;
        let label = format!("wgpu 30 ({:?} backend)", adapter.get_info().backend);
        let (device, queue) =
            pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
                label: None,
                required_features: wgpu::Features::PASSTHROUGH_SHADERS,
                required_limits: adapter.limits(),
                ..Default::default()
            }))?;
        let empty = pipeline(&device, empty, None, 64);
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: None,
            entries: &[storage_entry(0, true), storage_entry(1, false)],
        });
        let copy_pipeline = pipeline(&device, copy, Some(&layout), 256);
        let buffers: Vec<wgpu::Buffer> = (0..2)
            .map(|_| {
                device.create_buffer(&wgpu::BufferDescriptor {
                    label: None,
                    size: COPY_BYTES,
                    usage: wgpu::BufferUsages::STORAGE,
                    mapped_at_creation: false,
                })
            })
            .collect();
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: buffers[0].as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: buffers[1].as_entire_binding(),
                },
            ],
        });
        Ok(Theirs {
            label,
            device,
            queue,
            empty,
            copy: (copy_pipeline, group),
        })
    }

    fn dispatch(
        &self,
        pipeline: &wgpu::ComputePipeline,
        group: Option<&wgpu::BindGroup>,
        groups: u32,
    ) -> Result<(), Failure> {
        let mut encoder = self.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(pipeline);
            if let Some(group) = group {
                pass.set_bind_group(0, group, &[]);
            }
            pass.dispatch_workgroups(groups, 1, 1);
        }
        let index = self.queue.submit([encoder.finish()]);
        let wait = wgpu::PollType::Wait {
            submission_index: Some(index),
            timeout: Some(Duration::from_secs(20)),
        };
        self.device.poll(wait)?;
        Ok(())
    }

    pub fn empty_dispatch(&self) -> Result<(), Failure> {
        self.dispatch(&self.empty, None, 1)
    }

    pub fn copy_dispatch(&self) -> Result<(), Failure> {
        self.dispatch(&self.copy.0, Some(&self.copy.1), COPY_GROUPS)
    }
}
