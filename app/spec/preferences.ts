/** The values of the account's and the chat's preferences (spec section 3). */
export const IMAGE_STYLES = ["Anime", "Realistic"] as const;
export const CHAT_LAYOUTS = ["Left", "Center", "Right"] as const;
export const IMAGE_VIEWS = ["In Chat", "Background"] as const;
export const IMAGE_MODES = ["Prompt", "Mix", "Chat"] as const;
export const CHAT_UIS = ["v1", "v2"] as const;
/** Bubble colour swatches (spec section 9). */
export const BUBBLE_COLORS = ["bg-gray-900", "bg-zinc-900", "bg-slate-900", "bg-teal-900", "bg-cyan-900"] as const;
