import { useEffect, useState } from "react";
import { MOBILE_BREAKPOINT_PX } from "~/spec/limits";

/** True at a window width of 768 px or less (spec section 4). */
export function useIsMobile() {
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return mobile;
}
