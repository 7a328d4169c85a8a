#version 460
#extension GL_EXT_ray_query : require
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0) uniform accelerationStructureEXT scene;
layout(std430, binding = 1) buffer Out { float t[]; };
void main() {
    rayQueryEXT q;
    rayQueryInitializeEXT(q, scene, gl_RayFlagsTerminateOnFirstHitEXT, 0xff, vec3(gl_GlobalInvocationID), 0.0, vec3(0, 0, 1), 10.0);
    while (rayQueryProceedEXT(q)) {
        if (rayQueryGetIntersectionTypeEXT(q, false) == gl_RayQueryCandidateIntersectionTriangleEXT)
            rayQueryConfirmIntersectionEXT(q);
    }
    t[gl_LocalInvocationIndex] = rayQueryGetIntersectionTypeEXT(q, true) == gl_RayQueryCommittedIntersectionNoneEXT ? -1.0 : rayQueryGetIntersectionTEXT(q, true);
}
