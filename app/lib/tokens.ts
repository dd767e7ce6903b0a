/** A rough token count (about four characters a token, plus the message frame). */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4) + 4;
