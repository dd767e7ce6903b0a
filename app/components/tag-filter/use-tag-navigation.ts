import { useLocation, useNavigate } from "react-router";
import { useEffect } from "react";
import { GENDER_TAGS } from "~/spec/tags";

/** Navigates to the same path with the `tag` list replaced and page=1, keeping other parameters. */
export function useTagNavigation() {
  const location = useLocation();
  const navigate = useNavigate();
  return (tags: string[], options: { replace?: boolean } = {}) => {
    const params = new URLSearchParams(location.search);
    params.delete("tag");
    for (const t of tags) params.append("tag", t);
    params.set("page", "1");
    void navigate(`${location.pathname}?${params}`, options);
  };
}

/**
 * The saved gender filters (spec sections 4 and 7, decision 048): the Male, Female and Trans tags a
 * person applied, kept in this browser and applied again when they open the catalog without tags.
 * Toggling one of them, "All" and "Clear All" forget them.
 */
const GENDER_KEY = "genderFilters";
const isGender = (tag: string) => (GENDER_TAGS as readonly string[]).includes(tag);

export function clearSavedGenderFilters() {
  window.localStorage.removeItem(GENDER_KEY);
}

/** Remembers the gender tags among those applied (none: nothing changes). */
export function saveGenderFilters(tags: string[]) {
  const genders = tags.filter(isGender);
  if (genders.length) window.localStorage.setItem(GENDER_KEY, JSON.stringify(genders));
}

function savedGenderFilters(): string[] {
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(GENDER_KEY) ?? "[]");
    return Array.isArray(saved) ? saved.filter((t): t is string => typeof t === "string" && isGender(t)) : [];
  } catch {
    return [];
  }
}

/** The catalog opened without tags or a search: the saved gender filters are applied (the address shows them). */
export function useSavedGenderFilters(active: boolean) {
  const location = useLocation();
  const go = useTagNavigation();
  useEffect(() => {
    if (!active) return;
    const params = new URLSearchParams(location.search);
    if (params.has("tag") || params.get("q")) return;
    const saved = savedGenderFilters();
    if (saved.length) go(saved, { replace: true });
    // Only when the address changes: a choice made on the page is not undone.
  }, [active, location.search]);
}
