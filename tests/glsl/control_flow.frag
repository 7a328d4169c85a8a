#version 450
layout(location = 0) in vec4 color;
layout(location = 1) flat in int mode;
layout(location = 0) out vec4 outColor;
layout(binding = 0) uniform sampler2D tex;
float f(inout int n, out float r) {
    r = 0.0;
    do {
        n -= 1;
        if (n == 3) continue;
        if (n < 0) return r;
        r += float(n);
    } while (n > 0);
    return r * 2.0;
}
void main() {
    vec4 c = color;
    int n = mode;
    float r;
    switch (mode) {
    case 0:
        c *= 2.0;
    case 1:
        c += texture(tex, c.xy);
        break;
    case 2: {
        for (int i = 0; i < 4; ++i) {
            for (int j = 0; j < 4; ++j) {
                if (j == i) break;
                if (c.x > 0.5) continue;
                c.y += 0.1;
            }
            if (c.y > 2.0) break;
        }
        break;
    }
    case 5:
    case 6:
        if (c.z < 0.0) discard;
        c.z = f(n, r) + r;
        break;
    default:
        while (true) {
            c.w -= 0.25;
            if (c.w < 0.0) break;
        }
    }
    outColor = (mode > 3 && c.x > 0.0) || c.y < 1.0 ? c : vec4(dFdx(c.x), dFdy(c.y), fwidth(c.z), 1.0);
}
