// Small Dear ImGui helpers shared by the panel's sections (controls.cpp, subdomain_panel.cpp):
// a combo whose entries and current value carry tooltips, the last item's frame for tests,
// and tooltips that also show on a disabled item.
#pragma once
#include <imgui.h>

#include <array>
#include <string>

namespace ll::gui {

// A combo over `items` showing name(item), each with tooltip tip(item) (none when empty);
// true when an item other than `current` was picked, into `chosen`.
template <class Items, class E, class Name, class Tip>
bool combo(const char* label, const Items& items, const E& current, E& chosen, Name name, Tip tip) {
    bool picked = false;
    const std::string preview(name(current));
    if (ImGui::BeginCombo(label, preview.c_str())) {
        for (const E& item : items) {
            const std::string text(name(item));
            if (ImGui::Selectable(text.c_str(), item == current)) {
                chosen = item;
                picked = !(item == current);
            }
            const std::string help(tip(item));
            if (!help.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", help.c_str());
        }
        ImGui::EndCombo();
    }
    const std::string help(tip(current));
    if (!help.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", help.c_str());
    return picked;
}

// The last item's frame (x, y, w, h, logical pixels).
inline std::array<float, 4> item_rect() {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    return {a.x, a.y, b.x - a.x, b.y - a.y};
}

// Also on a disabled item: its tooltip says why it cannot be changed.
inline void tooltip(const char* text) {
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", text);
}

// A long tooltip (a key's help), wrapped to a readable width.
inline void wrapped_tooltip(const char* text) {
    if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

} // namespace ll::gui
