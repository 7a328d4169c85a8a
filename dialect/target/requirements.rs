//! The requirements engine: checks availability records (of ops, enum cases,
//! types) against a target environment, remembers what each one used, and
//! deduces the minimal VCE. Semantics of a record, as the grammar means it:
//! available from `min_version` on (until `last_version`), or in an earlier
//! version through any one of `extensions`; and, in any case, with any one of
//! `capabilities`.

use std::collections::BTreeSet;
use std::fmt;

use crate::grammar::{Availability, Capability, Extension, ValueEnum, Version};

use super::{TargetEnv, Vce};

/// Why something is not available in a target environment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Missing {
    /// Needs at least `needs` (or, where listed, one of `extensions`).
    Version {
        what: String,
        needs: Version,
        has: Version,
        extensions: Vec<Extension>,
    },
    /// Was removed after `last`.
    Removed {
        what: String,
        last: Version,
        has: Version,
    },
    /// Needs one of `extensions`, none of which the target allows.
    Extension {
        what: String,
        any_of: Vec<Extension>,
    },
    /// Needs one of `capabilities`, none of which the target allows.
    Capability {
        what: String,
        any_of: Vec<Capability>,
    },
}

fn names<T: fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(T::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Missing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Missing::Version { what, needs, has, extensions } if extensions.is_empty() => {
                write!(f, "{what} needs SPIR-V {needs}, but the target is SPIR-V {has}")
            }
            Missing::Version { what, needs, has, extensions } => write!(
                f,
                "{what} needs SPIR-V {needs} or one of the extensions [{}], but the target is SPIR-V {has} without them",
                names(extensions)
            ),
            Missing::Removed { what, last, has } => {
                write!(f, "{what} was removed after SPIR-V {last}, but the target is SPIR-V {has}")
            }
            Missing::Extension { what, any_of } => {
                write!(f, "{what} needs one of the extensions [{}], which the target does not allow", names(any_of))
            }
            Missing::Capability { what, any_of } => {
                write!(f, "{what} needs one of the capabilities [{}], which the target does not allow", names(any_of))
            }
        }
    }
}

impl std::error::Error for Missing {}

/// The SPIR-V version an extension's own specification requires (the
/// grammar does not record it; spirv-val checks it).
fn extension_min_version(extension: Extension) -> Option<Version> {
    match extension.name() {
        "SPV_EXT_mesh_shader" => Some(Version::new(1, 4)),
        _ => None,
    }
}

/// Accumulates what the records checked so far need from a target.
#[derive(Clone, Debug)]
pub struct Requirements {
    target: Vce,
    /// The target's capabilities with everything they imply, sorted.
    allowed: Vec<Capability>,
    version: Version,
    capabilities: BTreeSet<Capability>,
    /// `capabilities` with everything they imply, sorted; kept up to date
    /// as capabilities are recorded.
    covered: Vec<Capability>,
    extensions: BTreeSet<Extension>,
}

impl Requirements {
    pub fn new(env: &TargetEnv) -> Self {
        Requirements {
            allowed: env.allowed_capabilities(),
            target: env.vce.clone(),
            version: Version::new(1, 0),
            capabilities: BTreeSet::new(),
            covered: Vec::new(),
            extensions: BTreeSet::new(),
        }
    }

    fn allows(&self, capability: Capability) -> bool {
        self.allowed.binary_search(&capability).is_ok()
    }

    /// Checks the record of `what` (an op or enum case, named for messages)
    /// and records what it uses. Among alternatives, what is already
    /// recorded is preferred, then the grammar's order; a capability chosen
    /// brings its own version or extension.
    pub fn require(&mut self, what: &str, a: &Availability) -> Result<(), Missing> {
        self.require_version_or_extension(what, a)?;
        let satisfied = a
            .capabilities
            .iter()
            .any(|c| self.covered.binary_search(c).is_ok());
        if !a.capabilities.is_empty() && !satisfied {
            let chosen = a
                .capabilities
                .iter()
                .find(|c| self.allows(**c))
                .ok_or_else(|| Missing::Capability {
                    what: what.to_string(),
                    any_of: a.capabilities.to_vec(),
                })?;
            self.require_version_or_extension(
                &format!("{what} (through capability {chosen})"),
                chosen.availability(),
            )?;
            self.record(*chosen);
        }
        Ok(())
    }

    /// The version-or-extension half of a record.
    fn require_version_or_extension(
        &mut self,
        what: &str,
        a: &Availability,
    ) -> Result<(), Missing> {
        let has = self.target.version;
        if let Some(last) = a.last_version {
            if has > last {
                return Err(Missing::Removed {
                    what: what.to_string(),
                    last,
                    has,
                });
            }
        }
        let by_version = match a.min_version {
            Some(min) => min <= has,
            None => a.extensions.is_empty(),
        };
        if by_version {
            if let Some(min) = a.min_version {
                self.version = self.version.max(min);
            }
            return Ok(());
        }
        let usable = |e: &&Extension| extension_min_version(**e).map_or(true, |v| v <= has);
        let chosen = a
            .extensions
            .iter()
            .find(|e| self.extensions.contains(e))
            .or_else(|| {
                a.extensions
                    .iter()
                    .filter(usable)
                    .find(|e| self.target.extensions.binary_search(e).is_ok())
            });
        match (chosen, a.min_version) {
            (Some(e), _) => {
                if let Some(min) = extension_min_version(*e) {
                    self.version = self.version.max(min);
                }
                self.extensions.insert(*e);
                Ok(())
            }
            (None, Some(needs)) => Err(Missing::Version {
                what: what.to_string(),
                needs,
                has,
                extensions: a.extensions.to_vec(),
            }),
            (None, None) => Err(Missing::Extension {
                what: what.to_string(),
                any_of: a.extensions.to_vec(),
            }),
        }
    }

    /// Records `capability` as needed (a rule that is not an availability
    /// record, such as a type's), with its own version or extension, if
    /// the target allows it.
    pub fn require_capability(
        &mut self,
        what: &str,
        capability: Capability,
    ) -> Result<(), Missing> {
        self.require_version_or_extension(what, capability.availability())?;
        if !self.allows(capability) {
            return Err(Missing::Capability {
                what: what.to_string(),
                any_of: vec![capability],
            });
        }
        self.record(capability);
        Ok(())
    }

    fn record(&mut self, capability: Capability) {
        if self.capabilities.insert(capability) {
            let all: Vec<Capability> = self.capabilities.iter().copied().collect();
            self.covered = Capability::closure(&all);
        }
    }

    /// The minimal VCE for what was recorded: the highest version needed,
    /// and the capabilities no other recorded capability implies.
    pub fn deduce(&self) -> Vce {
        let all: Vec<Capability> = self.capabilities.iter().copied().collect();
        let capabilities = all
            .iter()
            .copied()
            .filter(|c| {
                let others: Vec<Capability> = all.iter().copied().filter(|o| o != c).collect();
                Capability::closure(&others).binary_search(c).is_err()
            })
            .collect();
        Vce::new(
            self.version,
            capabilities,
            self.extensions.iter().copied().collect(),
        )
    }
}
