#version 460
#extension GL_EXT_ray_tracing : require
layout(location = 0) rayPayloadInEXT vec3 hit;
hitAttributeEXT vec2 attribs;
layout(location = 1) callableDataEXT float weight;
void main() {
    executeCallableEXT(0, 1);
    hit = vec3(1.0 - attribs.x - attribs.y, attribs.x, attribs.y) * weight * gl_HitTEXT;
}
