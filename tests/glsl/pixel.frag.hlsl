Texture2D<float4> tex : register(t0);
SamplerState samp : register(s0);
Texture2DArray<float> shadow : register(t1);
SamplerComparisonState cmp : register(s1);
struct PSInput { float4 pos : SV_Position; float2 uv : TEXCOORD0; nointerpolation uint layer : LAYER; };
float4 main(PSInput input, bool front : SV_IsFrontFace) : SV_Target {
    float4 c = tex.Sample(samp, input.uv);
    c *= shadow.SampleCmpLevelZero(cmp, float3(input.uv, input.layer), 0.5);
    switch (input.layer) {
        case 0: c.r = 1; break;
        case 1: c.g = 1;
        case 2: c.b = 1; break;
        default: clip(c.a - 0.5);
    }
    [unroll] for (int i = 0; i < 3; ++i) c.rgb = saturate(c.rgb * 1.1);
    return front ? c : c.bgra;
}
