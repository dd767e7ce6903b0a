import * as Tabs from "@radix-ui/react-tabs";
import { TabBar } from "~/components/ui/tab-bar";
import { useEffect, type ReactNode } from "react";
import { useIsMobile } from "~/hooks/use-is-mobile";
import { useRootData } from "~/hooks/use-root-data";
import { isApiError, useApi } from "~/hooks/use-api";
import type { CharacterDetails } from "~/models/character-details.server";
import { MEMORY_MESSAGES, MESSAGES } from "~/spec/messages";
import { DETAILS_TABS } from "~/spec/pages";
import { useSignIn } from "../auth/sign-in-dialog";
import { Modal, Sheet } from "../ui/sheet";
import { Overview } from "./overview";

/** The panel's tabs; "memory" only on the chat page. */
export type DetailsTab = "overview" | "settings" | "saved" | "memory";

// Every tab gets the same height, so the panel does not jump when switching tabs.
const pane = "h-[55dvh] overflow-y-auto pr-1 sm:h-[28rem]";

/** Guests on the Chat Settings or Saved Chats tab are invited to sign in (spec section 2). */
function MakeItYours() {
  const { openSignIn } = useSignIn();
  return (
    <div className="flex flex-col items-start gap-3 py-4">
      <p className="font-semibold text-white">{MESSAGES.savedChats.makeItYours}</p>
      <button type="button" onClick={openSignIn} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
        Sign In / Sign Up
      </button>
    </div>
  );
}

/**
 * '{name} details': a dialog on desktop, a bottom sheet on mobile, with the Overview, Chat Settings
 * and Saved Chats tabs, and on the chat page Memory. The chat page passes its own content for all but Overview.
 */
export function CharacterDetailsPanel({
  characterId,
  name,
  open,
  onOpenChange,
  chatSettings,
  savedChats,
  memory,
  tab = "overview",
}: {
  characterId: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chatSettings?: ReactNode;
  savedChats?: ReactNode;
  /** The chat page's Memory tab (issue 25); elsewhere there is no chat to remember. */
  memory?: ReactNode;
  /** The tab it opens on (the chat menu opens each tab in one tap). */
  tab?: DetailsTab;
}) {
  const isMobile = useIsMobile();
  const { user } = useRootData();
  const loading = useApi<CharacterDetails>({ onError: () => false });
  const details = loading.data && !isApiError(loading.data) ? (loading.data as CharacterDetails) : null;
  const failed = isApiError(loading.data);
  useEffect(() => {
    if (open) loading.load(`/api/characters/${characterId}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, characterId]);

  const later = (content?: ReactNode) =>
    user ? (content ?? <p className="py-4 text-sm text-zinc-400">These settings open with the chat.</p>) : <MakeItYours />;
  const body = (
    <Tabs.Root key={tab} defaultValue={tab} className="flex flex-col gap-4">
      <TabBar
        label="Character details"
        tabs={[
          { value: "overview", label: DETAILS_TABS.overview },
          { value: "settings", label: DETAILS_TABS.settings },
          { value: "saved", label: DETAILS_TABS.saved },
          !!memory && { value: "memory", label: MEMORY_MESSAGES.tab },
        ]}
      />
      <Tabs.Content value="overview" className={pane}>
        {details ? (
          <Overview details={details} />
        ) : (
          <p className="text-sm text-zinc-400">{failed ? MESSAGES.generic.somethingWentWrong : MESSAGES.account.loading}</p>
        )}
      </Tabs.Content>
      <Tabs.Content value="settings" className={pane}>
        {later(chatSettings)}
      </Tabs.Content>
      <Tabs.Content value="saved" className={pane}>
        {later(savedChats)}
      </Tabs.Content>
      {memory && (
        <Tabs.Content value="memory" className={pane}>
          {memory}
        </Tabs.Content>
      )}
    </Tabs.Root>
  );
  const title = `${name} details`;
  return isMobile ? (
    <Sheet open={open} onOpenChange={onOpenChange} side="bottom" title={title} description={MESSAGES.character.detailsSubtitle} testId="details-panel">
      {body}
    </Sheet>
  ) : (
    <Modal open={open} onOpenChange={onOpenChange} wide title={title} description={MESSAGES.character.detailsSubtitle} testId="details-panel">
      {body}
    </Modal>
  );
}
