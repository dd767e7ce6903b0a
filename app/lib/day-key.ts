/** A UTC day as "YYYY-MM-DD": the key of the daily figures (decisions 022 and 028). */
export const dayKey = (time: number) => new Date(time).toISOString().slice(0, 10);
