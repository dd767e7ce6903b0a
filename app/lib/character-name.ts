/** Names as people say them. Pure, so the browser and the offline writer share it. */

const TITLES =
  /^(dr|doctor|captain|capt|lady|lord|sir|dame|professor|prof|mr|mrs|ms|miss|madame|madam|detective|officer|commander|admiral|general|sister|brother|father|mother|king|queen|prince|princess|duke|duchess|count|countess|baron|baroness|agent|master|mistress|saint|st)\.?$/i;

/** What people call the character: "Dr. Caspian Wren, Night-Shift Coroner" is "Caspian", "The Moonfall Mercenaries" "Moonfall". */
export function shortName(name: string) {
  const main =
    name
      .split(/,|\s[-–—(]\s?/)[0]
      .replace(/^\s*the\s+/i, "")
      .replace(/\bthe\b.*$/i, "")
      .trim() || name.trim();
  const words = main.split(/\s+/).filter((w) => !TITLES.test(w));
  return (words[0] ?? main).replace(/[^\p{L}\p{N}'-]/gu, "") || name;
}
