import * as Avatar from "@radix-ui/react-avatar";

/**
 * A user's picture (from this site only: the CSP allows no other) with a letter as the fallback: the
 * email's first (the account page, spec section 4), or with `letterFrom="name"` the name's, as the
 * shell shows the person beside the name they chose (issue 61: it follows the welcome's name).
 */
export function UserAvatar({
  image: stored,
  email,
  name,
  size = 32,
  letterFrom = "email",
}: {
  image?: string | null;
  email?: string | null;
  name?: string | null;
  size?: number;
  letterFrom?: "email" | "name";
}) {
  const letter = ((letterFrom === "name" ? name?.trim() || email : email || name) || "?").charAt(0).toUpperCase();
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
