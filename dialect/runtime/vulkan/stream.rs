//! Command streams: dispatches and buffer and image copies recorded in order into one
//! command buffer, with a memory barrier between consecutive commands and one
//! to the host at the end, timestamp queries around each dispatch, one
//! submission per [`Stream::finish`], and a fence wait bounded by the
//! context's timeout.

use super::binding::BindingGroup;
use super::context::{Context, Shared};
use super::image::Image;
use super::kernel::Kernel;
use super::memory::Buffer;
use super::RuntimeError;
use ash::vk;
use std::any::Any;
use std::rc::Rc;
use std::time::Duration;

/// Dispatches per submission that get timestamps; later ones run untimed.
const TIMED_DISPATCHES: u32 = 256;

/// A recorder of GPU work, reusable across submissions.
pub struct Stream {
    shared: Rc<Shared>,
    pool: vk::CommandPool,
    commands: vk::CommandBuffer,
    fence: vk::Fence,
    queries: vk::QueryPool,
    recording: bool,
    timing: bool,
    recorded: u32,
    timed: u32,
    keep_alive: Vec<Rc<dyn Any>>,
}

impl Drop for Stream {
    fn drop(&mut self) {
        if self.shared.hung.get() {
            return;
        }
        // SAFETY: wait for any submitted work before destroying what it uses.
        unsafe {
            let device = &self.shared.device;
            let _ = device.wait_for_fences(
                &[self.fence],
                true,
                self.shared.fence_timeout.as_nanos() as u64,
            );
            device.destroy_query_pool(self.queries, None);
            device.destroy_fence(self.fence, None);
            device.destroy_command_pool(self.pool, None);
        }
    }
}

fn failed(what: &'static str) -> impl Fn(vk::Result) -> RuntimeError {
    move |e| RuntimeError::Failed(format!("{what} failed: {e}"))
}

impl Stream {
    pub fn new(context: &Context) -> Result<Stream, RuntimeError> {
        let shared = context.shared.clone();
        let device = &shared.device;
        let mut stream = Stream {
            shared: shared.clone(),
            pool: vk::CommandPool::null(),
            commands: vk::CommandBuffer::null(),
            fence: vk::Fence::null(),
            queries: vk::QueryPool::null(),
            recording: false,
            timing: false,
            recorded: 0,
            timed: 0,
            keep_alive: Vec::new(),
        };
        // SAFETY: valid device; Drop destroys whatever was created.
        unsafe {
            let pool_info = vk::CommandPoolCreateInfo::default()
                .queue_family_index(shared.queue_family)
                .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER);
            stream.pool = device
                .create_command_pool(&pool_info, None)
                .map_err(failed("creating a command pool"))?;
            let allocate = vk::CommandBufferAllocateInfo::default()
                .command_pool(stream.pool)
                .level(vk::CommandBufferLevel::PRIMARY)
                .command_buffer_count(1);
            stream.commands = device
                .allocate_command_buffers(&allocate)
                .map_err(failed("allocating a command buffer"))?[0];
            stream.fence = device
                .create_fence(
                    &vk::FenceCreateInfo::default().flags(vk::FenceCreateFlags::SIGNALED),
                    None,
                )
                .map_err(failed("creating a fence"))?;
            if shared.timestamp_bits > 0 {
                let query_info = vk::QueryPoolCreateInfo::default()
                    .query_type(vk::QueryType::TIMESTAMP)
                    .query_count(2 * TIMED_DISPATCHES);
                stream.queries = device
                    .create_query_pool(&query_info, None)
                    .map_err(failed("creating a query pool"))?;
            }
        }
        Ok(stream)
    }

    fn begin(&mut self) -> Result<(), RuntimeError> {
        if self.recording {
            return Ok(());
        }
        let device = &self.shared.device;
        // SAFETY: the fence is signalled (no work pending), so the buffer can be reset.
        unsafe {
            device
                .reset_command_buffer(self.commands, vk::CommandBufferResetFlags::empty())
                .map_err(failed("resetting the command buffer"))?;
            let begin = vk::CommandBufferBeginInfo::default()
                .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
            device
                .begin_command_buffer(self.commands, &begin)
                .map_err(failed("beginning the command buffer"))?;
        }
        self.recording = true;
        self.recorded = 0;
        self.timed = 0;
        Ok(())
    }

    /// Makes earlier shader and transfer writes visible to the next command.
    fn barrier_if_needed(&mut self) {
        if self.recorded == 0 {
            return;
        }
        let stages = vk::PipelineStageFlags::COMPUTE_SHADER | vk::PipelineStageFlags::TRANSFER;
        let barrier = [vk::MemoryBarrier::default()
            .src_access_mask(vk::AccessFlags::SHADER_WRITE | vk::AccessFlags::TRANSFER_WRITE)
            .dst_access_mask(
                vk::AccessFlags::SHADER_READ
                    | vk::AccessFlags::SHADER_WRITE
                    | vk::AccessFlags::TRANSFER_READ
                    | vk::AccessFlags::TRANSFER_WRITE
                    | vk::AccessFlags::UNIFORM_READ,
            )];
        // SAFETY: recording into our command buffer.
        unsafe {
            self.shared.device.cmd_pipeline_barrier(
                self.commands,
                stages,
                stages,
                vk::DependencyFlags::empty(),
                &barrier,
                &[],
                &[],
            )
        };
    }

    /// Whether dispatches get timestamp queries (off by default, so that a
    /// dispatch costs no more than it must; honoured where the queue supports
    /// them); takes effect from the next dispatch.
    pub fn set_timing(&mut self, on: bool) {
        self.timing = on;
    }

    /// Records a dispatch of `groups` workgroups with `push_constants` bytes.
    pub fn dispatch(
        &mut self,
        kernel: &Kernel,
        group: &BindingGroup,
        push_constants: &[u8],
        groups: [u32; 3],
    ) -> Result<(), RuntimeError> {
        if !Rc::ptr_eq(&group.kernel.0, &kernel.0) {
            return Err(RuntimeError::Failed(
                "the binding group was made for another kernel".into(),
            ));
        }
        let limits = self.shared.properties.limits.max_compute_work_group_count;
        if groups.iter().zip(limits).any(|(g, l)| *g > l) {
            return Err(RuntimeError::Failed(format!(
                "workgroup count {groups:?} exceeds the device limit {limits:?}"
            )));
        }
        let push_size = kernel.0.push_constant_size as usize;
        if push_constants.len() > push_size {
            return Err(RuntimeError::Failed(format!(
                "{} bytes of push constants exceed the kernel's {push_size}-byte range",
                push_constants.len()
            )));
        }
        self.begin()?;
        self.barrier_if_needed();
        let device = &self.shared.device;
        let timed =
            self.timing && self.queries != vk::QueryPool::null() && self.timed < TIMED_DISPATCHES;
        // SAFETY: recording into our command buffer; the kernel, group and
        // buffers are kept alive until the submission completes.
        unsafe {
            let cmd = self.commands;
            device.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, kernel.0.pipeline);
            for (set, descriptor_set) in group.sets.iter().enumerate() {
                device.cmd_bind_descriptor_sets(
                    cmd,
                    vk::PipelineBindPoint::COMPUTE,
                    kernel.0.layout,
                    set as u32,
                    &[*descriptor_set],
                    &group.dynamic_offsets[set],
                );
            }
            if !push_constants.is_empty() {
                let mut padded = push_constants.to_vec();
                padded.resize(push_constants.len().div_ceil(4) * 4, 0);
                device.cmd_push_constants(
                    cmd,
                    kernel.0.layout,
                    vk::ShaderStageFlags::COMPUTE,
                    0,
                    &padded,
                );
            }
            if timed {
                device.cmd_reset_query_pool(cmd, self.queries, 2 * self.timed, 2);
                device.cmd_write_timestamp(
                    cmd,
                    vk::PipelineStageFlags::TOP_OF_PIPE,
                    self.queries,
                    2 * self.timed,
                );
            }
            device.cmd_dispatch(cmd, groups[0], groups[1], groups[2]);
            if timed {
                device.cmd_write_timestamp(
                    cmd,
                    vk::PipelineStageFlags::BOTTOM_OF_PIPE,
                    self.queries,
                    2 * self.timed + 1,
                );
                self.timed += 1;
            }
        }
        self.keep_alive.push(kernel.0.clone());
        self.keep_alive
            .extend(group.buffers.iter().map(Buffer::keep_alive));
        self.keep_alive
            .extend(group.images.iter().map(Image::keep_alive));
        self.recorded += 1;
        Ok(())
    }

    /// Records a copy of `bytes` bytes from the start of `source` to the start of `target`.
    pub fn copy(
        &mut self,
        source: &Buffer,
        target: &Buffer,
        bytes: u64,
    ) -> Result<(), RuntimeError> {
        if bytes > source.size() || bytes > target.size() {
            return Err(RuntimeError::Failed(format!(
                "copy of {bytes} bytes does not fit buffers of {} and {} bytes",
                source.size(),
                target.size()
            )));
        }
        if bytes == 0 {
            return Ok(());
        }
        self.begin()?;
        self.barrier_if_needed();
        let region = [vk::BufferCopy::default().size(bytes)];
        // SAFETY: recording into our command buffer; both buffers kept alive.
        unsafe {
            self.shared.device.cmd_copy_buffer(
                self.commands,
                source.handle(),
                target.handle(),
                &region,
            )
        };
        self.keep_alive.push(source.keep_alive());
        self.keep_alive.push(target.keep_alive());
        self.recorded += 1;
        Ok(())
    }

    /// Records a copy of the whole of `image` from the start of `source`
    /// (texels tightly packed, x fastest).
    pub fn copy_to_image(&mut self, source: &Buffer, image: &Image) -> Result<(), RuntimeError> {
        self.image_copy(source, image, true)
    }

    /// Records a copy of the whole of `image` to the start of `target`.
    pub fn copy_from_image(&mut self, image: &Image, target: &Buffer) -> Result<(), RuntimeError> {
        self.image_copy(target, image, false)
    }

    fn image_copy(
        &mut self,
        buffer: &Buffer,
        image: &Image,
        to_image: bool,
    ) -> Result<(), RuntimeError> {
        if buffer.size() < image.byte_size() {
            return Err(RuntimeError::Failed(format!(
                "a {}-byte buffer cannot hold the {} bytes of a {:?} image",
                buffer.size(),
                image.byte_size(),
                image.desc().extent
            )));
        }
        self.begin()?;
        self.barrier_if_needed();
        let [width, height, depth] = image.desc().extent;
        let region = [vk::BufferImageCopy::default()
            .image_subresource(vk::ImageSubresourceLayers {
                aspect_mask: vk::ImageAspectFlags::COLOR,
                mip_level: 0,
                base_array_layer: 0,
                layer_count: image.desc().layers,
            })
            .image_extent(vk::Extent3D {
                width,
                height,
                depth,
            })];
        let device = &self.shared.device;
        let layout = vk::ImageLayout::GENERAL;
        // SAFETY: recording into our command buffer; the image is in the
        // GENERAL layout since it was made; both are kept alive.
        unsafe {
            match to_image {
                true => device.cmd_copy_buffer_to_image(
                    self.commands,
                    buffer.handle(),
                    image.0.image,
                    layout,
                    &region,
                ),
                false => device.cmd_copy_image_to_buffer(
                    self.commands,
                    image.0.image,
                    layout,
                    buffer.handle(),
                    &region,
                ),
            }
        };
        self.keep_alive.push(buffer.keep_alive());
        self.keep_alive.push(image.keep_alive());
        self.recorded += 1;
        Ok(())
    }

    /// Records the move of a new image into the GENERAL layout, cleared to
    /// zero.
    pub(crate) fn prepare_image(&mut self, image: &Image) -> Result<(), RuntimeError> {
        self.begin()?;
        self.barrier_if_needed();
        let to_general = [vk::ImageMemoryBarrier::default()
            .src_access_mask(vk::AccessFlags::empty())
            .dst_access_mask(vk::AccessFlags::TRANSFER_WRITE)
            .old_layout(vk::ImageLayout::UNDEFINED)
            .new_layout(vk::ImageLayout::GENERAL)
            .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .image(image.0.image)
            .subresource_range(image.desc().whole())];
        let device = &self.shared.device;
        // SAFETY: recording into our command buffer; the image is new, so
        // nothing else uses it; it is kept alive.
        unsafe {
            device.cmd_pipeline_barrier(
                self.commands,
                vk::PipelineStageFlags::TOP_OF_PIPE,
                vk::PipelineStageFlags::TRANSFER,
                vk::DependencyFlags::empty(),
                &[],
                &[],
                &to_general,
            );
            device.cmd_clear_color_image(
                self.commands,
                image.0.image,
                vk::ImageLayout::GENERAL,
                &vk::ClearColorValue::default(),
                &[image.desc().whole()],
            );
        }
        self.keep_alive.push(image.keep_alive());
        self.recorded += 1;
        Ok(())
    }

    /// Submits what was recorded and waits for it; returns the GPU time of
    /// each timed dispatch, in order.
    pub fn finish(&mut self) -> Result<Vec<Duration>, RuntimeError> {
        if !self.recording {
            return Ok(Vec::new());
        }
        self.recording = false;
        let device = &self.shared.device;
        let to_host = [vk::MemoryBarrier::default()
            .src_access_mask(vk::AccessFlags::SHADER_WRITE | vk::AccessFlags::TRANSFER_WRITE)
            .dst_access_mask(vk::AccessFlags::HOST_READ)];
        // SAFETY: ending and submitting our own command buffer; the fence is
        // unsignalled only while this submission runs.
        unsafe {
            device.cmd_pipeline_barrier(
                self.commands,
                vk::PipelineStageFlags::COMPUTE_SHADER | vk::PipelineStageFlags::TRANSFER,
                vk::PipelineStageFlags::HOST,
                vk::DependencyFlags::empty(),
                &to_host,
                &[],
                &[],
            );
            device
                .end_command_buffer(self.commands)
                .map_err(failed("ending the command buffer"))?;
            device
                .reset_fences(&[self.fence])
                .map_err(failed("resetting the fence"))?;
            let buffers = [self.commands];
            let submit = [vk::SubmitInfo::default().command_buffers(&buffers)];
            device
                .queue_submit(self.shared.queue, &submit, self.fence)
                .map_err(failed("submitting work"))?;
            let timeout = self.shared.fence_timeout;
            match device.wait_for_fences(&[self.fence], true, timeout.as_nanos() as u64) {
                Ok(()) => {}
                Err(vk::Result::TIMEOUT) => {
                    self.shared.hung.set(true);
                    return Err(RuntimeError::Failed(format!(
                        "the device did not finish within {} ms (fence timeout)",
                        timeout.as_millis()
                    )));
                }
                Err(e) => {
                    return Err(RuntimeError::Failed(format!(
                        "waiting for the device failed: {e}"
                    )))
                }
            }
        }
        self.keep_alive.clear();
        self.read_timestamps()
    }

    fn read_timestamps(&self) -> Result<Vec<Duration>, RuntimeError> {
        if self.timed == 0 {
            return Ok(Vec::new());
        }
        let mut ticks = vec![0u64; 2 * self.timed as usize];
        // SAFETY: the queries were written by the completed submission.
        unsafe {
            self.shared
                .device
                .get_query_pool_results(self.queries, 0, &mut ticks, vk::QueryResultFlags::TYPE_64)
                .map_err(failed("reading timestamps"))?;
        }
        let period = f64::from(self.shared.properties.limits.timestamp_period);
        let mask = if self.shared.timestamp_bits >= 64 {
            u64::MAX
        } else {
            (1u64 << self.shared.timestamp_bits) - 1
        };
        Ok(ticks
            .chunks_exact(2)
            .map(|pair| {
                let elapsed = (pair[1] & mask).wrapping_sub(pair[0] & mask) & mask;
                Duration::from_nanos((elapsed as f64 * period) as u64)
            })
            .collect())
    }
}
