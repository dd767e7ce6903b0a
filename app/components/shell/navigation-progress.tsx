import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/**
 * A thin bar at the top of the window while a page is loading (Remix's navigation state). It waits
 * 150 ms before it shows, so quick pages do not flicker.
 */
export function NavigationProgress() {
  const loading = useNavigation().state === "loading";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) return setShown(false);
    const timer = setTimeout(() => setShown(true), 150);
    return () => clearTimeout(timer);
  }, [loading]);
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      aria-hidden={!shown}
      data-testid="navigation-progress"
      data-active={shown || undefined}
      className={`pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden transition-opacity duration-200 ${shown ? "opacity-100" : "opacity-0"}`}
    >
      <div className="h-full w-1/3 animate-[progress_1.1s_ease-in-out_infinite] bg-gradient-to-r from-brand-500 via-pink-500 to-brand-500" />
    </div>
  );
}
