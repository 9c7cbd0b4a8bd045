#version 330 core
// Maps one scalar per texel to a colour through a 256-entry lookup texture. NaN marks nodes
// with no fluid value (solid obstacles); they take the no-data colour so they stand out.
uniform sampler2D u_field; // R32F, one lattice node per texel, row 0 = bottom
uniform sampler2D u_lut;   // 256 x 1 RGBA8 colour map
uniform vec2 u_range;      // value shown as the first and as the last colour
uniform vec3 u_no_data;    // colour of NaN texels (render::kNoDataColor)
in vec2 v_uv;
out vec4 frag_color;

void main() {
    float v = texture(u_field, v_uv).r;
    if (isnan(v)) {
        frag_color = vec4(u_no_data, 1.0);
        return;
    }
    float span = u_range.y - u_range.x;
    float t = span > 0.0 ? clamp((v - u_range.x) / span, 0.0, 1.0) : 0.5;
    // Sample texel centres only, so t = 0 and t = 1 give exactly the first and last entries.
    float s = (t * 255.0 + 0.5) / 256.0;
    frag_color = vec4(texture(u_lut, vec2(s, 0.5)).rgb, 1.0);
}
