import { useLocation, useNavigate } from "@remix-run/react";

/** Navigates to the same path with the `tag` list replaced and page=1, keeping other parameters. */
export function useTagNavigation() {
  const location = useLocation();
  const navigate = useNavigate();
  return (tags: string[]) => {
    const params = new URLSearchParams(location.search);
    params.delete("tag");
    for (const t of tags) params.append("tag", t);
    params.set("page", "1");
    navigate(`${location.pathname}?${params}`);
  };
}

const GENDER_KEY = "genderFilters";
/** Toggling Male, Female or Trans clears the saved gender filters (spec section 4). */
export function clearSavedGenderFilters() {
  window.localStorage.removeItem(GENDER_KEY);
}
