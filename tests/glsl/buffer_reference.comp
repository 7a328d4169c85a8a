#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 64) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Node {
    vec4 value;
    Node next;
};
layout(push_constant) uniform Push { Node head; uint64_t count; } push;
void main() {
    Node n = push.head;
    for (uint64_t i = 0; i < push.count && uint64_t(n) != 0; ++i) {
        n.value *= 2.0;
        n = n.next;
    }
}
