#version 450
layout(triangles, invocations = 2) in;
layout(triangle_strip, max_vertices = 6) out;
layout(location = 0) in vec3 inNormal[];
layout(location = 0) out vec3 outNormal;
void main() {
    for (int copy = 0; copy < 2; ++copy) {
        for (int v = 0; v < 3; ++v) {
            outNormal = inNormal[v];
            gl_Position = gl_in[v].gl_Position + vec4(float(copy), 0.0, 0.0, 0.0);
            gl_Layer = gl_InvocationID;
            EmitVertex();
        }
        EndPrimitive();
    }
}
