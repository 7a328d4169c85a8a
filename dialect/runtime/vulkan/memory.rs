//! Device buffers in host-visible, coherent memory (device-local as well
//! where the device offers both), mapped for their whole life so uploads and
//! readbacks are plain copies.

use super::context::{Context, Shared};
use super::RuntimeError;
use ash::vk;
use std::rc::Rc;

struct BufferInner {
    shared: Rc<Shared>,
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
    mapped: *mut u8,
    size: u64,
}

impl Drop for BufferInner {
    fn drop(&mut self) {
        if self.shared.hung.get() {
            return;
        }
        // SAFETY: streams keep a clone of every buffer they use until their
        // work completes, so the device no longer touches this one.
        unsafe {
            self.shared.device.unmap_memory(self.memory);
            self.shared.device.destroy_buffer(self.buffer, None);
            self.shared.device.free_memory(self.memory, None);
        }
    }
}

/// A storage/uniform/transfer buffer; cloning shares it.
#[derive(Clone)]
pub struct Buffer(Rc<BufferInner>);

fn pick_memory_type(memory: &vk::PhysicalDeviceMemoryProperties, allowed: u32) -> Option<u32> {
    let host = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
    let types = &memory.memory_types[..memory.memory_type_count as usize];
    let usable = |index: usize, flags: vk::MemoryPropertyFlags| {
        allowed & (1 << index) != 0 && types[index].property_flags.contains(flags)
    };
    (0..types.len())
        .find(|&i| usable(i, host | vk::MemoryPropertyFlags::DEVICE_LOCAL))
        .or_else(|| (0..types.len()).find(|&i| usable(i, host)))
        .map(|i| i as u32)
}

impl Buffer {
    /// A zero-filled buffer of `size` bytes (at least 4).
    pub fn new(context: &Context, size: u64) -> Result<Buffer, RuntimeError> {
        let shared = &context.shared;
        let size = size.max(4);
        let usage = vk::BufferUsageFlags::STORAGE_BUFFER
            | vk::BufferUsageFlags::UNIFORM_BUFFER
            | vk::BufferUsageFlags::STORAGE_TEXEL_BUFFER
            | vk::BufferUsageFlags::UNIFORM_TEXEL_BUFFER
            | vk::BufferUsageFlags::TRANSFER_SRC
            | vk::BufferUsageFlags::TRANSFER_DST;
        let info = vk::BufferCreateInfo::default()
            .size(size)
            .usage(usage)
            .sharing_mode(vk::SharingMode::EXCLUSIVE);
        let device = &shared.device;
        // SAFETY: valid device; each handle is destroyed on the error paths.
        unsafe {
            let buffer = device.create_buffer(&info, None).map_err(|e| {
                RuntimeError::Failed(format!("creating a {size}-byte buffer failed: {e}"))
            })?;
            let requirements = device.get_buffer_memory_requirements(buffer);
            let Some(memory_type) = pick_memory_type(&shared.memory, requirements.memory_type_bits)
            else {
                device.destroy_buffer(buffer, None);
                return Err(RuntimeError::Failed(
                    "device has no host-visible coherent memory for buffers".into(),
                ));
            };
            let allocate = vk::MemoryAllocateInfo::default()
                .allocation_size(requirements.size)
                .memory_type_index(memory_type);
            let memory = match device.allocate_memory(&allocate, None) {
                Ok(memory) => memory,
                Err(e) => {
                    device.destroy_buffer(buffer, None);
                    return Err(RuntimeError::Failed(format!(
                        "allocating {size} bytes failed: {e}"
                    )));
                }
            };
            let mapped = device.bind_buffer_memory(buffer, memory, 0).and_then(|_| {
                device.map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty())
            });
            match mapped {
                Ok(pointer) => {
                    std::ptr::write_bytes(pointer as *mut u8, 0, size as usize);
                    let inner = BufferInner {
                        shared: shared.clone(),
                        buffer,
                        memory,
                        mapped: pointer as *mut u8,
                        size,
                    };
                    Ok(Buffer(Rc::new(inner)))
                }
                Err(e) => {
                    device.destroy_buffer(buffer, None);
                    device.free_memory(memory, None);
                    Err(RuntimeError::Failed(format!(
                        "mapping buffer memory failed: {e}"
                    )))
                }
            }
        }
    }

    /// A buffer holding a copy of `bytes`.
    pub fn with_data(context: &Context, bytes: &[u8]) -> Result<Buffer, RuntimeError> {
        let buffer = Buffer::new(context, bytes.len() as u64)?;
        buffer.write(0, bytes)?;
        Ok(buffer)
    }

    /// Size in bytes.
    pub fn size(&self) -> u64 {
        self.0.size
    }

    pub(crate) fn handle(&self) -> vk::Buffer {
        self.0.buffer
    }

    /// Copies `bytes` in at `offset`. The caller orders this with GPU work
    /// (a stream's `finish` returns only when its work is done).
    pub fn write(&self, offset: u64, bytes: &[u8]) -> Result<(), RuntimeError> {
        if offset
            .checked_add(bytes.len() as u64)
            .map_or(true, |end| end > self.0.size)
        {
            return Err(RuntimeError::Failed(format!(
                "write of {} bytes at offset {offset} overruns a {}-byte buffer",
                bytes.len(),
                self.0.size
            )));
        }
        // SAFETY: the range was checked against the mapped size.
        unsafe {
            std::ptr::copy_nonoverlapping(
                bytes.as_ptr(),
                self.0.mapped.add(offset as usize),
                bytes.len(),
            )
        };
        Ok(())
    }

    /// A copy of the whole contents.
    pub fn read(&self) -> Vec<u8> {
        let mut out = vec![0u8; self.0.size as usize];
        // SAFETY: the mapping covers `size` bytes.
        unsafe { std::ptr::copy_nonoverlapping(self.0.mapped, out.as_mut_ptr(), out.len()) };
        out
    }

    pub(crate) fn keep_alive(&self) -> Rc<dyn std::any::Any> {
        self.0.clone()
    }
}
