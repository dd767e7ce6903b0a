import { parse } from "cookie";

/**
 * A Cookie header as every reader of it sees it (issue 58): the parser React Router's cookies use (blanks and
 * tabs around names and values trimmed, the first of a repeated name kept). The session reader, the
 * guest page cache, the ban gate and the 18+ answer all read cookies through it, so none of them can
 * disagree with another about what a header says; nothing decides anything from the header's raw text.
 */
export function cookiesOf(header: string | null | undefined): Partial<Record<string, string>> {
  if (!header) return {};
  try {
    return parse(header);
  } catch {
    return {};
  }
}
