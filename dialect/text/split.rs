//! `--split-input-file`: a buffer is cut at every line containing `// -----`
//! (as mlir-opt cuts it); each chunk keeps its first line number so
//! diagnostics point into the whole file.

/// The marker between chunks, also printed between their outputs.
pub const SPLIT_MARKER: &str = "// -----";

/// The chunks of `source` with the line number each starts on.
pub fn split_input_file(source: &str) -> Vec<(u32, &str)> {
    let mut chunks = Vec::new();
    let (mut start, mut start_line, mut offset) = (0usize, 1u32, 0usize);
    for (index, line) in source.split_inclusive('\n').enumerate() {
        if line.contains(SPLIT_MARKER) {
            chunks.push((start_line, &source[start..offset]));
            start = offset + line.len();
            start_line = index as u32 + 2;
        }
        offset += line.len();
    }
    chunks.push((start_line, &source[start..]));
    chunks
}
