import * as Avatar from "@radix-ui/react-avatar";

/** A user's picture (from this site only: the CSP allows no other) with the first letter of the email (or name) as the fallback. */
export function UserAvatar({ image: stored, email, name, size = 32 }: { image?: string | null; email?: string | null; name?: string | null; size?: number }) {
  const letter = (email || name || "?").charAt(0).toUpperCase();
  const image = stored?.startsWith("/") && !stored.startsWith("//") ? stored : null;
  return (
    <Avatar.Root className="inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-700" style={{ width: size, height: size }}>
      {image && <Avatar.Image src={image} alt="" className="h-full w-full object-cover" />}
      <Avatar.Fallback delayMs={image ? 400 : 0} className="text-sm font-semibold text-white">
        {letter}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
