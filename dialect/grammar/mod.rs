//! The SPIR-V grammar as static tables: op kinds, operand layouts, enums and
//! availability, generated from `grammar-json/` (see `generated/` for a copy).
