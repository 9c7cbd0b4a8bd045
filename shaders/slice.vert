#version 330 core
// A quad drawn as a 4-vertex triangle strip without vertex buffers: the corners come from
// gl_VertexID, so the pass binds nothing but an empty vertex array.
uniform vec4 u_rect; // x0, y0, x1, y1 in normalised device coordinates (y up)
out vec2 v_uv;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
    v_uv = corner;
    gl_Position = vec4(mix(u_rect.xy, u_rect.zw, corner), 0.0, 1.0);
}
