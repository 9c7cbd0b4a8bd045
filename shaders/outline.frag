#version 330 core
// One flat colour per draw call: the box edges in one call, the slice plane in another.
uniform vec4 u_color;
out vec4 frag_color;

void main() {
    frag_color = u_color;
}
