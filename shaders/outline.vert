#version 330 core
// Line segments given in logical pixels (origin top-left, y down), placed in the framebuffer.
layout(location = 0) in vec2 a_pixel;
uniform vec2 u_viewport; // viewport size in logical pixels

void main() {
    vec2 ndc = vec2(a_pixel.x / u_viewport.x * 2.0 - 1.0, 1.0 - a_pixel.y / u_viewport.y * 2.0);
    gl_Position = vec4(ndc, 0.0, 1.0);
}
