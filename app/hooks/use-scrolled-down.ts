import { useEffect, useState } from "react";

/** True while the page is scrolled away from the top and the last scroll moved down. */
export function useScrolledDown(threshold = 5) {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < threshold) return;
      setDown(y > last && y > 0);
      last = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  return down;
}
