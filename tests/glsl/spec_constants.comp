#version 450
layout(constant_id = 0) const int WIDTH = 8;
layout(constant_id = 1) const uint SCALE = 3u;
layout(constant_id = 2) const bool FAST = false;
layout(constant_id = 3) const float BIAS = 0.5;
layout(local_size_x_id = 4, local_size_y = 1) in;
const int AREA = WIDTH * 2 + 1;
const uint SHIFTED = SCALE << 2u;
layout(std430, binding = 0) buffer Data { float values[]; };
shared float cache[AREA];
void main() {
    uint i = gl_GlobalInvocationID.x;
    float acc = 0.0;
    for (int k = 0; k < AREA; ++k) cache[k] = float(k) * BIAS;
    barrier();
    for (int k = 0; k < WIDTH; ++k) acc += cache[k] * float(SHIFTED);
    values[i] = FAST ? acc : acc / float(AREA);
}
