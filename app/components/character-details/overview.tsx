import { FollowButton } from "~/components/follow-button";
import { Link, useLocation } from "react-router";
import { Suspense, useRef, useState } from "react";
import { ReportDialog } from "~/components/report-dialog";
import { useEffect } from "react";
import { useApi } from "~/hooks/use-api";
import { useRootData } from "~/hooks/use-root-data";
import { defaultPersona } from "~/lib/personas";
import { useShare } from "~/hooks/use-share";
import type { CharacterDetails } from "~/models/character-details.server";
import { MESSAGES } from "~/spec/messages";
import { tagPill } from "../tag-style";
import { PersonaEditor } from "../chat/persona-editor";
import { LazyMarkdown } from "./lazy-markdown.client";
import { Reviews } from "./reviews";
import { formatCount } from "~/spec/plain-text";

type Persona = { id: string; name: string; persona: string; isDefault: boolean };

/** Markdown once its renderer has loaded (lazy-markdown.client.tsx); until then, the text as it was written. */
function Written({ children }: { children: string }) {
  const plain = <p className="whitespace-pre-wrap text-sm text-zinc-300">{children}</p>;
  if (!LazyMarkdown) return plain;
  return (
    <Suspense fallback={plain}>
      <LazyMarkdown>{children}</LazyMarkdown>
    </Suspense>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg border border-zinc-800 bg-zinc-900/60 p-3">
      <dt className="text-xs text-zinc-400">{label}</dt>
      <dd className="text-lg font-semibold text-white">{value}</dd>
    </div>
  );
}

/**
 * "You're chatting as": the user's personas. Picking one applies to this character's chat only;
 * "Make this my default" makes it the persona of every chat where none was picked.
 */
function PersonaPicker({ characterId, chattingAs }: { characterId: string; chattingAs: string | null }) {
  const { user } = useRootData();
  const list = useApi<Persona[]>();
  const [chosen, setChosen] = useState(chattingAs);
  const before = useRef(chattingAs);
  const choose = useApi({ fallback: MESSAGES.persona.chatAsFailed, onError: () => setChosen(before.current) });
  const makeDefault = useApi({ fallback: MESSAGES.savedChats.failedDefault });
  useEffect(() => {
    if (user) list.load("/api/personas");
    // Loaded once per user; React Router reloads it after a persona is made the default.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id]);
  const personas = Array.isArray(list.data) ? (list.data as Persona[]) : null;
  if (!user || personas === null) return null;
  if (personas.length === 0)
    return (
      <Link to="/personas" className="text-sm text-brand-300 underline">
        {MESSAGES.persona.createYourPersona}
      </Link>
    );
  const fallback = defaultPersona(personas);
  const active = personas.find((p) => p.id === chosen) ?? fallback;
  const isDefault = !!active && active.id === fallback?.id;
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="persona-picker">
      <div className="flex flex-wrap items-center gap-2">
        <select
          aria-label="You're chatting as"
          aria-describedby="persona-picker-hint"
          value={active?.id}
          disabled={choose.busy}
          onChange={(e) => {
            before.current = active?.id ?? null;
            setChosen(e.target.value);
            // Picking the default means "follow my default", so a later default applies here too.
            const personaId = e.target.value === fallback?.id ? null : e.target.value;
            choose.submit(`/api/chat/update?characterId=${encodeURIComponent(characterId)}`, "PUT", { personaId });
          }}
          className="rounded-md border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm text-zinc-100"
        >
          {personas.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {active && !isDefault && (
          <button
            type="button"
            disabled={makeDefault.busy}
            onClick={() => makeDefault.submit(`/api/personas/${active.id}`, "PUT", { name: active.name, persona: active.persona, isDefault: true })}
            className={smallButton}
          >
            {MESSAGES.persona.makeThisDefault}
          </button>
        )}
      </div>
      <p id="persona-picker-hint" className="text-xs text-zinc-400">
        {isDefault ? MESSAGES.persona.isYourDefault : MESSAGES.persona.thisChatOnly(fallback?.name ?? "")}
      </p>
    </div>
  );
}

const smallButton = "inline-flex min-h-11 items-center rounded-md border border-zinc-700 px-3 text-sm text-zinc-100 hover:bg-zinc-800 sm:min-h-9";

/** Who the character is at a glance: picture, creator, description and tags. */
function Intro({ details }: { details: CharacterDetails }) {
  return (
    <div className="flex gap-4">
      <img src={details.thumbnailUrl} alt="" width={96} height={96} className="h-24 w-24 shrink-0 rounded-xl object-cover" />
      <div className="flex min-w-0 flex-col gap-1.5">
        <p className="text-sm text-zinc-400">
          by{" "}
          {details.authorId ? (
            <Link to={`/profile/${details.authorId}`} className="text-brand-300 underline">
              {details.author}
            </Link>
          ) : (
            details.author
          )}
        </p>
        {details.authorId && details.follow && (
          <FollowButton
            creatorId={details.authorId}
            name={details.author}
            following={details.follow.following}
            followers={details.follow.followers}
            showCount={false}
          />
        )}
        {details.description && <p className="text-sm text-zinc-200">{details.description}</p>}
        <ul className="flex flex-wrap gap-1" aria-label="Tags">
          {details.tags.map((t) => (
            <li key={t} className={tagPill(t)}>
              {t}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function Overview({ details }: { details: CharacterDetails }) {
  const { user } = useRootData();
  const share = useShare();
  const [reporting, setReporting] = useState(false);
  const chatPath = `/characters/chat/${details.id}`;
  // Opened from a listing, the panel leads to the chat (issue 61); in the chat itself it need not.
  const inChat = useLocation().pathname === chatPath;
  const released = details.releaseDate ? new Date(details.releaseDate).toLocaleDateString() : MESSAGES.character.notAvailable;
  return (
    <div className="flex flex-col gap-5" data-testid="details-overview">
      <Intro details={details} />
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Stat label="Rating" value={details.rating.count ? `${details.rating.average.toFixed(1)} ★ (${formatCount(details.rating.count)})` : "–"} />
        <Stat label="Points" value={formatCount(details.points)} />
        <Stat label="Chats" value={formatCount(details.chats)} />
        <Stat label="Upvotes" value={formatCount(details.upvotes)} />
        <Stat label="Favorites" value={formatCount(details.favorites)} />
        <Stat label="Released" value={released} />
      </dl>
      <div className="flex flex-wrap gap-2">
        {!inChat && (
          <Link
            to={chatPath}
            className={`${smallButton} border-brand-500 bg-brand-600 font-semibold text-white hover:bg-brand-500`}
            aria-label={`Chat with ${details.name}`}
          >
            Chat
          </Link>
        )}
        <button type="button" onClick={() => share(chatPath, details.name)} className={smallButton}>
          Share
        </button>
        <Link to={`/story?characterId=${details.id}`} className={smallButton}>
          Start a story
        </Link>
        <Link to={`/characters/groups?with=${details.id}`} className={smallButton}>
          Start a group
        </Link>
        {user && (
          <button type="button" onClick={() => setReporting(true)} className={smallButton}>
            Report
          </button>
        )}
        <a
          href={`/api/characters/${details.id}/card.png`}
          download
          className={smallButton}
          title="A Character Card V3 picture that SillyTavern and other apps can import"
        >
          Download card (PNG)
        </a>
        <a href={`/api/characters/${details.id}/card.json`} download className={smallButton}>
          Download card (JSON)
        </a>
        {details.canEdit && (
          <Link to={`/characters/${details.id}/edit`} className={smallButton}>
            Edit character
          </Link>
        )}
      </div>
      {reporting && <ReportDialog open={reporting} onOpenChange={setReporting} target={{ type: "character", id: details.id }} />}
      {details.visibility && (
        <p className="text-sm text-zinc-300">
          Visibility: <span className="font-semibold text-white">{details.visibility}</span>
        </p>
      )}
      <section>
        <div className="mb-1 flex items-center justify-between gap-2">
          <h3 className="font-semibold text-white">
            Character Persona{details.personaIsTheirs && <span className="ml-2 text-xs font-normal text-brand-200">{MESSAGES.persona.yourVersion}</span>}
          </h3>
          {/* Edit opens the persona editor (premium saves a version of one's own, spec section 4); owners edit the card itself below. */}
          {user && (
            <PersonaEditor
              characterId={details.id}
              name={details.name}
              defaultPersona={details.personaSource.original}
              override={details.personaSource.override}
              canEdit={user.isSubscriptionActive}
              trigger="edit"
            />
          )}
        </div>
        <Written>{details.persona || "_No persona written._"}</Written>
      </section>
      <section>
        <h3 className="mb-1 font-semibold text-white">Author Notes</h3>
        {details.authorNotes ? <Written>{details.authorNotes}</Written> : <p className="text-sm text-zinc-400">{MESSAGES.character.noAuthorNotes}</p>}
      </section>
      {details.imagePrompt && (
        <section>
          <h3 className="mb-1 font-semibold text-white">Image Prompt</h3>
          <p className="text-sm text-zinc-300">{details.imagePrompt}</p>
        </section>
      )}
      {user && (
        <section className="flex flex-col gap-2">
          <h3 className="font-semibold text-white">You're chatting as</h3>
          <PersonaPicker characterId={details.id} chattingAs={details.chattingAs} />
        </section>
      )}
      <p className="text-sm text-zinc-300">
        Selected Voice: <span className="font-semibold text-white">{details.voice.label}</span>
        {details.voice.hasOriginal && <span className="text-zinc-400"> (Character Original Voice available)</span>}
      </p>
      {details.similar.length > 0 && (
        <section aria-labelledby="similar-heading" data-testid="similar-characters">
          <h3 id="similar-heading" className="mb-2 font-semibold text-white">
            Similar characters
          </h3>
          <ul className="flex flex-wrap gap-2">
            {details.similar.map((c) => (
              <li key={c.id}>
                <Link to={`/characters/chat/${c.id}`} className={smallButton}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {details.visibility !== "Private" && <Reviews characterId={details.id} />}
    </div>
  );
}
