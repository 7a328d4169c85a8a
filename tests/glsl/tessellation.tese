#version 450
layout(triangles, fractional_odd_spacing, cw) in;
layout(location = 0) in vec2 inUV[];
layout(location = 0) out vec2 outUV;
void main() {
    gl_Position = gl_TessCoord.x * gl_in[0].gl_Position + gl_TessCoord.y * gl_in[1].gl_Position + gl_TessCoord.z * gl_in[2].gl_Position;
    outUV = gl_TessCoord.x * inUV[0] + gl_TessCoord.y * inUV[1] + gl_TessCoord.z * inUV[2];
}
