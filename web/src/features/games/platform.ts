/** Spec section 9: the platform description shows at most 15 provider names. */
export const PLATFORM_DESCRIPTION_MAX = 15;

/** The list separator of a language: the Chinese list comma for zh_CN and zh_TW, else a comma. */
export function listSeparator(lang: string): string {
  return lang === 'zh_CN' || lang === 'zh_TW' ? '、' : ', ';
}

/** "Gamehall Originals, Aurora Gaming, Dragon Reels": distinct, non-empty, at most 15. */
export function platformDescription(names: readonly string[], lang: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (!name || seen.has(name)) continue;
    seen.add(name);
    out.push(name);
    if (out.length === PLATFORM_DESCRIPTION_MAX) break;
  }
  return out.join(listSeparator(lang));
}
