//! The Vulkan context: loader, instance, physical-device choice, logical
//! device with one compute queue, and the validation-message collector.
//! Everything else in the runtime holds an `Rc` of [`Shared`], so the device
//! outlives every object made from it.

use super::features::{DeviceFeatures, FeatureSupport};
use super::RuntimeError;
use ash::vk;
use std::cell::Cell;
use std::ffi::{c_void, CStr, CString};
use std::rc::Rc;
use std::sync::Mutex;
use std::time::Duration;

const VALIDATION_LAYER: &CStr = c"VK_LAYER_KHRONOS_validation";
/// Environment variable choosing a device by index or by part of its name.
pub const DEVICE_ENV: &str = "SPIRV_DIALECT_DEVICE";

/// How to set a context up.
#[derive(Clone, Debug)]
pub struct ContextOptions {
    /// Device index, or a case-insensitive part of its name; `None` reads
    /// [`DEVICE_ENV`], then prefers a discrete GPU, then an integrated one,
    /// then any other (lavapipe).
    pub device: Option<String>,
    /// Load the Khronos validation layer when it is installed and collect its messages.
    pub validation: bool,
    /// Device extensions to enable; one the device lacks makes creation fail
    /// with [`RuntimeError::Unsupported`].
    pub device_extensions: Vec<String>,
    /// Instance extensions to enable, same rule.
    pub instance_extensions: Vec<String>,
    /// How long a submission may run before the wait gives up.
    pub fence_timeout: Duration,
}

impl Default for ContextOptions {
    fn default() -> Self {
        ContextOptions {
            device: None,
            validation: false,
            device_extensions: Vec::new(),
            instance_extensions: Vec::new(),
            fence_timeout: Duration::from_secs(20),
        }
    }
}

type MessageLog = Mutex<Vec<String>>;

/// The handles every runtime object needs; destroyed last.
pub struct Shared {
    _entry: ash::Entry,
    pub instance: ash::Instance,
    pub physical: vk::PhysicalDevice,
    debug: Option<(ash::ext::debug_utils::Instance, vk::DebugUtilsMessengerEXT)>,
    messages: Box<MessageLog>,
    pub device: ash::Device,
    pub queue: vk::Queue,
    pub queue_family: u32,
    pub properties: vk::PhysicalDeviceProperties,
    pub memory: vk::PhysicalDeviceMemoryProperties,
    pub features: DeviceFeatures,
    pub subgroup_size_range: Option<(u32, u32)>,
    pub timestamp_bits: u32,
    pub fence_timeout: Duration,
    /// Set when a fence wait timed out: the device may still be running
    /// that work, so nothing it might use is destroyed (it is leaked instead).
    pub hung: Cell<bool>,
}

impl Drop for Shared {
    fn drop(&mut self) {
        if self.hung.get() {
            return;
        }
        // SAFETY: every object made from the device holds an Rc of this, so
        // none is alive here; waiting idle makes destruction safe.
        unsafe {
            let _ = self.device.device_wait_idle();
            self.device.destroy_device(None);
            if let Some((loader, messenger)) = self.debug.take() {
                loader.destroy_debug_utils_messenger(messenger, None);
            }
            self.instance.destroy_instance(None);
        }
    }
}

/// A device ready to run compute kernels.
pub struct Context {
    pub(crate) shared: Rc<Shared>,
    validation_active: bool,
}

unsafe extern "system" fn collect_message(
    severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    _types: vk::DebugUtilsMessageTypeFlagsEXT,
    data: *const vk::DebugUtilsMessengerCallbackDataEXT<'_>,
    log: *mut c_void,
) -> vk::Bool32 {
    let wanted = vk::DebugUtilsMessageSeverityFlagsEXT::WARNING
        | vk::DebugUtilsMessageSeverityFlagsEXT::ERROR;
    if severity.intersects(wanted) && !data.is_null() && !log.is_null() {
        // SAFETY: the loader passes valid callback data; `log` is the boxed
        // MessageLog owned by Shared, alive while the messenger exists.
        let text = unsafe { (*data).message_as_c_str() }.map_or_else(
            || "(no message)".to_string(),
            |m| m.to_string_lossy().into_owned(),
        );
        if let Ok(mut messages) = unsafe { &*(log as *const MessageLog) }.lock() {
            messages.push(text);
        }
    }
    vk::FALSE
}

fn failed(what: &str) -> impl Fn(vk::Result) -> RuntimeError + '_ {
    move |result| RuntimeError::Failed(format!("{what} failed: {result}"))
}

fn device_rank(kind: vk::PhysicalDeviceType) -> u32 {
    match kind {
        vk::PhysicalDeviceType::DISCRETE_GPU => 0,
        vk::PhysicalDeviceType::INTEGRATED_GPU => 1,
        vk::PhysicalDeviceType::VIRTUAL_GPU => 2,
        vk::PhysicalDeviceType::CPU => 3,
        _ => 4,
    }
}

fn device_name(properties: &vk::PhysicalDeviceProperties) -> String {
    properties.device_name_as_c_str().map_or_else(
        |_| "(unnamed)".to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Fails with [`RuntimeError::Unsupported`] when any `wanted` extension is
/// not among `available`; `describe` words the message from the missing names.
fn require_extensions(
    wanted: &[String],
    available: &[vk::ExtensionProperties],
    describe: impl FnOnce(&str) -> String,
) -> Result<(), RuntimeError> {
    let names: Vec<String> = available
        .iter()
        .filter_map(|e| {
            e.extension_name_as_c_str()
                .ok()
                .map(|n| n.to_string_lossy().into_owned())
        })
        .collect();
    let missing: Vec<&str> = wanted
        .iter()
        .filter(|w| !names.contains(w))
        .map(String::as_str)
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(RuntimeError::Unsupported(describe(&missing.join(", "))))
    }
}

fn c_strings(names: &[String]) -> Result<Vec<CString>, RuntimeError> {
    names
        .iter()
        .map(|n| {
            CString::new(n.as_str())
                .map_err(|_| RuntimeError::Failed(format!("bad extension name `{n}`")))
        })
        .collect()
}

impl Context {
    /// Loads Vulkan, picks a device and creates the logical device.
    pub fn new(options: &ContextOptions) -> Result<Context, RuntimeError> {
        // SAFETY: loading the system loader library; ash checks the symbols it needs.
        let entry = unsafe { ash::Entry::load() }.map_err(|e| {
            RuntimeError::Failed(format!("cannot load the Vulkan loader (libvulkan): {e}"))
        })?;
        // SAFETY: plain queries on a loaded entry.
        let (layers, instance_extensions, loader_version) = unsafe {
            let layers = entry
                .enumerate_instance_layer_properties()
                .map_err(failed("listing layers"))?;
            let extensions = entry
                .enumerate_instance_extension_properties(None)
                .map_err(failed("listing instance extensions"))?;
            let version = entry
                .try_enumerate_instance_version()
                .ok()
                .flatten()
                .unwrap_or(vk::API_VERSION_1_0);
            (layers, extensions, version)
        };
        let layer_present = layers
            .iter()
            .any(|l| l.layer_name_as_c_str() == Ok(VALIDATION_LAYER));
        require_extensions(
            &options.instance_extensions,
            &instance_extensions,
            |missing| format!("instance extension {missing} not available"),
        )?;
        let validation_active = options.validation && layer_present;
        let mut enabled_instance_extensions = c_strings(&options.instance_extensions)?;
        let debug_utils = ash::ext::debug_utils::NAME;
        if validation_active
            && !options
                .instance_extensions
                .iter()
                .any(|e| e.as_bytes() == debug_utils.to_bytes())
        {
            enabled_instance_extensions.push(debug_utils.to_owned());
        }
        let api_version = loader_version.min(vk::API_VERSION_1_3);
        let app = vk::ApplicationInfo::default()
            .application_name(c"spirv-dialect")
            .api_version(api_version);
        let layer_names = if validation_active {
            vec![VALIDATION_LAYER.as_ptr()]
        } else {
            Vec::new()
        };
        let extension_pointers: Vec<_> = enabled_instance_extensions
            .iter()
            .map(|e| e.as_ptr())
            .collect();
        let messages: Box<MessageLog> = Box::default();
        let mut messenger_info = vk::DebugUtilsMessengerCreateInfoEXT::default()
            .message_severity(
                vk::DebugUtilsMessageSeverityFlagsEXT::WARNING
                    | vk::DebugUtilsMessageSeverityFlagsEXT::ERROR,
            )
            // Validation findings only: loader chatter about other drivers is not a test failure.
            .message_type(vk::DebugUtilsMessageTypeFlagsEXT::VALIDATION)
            .pfn_user_callback(Some(collect_message))
            .user_data(&*messages as *const MessageLog as *mut c_void);
        let mut instance_info = vk::InstanceCreateInfo::default()
            .application_info(&app)
            .enabled_layer_names(&layer_names)
            .enabled_extension_names(&extension_pointers);
        if validation_active {
            instance_info = instance_info.push_next(&mut messenger_info);
        }
        // SAFETY: the create info and everything it points to live until the call returns.
        let instance = unsafe { entry.create_instance(&instance_info, None) }
            .map_err(failed("creating the Vulkan instance"))?;
        let debug = if validation_active {
            let loader = ash::ext::debug_utils::Instance::new(&entry, &instance);
            // SAFETY: valid instance with the debug-utils extension enabled.
            match unsafe { loader.create_debug_utils_messenger(&messenger_info, None) } {
                Ok(messenger) => Some((loader, messenger)),
                Err(e) => {
                    unsafe { instance.destroy_instance(None) };
                    return Err(RuntimeError::Failed(format!(
                        "creating the validation messenger failed: {e}"
                    )));
                }
            }
        } else {
            None
        };
        let destroy_instance =
            |debug: Option<(ash::ext::debug_utils::Instance, vk::DebugUtilsMessengerEXT)>| unsafe {
                if let Some((loader, messenger)) = debug {
                    loader.destroy_debug_utils_messenger(messenger, None);
                }
                instance.destroy_instance(None);
            };
        let built = Self::open_device(&instance, options, api_version);
        let (
            physical,
            device,
            queue_family,
            properties,
            features,
            subgroup_size_range,
            timestamp_bits,
        ) = match built {
            Ok(parts) => parts,
            Err(e) => {
                destroy_instance(debug);
                return Err(e);
            }
        };
        // SAFETY: valid handles from above.
        let (queue, memory) = unsafe {
            (
                device.get_device_queue(queue_family, 0),
                instance.get_physical_device_memory_properties(physical),
            )
        };
        let shared = Shared {
            _entry: entry,
            instance,
            physical,
            debug,
            messages,
            device,
            queue,
            queue_family,
            properties,
            memory,
            features,
            subgroup_size_range,
            timestamp_bits,
            fence_timeout: options.fence_timeout,
            hung: Cell::new(false),
        };
        Ok(Context {
            shared: Rc::new(shared),
            validation_active,
        })
    }

    #[allow(clippy::type_complexity)]
    fn open_device(
        instance: &ash::Instance,
        options: &ContextOptions,
        api_version: u32,
    ) -> Result<
        (
            vk::PhysicalDevice,
            ash::Device,
            u32,
            vk::PhysicalDeviceProperties,
            DeviceFeatures,
            Option<(u32, u32)>,
            u32,
        ),
        RuntimeError,
    > {
        // SAFETY: queries on a valid instance.
        let physicals =
            unsafe { instance.enumerate_physical_devices() }.map_err(failed("listing devices"))?;
        if physicals.is_empty() {
            return Err(RuntimeError::Failed(
                "no Vulkan device found (install a driver, e.g. mesa-vulkan-drivers for lavapipe)"
                    .into(),
            ));
        }
        let candidates: Vec<(vk::PhysicalDevice, vk::PhysicalDeviceProperties)> = physicals
            .iter()
            .map(|&p| (p, unsafe { instance.get_physical_device_properties(p) }))
            .collect();
        let choice = options
            .device
            .clone()
            .or_else(|| std::env::var(DEVICE_ENV).ok())
            .filter(|c| !c.is_empty());
        let (physical, properties) = match choice {
            Some(wanted) => {
                let by_index = wanted.parse::<usize>().ok().and_then(|i| candidates.get(i));
                let by_name = || {
                    candidates.iter().find(|(_, p)| {
                        device_name(p)
                            .to_lowercase()
                            .contains(&wanted.to_lowercase())
                    })
                };
                *by_index.or_else(by_name).ok_or_else(|| {
                    let names: Vec<String> = candidates
                        .iter()
                        .enumerate()
                        .map(|(i, (_, p))| format!("{i}: {}", device_name(p)))
                        .collect();
                    RuntimeError::Failed(format!(
                        "no Vulkan device matches `{wanted}` (devices: {})",
                        names.join(", ")
                    ))
                })?
            }
            None => *candidates
                .iter()
                .min_by_key(|(_, p)| device_rank(p.device_type))
                .ok_or_else(|| RuntimeError::Failed("no Vulkan device found".into()))?,
        };
        // SAFETY: queries on a valid physical device.
        let families = unsafe { instance.get_physical_device_queue_family_properties(physical) };
        let (queue_family, family) = families
            .iter()
            .enumerate()
            .find(|(_, f)| f.queue_flags.contains(vk::QueueFlags::COMPUTE))
            .ok_or_else(|| {
                RuntimeError::Failed(format!(
                    "device {} has no compute queue",
                    device_name(&properties)
                ))
            })?;
        let device_extensions = unsafe { instance.enumerate_device_extension_properties(physical) }
            .map_err(failed("listing device extensions"))?;
        require_extensions(&options.device_extensions, &device_extensions, |missing| {
            format!(
                "device {} lacks extension {missing}",
                device_name(&properties)
            )
        })?;
        let device_version = properties.api_version.min(api_version);
        let features = query_features(instance, physical, device_version);
        let subgroup_size_range = (device_version >= vk::API_VERSION_1_3).then(|| {
            let mut control = vk::PhysicalDeviceSubgroupSizeControlProperties::default();
            let mut properties2 = vk::PhysicalDeviceProperties2::default().push_next(&mut control);
            unsafe { instance.get_physical_device_properties2(physical, &mut properties2) };
            (control.min_subgroup_size, control.max_subgroup_size)
        });
        let priorities = [1.0f32];
        let queue_info = [vk::DeviceQueueCreateInfo::default()
            .queue_family_index(queue_family as u32)
            .queue_priorities(&priorities)];
        let extension_names = c_strings(&options.device_extensions)?;
        let extension_pointers: Vec<_> = extension_names.iter().map(|e| e.as_ptr()).collect();
        let mut enabled = features;
        let mut features2 = vk::PhysicalDeviceFeatures2::default().features(enabled.core);
        if device_version >= vk::API_VERSION_1_2 {
            enabled.v11.p_next = std::ptr::null_mut();
            enabled.v12.p_next = std::ptr::null_mut();
            features2 = features2
                .push_next(&mut enabled.v11)
                .push_next(&mut enabled.v12);
        }
        if device_version >= vk::API_VERSION_1_3 {
            enabled.v13.p_next = std::ptr::null_mut();
            features2 = features2.push_next(&mut enabled.v13);
        }
        let device_info = vk::DeviceCreateInfo::default()
            .queue_create_infos(&queue_info)
            .enabled_extension_names(&extension_pointers)
            .push_next(&mut features2);
        // SAFETY: the create info and its chain live until the call returns.
        let device = unsafe { instance.create_device(physical, &device_info, None) }
            .map_err(failed("creating the device"))?;
        Ok((
            physical,
            device,
            queue_family as u32,
            properties,
            features,
            subgroup_size_range,
            family.timestamp_valid_bits,
        ))
    }

    /// The chosen device's name.
    pub fn device_name(&self) -> String {
        device_name(&self.shared.properties)
    }

    /// Whether the device has a feature, by its AmberScript name.
    pub fn feature(&self, name: &str) -> FeatureSupport {
        self.shared.features.lookup(name)
    }

    /// Whether the device has a property, by its AmberScript `DEVICE_PROPERTY` name.
    pub fn property(&self, name: &str) -> FeatureSupport {
        self.shared.features.lookup_property(name)
    }

    /// Smallest and largest subgroup size, on devices with subgroup size control.
    pub fn subgroup_size_range(&self) -> Option<(u32, u32)> {
        self.shared.subgroup_size_range
    }

    /// Whether validation messages are being collected.
    pub fn validation_active(&self) -> bool {
        self.validation_active
    }

    /// Takes the validation warnings and errors reported so far.
    pub fn take_validation_messages(&self) -> Vec<String> {
        self.shared
            .messages
            .lock()
            .map(|mut m| std::mem::take(&mut *m))
            .unwrap_or_default()
    }

    /// Largest push-constant block the device accepts.
    pub fn max_push_constants_size(&self) -> u32 {
        self.shared.properties.limits.max_push_constants_size
    }
}

fn query_features(
    instance: &ash::Instance,
    physical: vk::PhysicalDevice,
    version: u32,
) -> DeviceFeatures {
    let mut features = DeviceFeatures::default();
    // SAFETY: queries on a valid physical device; the chains point at locals
    // that outlive the calls, and the copies below drop the chain pointers.
    unsafe {
        features.core = instance.get_physical_device_features(physical);
        if version >= vk::API_VERSION_1_2 {
            let mut v11 = vk::PhysicalDeviceVulkan11Features::default();
            let mut v12 = vk::PhysicalDeviceVulkan12Features::default();
            let mut v13 = vk::PhysicalDeviceVulkan13Features::default();
            let mut features2 = vk::PhysicalDeviceFeatures2::default()
                .push_next(&mut v11)
                .push_next(&mut v12);
            if version >= vk::API_VERSION_1_3 {
                features2 = features2.push_next(&mut v13);
            }
            instance.get_physical_device_features2(physical, &mut features2);
            features.v11 = vk::PhysicalDeviceVulkan11Features {
                p_next: std::ptr::null_mut(),
                ..v11
            };
            features.v12 = vk::PhysicalDeviceVulkan12Features {
                p_next: std::ptr::null_mut(),
                ..v12
            };
            features.v13 = vk::PhysicalDeviceVulkan13Features {
                p_next: std::ptr::null_mut(),
                ..v13
            };
        }
        if version >= vk::API_VERSION_1_1 {
            let mut subgroup = vk::PhysicalDeviceSubgroupProperties::default();
            let mut properties2 = vk::PhysicalDeviceProperties2::default().push_next(&mut subgroup);
            instance.get_physical_device_properties2(physical, &mut properties2);
            features.subgroup_operations = subgroup.supported_operations;
            features.subgroup_stages = subgroup.supported_stages;
        }
        if version >= vk::API_VERSION_1_2 {
            let mut v12 = vk::PhysicalDeviceVulkan12Properties::default();
            let mut properties2 = vk::PhysicalDeviceProperties2::default().push_next(&mut v12);
            instance.get_physical_device_properties2(physical, &mut properties2);
            features.v12_properties = vk::PhysicalDeviceVulkan12Properties {
                p_next: std::ptr::null_mut(),
                ..v12
            };
        }
    }
    features
}
