import type { RootUser } from "~/hooks/use-root-data";
import type { Capabilities } from "~/lib/auth/capabilities";

/** What the menus ask of the permission module: who moderates, who sees the figures. */
type Roles = Pick<Capabilities, "moderate" | "viewAnalytics">;

export type NavLink = { to: string; label: string; external?: boolean };
type Links = { wiki: string };

/** Pricing shows unless the user has an active GOLD subscription (spec section 2). */
export function showPricing(user: RootUser | null) {
  return !user || !user.isSubscriptionActive || user.tier !== "GOLD";
}

const CHARACTER_LISTS: NavLink[] = [
  { to: "/characters", label: "Characters" },
  { to: "/characters/private", label: "Private Characters" },
  { to: "/characters/favorite", label: "Favorite Characters" },
  { to: "/characters/following", label: "Following" },
  { to: "/characters/random", label: "Random Characters" },
  { to: "/characters/recent", label: "Recent Characters" },
];

function accountLinks(user: RootUser | null): NavLink[] {
  if (!user) return [];
  return [
    { to: "/account", label: "Account" },
    { to: "/personas", label: "Personas" },
    { to: `/profile/${user.id}`, label: "Profile" },
  ];
}

function roleLinks(can: Roles): NavLink[] {
  const out: NavLink[] = [];
  if (can.moderate) out.push({ to: "/mods/modcentral", label: "Mod Central" });
  if (can.viewAnalytics) out.push({ to: "/mods/analytics", label: "Analytics" });
  return out;
}

/** The side menu (drawer), in the order of spec section 2. */
export function drawerLinks(user: RootUser | null, can: Roles, links: Links): NavLink[] {
  return [
    ...accountLinks(user),
    ...(showPricing(user) ? [{ to: "/pricing", label: "Pricing" }] : []),
    ...roleLinks(can),
    { to: "/characters/create", label: "Create Character" },
    ...CHARACTER_LISTS,
    { to: "/story", label: "Story Mode" },
    { to: "/characters/groups", label: "Group Chats" },
    { to: "/images/playground", label: "Image Playground" },
    { to: "/characters/creator-hub", label: "Creator Hub" },
    ...readingLinks(links),
  ];
}

/** The wiki, news, tips and rules: in the drawer and in the sidebar's last group. */
const readingLinks = (links: Links): NavLink[] => [
  { to: links.wiki, label: "Wiki", external: true },
  { to: "/news-updates", label: "News & Updates" },
  { to: "/tips-tricks", label: "Tips & Tricks" },
  { to: "/rules", label: "Rules" },
];

/**
 * The desktop sidebar: character lists, creator hub, stories, playground, account, profile, moderator
 * pages, create; and every other link the drawer has (wiki, news, tips, rules).
 */
export function sidebarGroups(user: RootUser | null, can: Roles, links: Links): { title: string; links: NavLink[] }[] {
  return [
    {
      title: "Characters",
      links: [{ to: "/characters/create", label: "Create Character" }, ...CHARACTER_LISTS, { to: "/characters/creator-hub", label: "Creator Hub" }],
    },
    {
      title: "Create",
      links: [
        { to: "/story", label: "Story Mode" },
        { to: "/characters/groups", label: "Group Chats" },
        { to: "/images/playground", label: "Image Playground" },
      ],
    },
    { title: "You", links: [...accountLinks(user), ...(showPricing(user) ? [{ to: "/pricing", label: "Pricing" }] : []), ...roleLinks(can)] },
    { title: "More", links: readingLinks(links) },
  ].filter((g) => g.links.length > 0);
}

/** Names longer than 16 characters are cut with an ellipsis. */
export function truncateName(name: string | null | undefined, max = 16) {
  const value = name ?? "";
  return value.length > max ? `${value.slice(0, max)}…` : value;
}
