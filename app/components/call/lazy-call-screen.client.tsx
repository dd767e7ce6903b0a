import { lazy } from "react";

/** The call screen and its microphone and voice code load when a person first calls, not with every chat page. */
export const LazyCallScreen = lazy(() => import("./call-screen").then((m) => ({ default: m.CallScreen })));
