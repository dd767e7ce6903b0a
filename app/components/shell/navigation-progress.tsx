import { useNavigation } from "react-router";
import { useEffect, useState } from "react";

/**
 * A thin bar at the top of the window while a page is loading (React Router's navigation state). It waits
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
      className="navigation-progress"
    >
      <div />
    </div>
  );
}
