#version 450
layout(vertices = 3) out;
layout(location = 0) in vec2 inUV[];
layout(location = 0) out vec2 outUV[];
layout(location = 1) patch out float level;
void main() {
    if (gl_InvocationID == 0) {
        gl_TessLevelInner[0] = 4.0;
        gl_TessLevelOuter[0] = 2.0;
        gl_TessLevelOuter[1] = 2.0;
        gl_TessLevelOuter[2] = 2.0;
        level = 3.0;
    }
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    outUV[gl_InvocationID] = inUV[gl_InvocationID];
    barrier();
}
