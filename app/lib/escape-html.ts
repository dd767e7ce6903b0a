/** Text made safe to put inside HTML (element content or a quoted attribute). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
