/** Codes arrive as numbers or strings ("0107", " 107"). */
export function normaliseCodeValue(code: unknown): number {
  const n = Number.parseInt(String(code ?? '').trim(), 10);
  return Number.isFinite(n) ? n : 0;
}
